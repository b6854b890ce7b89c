"""SQLite storage of season leagues: settings, members, each round's tables (issue 29)."""

from __future__ import annotations

import json
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import aiosqlite

from bot.store.leagues import (
    LEAGUE_COLUMNS,
    LeagueClosed,
    LeagueRow,
    LeagueTableRow,
    MemberRow,
    league_row,
)
from bot.store.records import ChannelBusy, NotFound


class _Base(Protocol):
    def _tx(self, *, write: bool = True) -> AbstractAsyncContextManager[aiosqlite.Connection]: ...


async def _league(db: aiosqlite.Connection, league_id: int) -> LeagueRow:
    rows = list(await db.execute_fetchall(
        f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE id = ?", (league_id,)))
    if not rows:
        raise NotFound(f"no league {league_id}")
    return league_row(rows[0])


class LeaguesMixin:
    """Methods of SqliteStore for season leagues."""

    async def create_league(self: _Base, *, guild_id: int | None, channel_id: int, game_id: str,
                            options: dict[str, str], rounds: int, table_size: int,
                            days_per_round: float, seed: int, creator_id: int,
                            now: float) -> LeagueRow:
        """Open a league in a channel (taking members); ChannelBusy if one is open there."""
        async with self._tx() as db:
            try:
                rows = list(await db.execute_fetchall(
                    "INSERT INTO leagues (guild_id, channel_id, game_id, options, rounds, "
                    "table_size, days_per_round, seed, status, round, creator_id, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', 0, ?, ?) "
                    f"RETURNING {LEAGUE_COLUMNS}",
                    (guild_id, channel_id, game_id, json.dumps(options, sort_keys=True), rounds,
                     table_size, days_per_round, seed, creator_id, now)))
            except aiosqlite.IntegrityError as exc:
                raise ChannelBusy(f"channel {channel_id} already has a league") from exc
        return league_row(rows[0])

    async def league_here(self: _Base, channel_id: int) -> LeagueRow | None:
        """The channel's open or running league."""
        async with self._tx(write=False) as db:
            rows = list(await db.execute_fetchall(
                f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE channel_id = ? AND "
                "status IN ('open', 'running')", (channel_id,)))
        return league_row(rows[0]) if rows else None

    async def get_league(self: _Base, league_id: int) -> LeagueRow:
        """One league by id; NotFound if none."""
        async with self._tx(write=False) as db:
            return await _league(db, league_id)

    async def running_leagues(self: _Base) -> list[LeagueRow]:
        """Every league under way (the scheduler looks at their rounds)."""
        async with self._tx(write=False) as db:
            rows = await db.execute_fetchall(
                f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE status = 'running' ORDER BY id")
        return [league_row(r) for r in rows]

    async def join_league(self: _Base, league_id: int, user_id: int, name: str,
                          now: float) -> bool:
        """Add a member while the league is open; False if already a member."""
        async with self._tx() as db:
            if (await _league(db, league_id)).status != "open":
                raise LeagueClosed(f"league {league_id} has started")
            cur = await db.execute(
                "INSERT INTO league_members (league_id, user_id, name, joined_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING", (league_id, user_id, name, now))
            return cur.rowcount == 1

    async def leave_league(self: _Base, league_id: int, user_id: int, now: float) -> bool:
        """A member leaves (before the start: gone; after: their seats go to the computer);
        False if they were not a member."""
        async with self._tx() as db:
            if (await _league(db, league_id)).status == "open":
                cur = await db.execute(
                    "DELETE FROM league_members WHERE league_id = ? AND user_id = ?",
                    (league_id, user_id))
            else:
                cur = await db.execute(
                    "UPDATE league_members SET left_at = ? WHERE league_id = ? AND user_id = ? "
                    "AND left_at IS NULL", (now, league_id, user_id))
            return cur.rowcount == 1

    async def league_members(self: _Base, league_id: int) -> list[MemberRow]:
        """The members, in the order they joined."""
        async with self._tx(write=False) as db:
            rows = await db.execute_fetchall(
                "SELECT user_id, name, joined_at, left_at FROM league_members WHERE "
                "league_id = ? ORDER BY joined_at, user_id", (league_id,))
        return [MemberRow(int(r[0]), str(r[1]), float(r[2]),
                          None if r[3] is None else float(r[3])) for r in rows]

    async def claim_round(self: _Base, league_id: int, expected_round: int, plan: Any,
                          now: float) -> bool:
        """Move the league to the next round if it is still at `expected_round`, keeping that
        round's seating `plan` (JSON); True for the one process that did (it opens the
        round's tables)."""
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE leagues SET round = round + 1, status = 'running' WHERE id = ? AND "
                "round = ? AND round < rounds AND status IN ('open', 'running')",
                (league_id, expected_round))
            if cur.rowcount != 1:
                return False
            await db.execute(
                "INSERT INTO league_rounds (league_id, round, plan, started_at) "
                "VALUES (?, ?, ?, ?)", (league_id, expected_round + 1, json.dumps(plan), now))
            return True

    async def round_plan(self: _Base, league_id: int, round_no: int) -> tuple[Any, float]:
        """A claimed round's seating plan and when it started; NotFound if not claimed."""
        async with self._tx(write=False) as db:
            rows = list(await db.execute_fetchall(
                "SELECT plan, started_at FROM league_rounds WHERE league_id = ? AND round = ?",
                (league_id, round_no)))
        if not rows:
            raise NotFound(f"league {league_id} has no round {round_no}")
        return json.loads(rows[0][0]), float(rows[0][1])

    async def add_league_table(self: _Base, league_id: int, round_no: int, table_no: int,
                               game_pk: int) -> bool:
        """Keep a round's table with its game; False if that table was already kept."""
        async with self._tx() as db:
            cur = await db.execute(
                "INSERT INTO league_tables (league_id, round, table_no, game_pk) "
                "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (league_id, round_no, table_no, game_pk))
            return cur.rowcount == 1

    async def league_tables(self: _Base, league_id: int) -> list[LeagueTableRow]:
        """Every table of every round so far."""
        async with self._tx(write=False) as db:
            rows = await db.execute_fetchall(
                "SELECT round, table_no, game_pk FROM league_tables WHERE league_id = ? "
                "ORDER BY round, table_no", (league_id,))
        return [LeagueTableRow(int(r[0]), int(r[1]), int(r[2])) for r in rows]

    async def finish_league(self: _Base, league_id: int) -> bool:
        """End a running league after its last round; False if it had ended already."""
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE leagues SET status = 'finished' WHERE id = ? AND status <> 'finished'",
                (league_id,))
            return cur.rowcount == 1
