"""`/league`: a season of one game in a channel: new, join, leave, start, standings (issue 29).

Members join until the creator (or a channel manager) starts it; each round the bot opens the
tables as threads and posts the standings when they are all over (adapter/leagues.py).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.adapter.host import can_manage, display_name, host_of
from bot.adapter.leagues import open_round, post_standings
from bot.adapter.replies import refusal, reply
from bot.tables.league_tables import LeagueTables
from bot.tables.service import GameError
from rules.core.lang import tr

league_group = app_commands.Group(name="league", description="A season of one game: "
                                  "rounds of tables, standings")


def _tables(interaction: discord.Interaction[Any]) -> LeagueTables:
    return LeagueTables(host_of(interaction).service)


@league_group.command(name="new", description="Open a league in this channel")
@app_commands.describe(game="Which game", rounds="How many rounds (1-20)",
                       table_size="Players per table", days_per_round="Days a round lasts")
async def new(interaction: discord.Interaction[Any], game: str, rounds: int = 3,
              table_size: int = 3, days_per_round: float = 7.0) -> None:
    """Open a league; its creator is its first member."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        league = await _tables(interaction).new(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id or 0,
            user_id=interaction.user.id, name=display_name(interaction.user), game_id=game,
            rounds=rounds, table_size=table_size, days_per_round=days_per_round, options={})
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    await reply(interaction, tr("League opened: members join with `/league join`; you start "
                                "it with `/league start`."))
    await host_of(interaction).post(interaction, tr(
        "A league of {rounds} rounds opens here. Join with `/league join` before it starts.",
        rounds=league.rounds))


@league_group.command(name="join", description="Join this channel's league before it starts")
async def join(interaction: discord.Interaction[Any]) -> None:
    """Become a member."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        await _tables(interaction).join(interaction.channel_id or 0, interaction.user.id,
                                        display_name(interaction.user))
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    await reply(interaction, tr("You joined the league."))


@league_group.command(name="leave", description="Leave this channel's league")
async def leave(interaction: discord.Interaction[Any]) -> None:
    """Leave; after the start the computer plays your seats on."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        reports = await _tables(interaction).leave(interaction.channel_id or 0,
                                                   interaction.user.id)
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    await reply(interaction, tr("You left the league.") if not reports else tr(
        "You left the league: the computer plays your seats at the tables under way."))
    bot = host_of(interaction)
    for report in reports:
        await bot.run_computers(report.game.id, report.game.channel_id)


@league_group.command(name="start", description="Start this channel's league")
async def start(interaction: discord.Interaction[Any]) -> None:
    """Seat round 1 and open its tables as threads."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    tables = _tables(interaction)
    try:
        plan = await tables.start(interaction.channel_id or 0, interaction.user.id,
                                  can_manage(interaction))
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    league = await tables.here(interaction.channel_id or 0)
    await reply(interaction, tr("The league has started: round 1's tables open as threads."))
    await open_round(host_of(interaction), league, plan)


@league_group.command(name="standings", description="The league's standings so far")
async def standings(interaction: discord.Interaction[Any]) -> None:
    """Post the standings picture in the channel."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        league = await _tables(interaction).here(interaction.channel_id or 0)
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    await post_standings(host_of(interaction), league)
    await reply(interaction, tr("The standings are posted."))
