"""kill -9 of the real bot process in the middle of a game loses no confirmed move."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

import rules
from tests.e2e.conftest import private_text
from tests.e2e.test_entry_point import bot_process
from tests.fakediscord import FakeDiscord


def _stored(db: Path) -> tuple[rules.Match, int]:
    """The game as the file holds it (read by another connection, as a restart would)."""
    con = sqlite3.connect(db)
    try:
        pk, seed, version = con.execute("SELECT id, seed, version FROM games").fetchone()
        names = [n for (n,) in con.execute(
            "SELECT name FROM seats WHERE game_pk = ? ORDER BY seat", (pk,))]
        log = con.execute("SELECT seat, text FROM actions WHERE game_pk = ? ORDER BY seq",
                          (pk,)).fetchall()
    finally:
        con.close()
    return rules.replay("spike", names, seed, None, log), version


async def test_kill_9_mid_game_loses_no_confirmed_move(tmp_path: Path) -> None:
    fake = FakeDiscord(token="kill-token")
    await fake.start()
    try:
        guild = fake.add_guild("Club")
        channel = fake.add_channel(guild, "games")
        users = [fake.add_user("ann", guild_id=guild), fake.add_user("ben", guild_id=guild)]
        db = tmp_path / "games.sqlite3"
        confirmed = 0
        async with bot_process(fake, db):
            await fake.slash(users[0], channel, "game new", {"game": "spike"})
            await fake.slash(users[1], channel, "game join")
            await fake.slash(users[0], channel, "game start")
            for _ in range(6):
                match, _ = _stored(db)
                seat = match.to_act()[0]
                said = private_text(await fake.slash(users[seat], channel, "play",
                                                     {"action": match.legal(seat)[-1]}))
                assert said.startswith("✅ Played"), said
                confirmed += 1
            match, _ = _stored(db)
            seat = match.to_act()[0]
            in_flight = asyncio.create_task(fake.slash(
                users[seat], channel, "play", {"action": match.legal(seat)[-1]}, timeout=5))
            await asyncio.sleep(0)  # sent, and killed at once (any moment must hold)
        in_flight.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await in_flight  # its answer never comes: the process is gone
        match, version = _stored(db)
        assert version in (confirmed, confirmed + 1)  # the last one whole, or not at all
        async with bot_process(fake, db):  # a new process plays on from the file
            seat = match.to_act()[0]
            said = private_text(await fake.slash(users[seat], channel, "play",
                                                 {"action": match.legal(seat)[-1]}))
            assert said.startswith("✅ Played"), said
        assert _stored(db)[1] == version + 1
    finally:
        await fake.stop()
