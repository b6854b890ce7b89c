"""Self-play for every game: computer tables (wins by seat, scores, length, thinking time) and
the computer against random players.

    computer_tables("spike", games=20, players=3, options={}, seed=0) -> lines
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import rules
from rules.core.computer import MAX_DECISIONS, computer_action, play_table
from rules.core.text import plural


@dataclass
class Table:
    """What a run of computer-only games gave."""

    players: int
    wins: list[float] = field(default_factory=list)  # per seat: games won (ties shared)
    scores: list[list[float]] = field(default_factory=list)  # per seat: its score each game
    spreads: list[float] = field(default_factory=list)  # winner's score minus the last one's
    decisions: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    thinking: list[float] = field(default_factory=list)  # seconds per decision with a choice

    def __post_init__(self) -> None:
        self.wins = [0.0] * self.players
        self.scores = [[] for _ in range(self.players)]


def _round(view: dict[str, Any]) -> int:
    """The round or turn the game ended in, as its public view says (0 when it says none)."""
    for key in ("round", "turn"):
        value = view.get(key)
        if isinstance(value, int):
            return value
    return 0


def _play_computers(game_id: str, players: int, options: dict[str, str], seed: int,
                    table: Table) -> None:
    """One computer-only game, timed decision by decision."""
    match = rules.new_match(game_id, players, seed, options)
    decisions = 0
    while not match.over:
        seat = match.to_act()[0]
        choices = len(match.legal(seat))
        start = time.perf_counter()
        action = computer_action(match, seat)
        if choices > 1:
            table.thinking.append(time.perf_counter() - start)
        match.act(seat, action)
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"{game_id} seed {seed}: no end after {decisions} decisions")
    winners = match.winners()
    for seat in winners:
        table.wins[seat] += 1 / len(winners)
    scores = match.scores()
    for seat, score in enumerate(scores):
        table.scores[seat].append(score)
    table.spreads.append(max(scores) - min(scores))
    table.decisions.append(decisions)
    table.rounds.append(_round(match.view(None)))


def computer_tables(game_id: str, games: int, players: int, options: dict[str, str],
                    seed: int = 0) -> list[str]:
    """Lines: a computer-only table's results by seat, then one computer against random seats."""
    title = rules.game_info(game_id).title
    table = Table(players)
    for k in range(games):
        _play_computers(game_id, players, options, seed + k, table)
    lines = [f"{title}: {games} games, {players} computer players (seeds {seed}-"
             f"{seed + games - 1})",
             "| seat | won | mean score |", "|------|-----|------------|"]
    for s in range(players):
        lines.append(f"| {s + 1:>4} | {table.wins[s]:>4.1f} | "
                     f"{statistics.mean(table.scores[s]):>10.1f} |")
    think = table.thinking or [0.0]
    lines += [f"Score spread (first minus last): mean {statistics.mean(table.spreads):.1f}, "
              f"max {max(table.spreads):g}.",
              f"Length: {statistics.mean(table.decisions):.0f} decisions a game"
              + (f", ending in round {statistics.mean(table.rounds):.1f}"
                 if any(table.rounds) else "") + ".",
              f"Thinking: {1000 * statistics.mean(think):.1f} ms a decision on average, "
              f"{1000 * max(think):.0f} ms at most."]
    if players >= 2:
        lines.append(against_random(game_id, games, players, options, seed))
    return lines


def against_random(game_id: str, games: int, players: int, options: dict[str, str],
                   seed: int = 0) -> str:
    """One computer seat (taking each seat in turn) against random players: how often it wins."""
    first = 0
    for k in range(games):
        seat = k % players
        kinds = ["random"] * players
        kinds[seat] = "computer"
        match = rules.new_match(game_id, players, seed + k, options)
        play_table(match, kinds, seed + k)
        first += seat in match.winners()
    return (f"One computer against {plural(players - 1, 'random player')}: first (or tied "
            f"first) in {first} of {games} games "
            f"({100 * first / games:.0f}%).")
