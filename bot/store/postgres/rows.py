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
