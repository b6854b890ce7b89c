"""Tests of the game store on both back-ends: SQLite files and a real PostgreSQL server."""

from __future__ import annotations

import asyncio
import socket
import sqlite3
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import aiosqlite
import asyncpg
import pytest
from asyncpg.exceptions import _base as asyncpg_base

import rules
from bot.store import (
    ChannelBusy,
    GameRow,
    NotFound,
    SqliteStore,
    StaleVersion,
    StorageFailure,
    Store,
    StoreError,
    open_store,
)
from bot.store.migrations import LATEST_VERSION, MIGRATIONS, SchemaTooNew
from bot.store.postgres import errors as pg_errors
from bot.store.postgres.store import PostgresStore
from bot.store.records import Append
from bot.store.sqlite.migrate import migrate

T0 = 1_700_000_000.0


@dataclass(frozen=True)
class Db:
    """One fresh database of the back-end under test; `store()` makes a new store on it."""

    kind: str
    target: str  # a file path (SQLite) or a postgresql:// URL

    def store(self) -> SqliteStore | PostgresStore:
        """A new, not yet opened store on this database (another connection or pool)."""
        if self.kind == "sqlite":
            return SqliteStore(self.target)
        return PostgresStore(self.target)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A database path inside a folder that does not exist yet."""
    return tmp_path / "data" / "nested" / "railyard.db"


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest, db_path: Path) -> Db:
    """The database under test: a new SQLite file, or a new database on the test server."""
    if request.param == "sqlite":
        return Db("sqlite", str(db_path))
    return Db("postgres", request.getfixturevalue("postgres_url"))  # starts it only if needed


@pytest.fixture
async def store(db: Db) -> AsyncIterator[Store]:
    """An open store on a fresh database of each back-end."""
    s = db.store()
    await s.open()
    yield s
    await s.close()


async def new_game(store: Store, channel: int = 100, creator: int = 1) -> GameRow:
    """Create a lobby in a channel."""
    return await store.create_game(
        guild_id=7, channel_id=channel, game_id="steel_driver", options={"map": "east"},
        seed=42, creator_id=creator, creator_name=f"user{creator}", now=T0,
    )


async def active_game(store: Store, channel: int = 100) -> GameRow:
    """Create a two-player game and start it."""
    game = await new_game(store, channel)
    await store.add_seat(game.id, 2, "user2", T0 + 1)
    return await store.set_status(game.id, "active", T0 + 2, expected_status="lobby")


def versions_in(path: Path) -> list[int]:
    """Read the applied migration versions straight from the file."""
    with sqlite3.connect(path) as con:
        return [r[0] for r in con.execute("SELECT version FROM schema_version ORDER BY version")]


def free_port() -> int:
    """A local port nothing listens on (just given back by the kernel)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# --- lifecycle and persistence ------------------------------------------------------------


async def test_create_close_reopen_persists(db: Db) -> None:
    async with db.store() as s:
        assert isinstance(s, Store)
        game = await new_game(s)
        game = await s.add_seat(game.id, 2, "Bob", T0 + 5)
        await s.set_board_message(game.id, 555)
    async with db.store() as s:  # opening again migrates nothing and loses nothing
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


async def test_open_and_close_are_idempotent(db: Db) -> None:
    s = db.store()
    await s.open()
    await s.open()
    await s.close()
    await s.close()
    with pytest.raises(StoreError, match="not open"):
        await s.get_game(1)
    with pytest.raises(StoreError, match="not open"):
        await s.append_actions(1, 0, [(0, 1, "x")], T0)


async def test_get_missing_game(store: Store) -> None:
    with pytest.raises(NotFound):
        await store.get_game(999)
    with pytest.raises(NotFound):
        await store.set_board_message(999, 1)
    assert await store.actions(999) == []
    assert await store.snapshot(999) is None


async def test_guild_none_and_board_message_cleared(store: Store) -> None:
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


async def test_one_open_game_per_channel(store: Store) -> None:
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


async def test_concurrent_creates_in_one_channel_two_connections(db: Db) -> None:
    async with db.store() as a, db.store() as b:
        results = await asyncio.gather(
            new_game(a, 100, creator=1), new_game(b, 100, creator=2), return_exceptions=True
        )
        assert sum(isinstance(r, GameRow) for r in results) == 1
        assert sum(isinstance(r, ChannelBusy) for r in results) == 1
        assert len(await a.games_with_status(("lobby",))) == 1


