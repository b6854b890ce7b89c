"""Tests of the SQLite game store on real database files."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from bot.migrations import LATEST_VERSION, MIGRATIONS, SchemaTooNew, migrate
from bot.store import (
    ChannelBusy,
    GameRow,
    NotFound,
    SqliteStore,
    StaleVersion,
    Store,
    StoreError,
    open_store,
)

T0 = 1_700_000_000.0


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A database path inside a folder that does not exist yet."""
    return tmp_path / "data" / "nested" / "railyard.db"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[SqliteStore]:
    """An open store on a fresh file."""
    s = SqliteStore(db_path)
    await s.open()
    yield s
    await s.close()


async def new_game(store: SqliteStore, channel: int = 100, creator: int = 1) -> GameRow:
    """Create a lobby in a channel."""
    return await store.create_game(
        guild_id=7, channel_id=channel, game_id="steel_driver", options={"map": "east"},
        seed=42, creator_id=creator, creator_name=f"user{creator}", now=T0,
    )


async def active_game(store: SqliteStore, channel: int = 100) -> GameRow:
    """Create a two-player game and start it."""
    game = await new_game(store, channel)
    await store.add_seat(game.id, 2, "user2", T0 + 1)
    return await store.set_status(game.id, "active", T0 + 2, expected_status="lobby")


def versions_in(path: Path) -> list[int]:
    """Read the applied migration versions straight from the file."""
    with sqlite3.connect(path) as con:
        return [r[0] for r in con.execute("SELECT version FROM schema_version ORDER BY version")]


# --- lifecycle and persistence ------------------------------------------------------------


async def test_create_close_reopen_persists(db_path: Path) -> None:
    async with SqliteStore(db_path) as s:
        assert isinstance(s, Store)
        game = await new_game(s)
        game = await s.add_seat(game.id, 2, "Bob", T0 + 5)
        await s.set_board_message(game.id, 555)
    assert db_path.exists()
    async with SqliteStore(db_path) as s:
        again = await s.get_game(game.id)
        assert again == GameRow(
            id=game.id, guild_id=7, channel_id=100, game_id="steel_driver",
            options={"map": "east"}, seed=42, status="lobby", creator_id=1, version=0,
            created_at=T0, updated_at=T0 + 5, board_message_id=555, seats=game.seats,
        )
        assert [(x.seat, x.user_id, x.name, x.resigned) for x in again.seats] == [
            (0, 1, "user1", False), (1, 2, "Bob", False),
        ]
        assert await s.open_game(100) == again
        assert await s.open_game(101) is None


async def test_open_and_close_are_idempotent(db_path: Path) -> None:
    s = SqliteStore(db_path)
    await s.open()
    await s.open()
    await s.close()
    await s.close()
    with pytest.raises(StoreError, match="not open"):
        await s.get_game(1)


async def test_get_missing_game(store: SqliteStore) -> None:
    with pytest.raises(NotFound):
        await store.get_game(999)
    with pytest.raises(NotFound):
        await store.set_board_message(999, 1)
    assert await store.actions(999) == []
    assert await store.snapshot(999) is None


async def test_guild_none_and_board_message_cleared(store: SqliteStore) -> None:
    game = await store.create_game(
        guild_id=None, channel_id=5, game_id="g", options={}, seed=0, creator_id=9,
        creator_name="dm", now=T0,
    )
    assert game.guild_id is None and game.options == {} and game.board_message_id is None
    await store.set_board_message(game.id, 77)
    assert (await store.get_game(game.id)).board_message_id == 77
    await store.set_board_message(game.id, None)
    assert (await store.get_game(game.id)).board_message_id is None


# --- one open game per channel ------------------------------------------------------------


async def test_one_open_game_per_channel(store: SqliteStore) -> None:
    first = await new_game(store, channel=100)
    with pytest.raises(ChannelBusy):
        await new_game(store, channel=100, creator=2)
    await store.set_status(first.id, "active", T0)
    with pytest.raises(ChannelBusy):
        await new_game(store, channel=100, creator=2)
    other = await new_game(store, channel=200)  # another channel is fine
    assert other.id != first.id

    await store.set_status(first.id, "finished", T0 + 1)
    second = await new_game(store, channel=100, creator=2)
    assert (await store.open_game(100)) == second
    await store.set_status(second.id, "abandoned", T0 + 2)
    third = await new_game(store, channel=100, creator=3)
    assert (await store.open_game(100)) == third

    with pytest.raises(ChannelBusy):  # reopening an old game would make two open ones
        await store.set_status(first.id, "active", T0 + 3)
    assert (await store.get_game(first.id)).status == "finished"


