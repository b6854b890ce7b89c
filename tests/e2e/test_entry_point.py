"""`railyard run` as a real process, pointed at the local server by environment variables."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from tests.e2e.conftest import private_text
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


@asynccontextmanager
async def bot_process(fake: FakeDiscord, db: Path, health: Path | None = None,
                      extra: dict[str, str] | None = None
                      ) -> AsyncIterator[asyncio.subprocess.Process]:
    """Start `python -m bot run` (with `extra` environment variables) and wait until it is
    connected; killed at the end unless it has stopped by then."""
    generation = fake.gateway.generation
    env = dict(os.environ, DISCORD_TOKEN=fake.token, RAILYARD_DB=str(db),
               DISCORD_API_BASE=fake.api_base, DISCORD_GATEWAY_URL=fake.gateway_url,
               **(extra or {}))
    if health is not None:
        env["RAILYARD_HEALTH_FILE"] = str(health)
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "run", cwd=ROOT, env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    try:
        await fake.gateway.wait_generation(generation, 60.0)
        yield proc
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)  # as abrupt as a crash or a power cut
        await asyncio.wait_for(proc.wait(), 60)


async def test_run_without_token_explains_and_offers_local_play(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "run", cwd=tmp_path, env=env,
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    text = (out + err).decode()
    assert proc.returncode == 2
    assert "DISCORD_TOKEN" in text and "railyard play steel-driver" in text


async def test_the_real_entry_point_survives_a_kill(tmp_path: Path) -> None:
    fake = FakeDiscord(token="entry-token")
    await fake.start()
    try:
        guild = fake.add_guild("Club")
        channel = fake.add_channel(guild, "games")
        ann = fake.add_user("ann", guild_id=guild)
        ben = fake.add_user("ben", guild_id=guild)
        db = tmp_path / "games.sqlite3"
        async with bot_process(fake, db):
            opened = await fake.slash(ann, channel, "game new", {"game": "steel-driver"})
            assert "first seat" in private_text(opened)
        async with bot_process(fake, db):  # a new process finds the lobby in the file
            joined = await fake.slash(ben, channel, "game join")
            assert "joined" in private_text(joined)
            status = await fake.slash(ben, channel, "game status")
            assert "ann, ben" in private_text(status)
    finally:
        await fake.stop()


async def test_the_health_check_follows_the_running_bot(tmp_path: Path) -> None:
    fake = FakeDiscord(token="health-token")
    await fake.start()
    beat = tmp_path / "railyard.health"
    env = dict(os.environ, RAILYARD_HEALTH_FILE=str(beat))

    async def health() -> tuple[int, str]:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "health", cwd=ROOT, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        out, _ = await asyncio.wait_for(proc.communicate(), 60)
        assert proc.returncode is not None
        return proc.returncode, out.decode()

    try:
        code, said = await health()
        assert code == 1 and "no heartbeat" in said  # not started yet: unhealthy
        async with bot_process(fake, tmp_path / "games.sqlite3", beat):
            # Connected: the bot says so in its heartbeat as soon as every shard is ready.
            await fake.wait_until(lambda: beat.exists() and '"ready": true' in beat.read_text(),
                                  60, "the heartbeat to say the bot is connected")
            code, said = await health()
            assert code == 0 and "connected" in said
    finally:
        await fake.stop()