# --- seats -------------------------------------------------------------------------------


async def test_seats_add_remove_renumber(store: Store) -> None:
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


async def test_seats_frozen_once_started(store: Store) -> None:
    game = await active_game(store)
    with pytest.raises(StoreError, match="not taking new players"):
        await store.add_seat(game.id, 3, "late", T0 + 10)
    with pytest.raises(StoreError, match="only change in the lobby"):
        await store.remove_seat(game.id, 2, T0 + 10)
    assert len((await store.get_game(game.id)).seats) == 2


async def test_set_resigned(store: Store) -> None:
    game = await active_game(store)
    game = await store.set_resigned(game.id, 1, T0 + 20)
    assert [x.resigned for x in game.seats] == [False, True]
    assert game.updated_at == T0 + 20
    with pytest.raises(NotFound):
        await store.set_resigned(game.id, 5, T0)
    with pytest.raises(NotFound):
        await store.set_resigned(999, 0, T0)


async def test_set_status_expected(store: Store) -> None:
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


async def test_append_sequences_and_snapshot(store: Store) -> None:
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


async def test_append_refused_in_lobby_and_at_wrong_version(store: Store) -> None:
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


async def test_failed_append_leaves_nothing_behind(store: Store) -> None:
    game = await active_game(store)
    game = await store.append_actions(game.id, 0, [(0, 1, "a")], T0 + 10, snapshot="S1")
    before = await store.get_game(game.id)
    with pytest.raises(StaleVersion):
        await store.append_actions(game.id, 0, [(1, 2, "b"), (0, 1, "c")], T0 + 20,
                                   snapshot="S-bad", status="finished")
    assert await store.get_game(game.id) == before  # status, version, updated_at untouched
    assert await store.snapshot(game.id) == (1, "S1")
    assert [a.text for a in await store.actions(game.id)] == ["a"]


async def test_empty_append_refreshes_snapshot_under_version_guard(store: Store) -> None:
    game = await active_game(store)
    await store.append_actions(game.id, 0, [(0, 1, "a")], T0 + 10)
    game = await store.append_actions(game.id, 1, [], T0 + 11, snapshot="at 1")
    assert game.version == 1 and await store.snapshot(game.id) == (1, "at 1")


def assert_gapless(log_seqs: list[int], version: int) -> None:
    """The log is exactly 1..version with no hole or duplicate."""
    assert log_seqs == list(range(1, version + 1))


async def test_concurrent_appends_same_version_one_connection(store: Store) -> None:
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


async def test_concurrent_appends_same_version_two_connections(db: Db) -> None:
    async with db.store() as a, db.store() as b:
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
from bot.store import StaleVersion, open_store

async def main() -> None:
    s = await open_store(sys.argv[1])
    try:
        await s.append_actions(int(sys.argv[2]), 0, [(0, 1, sys.argv[3])], 1.0)
        print("landed")
    except StaleVersion:
        print("stale")
    finally:
        await s.close()