async def test_concurrent_creates_in_one_channel_two_connections(db_path: Path) -> None:
    async with SqliteStore(db_path) as a, SqliteStore(db_path) as b:
        results = await asyncio.gather(
            new_game(a, 100, creator=1), new_game(b, 100, creator=2), return_exceptions=True
        )
        assert sum(isinstance(r, GameRow) for r in results) == 1
        assert sum(isinstance(r, ChannelBusy) for r in results) == 1
        assert len(await a.games_with_status(("lobby",))) == 1


# --- seats -------------------------------------------------------------------------------


async def test_seats_add_remove_renumber(store: SqliteStore) -> None:
    game = await new_game(store)
    for uid in (2, 3, 4):
        game = await store.add_seat(game.id, uid, f"user{uid}", T0 + uid)
    assert [(x.seat, x.user_id) for x in game.seats] == [(0, 1), (1, 2), (2, 3), (3, 4)]
    assert game.updated_at == T0 + 4

    with pytest.raises(StoreError, match="already seated"):
        await store.add_seat(game.id, 3, "again", T0 + 5)

    game = await store.remove_seat(game.id, 2, T0 + 6)
    assert [(x.seat, x.user_id, x.name) for x in game.seats] == [
        (0, 1, "user1"), (1, 3, "user3"), (2, 4, "user4"),
    ]
    game = await store.remove_seat(game.id, 1, T0 + 7)  # even the creator, seat 0
    assert [(x.seat, x.user_id) for x in game.seats] == [(0, 3), (1, 4)]
    game = await store.add_seat(game.id, 2, "back", T0 + 8)
    assert [(x.seat, x.user_id) for x in game.seats] == [(0, 3), (1, 4), (2, 2)]
    with pytest.raises(NotFound):
        await store.remove_seat(game.id, 99, T0 + 9)
    with pytest.raises(NotFound):
        await store.add_seat(12345, 2, "x", T0)


async def test_seats_frozen_once_started(store: SqliteStore) -> None:
    game = await active_game(store)
    with pytest.raises(StoreError, match="not taking new players"):
        await store.add_seat(game.id, 3, "late", T0 + 10)
    with pytest.raises(StoreError, match="only change in the lobby"):
        await store.remove_seat(game.id, 2, T0 + 10)
    assert len((await store.get_game(game.id)).seats) == 2


async def test_set_resigned(store: SqliteStore) -> None:
    game = await active_game(store)
    game = await store.set_resigned(game.id, 1, T0 + 20)
    assert [x.resigned for x in game.seats] == [False, True]
    assert game.updated_at == T0 + 20
    with pytest.raises(NotFound):
        await store.set_resigned(game.id, 5, T0)
    with pytest.raises(NotFound):
        await store.set_resigned(999, 0, T0)


async def test_set_status_expected(store: SqliteStore) -> None:
    game = await new_game(store)
    with pytest.raises(StaleVersion):
        await store.set_status(game.id, "finished", T0, expected_status="active")
    game = await store.set_status(game.id, "active", T0 + 1, expected_status="lobby")
    assert game.status == "active" and game.updated_at == T0 + 1
    with pytest.raises(StaleVersion):  # a second "start" loses
        await store.set_status(game.id, "active", T0 + 2, expected_status="lobby")
    with pytest.raises(ValueError):
        await store.set_status(game.id, "paused", T0)
    with pytest.raises(NotFound):
        await store.set_status(999, "finished", T0)


# --- the action log ------------------------------------------------------------------------


