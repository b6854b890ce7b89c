"""PostgreSQL storage of finished games' results, players' records and ratings (issue 29)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from bot.store.community import (
    PLAYER_GAME_COLUMNS,
    HistoryPoint,
    PlayerGameRow,
    Rater,
    ResultRow,
    player_game,
    replay_results,
    values,
)

_RESULT_COLUMNS = "game_pk, guild_id, game_id, finished_at, players, outcome"
_UPSERT = (f"INSERT INTO player_games ({PLAYER_GAME_COLUMNS}) VALUES "
           f"({', '.join(f'${i}' for i in range(1, 12))}) "
           "ON CONFLICT (scope, game_id, player, difficulty) DO UPDATE "
           "SET games = excluded.games, won = excluded.won, best = excluded.best, "
           "mu = excluded.mu, sigma = excluded.sigma, shown = excluded.shown, "
           "last_at = excluded.last_at")
_COLUMNS = PLAYER_GAME_COLUMNS.split(", ")


class _Base(Protocol):
    def _tx(self, *, write: bool = True) -> AbstractAsyncContextManager[Any]: ...


def _result(row: Any) -> ResultRow:
    return ResultRow(int(row[0]), None if row[1] is None else int(row[1]), str(row[2]),
                     float(row[3]), tuple(json.loads(row[4])), dict(json.loads(row[5])))


def _row(record: Any) -> PlayerGameRow:
    return player_game([record[c] for c in _COLUMNS])


async def _apply(conn: Any, result: ResultRow, rate: Rater) -> None:
    """Rate one result in every scope it counts in: rows and history written.

    Each scope's game is rated by one transaction at a time (an advisory lock held to the
    commit, taken in one order), so two games finishing together in two processes both count
    and neither overwrites the other's ratings."""
    for scope in sorted(result.scopes()):
        await conn.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))",
                           f"ratings:{scope}:{result.game_id}")
        rows = await conn.fetch(
            f"SELECT {PLAYER_GAME_COLUMNS} FROM player_games WHERE scope = $1 AND game_id = $2 "
            "AND difficulty = $3 AND player = ANY($4::text[])",
            scope, result.game_id, result.difficulty, list(result.players))
        current = {r.player: r for r in map(_row, rows)}
        for new in rate(result, scope, current):
            await conn.execute(_UPSERT, *values(new))
            if new.shown is not None:
                await conn.execute(
                    "INSERT INTO rating_history (scope, game_id, player, game_pk, at, shown) "
                    "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                    scope, new.game_id, new.player, result.game_pk, new.last_at, new.shown)


class CommunityMixin:
    """Methods of PostgresStore for results, records, ratings and leaderboards."""

    async def record_result(self: _Base, result: ResultRow, rate: Rater) -> bool:
        """Keep a finished game's result and rate it, in one transaction; False (and nothing
        changed) if that game's result is already kept."""
        async with self._tx() as conn:
            done = await conn.execute(
                f"INSERT INTO results ({_RESULT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6) "
                "ON CONFLICT (game_pk) DO NOTHING",
                result.game_pk, result.guild_id, result.game_id, result.finished_at,
                json.dumps(list(result.players)), json.dumps(result.outcome, sort_keys=True))
            if done != "INSERT 0 1":
                return False
            await _apply(conn, result, rate)
            return True

    async def results(self: _Base) -> list[ResultRow]:
        """Every kept result, in the order the games finished."""
        async with self._tx(write=False) as conn:
            rows = await conn.fetch(
                f"SELECT {_RESULT_COLUMNS} FROM results ORDER BY finished_at, game_pk")
        return [_result(r) for r in rows]

    async def rebuild_ratings(self: _Base, rate: Rater) -> int:
        """Every record and rating again from the kept results, oldest first, in one
        transaction (readers see the old ratings until it commits); how many results."""
        async with self._tx() as conn:
            await conn.execute("LOCK TABLE results IN SHARE MODE")  # no result lands meanwhile
            results = [_result(r) for r in await conn.fetch(
                f"SELECT {_RESULT_COLUMNS} FROM results ORDER BY finished_at, game_pk")]
            rows, history = replay_results(results, rate)
            await conn.execute("DELETE FROM player_games")
            await conn.execute("DELETE FROM rating_history")
            await conn.executemany(_UPSERT, [values(r) for r in rows])
            await conn.executemany(
                "INSERT INTO rating_history (scope, game_id, player, game_pk, at, shown) "
                "VALUES ($1, $2, $3, $4, $5, $6)", history)
        return len(results)

    async def player_games(self: _Base, player: str, scope: int) -> list[PlayerGameRow]:
        """A player's records in a scope, every game and difficulty."""
        async with self._tx(write=False) as conn:
            rows = await conn.fetch(
                f"SELECT {PLAYER_GAME_COLUMNS} FROM player_games WHERE player = $1 AND "
                "scope = $2 ORDER BY game_id, difficulty", player, scope)
        return [_row(r) for r in rows]

    async def leaderboard(self: _Base, scope: int, game_id: str, limit: int,
                          among: Sequence[str] | None = None) -> list[PlayerGameRow]:
        """The best rated players of a game in a scope (only those `among`, if given)."""
        only = "" if among is None else " AND player = ANY($4::text[])"
        args: list[Any] = [scope, game_id, limit] + ([] if among is None else [list(among)])
        async with self._tx(write=False) as conn:
            rows = await conn.fetch(
                f"SELECT {PLAYER_GAME_COLUMNS} FROM player_games WHERE scope = $1 AND "
                f"game_id = $2 AND shown IS NOT NULL{only} "
                "ORDER BY shown DESC, games DESC, player LIMIT $3", *args)
        return [_row(r) for r in rows]

    async def rank_of(self: _Base, scope: int, game_id: str, player: str) -> int | None:
        """A player's place on a game's leaderboard in a scope (1: best), None if unrated."""
        async with self._tx(write=False) as conn:
            rank = await conn.fetchval(
                "SELECT 1 + (SELECT COUNT(*) FROM player_games o WHERE o.scope = p.scope AND "
                "o.game_id = p.game_id AND o.shown > p.shown) FROM player_games p WHERE "
                "p.scope = $1 AND p.game_id = $2 AND p.player = $3 AND p.shown IS NOT NULL",
                scope, game_id, player)
        return None if rank is None else int(rank)

    async def rating_history(self: _Base, scope: int, game_id: str,
                             player: str) -> list[HistoryPoint]:
        """A player's shown rating after each rated game, oldest first."""
        async with self._tx(write=False) as conn:
            rows = await conn.fetch(
                "SELECT game_pk, at, shown FROM rating_history WHERE scope = $1 AND "
                "game_id = $2 AND player = $3 ORDER BY at, game_pk", scope, game_id, player)
        return [HistoryPoint(int(r[0]), float(r[1]), int(r[2])) for r in rows]

    async def unrecorded_finished(self: _Base, limit: int) -> list[int]:
        """Finished games whose result is not kept yet (a process stopped in between)."""
        async with self._tx(write=False) as conn:
            rows = await conn.fetch(
                "SELECT g.id FROM games g LEFT JOIN results r ON r.game_pk = g.id "
                "WHERE g.status = 'finished' AND r.game_pk IS NULL ORDER BY g.id LIMIT $1",
                limit)
        return [int(r[0]) for r in rows]

    async def rated_count(self: _Base, scope: int, game_id: str) -> int:
        """How many players are rated at a game in a scope."""
        async with self._tx(write=False) as conn:
            return int(await conn.fetchval(
                "SELECT COUNT(*) FROM player_games WHERE scope = $1 AND game_id = $2 AND "
                "shown IS NOT NULL", scope, game_id))

    async def known_names(self: _Base, user_ids: Sequence[int]) -> dict[int, str]:
        """The name each person last sat at a table under (for boards of people not here)."""
        async with self._tx(write=False) as conn:
            rows = await conn.fetch(
                "SELECT user_id, name FROM seats WHERE user_id = ANY($1::bigint[]) "
                "ORDER BY game_pk", list(user_ids))
        return {int(r[0]): str(r[1]) for r in rows}