asyncio.run(main())
"""


async def test_concurrent_appends_same_version_two_processes(db: Db) -> None:
    async with db.store() as s:
        game = await active_game(s)
    root = str(Path(__file__).resolve().parents[2])
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-c", _APPEND_SCRIPT, db.target, str(game.id), f"p{i}",
            stdout=asyncio.subprocess.PIPE, cwd=root,
        )
        for i in range(3)
    ]
    results = await asyncio.gather(*(p.communicate() for p in procs))
    outs = sorted(out.decode().strip() for out, _ in results)
    assert outs == ["landed", "stale", "stale"]
    async with db.store() as s:
        assert_gapless([a.seq for a in await s.actions(game.id)], 1)
        assert (await s.get_game(game.id)).version == 1


async def test_racing_writers_keep_the_log_gapless(db: Db) -> None:
    per_worker = 6
    async with db.store() as a, db.store() as b:
        game = await active_game(a)

        async def worker(s: Store, name: str) -> int:
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


async def test_cancelled_append_on_postgres_lands_whole_or_not_at_all(postgres_url: str) -> None:
    async with PostgresStore(postgres_url) as s:
        game = await active_game(s)
        for turns in range(8):  # cancel at several points of the append (no timing)
            version = (await s.get_game(game.id)).version
            blocker = await asyncpg.connect(postgres_url)
            hold = blocker.transaction()
            await hold.start()  # hold the game's row so the append has to wait
            await blocker.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game.id)
            task = asyncio.create_task(
                s.append_actions(game.id, version, [(0, 1, "a"), (1, 2, "b")], T0))
            for _ in range(turns):
                await asyncio.sleep(0)
            task.cancel()
            await hold.rollback()
            await blocker.close()
            with pytest.raises(asyncio.CancelledError):
                await task
            texts = [a.text for a in await s.actions(game.id, since=version)]
            assert texts in ([], ["a", "b"])  # the whole move or none of it
            assert (await s.get_game(game.id)).version == version + len(texts)
        game = await s.get_game(game.id)
        game = await s.append_actions(game.id, game.version, [(0, 1, "c")], T0 + 1)
        log = await s.actions(game.id)
        assert_gapless([a.seq for a in log], game.version)
        assert log[-1].text == "c"


# --- listings ---------------------------------------------------------------------------


async def test_games_for_user_and_with_status(store: Store) -> None:
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


async def test_append_computed_refusal_writes_nothing_and_result_comes_back(
        store: Store) -> None:
    game = await active_game(store)  # started at T0 + 2: the first wait begins then

    def refuse() -> Append:
        raise rules.IllegalAction("not your turn")

    with pytest.raises(rules.IllegalAction, match="not your turn"):
        await store.append_computed(game.id, 0, refuse, T0 + 5)
    assert await store.get_game(game.id) == game and await store.actions(game.id) == []

    free = Append([(1, 2, "show hand")], restart_wait=False, reserve=(1, 12.5), result="r1")
    after, done = await store.append_computed(game.id, 0, lambda: free, T0 + 6)
    assert done is free and done.result == "r1"
    assert (after.version, after.updated_at, after.waiting_since) == (1, T0 + 6, T0 + 2)
    assert [x.reserve for x in after.seats] == [None, 12.5]
    assert await store.get_game(game.id) == after

    turn = Append([(0, 1, "pass")], status="finished", snapshot="S2")
    after, _ = await store.append_computed(game.id, 1, lambda: turn, T0 + 7)
    assert (after.version, after.waiting_since, after.status) == (2, T0 + 7, "finished")
    assert await store.snapshot(game.id) == (2, "S2")
    assert store.kept_open_game(100) is None  # the game is over: no open game kept


async def test_status_waits_and_rules_version(store: Store) -> None:
    game = await new_game(store)
    assert (game.waiting_since, game.rules_version, game.settings) == (None, None, {})
    game = await store.set_status(game.id, "active", T0 + 1, rules_version=3)
    assert (game.waiting_since, game.rules_version) == (T0 + 1, 3)
    game = await store.set_status(game.id, "active", T0 + 2)  # already active: same wait
    assert (game.waiting_since, game.rules_version, game.updated_at) == (T0 + 1, 3, T0 + 2)
    game = await store.set_status(game.id, "finished", T0 + 3)
    assert (game.status, game.waiting_since, game.rules_version) == ("finished", T0 + 1, 3)


async def test_latest_game_of_a_channel(store: Store) -> None:
    assert await store.latest_game(100) is None
    first = await active_game(store, channel=100)
    assert await store.latest_game(100) == first
    await store.set_status(first.id, "finished", T0 + 3)
    second = await new_game(store, channel=100, creator=2)
    other = await new_game(store, channel=200)
    assert await store.latest_game(100) == second
    second = await store.set_status(second.id, "abandoned", T0 + 4)
    assert await store.latest_game(100) == second  # the last one, though it ended
    assert await store.latest_game(200) == other
    assert await store.latest_game(300) is None


async def test_snapshots_keep_the_newest(store: Store) -> None:
    game = await active_game(store)
    await store.put_snapshot(game.id, 3, "at 3", T0)
    await store.put_snapshot(game.id, 2, "at 2", T0 + 1)  # older than the kept one: ignored
    assert await store.snapshot(game.id) == (3, "at 3")
    await store.put_snapshot(game.id, 3, "again at 3", T0 + 2)  # as new: replaces it
    assert await store.snapshot(game.id) == (3, "again at 3")
    await store.put_snapshot(game.id, 5, "at 5", T0 + 3)
    assert await store.snapshot(game.id) == (5, "at 5")
    await store.drop_snapshot(game.id)
    assert await store.snapshot(game.id) is None
    await store.drop_snapshot(game.id)  # nothing to drop: no error
    await store.put_snapshot(game.id, 1, "at 1", T0 + 4)  # once dropped, any version is kept
    assert await store.snapshot(game.id) == (1, "at 1")


async def test_settings_reserve_and_reseat(store: Store) -> None:
    game = await active_game(store)
    game = await store.merge_settings(game.id, {"pace": "slow", "clock": 60})
    assert game.settings == {"clock": 60, "pace": "slow"}
    game = await store.merge_settings(game.id, {"pace": "fast"})
    assert game.settings == {"clock": 60, "pace": "fast"}
    assert (await store.get_game(game.id)).settings == game.settings
    with pytest.raises(NotFound):
        await store.merge_settings(999, {"pace": "fast"})

    await store.set_reserve(game.id, 1, 30.5)
    assert [x.reserve for x in (await store.get_game(game.id)).seats] == [None, 30.5]
    await store.set_reserve(game.id, 1, None)
    assert [x.reserve for x in (await store.get_game(game.id)).seats] == [None, None]
    with pytest.raises(NotFound):
        await store.set_reserve(game.id, 5, 1.0)

    await store.set_resigned(game.id, 1, T0 + 8)
    game = await store.reseat(game.id, 1, 3, "carol", T0 + 9)
    assert [(x.seat, x.user_id, x.name, x.resigned) for x in game.seats] == [
        (0, 1, "user1", False), (1, 3, "carol", False),
    ]
    assert game.updated_at == T0 + 9
    with pytest.raises(StaleVersion):  # user 1 already plays seat 0
        await store.reseat(game.id, 1, 1, "twice", T0 + 10)
    with pytest.raises(NotFound):
        await store.reseat(game.id, 7, 4, "dave", T0 + 10)
    with pytest.raises(NotFound):
        await store.reseat(999, 0, 4, "dave", T0 + 10)
    assert await store.get_game(game.id) == game  # the refused ones changed nothing


async def test_prefs_and_notices(store: Store) -> None:
    assert await store.prefs(5) == {}
    await store.set_prefs(5, {"tz": "Europe/Paris", "dm": True})
    await store.set_prefs(6, {"tz": "UTC"})
    assert await store.prefs(5) == {"dm": True, "tz": "Europe/Paris"}
    await store.set_prefs(5, {"pace": "slow"})  # replaces, not merges
    assert await store.prefs(5) == {"pace": "slow"}
    assert await store.prefs(6) == {"tz": "UTC"}

    game = await active_game(store)
    assert await store.notices_sent(game.id, 2, 1, "remind") == 0
    assert await store.claim_notice(game.id, 2, 1, "remind", 1, T0) is True
    assert await store.claim_notice(game.id, 2, 1, "remind", 1, T0 + 1) is False
    assert await store.claim_notice(game.id, 2, 1, "remind", 2, T0 + 2) is True
    assert await store.claim_notice(game.id, 2, 0, "remind", 1, T0 + 2) is True
    assert await store.notices_sent(game.id, 2, 1, "remind") == 2
    assert await store.notices_sent(game.id, 2, 1, "timeout") == 0
    assert await store.notices_sent(game.id, 3, 1, "remind") == 0  # another wait


async def test_requests(store: Store) -> None:
    game = await active_game(store)
    asked = await store.add_request(game.id, "undo", 3, {"by": 1, "votes": []}, T0 + 1)
    assert (asked.game_pk, asked.kind, asked.version, asked.payload, asked.status,
            asked.created_at) == (game.id, "undo", 3, {"by": 1, "votes": []}, "open", T0 + 1)
    other = await store.add_request(game.id, "handover", 3, {}, T0 + 2)
    assert other.id != asked.id
    assert await store.get_request(asked.id) == asked

    voted = await store.update_request(asked.id, {"by": 1, "votes": [2]}, "open")
    assert (voted.payload, voted.status) == ({"by": 1, "votes": [2]}, "open")
    done = await store.update_request(asked.id, {"by": 1, "votes": [2]}, "accepted")
    assert done.status == "accepted" and await store.get_request(asked.id) == done
    with pytest.raises(StaleVersion):  # already decided
        await store.update_request(asked.id, {}, "refused")
    again = await store.update_request(asked.id, {"x": 1}, "applied", expected_status="accepted")
    assert (again.payload, again.status) == ({"x": 1}, "applied")
    assert (await store.get_request(other.id)).status == "open"
    with pytest.raises(NotFound):
        await store.get_request(999)
    with pytest.raises(StaleVersion):
        await store.update_request(999, {}, "accepted")


# --- writers racing from two stores (two connections, or two pools on one server) ---------


async def test_concurrent_joins_from_two_stores_get_distinct_seats(db: Db) -> None:
    async with db.store() as a, db.store() as b:
        game = await new_game(a)
        results = await asyncio.gather(*(
            (a if uid % 2 else b).add_seat(game.id, uid, f"user{uid}", T0 + uid)
            for uid in range(2, 8)))
        assert all(isinstance(r, GameRow) for r in results)
        final = await b.get_game(game.id)
        assert [x.seat for x in final.seats] == list(range(7))
        assert sorted(x.user_id for x in final.seats) == list(range(1, 8))


async def test_concurrent_starts_from_two_stores_one_wins(db: Db) -> None:
    async with db.store() as a, db.store() as b:
        game = await new_game(a)
        await a.add_seat(game.id, 2, "user2", T0)
        results = await asyncio.gather(
            *((a, b)[i % 2].set_status(game.id, "active", T0 + i, expected_status="lobby")
              for i in range(4)), return_exceptions=True)
        assert sum(isinstance(r, GameRow) for r in results) == 1
        assert sum(isinstance(r, StaleVersion) for r in results) == 3


async def test_concurrent_settings_from_two_stores_all_land(db: Db) -> None:
    async with db.store() as a, db.store() as b:
        game = await active_game(a)
        await asyncio.gather(*((a, b)[i % 2].merge_settings(game.id, {f"k{i}": i})
                               for i in range(8)))
        assert (await a.get_game(game.id)).settings == {f"k{i}": i for i in range(8)}


async def test_concurrent_decisions_from_two_stores_one_wins(db: Db) -> None:
    async with db.store() as a, db.store() as b:
        game = await active_game(a)
        asked = await a.add_request(game.id, "undo", 0, {}, T0)
        results = await asyncio.gather(
            *((a, b)[i % 2].update_request(asked.id, {"by": i}, f"decided{i}")
              for i in range(4)), return_exceptions=True)
        won = [r for r in results if not isinstance(r, BaseException)]
        assert len(won) == 1
        assert sum(isinstance(r, StaleVersion) for r in results) == 3
        assert await b.get_request(asked.id) == won[0]


# --- schema, pragmas, migrations ----------------------------------------------------------


async def test_fresh_file_gets_latest_schema_and_wal(db_path: Path) -> None:
    async with SqliteStore(db_path) as store:
        assert db_path.exists()  # its folders made on the way
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


# --- PostgreSQL: several processes, one server -------------------------------------------


class Proxy:
    """A TCP relay to the test server that can be cut, to lose the database for real."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.listen_port = 0
        self._server: asyncio.Server | None = None
        self._writers: list[asyncio.StreamWriter] = []
        self.lose_answer_to: bytes | None = None  # what the server gets, but its answer not
        self.then_cut = False  # and the server is gone at that moment too

    async def start(self) -> Proxy:
        """Listen on a free local port."""
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.listen_port = self._server.sockets[0].getsockname()[1]
        return self

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.port)
        self._writers += [writer, up_writer]

        committing = False

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter, up: bool) -> None:
            nonlocal committing
            try:
                while data := await src.read(65536):
                    if up and self.lose_answer_to is not None and self.lose_answer_to in data:
                        committing, self.lose_answer_to = True, None
                    elif not up and committing:  # the server committed: its answer is lost
                        writer.transport.abort()
                        up_writer.transport.abort()
                        if self.then_cut:
                            self.cut_now()
                        return
                    dst.write(data)
                    await dst.drain()
            except OSError:
                pass
            finally:
                dst.close()

        await asyncio.gather(pipe(reader, up_writer, True), pipe(up_reader, writer, False))

    def cut_now(self) -> None:
        """Stop listening and drop every relayed connection (from inside the relay)."""
        assert self._server is not None
        self._server.close()
        for writer in self._writers:
            writer.transport.abort()

    async def cut(self) -> None:
        """Stop listening and drop every relayed connection at once."""
        assert self._server is not None
        self._server.close()
        for writer in self._writers:
            writer.transport.abort()
        await self._server.wait_closed()