async def test_append_sequences_and_snapshot(store: SqliteStore) -> None:
    game = await active_game(store)
    assert game.version == 0 and await store.snapshot(game.id) is None

    game = await store.append_actions(game.id, 0, [(0, 1, "build a"), (1, 2, "pass")], T0 + 10,
                                      snapshot='{"v": 2}')
    assert game.version == 2 and game.updated_at == T0 + 10
    assert await store.snapshot(game.id) == (2, '{"v": 2}')

    game = await store.append_actions(game.id, 2, [(0, 1, "run")], T0 + 11)  # no snapshot
    assert game.version == 3
    assert await store.snapshot(game.id) == (2, '{"v": 2}')  # the cache may lag the log

    log = await store.actions(game.id)
    assert [(a.game_pk, a.seq, a.seat, a.user_id, a.text, a.created_at) for a in log] == [
        (game.id, 1, 0, 1, "build a", T0 + 10),
        (game.id, 2, 1, 2, "pass", T0 + 10),
        (game.id, 3, 0, 1, "run", T0 + 11),
    ]
    assert [a.seq for a in await store.actions(game.id, since=2)] == [3]
    assert await store.actions(game.id, since=3) == []

    game = await store.append_actions(game.id, 3, [(1, 2, "resign")], T0 + 12,
                                      snapshot='{"v": 4}', status="finished")
    assert (game.status, game.version) == ("finished", 4)
    assert await store.snapshot(game.id) == (4, '{"v": 4}')
    assert await store.open_game(100) is None
    with pytest.raises(StaleVersion):  # a finished game takes no more moves
        await store.append_actions(game.id, 4, [(0, 1, "late")], T0 + 13)


async def test_append_refused_in_lobby_and_at_wrong_version(store: SqliteStore) -> None:
    lobby = await new_game(store, channel=1)
    with pytest.raises(StaleVersion):
        await store.append_actions(lobby.id, 0, [(0, 1, "x")], T0)
    game = await active_game(store, channel=2)
    with pytest.raises(StaleVersion):
        await store.append_actions(game.id, 1, [(0, 1, "x")], T0)
    with pytest.raises(NotFound):
        await store.append_actions(999, 0, [(0, 1, "x")], T0)
    with pytest.raises(ValueError):
        await store.append_actions(game.id, 0, [(0, 1, "x")], T0, status="won")
    assert await store.actions(game.id) == [] and await store.actions(lobby.id) == []


async def test_failed_append_leaves_nothing_behind(store: SqliteStore) -> None:
    game = await active_game(store)
    game = await store.append_actions(game.id, 0, [(0, 1, "a")], T0 + 10, snapshot="S1")
    before = await store.get_game(game.id)
    with pytest.raises(StaleVersion):
        await store.append_actions(game.id, 0, [(1, 2, "b"), (0, 1, "c")], T0 + 20,
                                   snapshot="S-bad", status="finished")
    assert await store.get_game(game.id) == before  # status, version, updated_at untouched
    assert await store.snapshot(game.id) == (1, "S1")
    assert [a.text for a in await store.actions(game.id)] == ["a"]


async def test_empty_append_refreshes_snapshot_under_version_guard(store: SqliteStore) -> None:
    game = await active_game(store)
    await store.append_actions(game.id, 0, [(0, 1, "a")], T0 + 10)
    game = await store.append_actions(game.id, 1, [], T0 + 11, snapshot="at 1")
    assert game.version == 1 and await store.snapshot(game.id) == (1, "at 1")


def assert_gapless(log_seqs: list[int], version: int) -> None:
    """The log is exactly 1..version with no hole or duplicate."""
    assert log_seqs == list(range(1, version + 1))


async def test_concurrent_appends_same_version_one_connection(store: SqliteStore) -> None:
    game = await active_game(store)
    results = await asyncio.gather(
        *(store.append_actions(game.id, 0, [(i % 2, i, f"move {i}"), (0, 1, "x")], T0 + i,
                               snapshot=f"snap {i}")
          for i in range(8)),
        return_exceptions=True,
    )
    winners = [r for r in results if isinstance(r, GameRow)]
    assert len(winners) == 1
    assert all(isinstance(r, StaleVersion) for r in results if not isinstance(r, GameRow))
    log = await store.actions(game.id)
    assert_gapless([a.seq for a in log], 2)
    winner = results.index(winners[0])
    assert log[0].text == f"move {winner}"
    assert await store.snapshot(game.id) == (2, f"snap {winner}")


async def test_concurrent_appends_same_version_two_connections(db_path: Path) -> None:
    async with SqliteStore(db_path) as a, SqliteStore(db_path) as b:
        game = await active_game(a)
        results = await asyncio.gather(
            a.append_actions(game.id, 0, [(0, 1, "from a")], T0, snapshot="A"),
            b.append_actions(game.id, 0, [(1, 2, "from b")], T0, snapshot="B"),
            return_exceptions=True,
        )
        assert sum(isinstance(r, GameRow) for r in results) == 1
        assert sum(isinstance(r, StaleVersion) for r in results) == 1
        for s in (a, b):
            log = await s.actions(game.id)
            assert_gapless([x.seq for x in log], 1)
            assert (await s.get_game(game.id)).version == 1
            assert await s.snapshot(game.id) == (1, "A" if log[0].text == "from a" else "B")


