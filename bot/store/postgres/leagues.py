"""PostgreSQL storage of season leagues: settings, members, each round's tables (issue 29)."""

from __future__ import annotations

import json
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import asyncpg

from bot.store.leagues import (
    LEAGUE_COLUMNS,
    LeagueClosed,
    LeagueRow,
    LeagueTableRow,
    MemberRow,
    league_row,
)
from bot.store.postgres.rows import changed
from bot.store.records import ChannelBusy, NotFound


class _Base(Protocol):
    def _tx(self, *, write: bool = True) -> AbstractAsyncContextManager[Any]: ...


async def _league(conn: Any, league_id: int, *, lock: bool = False) -> LeagueRow:
    row = await conn.fetchrow(f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE id = $1"
                              + (" FOR UPDATE" if lock else ""), league_id)
    if row is None:
        raise NotFound(f"no league {league_id}")
    return league_row(row)


class LeaguesMixin:
    """Methods of PostgresStore for season leagues."""

    async def create_league(self: _Base, *, guild_id: int | None, channel_id: int, game_id: str,
                            options: dict[str, str], rounds: int, table_size: int,
                            days_per_round: float, seed: int, creator_id: int,
                            now: float) -> LeagueRow:
        """Open a league in a channel (taking members); ChannelBusy if one is open there."""
        async with self._tx() as conn:
            try:
                row = await conn.fetchrow(
                    "INSERT INTO leagues (guild_id, channel_id, game_id, options, rounds, "
                    "table_size, days_per_round, seed, status, round, creator_id, created_at) "
                    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open', 0, $9, $10) "
                    f"RETURNING {LEAGUE_COLUMNS}",
                    guild_id, channel_id, game_id, json.dumps(options, sort_keys=True), rounds,
                    table_size, days_per_round, seed, creator_id, now)
            except asyncpg.UniqueViolationError as exc:
                raise ChannelBusy(f"channel {channel_id} already has a league") from exc
        return league_row(row)

    async def league_here(self: _Base, channel_id: int) -> LeagueRow | None:
        """The channel's open or running league."""
        async with self._tx(write=False) as conn:
            row = await conn.fetchrow(
                f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE channel_id = $1 AND "
                "status IN ('open', 'running')", channel_id)
        return None if row is None else league_row(row)

    async def get_league(self: _Base, league_id: int) -> LeagueRow:
        """One league by id; NotFound if none."""
        async with self._tx(write=False) as conn:
            return await _league(conn, league_id)

    async def running_leagues(self: _Base) -> list[LeagueRow]:
        """Every league under way (the scheduler looks at their rounds)."""
        async with self._tx(write=False) as conn:
            rows = await conn.fetch(
                f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE status = 'running' ORDER BY id")
        return [league_row(r) for r in rows]

    async def join_league(self: _Base, league_id: int, user_id: int, name: str,
                          now: float) -> bool:
        """Add a member while the league is open; False if already a member."""
        async with self._tx() as conn:
            if (await _league(conn, league_id, lock=True)).status != "open":
                raise LeagueClosed(f"league {league_id} has started")
            done = await conn.execute(
                "INSERT INTO league_members (league_id, user_id, name, joined_at) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING", league_id, user_id, name, now)
            return changed(done) == 1

    async def leave_league(self: _Base, league_id: int, user_id: int, now: float) -> bool:
        """A member leaves (before the start: gone; after: their seats go to the computer);
        False if they were not a member."""
        async with self._tx() as conn:
            if (await _league(conn, league_id, lock=True)).status == "open":
                done = await conn.execute(
                    "DELETE FROM league_members WHERE league_id = $1 AND user_id = $2",
                    league_id, user_id)
            else:
                done = await conn.execute(
                    "UPDATE league_members SET left_at = $1 WHERE league_id = $2 AND "
                    "user_id = $3 AND left_at IS NULL", now, league_id, user_id)
            return changed(done) == 1

    async def league_members(self: _Base, league_id: int) -> list[MemberRow]:
        """The members, in the order they joined."""
        async with self._tx(write=False) as conn:
            rows = await conn.fetch(
                "SELECT user_id, name, joined_at, left_at FROM league_members WHERE "
                "league_id = $1 ORDER BY joined_at, user_id", league_id)
        return [MemberRow(int(r[0]), str(r[1]), float(r[2]),
                          None if r[3] is None else float(r[3])) for r in rows]

    async def claim_round(self: _Base, league_id: int, expected_round: int, plan: Any,
                          now: float) -> bool:
        """Move the league to the next round if it is still at `expected_round`, keeping that
        round's seating `plan` (JSON); True for the one process that did (it opens the
        round's tables)."""
        async with self._tx() as conn:
            done = await conn.execute(
                "UPDATE leagues SET round = round + 1, status = 'running' WHERE id = $1 AND "
                "round = $2 AND round < rounds AND status IN ('open', 'running')",
                league_id, expected_round)
            if changed(done) != 1:
                return False
            await conn.execute(
                "INSERT INTO league_rounds (league_id, round, plan, started_at) "
                "VALUES ($1, $2, $3, $4)", league_id, expected_round + 1, json.dumps(plan), now)
            return True

    async def round_plan(self: _Base, league_id: int, round_no: int) -> tuple[Any, float]:
        """A claimed round's seating plan and when it started; NotFound if not claimed."""
        async with self._tx(write=False) as conn:
            row = await conn.fetchrow(
                "SELECT plan, started_at FROM league_rounds WHERE league_id = $1 AND "
                "round = $2", league_id, round_no)
        if row is None:
            raise NotFound(f"league {league_id} has no round {round_no}")
        return json.loads(row[0]), float(row[1])

    async def add_league_table(self: _Base, league_id: int, round_no: int, table_no: int,
                               game_pk: int) -> bool:
        """Keep a round's table with its game; False if that table was already kept."""
        async with self._tx() as conn:
            done = await conn.execute(
                "INSERT INTO league_tables (league_id, round, table_no, game_pk) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                league_id, round_no, table_no, game_pk)
            return changed(done) == 1

    async def league_tables(self: _Base, league_id: int) -> list[LeagueTableRow]:
        """Every table of every round so far."""
        async with self._tx(write=False) as conn:
            rows = await conn.fetch(
                "SELECT round, table_no, game_pk FROM league_tables WHERE league_id = $1 "
                "ORDER BY round, table_no", league_id)
        return [LeagueTableRow(int(r[0]), int(r[1]), int(r[2])) for r in rows]

    async def finish_league(self: _Base, league_id: int) -> bool:
        """End a running league after its last round; False if it had ended already."""
        async with self._tx() as conn:
            done = await conn.execute(
                "UPDATE leagues SET status = 'finished' WHERE id = $1 AND status <> 'finished'",
                league_id)
            return changed(done) == 1