def via(url: str, port: int) -> str:
    """The same database URL through another local port."""
    head, _, tail = url.rpartition("@")
    path = tail.split("/", 1)[1]
    return f"{head}@127.0.0.1:{port}/{path}"


async def test_postgres_store_keeps_no_rows(postgres_url: str) -> None:
    async with PostgresStore(postgres_url) as a, PostgresStore(postgres_url) as b:
        assert isinstance(a, Store)
        game = await active_game(a)
        assert a.kept_open_game(100) is None  # another process may have written since
        played, _ = await b.append_computed(game.id, 0, lambda: Append([(0, 1, "a")]), T0,
                                            kept_row=True)
        assert await a.open_game(100) == played  # a sees b's write at once


async def test_claim_notice_is_exactly_once_across_processes(postgres_url: str) -> None:
    async with PostgresStore(postgres_url) as a, PostgresStore(postgres_url) as b:
        game = await active_game(a)
        for n in range(1, 6):  # several rounds: each key claimed once, whoever races
            claims = await asyncio.gather(*((a, b)[i % 2].claim_notice(
                game.id, 2, 1, "remind", n, T0 + i) for i in range(8)))
            assert claims.count(True) == 1 and claims.count(False) == 7
        assert await b.notices_sent(game.id, 2, 1, "remind") == 5


