"""The real `railyard run` process: a clean stop on SIGTERM/SIGINT, and health that follows the
gateway connection as the local Discord server goes down and comes back."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp
import pytest

from tests.e2e.conftest import Table, private_text
from tests.e2e.test_entry_point import ROOT, bot_process
from tests.e2e.test_kill import _stored
from tests.fakediscord import FakeDiscord

STOP_LIMIT = 10.0  # Docker's default wait before it kills: a clean stop must end well inside it


async def _stop(proc: asyncio.subprocess.Process,
                sig: signal.Signals = signal.SIGTERM) -> tuple[int, float, str]:
    """Send a stop signal; the exit code, the seconds it took and what the process logged."""
    stopped_at = time.monotonic()
    proc.send_signal(sig)
    code = await asyncio.wait_for(proc.wait(), 60)
    took = time.monotonic() - stopped_at
    assert proc.stderr is not None
    return code, took, (await proc.stderr.read()).decode()


async def _until(check: Callable[[], bool], timeout: float, what: str) -> None:
    """Wait for a condition outside the fake (a file, a process); `timeout` bounds a failure."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_stop_signal_lets_the_move_in_flight_finish_and_exits_0(
        tmp_path: Path, sig: signal.Signals) -> None:
    fake = FakeDiscord(token="stop-token")
    await fake.start()
    try:
        guild = fake.add_guild("Club")
        channel = fake.add_channel(guild, "games")
        users = [fake.add_user("ann", guild_id=guild), fake.add_user("ben", guild_id=guild)]
        db = tmp_path / "games.sqlite3"
        with socket.socket() as probe:  # a free port for the metrics endpoint
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        metrics = {"RAILYARD_METRICS_PORT": str(port), "RAILYARD_METRICS_ADDR": "127.0.0.1"}
        async with bot_process(fake, db, extra=metrics) as proc:
            await fake.slash(users[0], channel, "game new", {"game": "spike"})
            await fake.slash(users[1], channel, "game join")
            await fake.slash(users[0], channel, "game start")
            for _ in range(3):
                match, _ = _stored(db)
                seat = match.to_act()[0]
                said = private_text(await fake.slash(users[seat], channel, "play",
                                                     {"action": match.legal(seat)[-1]}))
                assert said.startswith("✅ Played"), said
            async with aiohttp.ClientSession() as http, \
                    http.get(f"http://127.0.0.1:{port}/metrics") as response:
                scraped = await response.text()
            match, version = _stored(db)
            seat = match.to_act()[0]
            known = set(fake.interactions)
            in_flight = asyncio.create_task(fake.slash(users[seat], channel, "play",
                                                       {"action": match.legal(seat)[-1]}))
            # The bot has the move in hand (it acknowledged it) when the stop comes.
            await fake.wait_until(lambda: any(r.acked.is_set() for i, r in
                                              fake.interactions.items() if i not in known),
                                  60, "the move to be acknowledged")
            stopping = asyncio.create_task(_stop(proc, sig))
            said = private_text(await in_flight)
            assert said.startswith("✅ Played"), said  # finished whole: saved and confirmed
            code, took, err = await stopping
        assert code == 0, err
        assert took < STOP_LIMIT, f"the stop took {took:.1f} s"
        assert "Traceback" not in err, err
        assert "stopped cleanly" in err
        assert _stored(db)[1] == version + 1
        # An operator's scrape saw every move of that process (the endpoint closed with it).
        assert "railyard_moves_total" in scraped
        assert 'railyard_moves_total{game="spike"} 3.0' in scraped, scraped
        async with bot_process(fake, db):  # a new process plays on from the file
            match, _ = _stored(db)
            seat = match.to_act()[0]
            said = private_text(await fake.slash(users[seat], channel, "play",
                                                 {"action": match.legal(seat)[-1]}))
            assert said.startswith("✅ Played"), said
    finally:
        await fake.stop()


async def _health(beat: Path) -> tuple[int, str]:
    """`railyard health` as the container's HEALTHCHECK runs it."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "health", cwd=ROOT,
        env=dict(os.environ, RAILYARD_HEALTH_FILE=str(beat)),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    out, _ = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode is not None
    return proc.returncode, out.decode()


async def test_health_is_lost_when_discord_goes_away_and_regained_when_it_is_back(
        tmp_path: Path) -> None:
    fake = FakeDiscord(token="health-token")
    await fake.start()
    beat = tmp_path / "railyard.health"
    try:
        async with bot_process(fake, tmp_path / "games.sqlite3", beat) as proc:
            await _until(lambda: beat.exists() and '"ready": true' in beat.read_text(), 60,
                         "the heartbeat to say the bot is connected")
            assert (await _health(beat))[0] == 0
            port = fake.port
            await fake.stop()  # Discord is gone
            lost = time.monotonic()
            await _until(lambda: '"ready": false' in beat.read_text(), 90,
                         "the heartbeat to say the connection is lost")
            code, said = await _health(beat)
            assert code == 1 and "not connected" in said, said
            assert time.monotonic() - lost < 90
            generation = fake.gateway.generation
            await fake.start(port)  # Discord is back on the same address
            back = time.monotonic()
            await fake.gateway.wait_generation(generation, 90)
            await _until(lambda: '"ready": true' in beat.read_text(), 90,
                         "the heartbeat to say the bot is connected again")
            code, said = await _health(beat)
            assert code == 0 and "connected" in said, said
            assert time.monotonic() - back < 90
            code, _, err = await _stop(proc)
        assert code == 0, err
        # (discord.py logs its failed reconnects during the outage; the stop itself is clean)
        assert "Traceback" not in err.partition("SIGTERM: stopping")[2], err
        code, said = await _health(beat)
        assert code == 1, said  # stopped: not healthy
    finally:
        await fake.stop()


async def test_while_stopping_a_move_gets_a_short_answer_and_changes_nothing(
        table: Table) -> None:
    await table.slash("alice", "game new", {"game": "spike"})
    await table.slash("bob", "game join")
    await table.slash("alice", "game start")
    bot = table.bot
    assert bot is not None
    game = await bot.service.store.open_game(table.channel)
    assert game is not None
    match = await bot.service.match_of(game)
    seat = match.to_act()[0]
    player = ("alice", "bob")[seat]
    bot.inflight.close()  # what a stop signal does first
    said = private_text(await table.slash(player, "play", {"action": match.legal(seat)[-1]}))
    assert "restarting" in said and "nothing was changed" in said
    after = await bot.service.store.open_game(table.channel)
    assert after is not None and after.version == game.version


async def test_a_stop_while_discord_is_out_of_reach_is_quick_and_clean(tmp_path: Path) -> None:
    fake = FakeDiscord(token="away-token")
    await fake.start()
    beat = tmp_path / "railyard.health"
    try:
        async with bot_process(fake, tmp_path / "games.sqlite3", beat) as proc:
            await _until(lambda: beat.exists() and '"ready": true' in beat.read_text(), 60,
                         "the heartbeat to say the bot is connected")
            await fake.stop()  # the bot now waits between tries to reconnect
            await _until(lambda: '"ready": false' in beat.read_text(), 90,
                         "the heartbeat to say the connection is lost")
            code, took, err = await _stop(proc)
        assert code == 0, err
        assert took < STOP_LIMIT, f"the stop took {took:.1f} s"
        assert "stopped cleanly" in err
        assert "Traceback" not in err.partition("SIGTERM: stopping")[2], err
    finally:
        await fake.stop()
