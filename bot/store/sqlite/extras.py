"""SQLite storage beside the log: snapshots, board message, settings, clocks, requests."""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import aiosqlite

from bot.store.records import GameRow, NotFound, RequestRow, StaleVersion
from bot.store.sqlite.rows import RowCache


class _Base(Protocol):
    """What the mixin needs from SqliteStore."""

    _rows: RowCache

    def _tx(self, *, write: bool = True) -> AbstractAsyncContextManager[aiosqlite.Connection]: ...
    async def _game(self, db: aiosqlite.Connection, game_pk: int) -> GameRow: ...
    async def _update(self, db: aiosqlite.Connection, sql: str,
                      params: Sequence[Any]) -> int: ...


def _request(row: Sequence[Any]) -> RequestRow:
    return RequestRow(int(row[0]), int(row[1]), str(row[2]), int(row[3]), json.loads(row[4]),
                      str(row[5]), float(row[6]))


_REQUEST_COLUMNS = "id, game_pk, kind, version, payload, status, created_at"


class ExtrasMixin:
    """Methods of SqliteStore for snapshots and the async-play features."""

    async def put_snapshot(self: _Base, game_pk: int, version: int, text: str, now: float) -> None:
        """Keep a snapshot at that version unless a newer one is already kept."""
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO snapshots (game_pk, version, text, created_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_pk) DO UPDATE SET version = excluded.version, "
                "text = excluded.text, created_at = excluded.created_at "
                "WHERE excluded.version >= snapshots.version",
                (game_pk, version, text, now),
            )

    async def drop_snapshot(self: _Base, game_pk: int) -> None:
        """Forget a game's snapshot (one that no longer loads): the log rebuilds it."""
        async with self._tx() as db:
            await db.execute("DELETE FROM snapshots WHERE game_pk = ?", (game_pk,))

    async def snapshot(self: _Base, game_pk: int) -> tuple[int, str] | None:
        """Return (version, text) of the latest snapshot, or None."""
        async with self._tx(write=False) as db:
            async with db.execute(
                "SELECT version, text FROM snapshots WHERE game_pk = ?", (game_pk,)
            ) as cur:
                row = await cur.fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    async def set_board_message(self: _Base, game_pk: int, message_id: int | None) -> None:
        """Remember (or forget) the message that shows the board; NotFound for no game."""
        async with self._tx() as db:
            self._rows.forget(game_pk)  # inside the lock: no reader caches the old row after
            sql = "UPDATE games SET board_message_id = ? WHERE id = ?"
            if await self._update(db, sql, (message_id, game_pk)) != 1:
                raise NotFound(f"no game with id {game_pk}")

    async def merge_settings(self: _Base, game_pk: int, changes: dict[str, Any]) -> GameRow:
        """Set some of a game's settings (reminder pace, clock, …), keeping the others.

        Read and written in one transaction, so two writers of different keys both land.
        """
        async with self._tx() as db:
            game = await self._game(db, game_pk)
            merged = json.dumps({**game.settings, **changes}, sort_keys=True)
            await self._update(db, "UPDATE games SET settings = ? WHERE id = ?", (merged, game_pk))
            return await self._game(db, game_pk)

    async def set_reserve(self: _Base, game_pk: int, seat: int, reserve: float | None) -> None:
        """Set the seconds left in a seat's clock bank."""
        async with self._tx() as db:
            self._rows.forget(game_pk)
            sql = "UPDATE seats SET reserve = ? WHERE game_pk = ? AND seat = ?"
            if await self._update(db, sql, (reserve, game_pk, seat)) != 1:
                raise NotFound(f"game {game_pk} has no seat {seat}")

    async def reseat(self: _Base, game_pk: int, seat: int, user_id: int, name: str,
                     now: float) -> GameRow:
        """Give a seat to another user (handover or replacement); they play it from now on."""
        async with self._tx() as db:
            sql = ("UPDATE seats SET user_id = ?, name = ?, resigned = FALSE "
                   "WHERE game_pk = ? AND seat = ?")
            try:
                changed = await self._update(db, sql, (user_id, name, game_pk, seat))
            except aiosqlite.IntegrityError as exc:
                raise StaleVersion(f"user {user_id} already plays in game {game_pk}") from exc
            if changed != 1:
                raise NotFound(f"game {game_pk} has no seat {seat}")
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_pk))
            return await self._game(db, game_pk)

    async def prefs(self: _Base, user_id: int) -> dict[str, Any]:
        """A user's own preferences (reminder pace, quiet hours, time zone, DMs)."""
        async with self._tx(write=False) as db:
            async with db.execute("SELECT prefs FROM user_prefs WHERE user_id = ?",
                                  (user_id,)) as cur:
                row = await cur.fetchone()
        return {} if row is None else dict(json.loads(row[0]))

    async def set_prefs(self: _Base, user_id: int, prefs: dict[str, Any]) -> None:
        """Store a user's preferences."""
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO user_prefs (user_id, prefs) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET prefs = excluded.prefs",
                (user_id, json.dumps(prefs, sort_keys=True)))

    async def claim_notice(self: _Base, game_pk: int, version: int, seat: int, kind: str, n: int,
                           now: float) -> bool:
        """Record that notice n of this kind goes out for this wait; False if already sent."""
        async with self._tx() as db:
            return bool(await self._update(
                db, "INSERT INTO notices (game_pk, version, seat, kind, n, sent_at) "
                    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (game_pk, version, seat, kind, n, now)))

    async def notices_sent(self: _Base, game_pk: int, version: int, seat: int, kind: str) -> int:
        """The highest number of the notices of this kind sent for this wait (0: none)."""
        async with self._tx(write=False) as db:
            async with db.execute(
                "SELECT COALESCE(MAX(n), 0) FROM notices WHERE game_pk = ? AND version = ? "
                "AND seat = ? AND kind = ?", (game_pk, version, seat, kind)) as cur:
                row = await cur.fetchone()
        return 0 if row is None else int(row[0])

    async def add_request(self: _Base, game_pk: int, kind: str, version: int,
                          payload: dict[str, Any], now: float) -> RequestRow:
        """Open a question to the table."""
        async with self._tx() as db:
            rows = list(await db.execute_fetchall(
                "INSERT INTO requests (game_pk, kind, version, payload, status, created_at) "
                f"VALUES (?, ?, ?, ?, 'open', ?) RETURNING {_REQUEST_COLUMNS}",
                (game_pk, kind, version, json.dumps(payload, sort_keys=True), now)))
        return _request(rows[0])

    async def get_request(self: _Base, request_id: int) -> RequestRow:
        """One request by id."""
        async with self._tx(write=False) as db:
            async with db.execute(f"SELECT {_REQUEST_COLUMNS} FROM requests WHERE id = ?",
                                  (request_id,)) as cur:
                row = await cur.fetchone()
        if row is None:
            raise NotFound(f"no request {request_id}")
        return _request(row)

    async def update_request(self: _Base, request_id: int, payload: dict[str, Any], status: str,
                             *, expected_status: str = "open") -> RequestRow:
        """Record votes or a decision; StaleVersion if it was already decided."""
        async with self._tx() as db:
            changed = await self._update(
                db, "UPDATE requests SET payload = ?, status = ? WHERE id = ? AND status = ?",
                (json.dumps(payload, sort_keys=True), status, request_id, expected_status))
            if changed != 1:
                raise StaleVersion(f"request {request_id} is no longer {expected_status}")
            async with db.execute(f"SELECT {_REQUEST_COLUMNS} FROM requests WHERE id = ?",
                                  (request_id,)) as cur:
                row = await cur.fetchone()
        assert row is not None
        return _request(row)


