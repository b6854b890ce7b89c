"""Two bot processes, each running one gateway shard, share one database.

Each plays the games of its own guilds; neither acts or reminds twice; a kill -9 of one loses
no confirmed move, and a new process takes its shard back.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import rules
from bot.adapter.client import RailyardBot, create_bot
from bot.store import SqliteStore, Store
from bot.tables.service import GameService
from tests.e2e.conftest import private_text
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
HOUR = 3600.0


class Guilds:
    """A guild on each of two shards, each with a channel and two players."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.guilds = [fake.add_guild(f"Club {i}", shard=(i, 2)) for i in range(2)]
        self.channels = [fake.add_channel(g, "spike") for g in self.guilds]
        self.players = [[fake.add_user(f"p{i}{n}", guild_id=g) for n in range(2)]
                        for i, g in enumerate(self.guilds)]

    async def open(self, shard: int) -> None:
        """Open and start a two-player Spike game in the shard's channel."""
        channel, (ann, ben) = self.channels[shard], self.players[shard]
        said = private_text(await self.fake.slash(ann, channel, "game new", {"game": "spike"}))
        assert "first seat" in said, said
        await self.fake.slash(ben, channel, "game join")
        await self.fake.slash(ann, channel, "game start")

    async def move(self, shard: int, match: rules.Match) -> str:
        """Play the last legal move of whoever is due; the bot's private answer."""
        seat = match.to_act()[0]
        result = await self.fake.slash(self.players[shard][seat], self.channels[shard], "play",
                                       {"action": match.legal(seat)[-1]})
        return private_text(result)


def _store(kind: str, where: str) -> Store:
    if kind == "sqlite":
        return SqliteStore(where)
    from bot.store.postgres.store import PostgresStore

    return PostgresStore(where)


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str]:
    """Where both processes keep their games: one SQLite file, or one PostgreSQL database."""
    if request.param == "sqlite":
        return "sqlite", str(tmp_path / "shared.sqlite3")
    return "postgres", str(request.getfixturevalue("postgres_url"))


async def test_two_shard_bots_share_one_database_and_remind_once(
        database: tuple[str, str]) -> None:
    kind, where = database
    fake = FakeDiscord(token="shard-token")
    await fake.start()
    now = [time.time()]
    bots: list[RailyardBot] = []
    try:
        table = Guilds(fake)
        async with contextlib.AsyncExitStack() as stack:
            for shard in range(2):
                service = GameService(_store(kind, where), seed_source=lambda: 7,
                                      clock=lambda: now[0])
                bot = create_bot(service, guild_ready_timeout=0.05, run_scheduler=False,
                                 shard_count=2, shard_ids=[shard])
                await stack.enter_async_context(fake.run_bot(bot))
                bots.append(bot)
            await fake.gateway.wait_shards(2, 60)
            # Each process hears only its own shard's guild.
            assert [[g.id for g in bot.guilds] for bot in bots] == [[table.guilds[0]],
                                                                   [table.guilds[1]]]
            for shard in range(2):
                await table.open(shard)
            for _ in range(3):
                for shard in range(2):
                    game = await bots[shard].service.game_here(table.channels[shard])
                    match = await bots[shard].service.match_of(game)
                    said = await table.move(shard, match)
                    assert said.startswith("✅ Played"), said
            # Each process sees the other's games in the shared database.
            for bot, other in ((bots[0], 1), (bots[1], 0)):
                game = await bot.service.game_here(table.channels[other])
                assert game.version == 3
            # Reminders: each game's player is reminded once, by the process of its shard.
            now[0] += 30 * HOUR
            sent = await asyncio.gather(*(bot.scheduler.tick() for bot in bots))
            assert sent == [1, 1]
            assert await asyncio.gather(*(bot.scheduler.tick() for bot in bots)) == [0, 0]
            # A second process for shard 0 (a restart overlapping the old one) ticking at the
            # same moment: the claim in the database lets one of them remind.
            stand_in = create_bot(GameService(_store(kind, where), seed_source=lambda: 7,
                                              clock=lambda: now[0]),
                                  guild_ready_timeout=0.05, run_scheduler=False,
                                  shard_count=2, shard_ids=[0])
            await stack.enter_async_context(fake.run_bot(stand_in))
            now[0] += 30 * HOUR
            # The stand-in has counted the reminders sent (none yet) and is about to send
            # one when the other process sends it first: the claim in the database decides.
            reached, go_on = asyncio.Event(), asyncio.Event()
            claim = stand_in.service.store.claim_notice

            async def late_claim(*args: Any) -> bool:
                reached.set()
                await go_on.wait()
                return await claim(*args)

            stand_in.service.store.claim_notice = late_claim  # type: ignore[method-assign]
            late = asyncio.create_task(stand_in.scheduler.tick())
            await reached.wait()
            assert await bots[0].scheduler.tick() == 1
            go_on.set()
            assert await late == 0
            await fake.settle()
            for shard in range(2):
                reminders = [m for m in fake.channel_messages(table.channels[shard])
                             if any(c.startswith("ry:z:") for c in fake.custom_ids(m))]
                assert len(reminders) == (2 if shard == 0 else 1)
    finally:
        await fake.stop()