async def test_an_unreachable_server_is_a_storage_failure(postgres_url: str) -> None:
    store = PostgresStore(via(postgres_url, free_port()))
    with pytest.raises(StorageFailure) as failed:
        await store.open()
    assert str(failed.value) == pg_errors.UNREACHABLE
    assert "Nothing was saved" in str(failed.value) and "not played" in str(failed.value)
    with pytest.raises(StoreError, match="not open"):
        await store.get_game(1)


async def test_losing_the_server_mid_game_is_a_storage_failure(postgres_url: str) -> None:
    port = int(postgres_url.rsplit(":", 1)[1].split("/", 1)[0])
    proxy = await Proxy(port).start()
    async with PostgresStore(postgres_url) as direct:
        cut_off = PostgresStore(via(postgres_url, proxy.listen_port))
        await cut_off.open()
        try:
            game = await active_game(cut_off)
            await proxy.cut()
            # The pool's connection broke under the move: whether the server ran it cannot be
            # told from here, nor looked up, so the player hears it may not have been played.
            with pytest.raises(StorageFailure) as failed:
                await cut_off.append_actions(game.id, 0, [(0, 1, "lost")], T0 + 5)
            assert str(failed.value) in (pg_errors.IN_DOUBT, pg_errors.UNREACHABLE)
            # The next one finds no way to the server at all: certainly not played.
            with pytest.raises(StorageFailure) as failed:
                await cut_off.append_actions(game.id, 0, [(0, 1, "lost")], T0 + 6)
            assert str(failed.value) == pg_errors.UNREACHABLE
            with pytest.raises(StorageFailure):
                await cut_off.get_game(game.id)
        finally:
            await cut_off.close()
        assert await direct.get_game(game.id) == game  # nothing of the move was saved
        assert await direct.actions(game.id) == []