_APPEND_SCRIPT = """
import asyncio, sys
from bot.store import SqliteStore, StaleVersion

async def main() -> None:
    async with SqliteStore(sys.argv[1]) as s:
        try:
            await s.append_actions(int(sys.argv[2]), 0, [(0, 1, sys.argv[3])], 1.0)
            print("landed")
        except StaleVersion:
            print("stale")

asyncio.run(main())
"""


async def test_concurrent_appends_same_version_two_processes(db_path: Path) -> None:
    async with SqliteStore(db_path) as s:
        game = await active_game(s)
    root = str(Path(__file__).resolve().parents[2])
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-c", _APPEND_SCRIPT, str(db_path), str(game.id), f"p{i}",
            stdout=asyncio.subprocess.PIPE, cwd=root,
        )
        for i in range(3)
    ]
    results = await asyncio.gather(*(p.communicate() for p in procs))
    outs = sorted(out.decode().strip() for out, _ in results)
    assert outs == ["landed", "stale", "stale"]
    async with SqliteStore(db_path) as s:
        assert_gapless([a.seq for a in await s.actions(game.id)], 1)
        assert (await s.get_game(game.id)).version == 1


async def test_racing_writers_keep_the_log_gapless(db_path: Path) -> None:
    per_worker = 6
    async with SqliteStore(db_path) as a, SqliteStore(db_path) as b:
        game = await active_game(a)

        async def worker(s: SqliteStore, name: str) -> int:
            done = conflicts = 0
            while done < per_worker:
                version = (await s.get_game(game.id)).version
                try:
                    await s.append_actions(game.id, version, [(0, 1, f"{name}{done}")], T0,
                                           snapshot=f"{name}@{version + 1}")
                    done += 1
                except StaleVersion:
                    conflicts += 1
                await asyncio.sleep(0)
            return conflicts

        await asyncio.gather(*(worker(s, f"w{i}-") for i, s in enumerate([a, b, a, b])))
        final = await b.get_game(game.id)
        assert final.version == 4 * per_worker
        log = await a.actions(game.id)
        assert_gapless([x.seq for x in log], final.version)
        assert len({x.text for x in log}) == final.version
        version, _ = await a.snapshot(game.id) or (None, None)
        assert version == final.version


