"""What a server's community keeps of its finished games: each game's result, and per player and
game the record (played, won, best score) and rating, with the rating's history (issue 29).

The store keeps these rows and writes them in one transaction with the result they come from,
so a game counts exactly once whatever process finishes it; the arithmetic of ratings is the
table logic's (`bot/tables/ratings.py`), handed in as a `Rater`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

EVERYWHERE = 0  # the scope of what counts across servers; a server's scope is its guild id


@dataclass(frozen=True)
class ResultRow:
    """A finished game's result: who played (player keys, seat order) and how it went."""

    game_pk: int
    guild_id: int | None
    game_id: str
    finished_at: float
    players: tuple[str, ...]
    outcome: dict[str, Any]  # JSON: scores, winners, resigned seats, difficulty, …

    def scopes(self) -> tuple[int, ...]:
        """Where it counts: everywhere, and on its own server."""
        return (EVERYWHERE,) if self.guild_id is None else (EVERYWHERE, self.guild_id)

    @property
    def difficulty(self) -> str:
        """The cooperative game's set-up ("" for a rated game): records are kept per set-up."""
        return str(self.outcome.get("difficulty", ""))


@dataclass(frozen=True)
class PlayerGameRow:
    """One player's record at one game in one scope (and, cooperative, one difficulty)."""

    scope: int
    game_id: str
    player: str
    difficulty: str = ""  # "" for a rated game; the set-up's name for a cooperative one
    games: int = 0
    won: int = 0
    best: float | None = None
    mu: float | None = None  # rating (None: not rated, the cooperative game)
    sigma: float | None = None
    shown: int | None = None  # the rating people see, kept for ordering leaderboards
    last_at: float = 0.0


# (result, scope, the players' rows there, of the result's difficulty, by player) -> rows after
Rater = Callable[[ResultRow, int, dict[str, PlayerGameRow]], list[PlayerGameRow]]


@dataclass(frozen=True)
class HistoryPoint:
    """A player's shown rating after one game."""

    game_pk: int
    at: float
    shown: int


PLAYER_GAME_COLUMNS = ("scope, game_id, player, difficulty, games, won, best, mu, sigma, shown, "
                       "last_at")


def player_game(row: Any) -> PlayerGameRow:
    """A row read back (by column order of PLAYER_GAME_COLUMNS)."""
    return PlayerGameRow(int(row[0]), str(row[1]), str(row[2]), str(row[3]), int(row[4]),
                         int(row[5]), None if row[6] is None else float(row[6]),
                         None if row[7] is None else float(row[7]),
                         None if row[8] is None else float(row[8]),
                         None if row[9] is None else int(row[9]), float(row[10]))


def values(row: PlayerGameRow) -> tuple[Any, ...]:
    """A row's values in the order of PLAYER_GAME_COLUMNS."""
    return (row.scope, row.game_id, row.player, row.difficulty, row.games, row.won, row.best,
            row.mu, row.sigma, row.shown, row.last_at)


def replay_results(results: list[ResultRow], rate: Rater
                   ) -> tuple[list[PlayerGameRow], list[tuple[Any, ...]]]:
    """Every record and the rating history from the results in order, in memory (a rebuild
    writes them at once): the rows, and the history rows (scope, game, player, game_pk, at,
    shown)."""
    rows: dict[tuple[int, str, str, str], PlayerGameRow] = {}
    history: list[tuple[Any, ...]] = []
    for result in results:
        for scope in result.scopes():
            keys = {p: (scope, result.game_id, result.difficulty, p) for p in result.players}
            current = {p: rows[k] for p, k in keys.items() if k in rows}
            for new in rate(result, scope, current):
                rows[keys[new.player]] = new
                if new.shown is not None:
                    history.append((scope, new.game_id, new.player, result.game_pk,
                                    new.last_at, new.shown))
    return list(rows.values()), history