async def test_a_read_only_database_is_a_storage_failure(postgres_url: str) -> None:
    name = postgres_url.rsplit("/", 1)[1]
    admin = await asyncpg.connect(postgres_url)
    async with PostgresStore(postgres_url) as s:
        game = await new_game(s)
        try:
            # As after a failover to a standby: sessions from now on may only read.
            await admin.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
            await s._pool.expire_connections()  # the pool's next connections are new sessions
            assert await s.get_game(game.id) == game  # reading still works
            with pytest.raises(StorageFailure) as failed:
                await s.add_seat(game.id, 2, "user2", T0 + 1)
            assert str(failed.value) == pg_errors.READ_ONLY
            assert await s.get_game(game.id) == game
        finally:
            await admin.execute(f'ALTER DATABASE "{name}" RESET default_transaction_read_only')
            await admin.close()
        await s._pool.expire_connections()
        assert len((await s.add_seat(game.id, 2, "user2", T0 + 2)).seats) == 2  # writable again


def test_which_errors_are_storage_failures() -> None:
    assert str(pg_errors.storage_failure(asyncpg.DiskFullError("no space"))) == pg_errors.FULL
    assert str(pg_errors.storage_failure(
        asyncpg.ReadOnlySQLTransactionError("read-only"))) == pg_errors.READ_ONLY
    assert str(pg_errors.storage_failure(
        asyncpg.ConnectionDoesNotExistError("gone"))) == pg_errors.UNREACHABLE
    assert str(pg_errors.storage_failure(
        asyncpg.InterfaceError("connection is closed"))) == pg_errors.UNREACHABLE
    assert str(pg_errors.storage_failure(ConnectionRefusedError())) == pg_errors.UNREACHABLE
    for not_lost in (asyncpg.UniqueViolationError("dup"), asyncpg.QueryCanceledError("slow"),
                     asyncpg_base.DataError("bad argument"), ValueError("x")):
        assert pg_errors.storage_failure(not_lost) is None
    for text in (pg_errors.UNREACHABLE, pg_errors.FULL, pg_errors.READ_ONLY,
                 pg_errors.OVERLOADED):
        assert text.startswith("Nothing was saved") and "not played" in text


