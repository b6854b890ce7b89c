"""`/play`: one action, typed or picked from the autocomplete of your legal moves."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

import rules
from bot.adapter.host import host_of
from bot.adapter.replies import MOVE_LIMIT, quiet_autocomplete
from bot.tables.presenters import short
from bot.tables.service import GameError, seat_of
from rules.core.text import normalize


@app_commands.command(name="play", description="Make your move in the game here")
@app_commands.describe(action="Your move: start typing and pick it from the list")
@app_commands.guild_only()
async def play(interaction: discord.Interaction[Any], action: str) -> None:
    """Play one action."""
    await host_of(interaction).play(interaction, action)

@play.autocomplete("action")
@quiet_autocomplete
async def action_autocomplete(interaction: discord.Interaction[Any],
                              current: str) -> list[app_commands.Choice[str]]:
    """The typing player's legal actions that contain what they typed."""
    if len(current) > MOVE_LIMIT:
        return []  # no move is that long: `/play` will say so
    try:
        game, match = await host_of(interaction).service.current(interaction.channel_id or 0)
    except GameError:
        return []
    seat = seat_of(game, interaction.user.id)
    if match is None or seat is None:
        return []
    return [app_commands.Choice(name=short(label, 100) or action[:100], value=action[:100])
            for action, label in suggestions(match, seat, current)]


def suggestions(match: rules.Match, seat: int, current: str) -> list[tuple[str, str]]:
    """Up to 25 (action, label) pairs whose label, action or spelling holds what was typed."""
    typed = normalize(current)
    choices = match.choices(seat) if seat in match.to_act() else []
    known = {c.action for c in choices}
    free = [rules.Choice(a, match.label(seat, a)) for a in match.free_actions(seat)
            if a not in known]
    said: dict[str, str] = {}
    if typed and choices:
        for spelling, action in match.spellings(seat):
            said[action] = f"{said.get(action, '')}|{normalize(spelling)}"
    found = [c for c in choices + free
             if not typed or typed in normalize(c.label) or typed in normalize(c.action)
             or typed in said.get(c.action, "")]
    return [(c.action, c.label[:100]) for c in found[:25]]
