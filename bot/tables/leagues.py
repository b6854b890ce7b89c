"""Season leagues: who sits at which table each round, and the standings (issue 29).

A league plays a fixed number of rounds of one game. Each round, its members are seated at
tables of `table_size` (as even as the count allows; seats a table cannot fill go to computers,
so every table has at least the game's minimum of players). The first round is drawn; later
rounds are Swiss: members ordered by their standing sit with their neighbours, and a member
never meets the same rival twice in a row of rounds when a swap with the next table avoids it.
Each finished table gives each member a point per rival finishing behind them (half for a tie),
so tables of different sizes weigh alike per rival; standings order by points, then wins,
then games played (fewer first: a bye is not a loss).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True)
class TableResult:
    """One finished league table: each member's rank there (1 best; computers left out)."""

    round: int
    ranks: dict[int, int]  # user id -> rank at the table


@dataclass(frozen=True)
class Standing:
    """One member's line in the league's standings."""

    user_id: int
    points: float
    wins: int
    played: int


def table_sizes(members: int, size: int, least: int) -> list[tuple[int, int]]:
    """(members, computers) per table: as many tables as `size` needs, members spread evenly,
    computers filling any table below the game's `least` players."""
    if members <= 0:
        return []
    tables = -(-members // size)
    base, extra = divmod(members, tables)
    sizes = [base + 1] * extra + [base] * (tables - extra)
    return [(n, max(0, least - n)) for n in sizes]


def points(ranks: dict[int, int]) -> dict[int, float]:
    """A point per rival behind, half a point per rival tied."""
    return {u: sum(1.0 if r < other else 0.5 if r == other else 0.0
                   for v, other in ranks.items() if v != u)
            for u, r in ranks.items()}


def standings(members: Iterable[int], results: Iterable[TableResult]) -> list[Standing]:
    """Every member's standing, best first (members who have not played yet included)."""
    got = {u: [0.0, 0, 0] for u in members}
    for result in results:
        for user, p in points(result.ranks).items():
            line = got.setdefault(user, [0.0, 0, 0])
            line[0] += p
            line[1] += int(result.ranks[user] == 1)
            line[2] += 1
    lines = [Standing(u, float(p), int(w), int(n)) for u, (p, w, n) in got.items()]
    return sorted(lines, key=lambda s: (-s.points, -s.wins, s.played, s.user_id))


def _met(results: Iterable[TableResult], last_round: int) -> set[frozenset[int]]:
    """Pairs of members who sat together in `last_round`."""
    return {frozenset(pair) for r in results if r.round == last_round
            for pair in combinations(r.ranks, 2)}


def seat_round(members: Sequence[int], results: Sequence[TableResult], round_no: int,
               size: int, least: int, seed: int) -> list[tuple[list[int], int]]:
    """The tables of round `round_no` (1-based): (member user ids, computers) per table."""
    rng = random.Random(seed * 1000 + round_no)
    if round_no == 1:
        order = list(members)
        rng.shuffle(order)
    else:
        ahead = {s.user_id: i for i, s in enumerate(standings(members, results))}
        jitter = {u: rng.random() for u in members}
        order = sorted(members, key=lambda u: (ahead[u], jitter[u]))
    sizes = table_sizes(len(order), size, least)
    tables, start = [], 0
    for n, _ in sizes:
        tables.append(order[start:start + n])
        start += n
    _avoid_rematches(tables, _met(results, round_no - 1))
    return [(t, computers) for t, (_, computers) in zip(tables, sizes, strict=True)]


def _clashes(table: list[int], met: set[frozenset[int]]) -> int:
    return sum(frozenset(p) in met for p in combinations(table, 2))


def _avoid_rematches(tables: list[list[int]], met: set[frozenset[int]]) -> None:
    """Swap members between neighbouring tables while that seats fewer rivals who just met
    (each swap kept lowers the count, so this ends)."""
    for here, there in zip(tables, tables[1:], strict=False):
        better = True
        while better and _clashes(here, met):
            better = False
            for a in range(len(here)):
                for b in range(len(there)):
                    before = _clashes(here, met) + _clashes(there, met)
                    here[a], there[b] = there[b], here[a]
                    if _clashes(here, met) + _clashes(there, met) < before:
                        better = True
                    else:
                        here[a], there[b] = there[b], here[a]  # no better: undo
