"""`railyard selfplay <game> --seats N`: do the seats start equal? Wins by seat and a test.

    seat_table("spike", tables=1000, players=3, kind="random") -> SeatTable
    chi_square([30.0, 30.0, 40.0]) -> (2.0, 0.3679)

For each table size, N seeded tables (seeds 0..N-1) of random players (each picks any legal
action) or of computers; a tied win is shared among the tied seats. Wins are counted by seat
number and by place in the turn order (every game draws its first player at random, so a seat
number that wins more points at the engine, a place at the rules or the players). The
chi-square goodness of fit against equal chances says how likely a spread at least this uneven
would be if every seat had the same chance (the p-value). The "games" column counts tables that
played out differently: computers with no chance to follow (Steel Driver) replay few games.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

import rules
from rules.core.computer import MAX_DECISIONS, chooser, play_table
from rules.core.match import Match
from rules.core.rng import Rng

# random: any legal action; computer: the bot's computer player, as it plays on the server;
# varied: the same computer, its tie-breaks also following the table's seed (see `_varied`).
KINDS = {"random": "random players", "computer": "computer players",
         "varied": "computer players whose tie-breaks follow the table's seed"}


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square with `df` degrees of freedom (closed forms for whole df)."""
    if df < 1:
        raise ValueError("a chi-square needs 1 degree of freedom or more")
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:  # e^-h * sum of h^i / i! for i below df/2
        term = total = 1.0
        for i in range(1, df // 2):
            term *= half / i
            total += term
        return math.exp(-half) * total
    # odd: erfc(sqrt(h)) + sqrt(2x/pi) e^-h * sum of x^(i-1) / (1*3*...*(2i-1)), i = 1..(df-1)/2
    total, term = 0.0, 1.0
    for i in range(1, (df - 1) // 2 + 1):
        term = term * x / (2 * i - 1) if i > 1 else 1.0
        total += term
    return math.erfc(math.sqrt(half)) + math.sqrt(2 * x / math.pi) * math.exp(-half) * total


def chi_square(wins: Iterable[float]) -> tuple[float, float]:
    """(statistic, p-value) of wins by seat against every seat having the same chance."""
    counts = list(wins)
    total = sum(counts)
    if len(counts) < 2 or total <= 0:
        return 0.0, 1.0
    expected = total / len(counts)
    stat = sum((c - expected) ** 2 / expected for c in counts)
    return stat, chi_square_sf(stat, len(counts) - 1)


@dataclass
class SeatTable:
    """Wins by seat over a run of tables of one size."""

    game_id: str
    players: int
    kind: str
    tables: int = 0
    wins: list[float] = field(default_factory=list)  # per seat; a tie is shared
    # per place in the turn order: 0 the first player (drawn at random), 1 the next ...
    by_turn: list[float] = field(default_factory=list)
    games: set[int] = field(default_factory=set)  # hashes of the action logs: distinct games
    seconds: float = 0.0

    def __post_init__(self) -> None:
        self.wins = self.wins or [0.0] * self.players
        self.by_turn = self.by_turn or [0.0] * self.players

    def test(self, turn: bool = False) -> tuple[float, float]:
        """The chi-square statistic and p-value of the wins by seat (or by turn order)."""
        return chi_square(self.by_turn if turn else self.wins)

    def shares(self, turn: bool = False) -> list[float]:
        """Each seat's (or place's) share of the wins (0..1)."""
        counts = self.by_turn if turn else self.wins
        total = sum(counts) or 1.0
        return [w / total for w in counts]

    def row(self, seats: int, turn: bool = False) -> str:
        """One Markdown row: wins (and share) by seat or place, the test and its p-value."""
        stat, p = self.test(turn)
        shares = self.shares(turn)
        cells = [f"{_wins(w)} ({100 * s:.1f}%)"
                 for w, s in zip(self.by_turn if turn else self.wins, shares)]
        cells += ["-"] * (seats - self.players)
        gap = 100 * (max(shares) - min(shares))
        return (f"| {self.players} | {self.tables} | " + " | ".join(cells)
                + f" | {stat:.1f} | {self.players - 1} | {_p(p)} | {gap:.1f} | "
                f"{len(self.games)} | {self.seconds / max(self.tables, 1):.3f} |")


def _wins(wins: float) -> str:
    """Wins as counted, shared ties to one decimal: 352, 351.8."""
    return f"{wins:.1f}".removesuffix(".0")


def _p(p: float) -> str:
    """A p-value as people read it: three decimals, or its power of ten when tiny."""
    return f"{p:.3f}" if p >= 0.001 else f"{p:.1e}"


def first_player(match: Match) -> int:
    """The seat drawn to play first, as a new match holds it (Steel Driver: the active
    player of the first auction; every game draws it at random)."""
    state = match.state
    return int(state["first"] if "first" in state else state["active"])


def _varied(match: Match, seed: int) -> None:
    """Play to the end with the computer in every seat, its randomness keyed by the table's
    seed too: where a game has no chance but the first player (Steel Driver), the bot's own
    computers replay one game per first player, which says little about seats."""
    pick = chooser(match)
    for _ in range(MAX_DECISIONS):
        if match.over:
            return
        seat = match.to_act()[0]
        legal = match.legal(seat)
        action = legal[0]
        if len(legal) > 1:
            key = f"{seed}:{match.game_id}:{seat}:{len(match.log)}".encode()
            rng = Rng(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))
            picked = pick(match.view(seat), list(legal), rng)
            action = picked if picked in legal else legal[0]
        match.act(seat, action)
    raise RuntimeError(f"{match.game_id} seed {seed}: no end after {MAX_DECISIONS} decisions")


def seat_table(game_id: str, tables: int, players: int, kind: str = "random",
               options: dict[str, str] | None = None, seed: int = 0) -> SeatTable:
    """Play `tables` tables (seeds seed..seed+tables-1) with every seat of `kind`."""
    if kind not in KINDS:
        raise ValueError(f"kind is one of {', '.join(KINDS)}, not {kind!r}")
    result = SeatTable(game_id, players, kind)
    start = time.perf_counter()
    for k in range(seed, seed + tables):
        match = rules.new_match(game_id, players, k, dict(options or {}))
        first = first_player(match)
        if kind == "varied":
            _varied(match, k)
        else:
            play_table(match, [kind] * players, k)
        result.games.add(hash(tuple(match.log)))
        winners = match.winners()
        for s in winners:
            result.wins[s] += 1 / len(winners)
            result.by_turn[(s - first) % players] += 1 / len(winners)
        result.tables += 1
    result.seconds = time.perf_counter() - start
    return result


def player_counts(game_id: str, players: int | None = None) -> list[int]:
    """The table sizes to measure: `players` alone, else every size the game allows (2+)."""
    info = rules.game_info(game_id)
    if players is not None:
        if not info.min_players <= players <= info.max_players:
            raise ValueError(f"{info.title} takes {info.min_players}-{info.max_players} "
                             f"players, not {players}")
        return [players]
    return list(range(max(info.min_players, 2), info.max_players + 1))


def run_seats(game_id: str, tables: int, players: int | None = None, kind: str = "random",
              options: dict[str, str] | None = None, seed: int = 0) -> list[str]:
    """Lines to print: the Markdown table of wins by seat for each table size."""
    info = rules.game_info(game_id)
    counts = player_counts(game_id, players)
    if rules.new_match(game_id, counts[0], seed, dict(options or {})).standing().cooperative:
        return [f"{info.title} is cooperative: the table wins or loses together, no seat wins."]
    most = max(counts)
    found = [seat_table(game_id, tables, count, kind, options, seed) for count in counts]
    lines = [f"{info.title}: wins by seat, {tables} tables of {KINDS[kind]} per table size "
             f"(seeds {seed}-{seed + tables - 1}; a tie is shared). chi2: goodness of fit "
             "against equal chances; gap: best seat's share minus worst seat's, in points; "
             "games: how many of the tables played out differently."]
    for turn in (False, True):
        head = "turn order (1st: the player drawn to start)" if turn else "seat"
        lines += ["", f"By {head}:",
                  "| players | tables | " + " | ".join(
                      f"{'place' if turn else 'seat'} {s + 1}" for s in range(most))
                  + " | chi2 | df | p | gap | games | s/table |",
                  "|---|---|" + "---|" * most + "---|---|---|---|---|---|"]
        lines += [table.row(most, turn) for table in found]
    return lines