class _Quick(RailyardBot):
    """The bot with discord.py's 5 s pause between two shards' IDENTIFYs left out."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None


async def test_without_shard_variables_one_process_runs_every_recommended_shard(
        tmp_path: Path) -> None:
    fake = FakeDiscord(token="all-shards", recommended_shards=2)
    await fake.start()
    try:
        table = Guilds(fake)
        bot = _Quick(GameService(SqliteStore(tmp_path / "one.sqlite3"), seed_source=lambda: 7),
                     guild_ready_timeout=0.05, run_scheduler=False)
        async with fake.run_bot(bot):
            await fake.gateway.wait_shards(2, 60)
            assert bot.shard_count == 2
            assert sorted(g.id for g in bot.guilds) == sorted(table.guilds)
            for shard in range(2):
                await table.open(shard)
                game = await bot.service.game_here(table.channels[shard])
                said = await table.move(shard, await bot.service.match_of(game))
                assert said.startswith("✅ Played"), said
                assert bot.handles(table.guilds[shard])
    finally:
        await fake.stop()


# --- real processes ------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def shard_process(fake: FakeDiscord, db: str, shard: int,
                        logs: Path) -> AsyncIterator[Path]:
    """`python -m bot run` for one of two shards; waits until its scheduler has run once.

    Yields its log, a new file in `logs` (pytest keeps it for a failed test).
    """
    env = dict(os.environ, DISCORD_TOKEN=fake.token, RAILYARD_DB=db,
               DISCORD_API_BASE=fake.api_base, DISCORD_GATEWAY_URL=fake.gateway_url,
               RAILYARD_SHARD_COUNT="2", RAILYARD_SHARD_IDS=str(shard))
    log = logs / f"shard{shard}-{len(list(logs.glob('shard*.log')))}.log"
    log.touch()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "run", cwd=ROOT, env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=log.open("ab"))
    try:
        # Connected, and its first check of reminders and clocks is done (it says so).
        await fake.wait_until(lambda: _connected(fake, shard) and "first check done" in
                              log.read_text(errors="replace"), 60, f"shard {shard} to start")
        yield log
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)  # as abrupt as a crash
        await asyncio.wait_for(proc.wait(), 60)


def _connected(fake: FakeDiscord, shard: int) -> bool:
    return any(c.ready and not c.ws.closed and c.session is not None and c.session.valid
               and c.session.shard == (shard, 2) for c in fake.gateway.connections)


async def _stored(url: str, channel: int) -> tuple[rules.Match, int]:
    """The channel's game as PostgreSQL holds it, read by a connection of the test's own."""
    import asyncpg

    conn: Any = await asyncpg.connect(url)
    try:
        game = await conn.fetchrow("SELECT id, seed, version FROM games WHERE channel_id = $1",
                                   channel)
        names = [r["name"] for r in await conn.fetch(
            "SELECT name FROM seats WHERE game_pk = $1 ORDER BY seat", game["id"])]
        log = [(r["seat"], r["text"]) for r in await conn.fetch(
            "SELECT seat, text FROM actions WHERE game_pk = $1 ORDER BY seq", game["id"])]
    finally:
        await conn.close()
    return rules.replay("spike", names, game["seed"], None, log), int(game["version"])


@pytest.mark.parametrize("victim", [0, 1])
async def test_shard_processes_on_postgres_survive_a_kill_9(postgres_url: str, tmp_path: Path,
                                                            victim: int) -> None:
    fake = FakeDiscord(token="process-token")
    await fake.start()
    other = 1 - victim
    try:
        table = Guilds(fake)
        async with shard_process(fake, postgres_url, other, tmp_path):
            async with shard_process(fake, postgres_url, victim, tmp_path):
                for shard in range(2):
                    await table.open(shard)
                for _ in range(2):
                    for shard in range(2):
                        match, _ = await _stored(postgres_url, table.channels[shard])
                        said = await table.move(shard, match)
                        assert said.startswith("✅ Played"), said
                match, _ = await _stored(postgres_url, table.channels[victim])
                seat = match.to_act()[0]
                in_flight = asyncio.create_task(fake.slash(
                    table.players[victim][seat], table.channels[victim], "play",
                    {"action": match.legal(seat)[-1]}, timeout=5))
                await asyncio.sleep(0)  # sent, and the victim's process is killed at once
            in_flight.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await in_flight
            after_kill = (await _stored(postgres_url, table.channels[victim]))[1]
            assert after_kill in (2, 3)  # the last move whole, or not at all
            # The other shard plays on while the victim's is down.
            match, version = await _stored(postgres_url, table.channels[other])
            said = await table.move(other, match)
            assert said.startswith("✅ Played"), said
            assert (await _stored(postgres_url, table.channels[other]))[1] == version + 1
            # A new process takes the victim's shard back.
            async with shard_process(fake, postgres_url, victim, tmp_path):
                match, _ = await _stored(postgres_url, table.channels[victim])
                said = await table.move(victim, match)
                assert said.startswith("✅ Played"), said
        match, version = await _stored(postgres_url, table.channels[victim])
        assert version == after_kill + 1 == len(match.log)
        # Both games have waited long enough for a reminder. Three processes start, two of them
        # for shard 0 (a restart overlapping the old process): each game's player is reminded
        # once, by a process of its shard, whoever checks first.
        await _age_waits(postgres_url, 40 * HOUR)
        async with contextlib.AsyncExitStack() as stack:
            for shard in (0, 0, 1):
                await stack.enter_async_context(shard_process(fake, postgres_url, shard,
                                                              tmp_path))
            for shard in range(2):
                reminders = [m for m in fake.channel_messages(table.channels[shard])
                             if any(c.startswith("ry:z:") for c in fake.custom_ids(m))]
                assert len(reminders) == 1, [m.content for m in reminders]
    finally:
        await fake.stop()


async def _age_waits(url: str, seconds: float) -> None:
    """Move every game's wait back in time, as if its player had been silent that long."""
    import asyncpg

    conn: Any = await asyncpg.connect(url)
    try:
        await conn.execute("UPDATE games SET waiting_since = waiting_since - $1", seconds)
    finally:
        await conn.close()
