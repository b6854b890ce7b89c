"""`railyard selfplay <game> --levels`: computer levels against each other.

    level_tables("trains", games=20, seed=0) -> lines

Each pairing (strong against normal, normal against gentle) plays `games` tables of the game's
smallest size: one seat at the first level, the others at the second, the lone seat moving round
the table from game to game (two players: seats swapped every other game). It counts the lone
seat's wins (a shared win counts its share) with a 95% Wilson interval, against the fair share
of a table of equals, and the mean thinking time per decision of each level.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import rules
from rules.core.computer import MAX_DECISIONS
from rules.core.levels import hooks, level_action

PAIRINGS = (("strong", "normal"), ("normal", "gentle"))
Z95 = 1.96


@dataclass
class Pairing:
    """What one level against another gave."""

    first: str
    second: str
    players: int
    wins: float = 0.0  # the lone first-level seat's wins, ties shared
    games: int = 0
    thinking: dict[str, list[float]] = field(default_factory=dict)  # wall seconds a decision
    cpu: dict[str, list[float]] = field(default_factory=dict)  # this process's CPU seconds

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the first level's win rate."""
        n, p = self.games, self.wins / max(self.games, 1)
        if not n:
            return 0.0, 1.0
        centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def seconds(self, level: str) -> float:
        """Mean seconds per decision with a choice at `level`."""
        spent = self.thinking.get(level) or [0.0]
        return sum(spent) / len(spent)

    def most(self, level: str) -> tuple[float, float]:
        """The longest decision at `level`: wall seconds, and CPU seconds of this process (what
        it takes on a core of its own, whatever else the machine runs)."""
        return max(self.thinking.get(level) or [0.0]), max(self.cpu.get(level) or [0.0])


def play_pairing(game_id: str, first: str, second: str, games: int, seed: int = 0) -> Pairing:
    """`games` tables of one `first`-level seat against `second`-level seats."""
    players = max(2, rules.game_info(game_id).min_players)
    result = Pairing(first, second, players)
    for k in range(games):
        lone = k % players
        levels = [second] * players
        levels[lone] = first
        match = rules.new_match(game_id, [f"p{i}" for i in range(players)], seed + k // players,
                                {})
        for _ in range(MAX_DECISIONS):
            if match.over:
                break
            seat = match.to_act()[0]
            choices = len(match.legal(seat))
            start, used = time.perf_counter(), time.process_time()
            action = level_action(match, seat, levels[seat])
            if choices > 1:
                result.thinking.setdefault(levels[seat], []).append(time.perf_counter() - start)
                result.cpu.setdefault(levels[seat], []).append(time.process_time() - used)
            match.act(seat, action)
        winners = match.winners()
        if lone in winners:
            result.wins += 1 / len(winners)
        result.games += 1
    return result


def level_tables(game_id: str, games: int, seed: int = 0) -> list[str]:
    """Lines: one row per pairing, as a Markdown table."""
    info = rules.game_info(game_id)
    probe = rules.new_match(game_id, [f"p{i}" for i in range(max(2, info.min_players))], seed, {})
    if hooks(probe) is None:
        return [f"{info.title}: one computer level (its computer has no gentle or strong play)."]
    lines = [f"{info.title}: {games} games per pairing, seeds {seed}-"
             f"{seed + (games - 1) // len(probe.players)}, each seed with every seat in turn",
             "| pairing | table | wins of the first | 95% interval | fair share | "
             "seconds a decision: mean first / second; max wall / CPU |",
             "| --- | --- | --- | --- | --- | --- |"]
    for first, second in PAIRINGS:
        start = time.perf_counter()
        p = play_pairing(game_id, first, second, games, seed)
        low, high = p.interval()
        lines.append(
            f"| {first} vs {second} | 1 {first}, {p.players - 1} {second} | {p.wins:g} of "
            f"{p.games} ({100 * p.wins / p.games:.0f}%) | {100 * low:.0f}-{100 * high:.0f}% | "
            f"{100 / p.players:.0f}% | {p.seconds(first):.3f} / {p.seconds(second):.3f}; "
            f"{max(p.most(first)[0], p.most(second)[0]):.2f} / "
            f"{max(p.most(first)[1], p.most(second)[1]):.2f} |")
        lines.append(f"<!-- {first} vs {second}: {time.perf_counter() - start:.0f} s -->")
    return lines
