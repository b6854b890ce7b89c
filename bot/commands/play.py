"""`/play`: one action, typed or picked from the autocomplete of your legal moves."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.commands import bot_of
from bot.service import GameError, seat_of
from rules.core.text import normalize


@app_commands.command(name="play", description="Make your move in the game here")
@app_commands.describe(action="Your action, e.g. `bid 3` or `build boston-new-york`")
@app_commands.guild_only()
async def play(interaction: discord.Interaction[Any], action: str) -> None:
    """Play one action."""
    await bot_of(interaction).play(interaction, action)

@play.autocomplete("action")
async def action_autocomplete(interaction: discord.Interaction[Any],
                              current: str) -> list[app_commands.Choice[str]]:
    """The typing player's legal actions that contain what they typed."""
    try:
        game, match = await bot_of(interaction).service.current(interaction.channel_id or 0)
    except GameError:
        return []
    seat = seat_of(game, interaction.user.id)
    if match is None or seat is None:
        return []
    typed = normalize(current)
    offered = match.legal(seat) + match.free_actions(seat)
    legal = [a for a in offered if typed in normalize(a)]
    return [app_commands.Choice(name=a[:100], value=a[:100]) for a in legal[:25]]
