"""PostgreSQL storage beside the log: snapshots, board message, settings, clocks, requests."""

from __future__ import annotations

import json
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import asyncpg

from bot.store.postgres.rows import REQUEST_COLUMNS, changed, request_row
from bot.store.records import GameRow, NotFound, RequestRow, StaleVersion


class _Base(Protocol):
    """What the mixin needs from PostgresStore."""

    def _tx(self, *, write: bool = True) -> AbstractAsyncContextManager[Any]: ...
    async def _game(self, conn: Any, game_pk: int) -> GameRow: ...
    async def _lock_game(self, conn: Any, game_pk: int) -> tuple[str, int]: ...


class ExtrasMixin:
    """Methods of PostgresStore for snapshots and the async-play features."""

    async def put_snapshot(self: _Base, game_pk: int, version: int, text: str, now: float) -> None:
        """Keep a snapshot at that version unless a newer one is already kept."""
        async with self._tx() as conn:
            await conn.execute(
                "INSERT INTO snapshots (game_pk, version, text, created_at) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT (game_pk) DO UPDATE SET "
                "version = excluded.version, text = excluded.text, "
                "created_at = excluded.created_at WHERE excluded.version >= snapshots.version",
                game_pk, version, text, now)

    async def drop_snapshot(self: _Base, game_pk: int) -> None:
        """Forget a game's snapshot (one that no longer loads): the log rebuilds it."""
        async with self._tx() as conn:
            await conn.execute("DELETE FROM snapshots WHERE game_pk = $1", game_pk)

    async def snapshot(self: _Base, game_pk: int) -> tuple[int, str] | None:
        """Return (version, text) of the latest snapshot, or None."""
        async with self._tx(write=False) as conn:
            row = await conn.fetchrow(
                "SELECT version, text FROM snapshots WHERE game_pk = $1", game_pk)
        return None if row is None else (int(row["version"]), str(row["text"]))

    async def set_board_message(self: _Base, game_pk: int, message_id: int | None) -> None:
        """Remember (or forget) the message that shows the board; NotFound for no game."""
        async with self._tx() as conn:
            done = await conn.execute(
                "UPDATE games SET board_message_id = $1 WHERE id = $2", message_id, game_pk)
            if changed(done) != 1:
                raise NotFound(f"no game with id {game_pk}")

    async def merge_settings(self: _Base, game_pk: int, changes: dict[str, Any]) -> GameRow:
        """Set some of a game's settings (reminder pace, clock, …), keeping the others.

        The game's row is locked while it is read and written, so two writers of different
        keys (in any processes) both land.
        """
        async with self._tx() as conn:
            await self._lock_game(conn, game_pk)
            game = await self._game(conn, game_pk)
            merged = json.dumps({**game.settings, **changes}, sort_keys=True)
            await conn.execute("UPDATE games SET settings = $1 WHERE id = $2", merged, game_pk)
            return await self._game(conn, game_pk)

    async def set_reserve(self: _Base, game_pk: int, seat: int, reserve: float | None) -> None:
        """Set the seconds left in a seat's clock bank."""
        async with self._tx() as conn:
            done = await conn.execute(
                "UPDATE seats SET reserve = $1 WHERE game_pk = $2 AND seat = $3",
                reserve, game_pk, seat)
            if changed(done) != 1:
                raise NotFound(f"game {game_pk} has no seat {seat}")

    async def reseat(self: _Base, game_pk: int, seat: int, user_id: int, name: str,
                     now: float) -> GameRow:
        """Give a seat to another user (handover or replacement); they play it from now on."""
        async with self._tx() as conn:
            try:
                await self._lock_game(conn, game_pk)  # the game before its seats, as a move does
            except NotFound:
                raise NotFound(f"game {game_pk} has no seat {seat}") from None
            try:
                done = await conn.execute(
                    "UPDATE seats SET user_id = $1, name = $2, resigned = FALSE "
                    "WHERE game_pk = $3 AND seat = $4", user_id, name, game_pk, seat)
            except asyncpg.UniqueViolationError as exc:
                raise StaleVersion(f"user {user_id} already plays in game {game_pk}") from exc
            if changed(done) != 1:
                raise NotFound(f"game {game_pk} has no seat {seat}")
            await conn.execute("UPDATE games SET updated_at = $1 WHERE id = $2", now, game_pk)
            return await self._game(conn, game_pk)

    async def prefs(self: _Base, user_id: int) -> dict[str, Any]:
        """A user's own preferences (reminder pace, quiet hours, time zone, DMs)."""
        async with self._tx(write=False) as conn:
            row = await conn.fetchrow("SELECT prefs FROM user_prefs WHERE user_id = $1", user_id)
        return {} if row is None else dict(json.loads(row["prefs"]))

    async def set_prefs(self: _Base, user_id: int, prefs: dict[str, Any]) -> None:
        """Store a user's preferences."""
        async with self._tx() as conn:
            await conn.execute(
                "INSERT INTO user_prefs (user_id, prefs) VALUES ($1, $2) "
                "ON CONFLICT (user_id) DO UPDATE SET prefs = excluded.prefs",
                user_id, json.dumps(prefs, sort_keys=True))

    async def claim_notice(self: _Base, game_pk: int, version: int, seat: int, kind: str, n: int,
                           now: float) -> bool:
        """Record that notice n of this kind goes out for this wait; False if already sent.

        Exactly once across processes: a racing insert of the same key waits for the first
        to commit, then inserts nothing.
        """
        async with self._tx() as conn:
            done = await conn.execute(
                "INSERT INTO notices (game_pk, version, seat, kind, n, sent_at) "
                "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                game_pk, version, seat, kind, n, now)
        return changed(done) == 1

    async def notices_sent(self: _Base, game_pk: int, version: int, seat: int, kind: str) -> int:
        """The highest number of the notices of this kind sent for this wait (0: none)."""
        async with self._tx(write=False) as conn:
            found = await conn.fetchval(
                "SELECT COALESCE(MAX(n), 0) FROM notices WHERE game_pk = $1 AND version = $2 "
                "AND seat = $3 AND kind = $4", game_pk, version, seat, kind)
        return int(found)

    async def add_request(self: _Base, game_pk: int, kind: str, version: int,
                          payload: dict[str, Any], now: float) -> RequestRow:
        """Open a question to the table."""
        async with self._tx() as conn:
            row = await conn.fetchrow(
                "INSERT INTO requests (game_pk, kind, version, payload, status, created_at) "
                f"VALUES ($1, $2, $3, $4, 'open', $5) RETURNING {REQUEST_COLUMNS}",
                game_pk, kind, version, json.dumps(payload, sort_keys=True), now)
        return request_row(row)

    async def get_request(self: _Base, request_id: int) -> RequestRow:
        """One request by id."""
        async with self._tx(write=False) as conn:
            row = await conn.fetchrow(
                f"SELECT {REQUEST_COLUMNS} FROM requests WHERE id = $1", request_id)
        if row is None:
            raise NotFound(f"no request {request_id}")
        return request_row(row)

    async def update_request(self: _Base, request_id: int, payload: dict[str, Any], status: str,
                             *, expected_status: str = "open") -> RequestRow:
        """Record votes or a decision; StaleVersion if it was already decided.

        One conditional UPDATE: of two racing deciders, the second finds it decided.
        """
        async with self._tx() as conn:
            row = await conn.fetchrow(
                "UPDATE requests SET payload = $1, status = $2 WHERE id = $3 AND status = $4 "
                f"RETURNING {REQUEST_COLUMNS}",
                json.dumps(payload, sort_keys=True), status, request_id, expected_status)
        if row is None:
            raise StaleVersion(f"request {request_id} is no longer {expected_status}")
        return request_row(row)
