"""`/game` table matters of a long game: resign, abandon, undo."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

import rules
from bot.adapter.commands.group import game_group
from bot.adapter.components import request_view
from bot.adapter.host import can_manage, display_name, host_of
from bot.adapter.replies import refusal, reply
from bot.tables import presenters
from bot.tables.computers import STAND_INS, next_computer
from bot.tables.durations import parse_duration
from bot.tables.language import game_language, language_choices
from bot.tables.service import GameError, MoveReport, user_of
from rules.core.lang import speaking, tr
from rules.core.text import echo


@game_group.command(name="resign", description="Leave a running game; the computer plays your "
                    "seat on (or passes, if /game settings says so)")
async def resign(interaction: discord.Interaction[Any]) -> None:
    """Resign from the game."""
    bot = host_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        report = await bot.service.resign(interaction.channel_id or 0, interaction.user.id)
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    await reply(interaction, tr("You resigned."))
    await bot.publish(interaction, report)


@game_group.command(name="abandon", description="Close the game here (creator or channel manager)")
async def abandon(interaction: discord.Interaction[Any]) -> None:
    """Close the game for everyone."""
    bot = host_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        game = await bot.service.abandon(interaction.channel_id or 0, interaction.user.id,
                                         can_manage(interaction))
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    await reply(interaction, tr("Game abandoned."))
    with speaking(game_language(game)):
        said = tr("The game of {game} here was abandoned by {player}.",
                  game=rules.game_info(game.game_id).title, player=display_name(interaction.user))
    await bot.post(interaction, said)


@game_group.command(name="undo", description="Take back your last move")
async def undo(interaction: discord.Interaction[Any]) -> None:
    """Take back your own last move; players who moved since must agree."""
    bot = host_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        plan, outcome = await bot.service.request_undo(interaction.channel_id or 0,
                                                       interaction.user.id)
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    if isinstance(outcome, MoveReport):
        await reply(interaction, tr("Taken back."))
        await bot.publish(interaction, outcome)
        return
    game, match = await bot.service.current(interaction.channel_id or 0)
    assert match is not None
    users = [user_of(game, s) for s in plan.needs]
    with speaking(game_language(game)):  # asked in the channel
        text = tr("{player} asks to take back {what}. {mentions}: do you agree?",
                  player=display_name(interaction.user), what=plan.describe(match),
                  mentions=" ".join(presenters.mention(u) for u in users))
        view = request_view(outcome.id, [("yes", tr("Agree"), True),
                                         ("no", tr("Refuse"), False)])
    await reply(interaction, tr("I asked the players your undo affects."))
    await bot.get_partial_messageable(game.channel_id).send(
        presenters.clip(text), view=view,
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in users],
                                                 roles=False, everyone=False))


@game_group.command(name="catchup", description="What happened since your last move (only to you)")
async def catchup(interaction: discord.Interaction[Any]) -> None:
    """The catch-up summary, privately."""
    await host_of(interaction).flows.catch_up(interaction, None)


@game_group.command(name="settings",
                    description="Board style, reminder pace, clock and language of the game")
@app_commands.describe(
    board="status: one board message kept up to date; post: a new board after every move",
    remind_every="How long a player may idle before a reminder: 1m to days, e.g. 12h, or off",
    clock_move="Time allowed per move, e.g. 1d, or off",
    clock_bank="Reserve time each player may draw on when over the time per move, e.g. 2d",
    resigned="Who plays a seat whose player resigned: the computer, or the bot passes",
    language="The language of the game's posts and pictures")
@app_commands.choices(board=[app_commands.Choice(name="status (edited in place)", value="status"),
                             app_commands.Choice(name="post (new board each move)", value="post")],
                      resigned=[app_commands.Choice(name="the computer plays it", value="computer"),
                                app_commands.Choice(name="the bot passes", value="pass")],
                      language=[app_commands.Choice(name=name, value=code)
                                for name, code in language_choices()])
async def settings(interaction: discord.Interaction[Any], board: str | None = None,
                   remind_every: str | None = None, clock_move: str | None = None,
                   clock_bank: str | None = None, resigned: str | None = None,
                   language: str | None = None) -> None:
    """Show or change the game's settings (the creator or a channel manager changes them)."""
    bot = host_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        changes: dict[str, Any] = {}
        if board:
            changes["board"] = board
        if resigned in STAND_INS:
            changes["stand_in"] = resigned
        if language:
            changes["language"] = language
        for key, text in (("remind_every", remind_every), ("clock_move", clock_move),
                          ("clock_bank", clock_bank)):
            if text is not None:
                try:
                    changes[key] = parse_duration(echo(text))
                except ValueError as exc:
                    raise GameError(str(exc)) from None
        game = await bot.service.change_settings(interaction.channel_id or 0,
                                                 interaction.user.id, can_manage(interaction),
                                                 changes)
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    await reply(interaction, presenters.settings_text(game))
    if changes:
        with speaking(game_language(game)):  # the game's language as it is now
            said = tr("Settings changed by {player}: {settings}",
                      player=display_name(interaction.user),
                      settings=presenters.settings_text(game))
        await bot.post(interaction, said)
    if changes.get("stand_in") == "computer":  # a resigned seat may be waiting for it
        await bot.run_computers(game.id, game.channel_id)


@game_group.command(name="handover", description="Give your seat (or, as creator, anyone's)")
@app_commands.describe(to="The member who takes the seat over",
                       computer="Hand the seat to a computer player instead",
                       player="Whose seat (the creator or a channel manager may choose)",
                       seat="Whose seat by its number, e.g. a computer's (creator or manager)")
async def handover(interaction: discord.Interaction[Any], to: discord.Member | None = None,
                   computer: bool = False, player: discord.Member | None = None,
                   seat: app_commands.Range[int, 1, 6] | None = None) -> None:
    """Hand a seat to another member or to the computer, who plays it from now on."""
    bot = host_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    if (to is None) == (not computer):
        await reply(interaction, tr("Name the member with `to`, or choose `computer: True` "
                                    "(not both)."))
        return
    if to is not None and to.bot:
        await reply(interaction, tr("A bot cannot take a seat."))
        return
    try:
        game = await bot.service.game_here(interaction.channel_id or 0)
        target, name = (to.id, display_name(to)) if to is not None else next_computer(game)
        owner = player.id if player else None
        if seat is not None:
            if player is not None:
                raise GameError(tr("Name the seat by its player or by its number, not both."))
            owner = next((s.user_id for s in game.seats if s.seat == seat - 1), None)
            if owner is None:
                raise GameError(tr("This game has no seat {n}.", n=seat))
        game, taken = await bot.seats.handover(
            interaction.channel_id or 0, interaction.user.id, can_manage(interaction), target,
            name, from_user=owner)
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    await reply(interaction, tr("Done."))
    with speaking(game_language(game)):
        said = tr("{player} now plays seat {n} (handed over by {by}).", player=name,
                  n=taken + 1, by=display_name(interaction.user))
    await bot.post(interaction, said)
    if computer:
        await bot.run_computers(game.id, game.channel_id)
