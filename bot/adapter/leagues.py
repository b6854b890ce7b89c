"""Season leagues on Discord: each round's tables opened as threads of the league's channel,
and the standings picture posted there when a round's tables are all over (issue 29).

The scheduler calls `league_step` on every tick: it opens the tables of a claimed round that
are not open yet (after a restart too), and moves a league whose round is over to the next
round (or to its end), posting the standings once whichever process does it.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

import rules
from bot.adapter.announce import announce
from bot.store.leagues import LeagueRow
from bot.tables.league_tables import LeagueTables, RoundPlan
from render.community import league_alt, render_league
from rules.core.lang import known, speaking, tr

log = logging.getLogger(__name__)
WEEK_MINUTES = 10080  # threads of a slow game stay open a week between posts


def league_language(bot: Any, league: LeagueRow) -> str:
    """What a league's channel reads: its server's language if we speak it, else English."""
    guild = bot.get_guild(league.guild_id) if league.guild_id else None
    return known(str(guild.preferred_locale) if guild is not None else None)


async def _parent(bot: Any, channel_id: int) -> Any:
    return bot.get_channel(channel_id) or await bot.fetch_channel(channel_id)


async def open_round(bot: Any, league: LeagueRow, plan: RoundPlan) -> int:
    """Open the round's tables not open yet, each in a new thread of the league's channel,
    its game started, announced and its computers moved; how many were opened here."""
    tables = LeagueTables(bot.service)
    parent = await _parent(bot, league.channel_id)
    language = league_language(bot, league)
    title = rules.game_info(league.game_id).title
    opened = 0
    for table in plan.to_open():
        with speaking(language):
            name = tr("{game} · round {round} · table {table}", game=title,
                      round=plan.round, table=table.table_no)
        thread = await parent.create_thread(name=name[:100],
                                            type=discord.ChannelType.public_thread,
                                            auto_archive_duration=WEEK_MINUTES)
        report = await tables.open_table(league, table, thread.id, language)
        if report is None:  # another process opened this table first
            await thread.delete()
            continue
        opened += 1
        await announce(bot.service.store, thread, report, bot.pictures)
        await bot.run_computers(report.game.id, thread.id)
    return opened


async def post_standings(bot: Any, league: LeagueRow) -> None:
    """The league's standings picture in its channel, in the channel's language."""
    tables = LeagueTables(bot.service)
    with speaking(league_language(bot, league)):
        view = await tables.standings_view(league)
        png = await asyncio.to_thread(render_league, view)
        alt = league_alt(view)
        text = (tr("The league is over. Final standings:") if view["over"] else
                tr("Round {round} is over. Standings:", round=view["round"]))
    channel = bot.get_partial_messageable(league.channel_id)
    await channel.send(text, file=discord.File(io.BytesIO(png), filename="league.png",
                                               description=alt[:1024]),
                       allowed_mentions=discord.AllowedMentions.none())


async def league_step(bot: Any) -> int:
    """Open missing tables and move finished rounds on, for every league this process
    serves; how many tables it opened."""
    tables = LeagueTables(bot.service)
    opened = 0
    for league in await bot.service.store.running_leagues():
        if not bot.handles(league.guild_id):
            continue
        try:
            plan = await tables.plan(league)
            if plan.to_open():
                opened += await open_round(bot, league, plan)
                continue
            moved = await tables.advance(league)
            if moved is None:
                continue
            now = await bot.service.store.get_league(league.id)
            await post_standings(bot, now)
            if moved.next is not None:
                opened += await open_round(bot, now, moved.next)
        except discord.HTTPException:
            log.exception("league %s: Discord refused; the next tick tries again", league.id)
    return opened