async def test_cancelled_append_lands_whole_or_not_at_all_and_never_wedges(
        db_path: Path) -> None:
    async with SqliteStore(db_path) as s:
        game = await active_game(s)
        blocker = sqlite3.connect(db_path, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")  # hold the write lock so the store has to wait
        task = asyncio.create_task(s.append_actions(game.id, 0, [(0, 1, "a"), (1, 2, "b")], T0))
        await asyncio.sleep(0)  # let it start (no timing: any point of cancelling must hold)
        task.cancel()
        blocker.execute("ROLLBACK")
        blocker.close()
        with pytest.raises(asyncio.CancelledError):
            await task
        texts = [a.text for a in await s.actions(game.id)]  # queued after the append's end
        assert texts in ([], ["a", "b"])  # the whole move or none of it
        game = await s.get_game(game.id)
        assert game.version == len(texts)
        game = await s.append_actions(game.id, game.version, [(0, 1, "c")], T0 + 1)
        assert [a.text for a in await s.actions(game.id)] == texts + ["c"]


# --- listings ---------------------------------------------------------------------------


async def test_games_for_user_and_with_status(store: SqliteStore) -> None:
    g1 = await active_game(store, channel=1)  # users 1 and 2
    g2 = await new_game(store, channel=2, creator=3)
    g2 = await store.add_seat(g2.id, 1, "user1", T0)
    g3 = await active_game(store, channel=3)
    await store.set_status(g3.id, "finished", T0 + 5)
    g4 = await new_game(store, channel=4)
    await store.remove_seat(g4.id, 1, T0)  # left the lobby: no longer theirs

    assert [g.id for g in await store.games_for_user(1)] == [g1.id, g2.id]
    assert [g.id for g in await store.games_for_user(2)] == [g1.id]
    assert [g.id for g in await store.games_for_user(1, ("finished",))] == [g3.id]
    assert [g.id for g in await store.games_for_user(1, ("lobby", "active", "finished"))] == [
        g1.id, g2.id, g3.id,
    ]
    assert await store.games_for_user(42) == []
    assert await store.games_for_user(1, ()) == []
    mine = (await store.games_for_user(1))[1]
    assert [x.user_id for x in mine.seats] == [3, 1]  # all seats, not just the user's

    assert [g.id for g in await store.games_with_status(("active",))] == [g1.id]
    assert [g.id for g in await store.games_with_status(("lobby",))] == [g2.id, g4.id]
    assert [g.id for g in await store.games_with_status(("finished", "abandoned"))] == [g3.id]
    with pytest.raises(ValueError):
        await store.games_with_status(("nope",))


# --- schema, pragmas, migrations ----------------------------------------------------------


async def test_fresh_file_gets_latest_schema_and_wal(store: SqliteStore, db_path: Path) -> None:
    assert LATEST_VERSION == MIGRATIONS[-1].version >= 2
    assert versions_in(db_path) == [m.version for m in MIGRATIONS]
    with sqlite3.connect(db_path) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db = store._db
    assert db is not None
    async with db.execute("PRAGMA foreign_keys") as cur:
        assert (await cur.fetchone())[0] == 1  # type: ignore[index]
    async with db.execute("PRAGMA busy_timeout") as cur:
        assert (await cur.fetchone())[0] == 5000  # type: ignore[index]


async def test_reopening_is_idempotent(db_path: Path) -> None:
    for _ in range(3):
        async with SqliteStore(db_path) as s:
            await new_game(s, channel=len(await s.games_with_status(("lobby",))))
    assert versions_in(db_path) == [m.version for m in MIGRATIONS]
    async with SqliteStore(db_path) as s:
        assert len(await s.games_with_status(("lobby",))) == 3


async def test_future_schema_is_refused(db_path: Path) -> None:
    async with SqliteStore(db_path):
        pass
    with sqlite3.connect(db_path) as con:
        con.execute("INSERT INTO schema_version VALUES (?, 'from the future', 0)",
                    (LATEST_VERSION + 1,))
    s = SqliteStore(db_path)
    with pytest.raises(SchemaTooNew, match="newer"):
        await s.open()
    with pytest.raises(StoreError, match="not open"):
        await s.get_game(1)


async def test_old_schema_is_upgraded(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    async with aiosqlite.connect(db_path, isolation_level=None) as db:
        assert await migrate(db, target=1, now=T0) == 1
        await db.execute(
            "INSERT INTO games (guild_id, channel_id, game_id, options, seed, status, creator_id,"
            " version, created_at, updated_at) VALUES (1, 9, 'g', '{}', 3, 'lobby', 5, 0, 1, 1)"
        )
        await db.execute("INSERT INTO seats VALUES (1, 0, 5, 'old', 0)")
    assert versions_in(db_path) == [1]
    with sqlite3.connect(db_path) as con:
        names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    assert "seats_by_user" not in names

    async with SqliteStore(db_path) as s:
        assert [g.game_id for g in await s.games_for_user(5)] == ["g"]
        game = await s.add_seat(1, 6, "new", T0)
        assert [x.name for x in game.seats] == ["old", "new"]
    assert versions_in(db_path) == [m.version for m in MIGRATIONS]
    with sqlite3.connect(db_path) as con:
        names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    assert {"seats_by_user", "games_by_status", "games_one_open_per_channel"} <= names


async def test_migrate_rejects_bad_target(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    async with aiosqlite.connect(db_path, isolation_level=None) as db:
        with pytest.raises(ValueError):
            await migrate(db, target=LATEST_VERSION + 1)


# --- open_store ---------------------------------------------------------------------------


async def test_open_store_urls(tmp_path: Path) -> None:
    plain = await open_store(str(tmp_path / "a.db"))
    url = await open_store(f"sqlite:///{tmp_path / 'b' / 'b.db'}")
    try:
        assert isinstance(plain, SqliteStore) and isinstance(url, SqliteStore)
        assert url.path == tmp_path / "b" / "b.db"
        await new_game(url)
    finally:
        await plain.close()
        await url.close()
    with pytest.raises(NotImplementedError, match="not supported yet"):
        await open_store("postgresql://bot@localhost/railyard")
    with pytest.raises(ValueError):
        await open_store("mysql://x/y")
    with pytest.raises(ValueError):
        await open_store("sqlite:///:memory:")
