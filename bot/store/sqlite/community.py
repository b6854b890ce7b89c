"""SQLite storage of finished games' results, players' records and ratings (issue 29)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import aiosqlite

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
           f"({', '.join('?' * 11)}) ON CONFLICT (scope, game_id, player, difficulty) DO UPDATE "
           "SET games = excluded.games, won = excluded.won, best = excluded.best, "
           "mu = excluded.mu, sigma = excluded.sigma, shown = excluded.shown, "
           "last_at = excluded.last_at")


class _Base(Protocol):
    def _tx(self, *, write: bool = True) -> AbstractAsyncContextManager[aiosqlite.Connection]: ...


def _result(row: Sequence[Any]) -> ResultRow:
    return ResultRow(int(row[0]), None if row[1] is None else int(row[1]), str(row[2]),
                     float(row[3]), tuple(json.loads(row[4])), dict(json.loads(row[5])))


async def _apply(db: aiosqlite.Connection, result: ResultRow, rate: Rater) -> None:
    """Rate one result in every scope it counts in: rows and history written."""
    marks = ", ".join("?" * len(result.players))
    for scope in result.scopes():
        rows = await db.execute_fetchall(
            f"SELECT {PLAYER_GAME_COLUMNS} FROM player_games WHERE scope = ? AND game_id = ? "
            f"AND difficulty = ? AND player IN ({marks})",
            (scope, result.game_id, result.difficulty, *result.players))
        current = {r.player: r for r in map(player_game, rows)}
        for new in rate(result, scope, current):
            await db.execute(_UPSERT, values(new))
            if new.shown is not None:
                await db.execute(
                    "INSERT INTO rating_history (scope, game_id, player, game_pk, at, shown) "
                    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    (scope, new.game_id, new.player, result.game_pk, new.last_at, new.shown))


class CommunityMixin:
    """Methods of SqliteStore for results, records, ratings and leaderboards."""

    async def record_result(self: _Base, result: ResultRow, rate: Rater) -> bool:
        """Keep a finished game's result and rate it, in one transaction; False (and nothing
        changed) if that game's result is already kept."""
        async with self._tx() as db:
            cur = await db.execute(
                f"INSERT INTO results ({_RESULT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (game_pk) DO NOTHING",
                (result.game_pk, result.guild_id, result.game_id, result.finished_at,
                 json.dumps(list(result.players)), json.dumps(result.outcome, sort_keys=True)))
            if cur.rowcount != 1:
                return False
            await _apply(db, result, rate)
            return True

    async def results(self: _Base) -> list[ResultRow]:
        """Every kept result, in the order the games finished."""
        async with self._tx(write=False) as db:
            rows = await db.execute_fetchall(
                f"SELECT {_RESULT_COLUMNS} FROM results ORDER BY finished_at, game_pk")
        return [_result(r) for r in rows]

    async def rebuild_ratings(self: _Base, rate: Rater) -> int:
        """Every record and rating again from the kept results, oldest first, in one
        transaction (readers see the old ratings until it commits); how many results."""
        async with self._tx() as db:
            results = [_result(r) for r in await db.execute_fetchall(
                f"SELECT {_RESULT_COLUMNS} FROM results ORDER BY finished_at, game_pk")]
            rows, history = replay_results(results, rate)
            await db.execute("DELETE FROM player_games")
            await db.execute("DELETE FROM rating_history")
            await db.executemany(_UPSERT, [values(r) for r in rows])
            await db.executemany(
                "INSERT INTO rating_history (scope, game_id, player, game_pk, at, shown) "
                "VALUES (?, ?, ?, ?, ?, ?)", history)
        return len(results)

    async def player_games(self: _Base, player: str, scope: int) -> list[PlayerGameRow]:
        """A player's records in a scope, every game and difficulty."""
        async with self._tx(write=False) as db:
            rows = await db.execute_fetchall(
                f"SELECT {PLAYER_GAME_COLUMNS} FROM player_games WHERE player = ? AND scope = ? "
                "ORDER BY game_id, difficulty", (player, scope))
        return [player_game(r) for r in rows]

    async def leaderboard(self: _Base, scope: int, game_id: str, limit: int,
                          among: Sequence[str] | None = None) -> list[PlayerGameRow]:
        """The best rated players of a game in a scope (only those `among`, if given)."""
        only, args = "", [scope, game_id]
        if among is not None:
            only = f" AND player IN ({', '.join('?' * len(among))})" if among else " AND 0"
            args += list(among)
        async with self._tx(write=False) as db:
            rows = await db.execute_fetchall(
                f"SELECT {PLAYER_GAME_COLUMNS} FROM player_games WHERE scope = ? AND game_id = ? "
                f"AND shown IS NOT NULL{only} ORDER BY shown DESC, games DESC, player LIMIT ?",
                (*args, limit))
        return [player_game(r) for r in rows]

    async def rank_of(self: _Base, scope: int, game_id: str, player: str) -> int | None:
        """A player's place on a game's leaderboard in a scope (1: best), None if unrated."""
        async with self._tx(write=False) as db:
            rows = await db.execute_fetchall(
                "SELECT 1 + (SELECT COUNT(*) FROM player_games o WHERE o.scope = p.scope AND "
                "o.game_id = p.game_id AND o.shown > p.shown) FROM player_games p WHERE "
                "p.scope = ? AND p.game_id = ? AND p.player = ? AND p.shown IS NOT NULL",
                (scope, game_id, player))
        found = list(rows)
        return int(found[0][0]) if found else None

    async def rating_history(self: _Base, scope: int, game_id: str,
                             player: str) -> list[HistoryPoint]:
        """A player's shown rating after each rated game, oldest first."""
        async with self._tx(write=False) as db:
            rows = await db.execute_fetchall(
                "SELECT game_pk, at, shown FROM rating_history WHERE scope = ? AND game_id = ? "
                "AND player = ? ORDER BY at, game_pk", (scope, game_id, player))
        return [HistoryPoint(int(r[0]), float(r[1]), int(r[2])) for r in rows]

    async def unrecorded_finished(self: _Base, limit: int) -> list[int]:
        """Finished games whose result is not kept yet (a process stopped in between)."""
        async with self._tx(write=False) as db:
            rows = await db.execute_fetchall(
                "SELECT g.id FROM games g LEFT JOIN results r ON r.game_pk = g.id "
                "WHERE g.status = 'finished' AND r.game_pk IS NULL ORDER BY g.id LIMIT ?",
                (limit,))
        return [int(r[0]) for r in rows]

    async def rated_count(self: _Base, scope: int, game_id: str) -> int:
        """How many players are rated at a game in a scope."""
        async with self._tx(write=False) as db:
            rows = list(await db.execute_fetchall(
                "SELECT COUNT(*) FROM player_games WHERE scope = ? AND game_id = ? AND "
                "shown IS NOT NULL", (scope, game_id)))
        return int(rows[0][0])

    async def known_names(self: _Base, user_ids: Sequence[int]) -> dict[int, str]:
        """The name each person last sat at a table under (for boards of people not here)."""
        if not user_ids:
            return {}
        async with self._tx(write=False) as db:
            rows = await db.execute_fetchall(
                "SELECT user_id, name FROM seats WHERE user_id IN "
                f"({', '.join('?' * len(user_ids))}) ORDER BY game_pk", tuple(user_ids))
        return {int(r[0]): str(r[1]) for r in rows}
