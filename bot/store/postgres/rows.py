"""Game rows as PostgreSQL returns them (asyncpg Records), read by column name."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.store.records import STATUSES, GameRow, RequestRow, SeatRow
from bot.store.sqlite.rows import GAME_COLUMNS, SEAT_COLUMNS

# The same columns as SQLite's, prefixed: games are read joined with their seats.
GAME_SELECT = ", ".join(f"g.{c}" for c in GAME_COLUMNS.split(", "))
SEAT_SELECT = ", ".join(f"s.{c} AS s_{c}" for c in SEAT_COLUMNS.split(", ")[1:])
REQUEST_COLUMNS = "id, game_pk, kind, version, payload, status, created_at"

# A move in one statement: compare-and-set on the version, the mover's clock, the log rows,
# and the game read back with its seats. The clock and the rows are written only when the
# compare-and-set matched (they read `g`); no row back means it did not.
MOVE = f"""
WITH g AS (
    UPDATE games SET version = $1, updated_at = $2,
        waiting_since = CASE WHEN $3::boolean OR waiting_since IS NULL THEN $2
                        ELSE waiting_since END,
        status = COALESCE($4::text, status)
    WHERE id = $5 AND version = $6 AND status = 'active'
    RETURNING {GAME_COLUMNS}
), r AS (
    UPDATE seats SET reserve = $7::double precision
    WHERE game_pk = $5 AND seat = $8::integer AND EXISTS (SELECT 1 FROM g)
    RETURNING seat, reserve
), a AS (
    INSERT INTO actions (game_pk, seq, seat, user_id, text, created_at)
    SELECT $5, $6 + t.n, t.seat, t.user_id, t.text, $2
    FROM g, unnest($9::integer[], $10::bigint[], $11::text[])
        WITH ORDINALITY AS t(seat, user_id, text, n)
    RETURNING seq
)
SELECT {GAME_SELECT}, s.seat AS s_seat, s.user_id AS s_user_id, s.name AS s_name,
    s.resigned AS s_resigned,
    CASE WHEN r.seat IS NULL THEN s.reserve ELSE r.reserve END AS s_reserve,
    (SELECT count(*) FROM a) AS added
FROM g LEFT JOIN seats s ON s.game_pk = g.id LEFT JOIN r ON r.seat = s.seat
ORDER BY s.seat
"""


def status_values(statuses: Sequence[str]) -> list[str]:
    """Validate statuses (ValueError for an unknown one) and return them as a query argument."""
    for status in statuses:
        if status not in STATUSES:
            raise ValueError(f"unknown game status {status!r}; expected one of {STATUSES}")
    return list(statuses)


def seat_row(s: Any, prefix: str = "") -> SeatRow:
    """A seat from a Record holding SEAT_COLUMNS (named with `prefix`)."""
    reserve = s[f"{prefix}reserve"]
    return SeatRow(int(s[f"{prefix}seat"]), int(s[f"{prefix}user_id"]), str(s[f"{prefix}name"]),
                   bool(s[f"{prefix}resigned"]), None if reserve is None else float(reserve))


def game_row(r: Any, seats: Sequence[SeatRow]) -> GameRow:
    """A game from a Record holding GAME_COLUMNS, and its seats."""
    return GameRow(
        int(r["id"]), None if r["guild_id"] is None else int(r["guild_id"]),
        int(r["channel_id"]), str(r["game_id"]),
        {str(k): str(v) for k, v in json.loads(r["options"]).items()}, int(r["seed"]),
        str(r["status"]), int(r["creator_id"]), int(r["version"]), float(r["created_at"]),
        float(r["updated_at"]),
        None if r["board_message_id"] is None else int(r["board_message_id"]), tuple(seats),
        json.loads(r["settings"]),
        None if r["waiting_since"] is None else float(r["waiting_since"]),
        None if r["rules_version"] is None else int(r["rules_version"]),
    )


def joined_games(rows: Sequence[Any]) -> list[GameRow]:
    """Games from rows of GAME_SELECT + SEAT_SELECT, ordered by game then seat (LEFT JOIN)."""
    seats: dict[int, list[SeatRow]] = {}
    firsts: list[Any] = []
    for r in rows:
        pk = int(r["id"])
        if pk not in seats:
            seats[pk] = []
            firsts.append(r)
        if r["s_seat"] is not None:  # a game with no seats yet joins one row of NULLs
            seats[pk].append(seat_row(r, "s_"))
    return [game_row(r, seats[int(r["id"])]) for r in firsts]


def request_row(r: Any) -> RequestRow:
    """A request from a Record holding REQUEST_COLUMNS."""
    return RequestRow(int(r["id"]), int(r["game_pk"]), str(r["kind"]), int(r["version"]),
                      json.loads(r["payload"]), str(r["status"]), float(r["created_at"]))


def changed(status: str) -> int:
    """How many rows a statement changed, from asyncpg's status text ("UPDATE 1", "INSERT 0 1")."""
    return int(status.rsplit(" ", 1)[-1])
