"""SQLite storage: one aiosqlite connection, the log appended in one trip per move."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.ops import metrics
from bot.store.base import StoreBase
from bot.store.records import (
    OPEN_STATUSES,
    STATUSES,
    ActionRow,
    Append,
    ChannelBusy,
    GameRow,
    NotFound,
    RowsChanged,
    SeatRow,
    StaleVersion,
    StorageFailure,
    StoreError,
)
from bot.store.sqlite.community import CommunityMixin
from bot.store.sqlite.disk import GONE, file_identity, raise_refused
from bot.store.sqlite.extras import ExtrasMixin
from bot.store.sqlite.leagues import LeaguesMixin
from bot.store.sqlite.migrate import migrate
from bot.store.sqlite.rows import (
    GAME_COLUMNS,
    SEAT_COLUMNS,
    RowCache,
    append_rows,
    game_row,
    seat_row,
)


def _status_in(statuses: Sequence[str]) -> str:
    """Validate statuses and return the matching 'status IN (?, ...)' condition."""
    for status in statuses:
        if status not in STATUSES:
            raise ValueError(f"unknown game status {status!r}; expected one of {STATUSES}")
    return f"status IN ({', '.join('?' * len(statuses))})"


log = logging.getLogger(__name__)

class SqliteStore(ExtrasMixin, CommunityMixin, LeaguesMixin, StoreBase):
    """Store on one SQLite file (WAL mode) through one aiosqlite connection."""

    def __init__(self, path: str | Path, *, busy_timeout_ms: int = 5000) -> None:
        """Remember where the database lives; nothing is opened yet."""
        self.path = Path(path)
        self.busy_timeout_ms = int(busy_timeout_ms)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()  # one transaction at a time on the shared connection
        self._file: tuple[int, int] | None = None  # the file opened, to notice it being replaced
        self._rows = RowCache()

    async def open(self) -> None:
        """Connect, set the pragmas and apply pending migrations."""
        if self._db is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            await db.execute(f"PRAGMA busy_timeout = {self.busy_timeout_ms}")
            await db.execute("PRAGMA foreign_keys = ON")
            async with db.execute("PRAGMA journal_mode = WAL") as cur:
                row = await cur.fetchone()
            if row is None or str(row[0]).lower() != "wal":
                raise StoreError(f"could not switch {self.path} to WAL mode")
            # FULL: every commit is on the disk (the WAL synced) before a move is confirmed.
            await db.execute("PRAGMA synchronous = FULL")
            await migrate(db)
        except BaseException:
            await db.close()
            raise
        self._db = db
        self._file = file_identity(self.path)

    async def close(self) -> None:
        """Close the connection (idempotent)."""
        db, self._db = self._db, None
        if db is not None:
            async with self._lock:
                await db.close()

    @asynccontextmanager
    async def _tx(self, *, write: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        """Run the block in one transaction (BEGIN IMMEDIATE when writing)."""
        async with self._lock:
            db = self._db
            if db is None:
                raise StoreError("store is not open")
            try:
                await db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                yield db
                if write and file_identity(self.path) != self._file:
                    # SQLite would go on writing into a deleted file: refuse instead.
                    log.error("database file %s was removed or replaced; refusing writes",
                              self.path)
                    metrics.storage_error("sqlite")
                    raise StorageFailure(GONE)
                await db.execute("COMMIT")
            except sqlite3.Error as exc:
                self._rows.rolled_back()
                with contextlib.suppress(sqlite3.Error):
                    await db.rollback()
                raise_refused(exc)
            except BaseException:
                self._rows.rolled_back()
                # Queued after any half-done statement (even a cancelled one); a no-op if idle.
                await db.rollback()
                raise
            self._rows.committed()

    async def _check_rows(self) -> None:
        """Forget the kept rows if another connection wrote since (one cheap trip)."""
        db = self._db
        if db is None:
            raise StoreError("store is not open")
        rows = list(await db.execute_fetchall("PRAGMA data_version"))
        self._rows.check(int(rows[0][0]))

    async def _games(
        self, db: aiosqlite.Connection, where: str, params: Sequence[Any]
    ) -> list[GameRow]:
        """Load the games matching a WHERE clause, with their seats, ordered by id."""
        rows = list(await db.execute_fetchall(
            f"SELECT {GAME_COLUMNS} FROM games WHERE {where} ORDER BY id", params
        ))
        if not rows:
            return []
        seats: dict[int, list[SeatRow]] = {int(r[0]): [] for r in rows}
        for s in await db.execute_fetchall(
            f"SELECT {SEAT_COLUMNS} FROM seats "
            f"WHERE game_pk IN (SELECT id FROM games WHERE {where}) ORDER BY game_pk, seat",
            params,
        ):
            seats[int(s[0])].append(seat_row(s))
        found = [game_row(r, seats[int(r[0])]) for r in rows]
        for game in found:
            self._rows.saw(game)
        return found

    async def _game(self, db: aiosqlite.Connection, game_pk: int) -> GameRow:
        """Load one game or raise NotFound."""
        found = await self._games(db, "id = ?", (game_pk,))
        if not found:
            raise NotFound(f"no game with id {game_pk}")
        return found[0]

    async def _status(self, db: aiosqlite.Connection, game_pk: int) -> tuple[str, int]:
        """Return (status, version) of a game or raise NotFound."""
        async with db.execute("SELECT status, version FROM games WHERE id = ?", (game_pk,)) as cur:
            row = await cur.fetchone()
        if row is None:
            raise NotFound(f"no game with id {game_pk}")
        return str(row[0]), int(row[1])

    async def _update(self, db: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> int:
        """Run a write statement and return how many rows it changed."""
        async with db.execute(sql, params) as cur:
            return cur.rowcount

    async def _touch(self, db: aiosqlite.Connection, game_pk: int, now: float) -> None:
        """Bump a game's updated_at."""
        await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_pk))

    async def create_game(
        self, *, guild_id: int | None, channel_id: int, game_id: str, options: dict[str, str],
        seed: int, creator_id: int, creator_name: str, now: float,
    ) -> GameRow:
        """Open a lobby with the creator in seat 0; ChannelBusy if the channel has one."""
        async with self._tx() as db:
            try:
                rows = list(await db.execute_fetchall(
                    "INSERT INTO games (guild_id, channel_id, game_id, options, seed, status, "
                    "creator_id, version, created_at, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, 'lobby', ?, 0, ?, ?) RETURNING id",
                    (guild_id, channel_id, game_id, json.dumps(options, sort_keys=True), seed,
                     creator_id, now, now),
                ))
            except sqlite3.IntegrityError as exc:
                raise ChannelBusy(f"channel {channel_id} already has an open game") from exc
            game_pk = int(rows[0][0])
            await db.execute(
                "INSERT INTO seats (game_pk, seat, user_id, name, resigned) "
                "VALUES (?, 0, ?, ?, FALSE)",
                (game_pk, creator_id, creator_name),
            )
            return await self._game(db, game_pk)

    async def open_game(self, channel_id: int) -> GameRow | None:
        """Return the lobby/active game of a channel, if any."""
        await self._check_rows()
        kept = self._rows.open_in(channel_id)
        if kept is not None:
            return kept
        async with self._tx(write=False) as db:
            found = await self._games(
                db, f"channel_id = ? AND {_status_in(OPEN_STATUSES)}", (channel_id, *OPEN_STATUSES)
            )
        return found[0] if found else None

    def kept_open_game(self, channel_id: int) -> GameRow | None:
        """The channel's open game as this store last saw it, with no trip to the database.

        For a move: its append checks that no other connection wrote since (RowsChanged).
        """
        return self._rows.open_in(channel_id)

    async def get_game(self, game_pk: int) -> GameRow:
        """Return a game by primary key; NotFound otherwise."""
        await self._check_rows()
        kept = self._rows.get(game_pk)
        if kept is not None:
            return kept
        async with self._tx(write=False) as db:
            return await self._game(db, game_pk)

    async def add_seat(self, game_pk: int, user_id: int, name: str, now: float) -> GameRow:
        """Seat a user in the next seat of a lobby; StoreError if seated or not in the lobby."""
        async with self._tx() as db:
            status, _ = await self._status(db, game_pk)
            if status != "lobby":
                raise StoreError(f"game {game_pk} is {status}, not taking new players")
            async with db.execute(
                "SELECT MAX(seat), COUNT(CASE WHEN user_id = ? THEN 1 END) FROM seats "
                "WHERE game_pk = ?",
                (user_id, game_pk),
            ) as cur:
                row = await cur.fetchone()
            assert row is not None  # an aggregate always yields one row
            if int(row[1]):
                raise StoreError(f"user {user_id} is already seated at game {game_pk}")
            seat = 0 if row[0] is None else int(row[0]) + 1
            try:
                await db.execute(
                    "INSERT INTO seats (game_pk, seat, user_id, name, resigned) "
                    "VALUES (?, ?, ?, ?, FALSE)",
                    (game_pk, seat, user_id, name),
                )
            except sqlite3.IntegrityError as exc:
                raise StoreError(f"user {user_id} is already seated at game {game_pk}") from exc
            await self._touch(db, game_pk, now)
            return await self._game(db, game_pk)

    async def remove_seat(self, game_pk: int, user_id: int, now: float) -> GameRow:
        """Unseat a user from a lobby, renumbering the others 0..n-1 in order."""
        async with self._tx() as db:
            status, _ = await self._status(db, game_pk)
            if status != "lobby":
                raise StoreError(f"game {game_pk} is {status}; seats only change in the lobby")
            rows = list(await db.execute_fetchall(
                "SELECT seat, user_id, name, resigned FROM seats WHERE game_pk = ? ORDER BY seat",
                (game_pk,),
            ))
            if not any(int(r[1]) == user_id for r in rows):
                raise NotFound(f"user {user_id} is not seated at game {game_pk}")
            kept = [r for r in rows if int(r[1]) != user_id]
            await db.execute("DELETE FROM seats WHERE game_pk = ?", (game_pk,))
            await db.executemany(
                "INSERT INTO seats (game_pk, seat, user_id, name, resigned) VALUES (?, ?, ?, ?, ?)",
                [(game_pk, i, r[1], r[2], r[3]) for i, r in enumerate(kept)],
            )
            await self._touch(db, game_pk, now)
            return await self._game(db, game_pk)

    async def set_status(
        self, game_pk: int, status: str, now: float, *, expected_status: str | None = None,
        rules_version: int | None = None,
    ) -> GameRow:
        """Change a game's status; StaleVersion if expected_status is given and differs.

        A game records the rules version it starts under (`rules_version`) with its status.
        """
        _status_in([status])
        async with self._tx() as db:
            current, _ = await self._status(db, game_pk)
            if expected_status is not None and current != expected_status:
                raise StaleVersion(f"game {game_pk} is {current}, expected {expected_status}")
            try:
                await db.execute(
                    "UPDATE games SET status = ?, updated_at = ?, waiting_since = CASE "
                    "WHEN ? = 'active' AND status <> 'active' THEN ? ELSE waiting_since END, "
                    "rules_version = COALESCE(?, rules_version) WHERE id = ?",
                    (status, now, status, now, rules_version, game_pk),
                )
            except sqlite3.IntegrityError as exc:
                raise ChannelBusy(f"another open game blocks reopening game {game_pk}") from exc
            return await self._game(db, game_pk)

    async def set_resigned(self, game_pk: int, seat: int, now: float) -> GameRow:
        """Mark a seat as resigned; NotFound if the game has no such seat."""
        async with self._tx() as db:
            sql = "UPDATE seats SET resigned = TRUE WHERE game_pk = ? AND seat = ?"
            if await self._update(db, sql, (game_pk, seat)) != 1:
                await self._status(db, game_pk)  # NotFound for a missing game
                raise NotFound(f"game {game_pk} has no seat {seat}")
            await self._touch(db, game_pk, now)
            return await self._game(db, game_pk)

    async def append_computed(self, game_pk: int, expected_version: int,
                              compute: Callable[[], Append], now: float, *,
                              kept_row: bool = False) -> tuple[GameRow, Append]:
        """Compute an append, then write it, in one trip to the database thread.

        A move's rules run there, just before its transaction: what they raise (a refusal)
        comes back with nothing written. StaleVersion if the game moved meanwhile;
        with `kept_row` (the game came from kept_open_game), RowsChanged if another
        connection wrote anything since this store last looked.
        """
        async with self._lock:
            db = self._db
            if db is None:
                raise StoreError("store is not open")

            def intact() -> bool:
                return file_identity(self.path) == self._file

            try:
                # aiosqlite's own queue to its connection thread (the version pinned).
                kept = self._rows.get(game_pk) if kept_row else None
                seen = self._rows.data_version
                # The rules run in the caller's context (its reader's language, say), as
                # asyncio.to_thread would run them; the connection thread has its own.
                in_context = functools.partial(contextvars.copy_context().run, compute)
                game, append = await db._execute(  # type: ignore[no-untyped-call]
                    append_rows, db._conn, intact, game_pk, expected_version, now, in_context,
                    None if kept is None or seen is None else (kept, seen))
            except RowsChanged as exc:
                self._rows.check(int(exc.args[1]))  # forget what the other writer changed
                raise
            except sqlite3.Error as exc:
                self._rows.forget(game_pk)
                raise_refused(exc)
            except BaseException:
                self._rows.forget(game_pk)
                raise
            self._rows.saw(game)
            self._rows.committed()
        return game, append

    async def actions(self, game_pk: int, *, since: int = 0) -> list[ActionRow]:
        """Return the log entries with seq > since, in order."""
        async with self._tx(write=False) as db:
            rows = await db.execute_fetchall(
                "SELECT game_pk, seq, seat, user_id, text, created_at FROM actions "
                "WHERE game_pk = ? AND seq > ? ORDER BY seq",
                (game_pk, since),
            )
        return [
            ActionRow(int(r[0]), int(r[1]), int(r[2]), int(r[3]), str(r[4]), float(r[5]))
            for r in rows
        ]

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's newest game whatever its status: the open one, or the last that ended."""
        async with self._tx(write=False) as db:
            rows = list(await db.execute_fetchall(
                "SELECT MAX(id) FROM games WHERE channel_id = ?", (channel_id,)))
            if not rows or rows[0][0] is None:
                return None
            return await self._game(db, int(rows[0][0]))

    async def games_for_user(
        self, user_id: int, statuses: tuple[str, ...] = OPEN_STATUSES
    ) -> list[GameRow]:
        """Return the games a user is seated at, with one of the statuses, oldest first."""
        where = f"{_status_in(statuses)} AND id IN (SELECT game_pk FROM seats WHERE user_id = ?)"
        if not statuses:
            return []
        async with self._tx(write=False) as db:
            return await self._games(db, where, (*statuses, user_id))

    async def games_with_status(self, statuses: tuple[str, ...]) -> list[GameRow]:
        """Return all games with one of the statuses, oldest first."""
        where = _status_in(statuses)
        if not statuses:
            return []
        async with self._tx(write=False) as db:
            return await self._games(db, where, statuses)

    async def count_open_games(self) -> dict[str, int]:
        """Games in the lobby or running, by game id (one cheap query on the status index)."""
        async with self._tx(write=False) as db:
            rows = await db.execute_fetchall(
                f"SELECT game_id, COUNT(*) FROM games WHERE {_status_in(OPEN_STATUSES)} "
                "GROUP BY game_id", OPEN_STATUSES)
        return {str(r[0]): int(r[1]) for r in rows}
