"""`railyard migrate`: a SQLite database copied into PostgreSQL, its games going on unchanged."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.store import SqliteStore
from bot.tables.service import GameService
from bot.tools.cli import main
from bot.tools.migrate import copy_database

pytest.importorskip("asyncpg")
T0 = 1_800_000_000.0


async def _played(service: GameService, channel: int, moves: int | None, seed: int) -> None:
    """Open a two-player Spike game and play `moves` random moves (None: to the end)."""
    await service.create(guild_id=1, channel_id=channel, user_id=10, name="ann",
                         game_id="spike", options={})
    await service.join(channel, 11, "ben")
    match = (await service.start(channel, 10, True)).match
    rng = random.Random(seed)
    while not match.over and (moves is None or len(match.log) < moves):
        seat = match.to_act()[0]
        match = (await service.act(channel, 10 + seat, rng.choice(match.legal(seat)))).match


async def _sqlite_with_everything(path: Path) -> None:
    """Games in every status, with prefs, a reminder claimed and a table request."""
    store = SqliteStore(path)
    service = GameService(store, seed_source=lambda: 5, clock=lambda: T0)
    async with store:
        await _played(service, 1, 6, seed=1)  # active
        await _played(service, 2, None, seed=2)  # finished
        await service.create(guild_id=1, channel_id=3, user_id=10, name="ann",
                             game_id="steel-driver", options={})  # lobby
        await _played(service, 4, 2, seed=4)
        await service.abandon(4, 10, True)  # abandoned
        active = await store.open_game(1)
        assert active is not None
        await store.set_prefs(10, {"dm": True})
        assert await store.claim_notice(active.id, active.version, 0, "remind", 1, T0)
        await store.add_request(active.id, "undo", active.version, {"seat": 1}, T0)
        await service.live.settle()


async def test_every_game_copies_and_plays_on_in_postgres(tmp_path: Path,
                                                          postgres_url: str) -> None:
    path = tmp_path / "old.sqlite3"
    await _sqlite_with_everything(path)
    report = await copy_database(str(path), postgres_url)
    assert report.ok, report.problems
    assert report.games_checked == 4 and not report.frozen
    assert report.rows["games"] == 4 and report.rows["requests"] == 1
    assert report.rows["notices"] == 1 and report.rows["user_prefs"] == 1
    assert report.rows["actions"] > 20  # the finished game's whole log came along

    from bot.store.postgres.store import PostgresStore

    async with SqliteStore(path) as old:
        before = await old.open_game(1)
        assert before is not None
        old_log = await old.actions(before.id)
    store = PostgresStore(postgres_url)
    service = GameService(store, seed_source=lambda: 5, clock=lambda: T0 + 60)
    async with store:
        game = await store.open_game(1)
        assert game == before
        assert await store.actions(game.id) == old_log
        assert await store.prefs(10) == {"dm": True}
        assert not await store.claim_notice(game.id, game.version, 0, "remind", 1, T0)
        assert (await store.get_request(1)).kind == "undo"
        # The game goes on where it stood, and new games get fresh ids.
        match = await service.match_of(game)
        seat = match.to_act()[0]
        report_ = await service.act(1, 10 + seat, match.legal(seat)[0])
        assert report_.game.version == game.version + 1
        fresh = await service.create(guild_id=1, channel_id=9, user_id=10, name="ann",
                                     game_id="spike", options={})
        assert fresh.id == 5
        assert (await store.add_request(game.id, "undo", 7, {}, T0)).id == 2
        await service.live.settle()


async def test_migrate_refuses_a_database_that_holds_games(tmp_path: Path,
                                                           postgres_url: str) -> None:
    path = tmp_path / "old.sqlite3"
    await _sqlite_with_everything(path)
    assert (await copy_database(str(path), postgres_url)).ok
    with pytest.raises(ValueError, match="already holds games"):
        await copy_database(str(path), postgres_url)


async def test_migrate_command_says_what_it_copied(tmp_path: Path, postgres_url: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    def run(*args: str) -> int:
        return main(["migrate", *args])

    assert await asyncio.to_thread(run, "--from", str(tmp_path / "gone.db"),
                                   "--to", postgres_url) == 2
    assert "existing SQLite file" in capsys.readouterr().err
    path = tmp_path / "old.sqlite3"
    await _sqlite_with_everything(path)
    assert await asyncio.to_thread(run, "--from", str(path), "--to", "mysql://x/y") == 2
    assert "postgresql://" in capsys.readouterr().err
    assert await asyncio.to_thread(run, "--from", f"sqlite:///{path}", "--to", postgres_url) == 0
    out = capsys.readouterr().out
    assert "Copied 4 games" in out and "Checked 4 games" in out


async def test_the_check_finds_a_copy_that_differs(tmp_path: Path, postgres_url: str) -> None:
    import asyncpg

    from bot.store.postgres.store import PostgresStore
    from bot.tools.migrate import CopyReport, check_copy

    path = tmp_path / "old.sqlite3"
    await _sqlite_with_everything(path)
    assert (await copy_database(str(path), postgres_url)).ok
    conn = await asyncpg.connect(postgres_url)
    try:  # one log entry of the active game altered behind the copy's back
        await conn.execute("UPDATE actions SET text = 'pass' WHERE game_pk = 1 AND seq = 2")
        await conn.execute("UPDATE seats SET name = 'eve' WHERE game_pk = 3 AND seat = 0")
    finally:
        await conn.close()
    report = CopyReport()
    async with SqliteStore(path) as old, PostgresStore(postgres_url) as new:
        await check_copy(old, new, report)
    assert not report.ok
    assert report.problems == ["game 1: its log differs in the copy",
                               "game 3: its row or seats differ in the copy"]
