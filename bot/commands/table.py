"""`/game` table matters of a long game: resign, abandon, undo."""

from __future__ import annotations

from typing import Any

import discord

import rules
from bot import presenters
from bot.client import can_manage, display_name
from bot.commands import bot_of, game_group
from bot.components import request_view
from bot.service import GameError, MoveReport, user_of


@game_group.command(name="resign", description="Leave a running game; the bot passes for you")
async def resign(interaction: discord.Interaction[Any]) -> None:
    """Resign from the game."""
    bot = bot_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        report = await bot.service.resign(interaction.channel_id or 0, interaction.user.id)
    except GameError as exc:
        await interaction.followup.send(str(exc), ephemeral=True)
        return
    await interaction.followup.send("You resigned.", ephemeral=True)
    await bot._announce(interaction, report)


@game_group.command(name="abandon", description="Close the game here (creator or channel manager)")
async def abandon(interaction: discord.Interaction[Any]) -> None:
    """Close the game for everyone."""
    bot = bot_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        game = await bot.service.abandon(interaction.channel_id or 0, interaction.user.id,
                                         can_manage(interaction))
    except GameError as exc:
        await interaction.followup.send(str(exc), ephemeral=True)
        return
    await interaction.followup.send("Game abandoned.", ephemeral=True)
    title = rules.game_info(game.game_id).title
    await bot._post(interaction, f"The game of {title} here was abandoned by "
                                 f"{display_name(interaction.user)}.")


@game_group.command(name="undo", description="Take back your last move")
async def undo(interaction: discord.Interaction[Any]) -> None:
    """Take back your own last move; players who moved since must agree."""
    bot = bot_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        plan, outcome = await bot.service.request_undo(interaction.channel_id or 0,
                                                       interaction.user.id)
    except GameError as exc:
        await interaction.followup.send(str(exc), ephemeral=True)
        return
    if isinstance(outcome, MoveReport):
        await interaction.followup.send("Taken back.", ephemeral=True)
        await bot._announce(interaction, outcome)
        return
    game, match = await bot.service.current(interaction.channel_id or 0)
    assert match is not None
    users = [user_of(game, s) for s in plan.needs]
    text = (f"{display_name(interaction.user)} asks to take back {plan.describe(match)}. "
            f"{' '.join(presenters.mention(u) for u in users)}: do you agree?")
    await interaction.followup.send("I asked the players your undo affects.", ephemeral=True)
    await bot.get_partial_messageable(game.channel_id).send(
        text, view=request_view(outcome.id, [("yes", "Agree", True), ("no", "Refuse", False)]),
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in users],
                                                 roles=False, everyone=False))
