"""Game rows as SQLite holds them, the copy the store keeps, and a move's one-trip append."""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from bot.ops import metrics
from bot.store.records import (
    OPEN_STATUSES,
    STATUSES,
    Append,
    GameRow,
    NotFound,
    RowsChanged,
    SeatRow,
    StaleVersion,
    StorageFailure,
)
from bot.store.sqlite.disk import GONE

log = logging.getLogger(__name__)

GAME_COLUMNS = (
    "id, guild_id, channel_id, game_id, options, seed, status, creator_id, version, "
    "created_at, updated_at, board_message_id, settings, waiting_since, rules_version"
)
SEAT_COLUMNS = "game_pk, seat, user_id, name, resigned, reserve"


def seat_row(s: Sequence[Any]) -> SeatRow:
    """A seat from a row of SEAT_COLUMNS."""
    return SeatRow(int(s[1]), int(s[2]), str(s[3]), bool(s[4]),
                   None if s[5] is None else float(s[5]))


def game_row(r: Sequence[Any], seats: Sequence[SeatRow]) -> GameRow:
    """A game from a row of GAME_COLUMNS and its seats."""
    return GameRow(
        int(r[0]), None if r[1] is None else int(r[1]), int(r[2]), str(r[3]),
        {str(k): str(v) for k, v in json.loads(r[4]).items()}, int(r[5]), str(r[6]),
        int(r[7]), int(r[8]), float(r[9]), float(r[10]),
        None if r[11] is None else int(r[11]), tuple(seats),
        json.loads(r[12]), None if r[13] is None else float(r[13]),
        None if r[14] is None else int(r[14]),
    )


class RowCache:
    """Games as last committed by this store, so a move reads no row it just wrote.

    Only rows read or written inside a transaction that then committed are kept, so the copy
    never holds what a rolled-back transaction saw; and it is emptied whenever another
    connection has committed (SQLite's data_version), so another process's writes are seen.
    """

    def __init__(self) -> None:
        self._rows: dict[int, GameRow] = {}
        self._open_at: dict[int, int] = {}  # channel -> pk of the open game seen there
        self._pending: dict[int, GameRow] = {}
        self._data_version: int | None = None

    def check(self, data_version: int) -> None:
        """Empty the copy if another connection committed since the last check."""
        if data_version != self._data_version:
            self._rows.clear()
            self._open_at.clear()
            self._data_version = data_version

    @property
    def data_version(self) -> int | None:
        """SQLite's data_version when the copy was last checked (None: never)."""
        return self._data_version

    def get(self, game_pk: int) -> GameRow | None:
        """The committed row of a game, if kept."""
        return self._rows.get(game_pk)

    def open_in(self, channel_id: int) -> GameRow | None:
        """The kept open game of a channel, if any is known."""
        row = self._rows.get(self._open_at.get(channel_id, -1))
        if row is None or row.channel_id != channel_id or row.status not in OPEN_STATUSES:
            return None
        return row

    def saw(self, row: GameRow) -> None:
        """A row read or written in the running transaction."""
        self._pending[row.id] = row

    def committed(self) -> None:
        """The running transaction committed: what it saw is now true."""
        for row in self._pending.values():
            self._rows[row.id] = row
            if row.status in OPEN_STATUSES:
                self._open_at[row.channel_id] = row.id
        self._pending.clear()

    def rolled_back(self) -> None:
        """The running transaction failed: forget every game it touched."""
        for game_pk in self._pending:
            self._rows.pop(game_pk, None)
        self._pending.clear()

    def forget(self, game_pk: int) -> None:
        """A write changed this game without reading it back."""
        self._rows.pop(game_pk, None)
        self._pending.pop(game_pk, None)


def _lean_update(conn: sqlite3.Connection, kept: GameRow, expected_version: int, now: float,
                 append: Append) -> GameRow | None:
    """Compare-and-set a kept row: nothing read back, the new row worked out here (or None)."""
    version = expected_version + len(append.actions)
    waiting = now if append.restart_wait or kept.waiting_since is None else kept.waiting_since
    status = append.status or kept.status
    # The status (and its indexes) is written only when it changes: when the game ends.
    cur = conn.execute(
        "UPDATE games SET version = ?, updated_at = ?, waiting_since = ?"
        + (", status = ?" if append.status else "")
        + " WHERE id = ? AND version = ? AND status = 'active'",
        (version, now, waiting, *((status,) if append.status else ()), kept.id,
         expected_version))
    if cur.rowcount != 1:
        return None
    seats = kept.seats
    if append.reserve is not None:
        seat, left = append.reserve
        seats = tuple(replace(s, reserve=left) if s.seat == seat else s for s in seats)
    return replace(kept, version=version, updated_at=now, waiting_since=waiting, status=status,
                   seats=seats)


