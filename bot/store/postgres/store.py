"""PostgreSQL storage: an asyncpg pool shared by the bot's tasks, several processes one database.

Every method is one transaction on a pooled connection. SQLite had one writer at a time; here
a write that reads before it writes first locks the game's row, so two processes cannot both
take the same seat number, and every writer locks the game before its seats (no deadlock).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.store.base import StoreBase
from bot.store.postgres.community import CommunityMixin
from bot.store.postgres.errors import IN_DOUBT, UNREACHABLE, refused_as_failure
from bot.store.postgres.extras import ExtrasMixin
from bot.store.postgres.leagues import LeaguesMixin
from bot.store.postgres.migrate import migrate
from bot.store.postgres.rows import (
    GAME_SELECT,
    MOVE,
    SEAT_SELECT,
    changed,
    game_row,
    joined_games,
    seat_row,
    status_values,
)
from bot.store.records import (
    OPEN_STATUSES,
    STATUSES,
    ActionRow,
    Append,
    ChannelBusy,
    GameRow,
    NotFound,
    StaleVersion,
    StorageFailure,
    StoreError,
)
from bot.store.sqlite.rows import GAME_COLUMNS, SEAT_COLUMNS

log = logging.getLogger(__name__)


class PostgresStore(ExtrasMixin, CommunityMixin, LeaguesMixin, StoreBase):
    """Store on a PostgreSQL database through an asyncpg connection pool."""

    def __init__(self, url: str, *, min_size: int = 1, max_size: int = 4) -> None:
        """Remember where the database is; nothing is connected yet."""
        self.url = url
        self.min_size = int(min_size)
        self.max_size = int(max_size)
        self._pool: Any = None  # asyncpg.Pool once open

    async def open(self) -> None:
        """Connect the pool and apply pending migrations (once, whoever starts first)."""
        if self._pool is not None:
            return
        async with refused_as_failure():
            pool = await asyncpg.create_pool(self.url, min_size=self.min_size,
                                             max_size=self.max_size, reset=_light_reset)
        try:
            async with refused_as_failure(), pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            pool.terminate()
            raise
        self._pool = pool

    async def close(self) -> None:
        """Close the pool once its connections are given back (idempotent)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    @asynccontextmanager
    async def _tx(self, *, write: bool = True) -> AsyncIterator[Any]:
        """Run the block in one transaction on a pooled connection; a read runs bare.

        Every read here is one statement, which PostgreSQL runs on one snapshot anyway: no
        BEGIN and COMMIT, two trips to the server fewer.
        """
        pool = self._pool
        if pool is None:
            raise StoreError("store is not open")
        async with refused_as_failure(), pool.acquire() as conn:
            if not write:
                yield conn
                return
            async with conn.transaction():
                yield conn

    async def _games(self, conn: Any, where: str, *args: Any) -> list[GameRow]:
        """Load the games matching a WHERE clause on `g`, with their seats, ordered by id.

        One statement, so the games and their seats come from one snapshot of the database.
        """
        rows = await conn.fetch(
            f"SELECT {GAME_SELECT}, {SEAT_SELECT} FROM games g "
            f"LEFT JOIN seats s ON s.game_pk = g.id WHERE {where} ORDER BY g.id, s.seat", *args)
        return joined_games(rows)

    async def _game(self, conn: Any, game_pk: int) -> GameRow:
        """Load one game or raise NotFound."""
        found = await self._games(conn, "g.id = $1", game_pk)
        if not found:
            raise NotFound(f"no game with id {game_pk}")
        return found[0]

    async def _lock_game(self, conn: Any, game_pk: int) -> tuple[str, int]:
        """Lock a game's row until the commit and return (status, version); NotFound if none.

        NO KEY UPDATE is what an UPDATE of the row takes: it queues writers of this game
        behind each other but lets rows that merely reference the game be inserted.
        """
        row = await conn.fetchrow(
            "SELECT status, version FROM games WHERE id = $1 FOR NO KEY UPDATE", game_pk)
        if row is None:
            raise NotFound(f"no game with id {game_pk}")
        return str(row["status"]), int(row["version"])

    async def _touch(self, conn: Any, game_pk: int, now: float) -> None:
        """Bump a game's updated_at."""
        await conn.execute("UPDATE games SET updated_at = $1 WHERE id = $2", now, game_pk)

    async def create_game(
        self, *, guild_id: int | None, channel_id: int, game_id: str, options: dict[str, str],
        seed: int, creator_id: int, creator_name: str, now: float,
    ) -> GameRow:
        """Open a lobby with the creator in seat 0; ChannelBusy if the channel has one."""
        async with self._tx() as conn:
            try:
                game_pk = await conn.fetchval(
                    "INSERT INTO games (guild_id, channel_id, game_id, options, seed, status, "
                    "creator_id, version, created_at, updated_at) "
                    "VALUES ($1, $2, $3, $4, $5, 'lobby', $6, 0, $7, $7) RETURNING id",
                    guild_id, channel_id, game_id, json.dumps(options, sort_keys=True), seed,
                    creator_id, now)
            except asyncpg.UniqueViolationError as exc:  # games_one_open_per_channel
                raise ChannelBusy(f"channel {channel_id} already has an open game") from exc
            await conn.execute(
                "INSERT INTO seats (game_pk, seat, user_id, name, resigned) "
                "VALUES ($1, 0, $2, $3, FALSE)", game_pk, creator_id, creator_name)
            return await self._game(conn, int(game_pk))

    async def open_game(self, channel_id: int) -> GameRow | None:
        """Return the lobby/active game of a channel, if any."""
        async with self._tx(write=False) as conn:
            found = await self._games(conn, "g.channel_id = $1 AND g.status = ANY($2::text[])",
                                      channel_id, list(OPEN_STATUSES))
        return found[0] if found else None

    def kept_open_game(self, channel_id: int) -> GameRow | None:
        """Always None: other processes write the same database, so no row is kept here."""
        return None

    async def get_game(self, game_pk: int) -> GameRow:
        """Return a game by primary key; NotFound otherwise."""
        async with self._tx(write=False) as conn:
            return await self._game(conn, game_pk)

    async def add_seat(self, game_pk: int, user_id: int, name: str, now: float) -> GameRow:
        """Seat a user in the next seat of a lobby; StoreError if seated or not in the lobby."""
        async with self._tx() as conn:
            status, _ = await self._lock_game(conn, game_pk)  # next seat number: ours alone
            if status != "lobby":
                raise StoreError(f"game {game_pk} is {status}, not taking new players")
            row = await conn.fetchrow(
                "SELECT MAX(seat) AS last, COUNT(*) FILTER (WHERE user_id = $1) AS mine "
                "FROM seats WHERE game_pk = $2", user_id, game_pk)
            if int(row["mine"]):
                raise StoreError(f"user {user_id} is already seated at game {game_pk}")
            seat = 0 if row["last"] is None else int(row["last"]) + 1
            try:
                await conn.execute(
                    "INSERT INTO seats (game_pk, seat, user_id, name, resigned) "
                    "VALUES ($1, $2, $3, $4, FALSE)", game_pk, seat, user_id, name)
            except asyncpg.UniqueViolationError as exc:
                raise StoreError(f"user {user_id} is already seated at game {game_pk}") from exc
            await self._touch(conn, game_pk, now)
            return await self._game(conn, game_pk)

    async def remove_seat(self, game_pk: int, user_id: int, now: float) -> GameRow:
        """Unseat a user from a lobby, renumbering the others 0..n-1 in order."""
        async with self._tx() as conn:
            status, _ = await self._lock_game(conn, game_pk)
            if status != "lobby":
                raise StoreError(f"game {game_pk} is {status}; seats only change in the lobby")
            rows = await conn.fetch(
                "SELECT seat, user_id, name, resigned FROM seats WHERE game_pk = $1 "
                "ORDER BY seat", game_pk)
            if not any(int(r["user_id"]) == user_id for r in rows):
                raise NotFound(f"user {user_id} is not seated at game {game_pk}")
            kept = [r for r in rows if int(r["user_id"]) != user_id]
            # Deleted and inserted again (as SQLite does): renumbering in place would collide.
            await conn.execute("DELETE FROM seats WHERE game_pk = $1", game_pk)
            if kept:
                await conn.executemany(
                    "INSERT INTO seats (game_pk, seat, user_id, name, resigned) "
                    "VALUES ($1, $2, $3, $4, $5)",
                    [(game_pk, i, r["user_id"], r["name"], r["resigned"])
                     for i, r in enumerate(kept)])
            await self._touch(conn, game_pk, now)
            return await self._game(conn, game_pk)

    async def set_status(
        self, game_pk: int, status: str, now: float, *, expected_status: str | None = None,
        rules_version: int | None = None,
    ) -> GameRow:
        """Change a game's status; StaleVersion if expected_status is given and differs.

        A game records the rules version it starts under (`rules_version`) with its status.
        """
        status_values([status])
        async with self._tx() as conn:
            current, _ = await self._lock_game(conn, game_pk)  # checked and set as one
            if expected_status is not None and current != expected_status:
                raise StaleVersion(f"game {game_pk} is {current}, expected {expected_status}")
            try:
                await conn.execute(
                    "UPDATE games SET status = $1::text, updated_at = $2, waiting_since = CASE "
                    "WHEN $1::text = 'active' AND status <> 'active' THEN $2 "
                    "ELSE waiting_since END, "
                    "rules_version = COALESCE($3::integer, rules_version) WHERE id = $4",
                    status, now, rules_version, game_pk)
            except asyncpg.UniqueViolationError as exc:
                raise ChannelBusy(f"another open game blocks reopening game {game_pk}") from exc
            return await self._game(conn, game_pk)

    async def set_resigned(self, game_pk: int, seat: int, now: float) -> GameRow:
        """Mark a seat as resigned; NotFound if the game has no such seat."""
        async with self._tx() as conn:
            await self._lock_game(conn, game_pk)  # the game before its seats, as a move does
            done = await conn.execute(
                "UPDATE seats SET resigned = TRUE WHERE game_pk = $1 AND seat = $2",
                game_pk, seat)
            if changed(done) != 1:
                raise NotFound(f"game {game_pk} has no seat {seat}")
            await self._touch(conn, game_pk, now)
            return await self._game(conn, game_pk)

    async def append_computed(self, game_pk: int, expected_version: int,
                              compute: Callable[[], Append], now: float, *,
                              kept_row: bool = False) -> tuple[GameRow, Append]:
        """Compute an append off the event loop, then write it in one transaction.

        What `compute` raises (a refusal) comes back with nothing written. StaleVersion if
        the game moved meanwhile. `kept_row` changes nothing: no row is kept here.
        """
        if self._pool is None:
            raise StoreError("store is not open")
        append = await asyncio.to_thread(compute)  # the rules, before any transaction
        if append.status is not None and append.status not in STATUSES:
            raise ValueError(f"unknown game status {append.status!r}")
        committing: list[bool] = []
        write = self._write if append.snapshot is not None else self._write_move
        try:
            return await write(game_pk, expected_version, append, now, committing), append
        except StorageFailure as lost:
            # Lost during COMMIT, the server may have committed before the way back broke:
            # look before saying no. (Lost before it, nothing can have landed.)
            if str(lost) != UNREACHABLE or not committing or not append.actions:
                raise
            if not await self._landed(game_pk, expected_version, append, now):
                raise
            log.warning("game %s: the commit's answer was lost, but the move landed", game_pk)
            return await self.get_game(game_pk), append

    async def _landed(self, game_pk: int, expected_version: int, append: Append,
                      now: float) -> bool:
        """Whether exactly these log entries are stored (an unanswered commit went through)."""
        try:
            async with self._tx(write=False) as conn:
                rows = await conn.fetch(
                    "SELECT seat, user_id, text, created_at FROM actions WHERE game_pk = $1 "
                    "AND seq > $2 AND seq <= $3 ORDER BY seq", game_pk, expected_version,
                    expected_version + len(append.actions))
        except StorageFailure:
            raise StorageFailure(IN_DOUBT) from None
        return [(r["seat"], r["user_id"], r["text"], r["created_at"]) for r in rows] == [
            (seat, user, text, now) for seat, user, text in append.actions]

    async def _write_move(self, game_pk: int, expected_version: int, append: Append,
                          now: float, committing: list[bool]) -> GameRow:
        """A move (no snapshot) as one statement, so one trip to the server: the same
        compare-and-set, clock and log rows as `_write`, atomic as every statement is.

        `committing` gets an entry when the statement is sent: from then on it may land.
        """
        async with self._tx(write=False) as conn:
            committing.append(True)
            try:
                rows = await conn.fetch(
                    MOVE, expected_version + len(append.actions), now, append.restart_wait,
                    append.status, game_pk, expected_version,
                    None if append.reserve is None else append.reserve[1],
                    None if append.reserve is None else append.reserve[0],
                    [a[0] for a in append.actions], [a[1] for a in append.actions],
                    [a[2] for a in append.actions])
            except asyncpg.UniqueViolationError as exc:
                raise StaleVersion(f"game {game_pk} moved past {expected_version}") from exc
            if not rows:
                await self._refuse_stale(conn, game_pk, expected_version)
        return joined_games(rows)[0]

    async def _refuse_stale(self, conn: Any, game_pk: int, expected_version: int) -> None:
        """The compare-and-set matched nothing: NotFound, or StaleVersion saying where it is."""
        found = await conn.fetchrow("SELECT status, version FROM games WHERE id = $1", game_pk)
        if found is None:
            raise NotFound(f"no game with id {game_pk}")
        raise StaleVersion(f"game {game_pk} is {found['status']} at version "
                           f"{found['version']}, expected active at version {expected_version}")

    async def _write(self, game_pk: int, expected_version: int, append: Append, now: float,
                     committing: list[bool]) -> GameRow:
        """The append's one transaction: compare-and-set, seats' clock, log rows, snapshot.

        `committing` gets an entry once every statement ran: from then on, the COMMIT.
        """
        async with self._tx() as conn:
            # Compare-and-set: a writer at the same version waits for this row, then matches
            # nothing once it sees the new version.
            row = await conn.fetchrow(
                "UPDATE games SET version = $1, updated_at = $2, "
                "waiting_since = CASE WHEN $3::boolean OR waiting_since IS NULL THEN $2 "
                "ELSE waiting_since END, status = COALESCE($4::text, status) "
                f"WHERE id = $5 AND version = $6 AND status = 'active' RETURNING {GAME_COLUMNS}",
                expected_version + len(append.actions), now, append.restart_wait,
                append.status, game_pk, expected_version)
            if row is None:
                await self._refuse_stale(conn, game_pk, expected_version)
            if append.reserve is not None:  # the mover's clock stops, in the same transaction
                await conn.execute(
                    "UPDATE seats SET reserve = $1 WHERE game_pk = $2 AND seat = $3",
                    append.reserve[1], game_pk, append.reserve[0])
            if append.actions:
                try:
                    await conn.executemany(
                        "INSERT INTO actions (game_pk, seq, seat, user_id, text, created_at) "
                        "VALUES ($1, $2, $3, $4, $5, $6)",
                        [(game_pk, expected_version + i, seat, user_id, text, now)
                         for i, (seat, user_id, text) in enumerate(append.actions, start=1)])
                except asyncpg.UniqueViolationError as exc:
                    raise StaleVersion(f"game {game_pk} moved past {expected_version}") from exc
            if append.snapshot is not None:
                await conn.execute(
                    "INSERT INTO snapshots (game_pk, version, text, created_at) "
                    "VALUES ($1, $2, $3, $4) ON CONFLICT (game_pk) DO UPDATE SET "
                    "version = excluded.version, text = excluded.text, "
                    "created_at = excluded.created_at",
                    game_pk, int(row["version"]), append.snapshot, now)
            seats = [seat_row(s) for s in await conn.fetch(
                f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_pk = $1 ORDER BY seat", game_pk)]
            committing.append(True)
            return game_row(row, seats)

    async def actions(self, game_pk: int, *, since: int = 0) -> list[ActionRow]:
        """Return the log entries with seq > since, in order."""
        async with self._tx(write=False) as conn:
            rows = await conn.fetch(
                "SELECT game_pk, seq, seat, user_id, text, created_at FROM actions "
                "WHERE game_pk = $1 AND seq > $2 ORDER BY seq", game_pk, since)
        return [ActionRow(int(r["game_pk"]), int(r["seq"]), int(r["seat"]), int(r["user_id"]),
                          str(r["text"]), float(r["created_at"])) for r in rows]

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's newest game whatever its status: the open one, or the last that ended."""
        async with self._tx(write=False) as conn:
            found = await self._games(
                conn, "g.id = (SELECT MAX(id) FROM games WHERE channel_id = $1)", channel_id)
        return found[0] if found else None

    async def games_for_user(
        self, user_id: int, statuses: tuple[str, ...] = OPEN_STATUSES
    ) -> list[GameRow]:
        """Return the games a user is seated at, with one of the statuses, oldest first."""
        wanted = status_values(statuses)
        if not wanted:
            return []
        async with self._tx(write=False) as conn:
            return await self._games(
                conn, "g.status = ANY($1::text[]) "
                      "AND g.id IN (SELECT game_pk FROM seats WHERE user_id = $2)",
                wanted, user_id)

    async def games_with_status(self, statuses: tuple[str, ...]) -> list[GameRow]:
        """Return all games with one of the statuses, oldest first."""
        wanted = status_values(statuses)
        if not wanted:
            return []
        async with self._tx(write=False) as conn:
            return await self._games(conn, "g.status = ANY($1::text[])", wanted)

    async def count_open_games(self) -> dict[str, int]:
        """Games in the lobby or running, by game id (one cheap query on the status index)."""
        async with self._tx(write=False) as conn:
            rows = await conn.fetch(
                "SELECT game_id, COUNT(*) AS n FROM games WHERE status = ANY($1::text[]) "
                "GROUP BY game_id", list(OPEN_STATUSES))
        return {str(r["game_id"]): int(r["n"]) for r in rows}


async def _light_reset(conn: Any) -> None:
    """Give a connection back to the pool without asyncpg's reset query (a trip per use).

    The store keeps no session state (no LISTEN, SET or session advisory lock; migrations take
    transaction locks), so only a transaction left open by an interrupted call needs ending.
    """
    if conn.is_in_transaction():
        await conn.execute("ROLLBACK")
