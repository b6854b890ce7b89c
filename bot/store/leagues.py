"""A season league as stored: its settings, members and the tables of each round (issue 29).

A round is claimed by moving `round` on from the value a process read (one process wins), and
each of its tables is kept with the game it opened, once; so a restart or a second process
never opens a round twice, and finds the tables a stopped process had not opened yet.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

LEAGUE_STATUSES = ("open", "running", "finished")


class LeagueClosed(Exception):
    """The league no longer takes members (it started or ended)."""


@dataclass(frozen=True)
class LeagueRow:
    """One league and where it stands."""

    id: int
    guild_id: int | None
    channel_id: int
    game_id: str
    options: dict[str, str]
    rounds: int
    table_size: int
    days_per_round: float
    seed: int
    status: str
    round: int  # the round under way (0: not started)
    creator_id: int
    created_at: float


@dataclass(frozen=True)
class MemberRow:
    """A member of a league; `left_at` once they left (their seats go to the computer)."""

    user_id: int
    name: str
    joined_at: float
    left_at: float | None = None


@dataclass(frozen=True)
class LeagueTableRow:
    """One table of one round, and the game it is."""

    round: int
    table_no: int
    game_pk: int


LEAGUE_COLUMNS = ("id, guild_id, channel_id, game_id, options, rounds, table_size, "
                  "days_per_round, seed, status, round, creator_id, created_at")


def league_row(r: Any) -> LeagueRow:
    """A league read back (columns in LEAGUE_COLUMNS order)."""
    return LeagueRow(int(r[0]), None if r[1] is None else int(r[1]), int(r[2]), str(r[3]),
                     dict(json.loads(r[4])), int(r[5]), int(r[6]), float(r[7]), int(r[8]),
                     str(r[9]), int(r[10]), int(r[11]), float(r[12]))