def _full_update(conn: sqlite3.Connection, game_pk: int, expected_version: int, now: float,
                 append: Append) -> GameRow | None:
    """Compare-and-set a row read elsewhere: the new row and its seats read back (or None)."""
    row = conn.execute(  # compare-and-set: the version guard for PostgreSQL too
        "UPDATE games SET version = ?, updated_at = ?, "
        "waiting_since = CASE WHEN ? OR waiting_since IS NULL THEN ? "
        "ELSE waiting_since END, status = COALESCE(?, status) "
        f"WHERE id = ? AND version = ? AND status = 'active' RETURNING {GAME_COLUMNS}",
        (expected_version + len(append.actions), now, append.restart_wait, now, append.status,
         game_pk, expected_version),
    ).fetchone()
    if row is None:
        return None
    if append.reserve is not None:  # the mover's clock stops, in the same transaction
        conn.execute("UPDATE seats SET reserve = ? WHERE game_pk = ? AND seat = ?",
                     (append.reserve[1], game_pk, append.reserve[0]))
    seats = [seat_row(s) for s in conn.execute(
        f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_pk = ? ORDER BY seat", (game_pk,))]
    return game_row(row, seats)


def append_rows(conn: sqlite3.Connection, intact: Callable[[], bool], game_pk: int,
                expected_version: int, now: float, compute: Callable[[], Append],
                kept: tuple[GameRow, int] | None) -> tuple[GameRow, Append]:
    """A move's whole trip on the database thread: compute it, then compare-and-set, rows, commit.

    `kept` is the caller's row as this store kept it, with SQLite's data_version then: if
    nobody else wrote since, nothing needs reading back. `intact` says the database file is
    still the one opened (SQLite would go on writing into a deleted file).
    """
    if kept is not None:
        seen = conn.execute("PRAGMA data_version").fetchone()[0]
        if seen != kept[1]:  # the kept row may be another connection's past
            raise RowsChanged(f"another connection wrote (data_version {seen})", seen)
    append = compute()  # the rules, when a move: a refusal leaves before any transaction
    if append.status is not None and append.status not in STATUSES:
        raise ValueError(f"unknown game status {append.status!r}")
    conn.execute("BEGIN IMMEDIATE")
    try:
        game = (_full_update(conn, game_pk, expected_version, now, append) if kept is None
                else _lean_update(conn, kept[0], expected_version, now, append))
        if game is None:
            found = conn.execute("SELECT status, version FROM games WHERE id = ?",
                                 (game_pk,)).fetchone()
            if found is None:
                raise NotFound(f"no game with id {game_pk}")
            raise StaleVersion(f"game {game_pk} is {found[0]} at version {found[1]}, "
                               f"expected active at version {expected_version}")
        rows = [(game_pk, expected_version + i, seat, user_id, text, now)
                for i, (seat, user_id, text) in enumerate(append.actions, start=1)]
        try:
            for row in rows:  # mostly one: a plain execute costs less than executemany
                conn.execute("INSERT INTO actions (game_pk, seq, seat, user_id, text, "
                             "created_at) VALUES (?, ?, ?, ?, ?, ?)", row)
        except sqlite3.IntegrityError as exc:
            raise StaleVersion(f"game {game_pk} moved past {expected_version}") from exc
        if append.snapshot is not None:
            conn.execute(
                "INSERT INTO snapshots (game_pk, version, text, created_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (game_pk) DO UPDATE SET "
                "version = excluded.version, text = excluded.text, "
                "created_at = excluded.created_at",
                (game_pk, game.version, append.snapshot, now))
        if kept is not None and append.reserve is not None:
            conn.execute("UPDATE seats SET reserve = ? WHERE game_pk = ? AND seat = ?",
                         (append.reserve[1], game_pk, append.reserve[0]))
        if not intact():
            log.error("database file was removed or replaced; refusing writes")
            metrics.storage_error("sqlite")
            raise StorageFailure(GONE)
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    return game, append