async def test_a_newer_schema_on_postgres_is_refused(postgres_url: str) -> None:
    async with PostgresStore(postgres_url):
        pass
    admin = await asyncpg.connect(postgres_url)
    try:
        await admin.execute("INSERT INTO schema_version VALUES ($1, 'from the future', 0)",
                            LATEST_VERSION + 1)
    finally:
        await admin.close()
    s = PostgresStore(postgres_url)
    with pytest.raises(SchemaTooNew, match="newer"):
        await s.open()
    with pytest.raises(StoreError, match="not open"):
        await s.get_game(1)


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
    with pytest.raises(ValueError):
        await open_store("mysql://x/y")
    with pytest.raises(ValueError):
        await open_store("sqlite:///:memory:")


async def test_open_store_postgres_url(postgres_url: str) -> None:
    s = await open_store(f"  {postgres_url} ")
    try:
        assert isinstance(s, PostgresStore) and isinstance(s, Store)
        game = await new_game(s)  # open and migrated
        assert await s.get_game(game.id) == game
    finally:
        await s.close()
    async with PostgresStore(postgres_url) as again:
        assert await again.open_game(100) == game


async def test_a_commit_whose_answer_is_lost_is_looked_up(postgres_url: str) -> None:
    port = int(postgres_url.rsplit(":", 1)[1].split("/", 1)[0])
    proxy = await Proxy(port).start()
    async with PostgresStore(via(postgres_url, proxy.listen_port)) as store:
        game = await active_game(store)
        # The server runs the move, its answer never comes back: it did land, so it is kept.
        proxy.lose_answer_to = b"landed"
        played, _ = await store.append_computed(
            game.id, 0, lambda: Append([(0, 1, "landed")]), T0 + 5)
        assert played.version == 1
        assert [a.text for a in await store.actions(game.id)] == ["landed"]
        # And when the database cannot be asked either, the player is told it is in doubt.
        proxy.lose_answer_to, proxy.then_cut = b"unknown", True
        with pytest.raises(StorageFailure) as failed:
            await store.append_computed(game.id, 1, lambda: Append([(1, 2, "unknown")]),
                                        T0 + 6)
        assert str(failed.value) == pg_errors.IN_DOUBT
    async with PostgresStore(postgres_url) as direct:
        assert [a.text for a in await direct.actions(game.id)] == ["landed", "unknown"]
