"""`railyard selfplay`: full games with the computer in every seat, and what they show.

    run_selfplay("switch-and-signal", games=20, options={"players": "3"}, seed=0) -> lines

Other games print wins by seat, scores and length (`selfplay_tables.py`). For Switch & Signal
the table has one row per difficulty and board side, following « Adapter le niveau de
difficulté »: easiest (10 time tokens, no departure card removed, the extra green), standard
(7, 2, no), then the rulebook's steps up one at a time: one, two and three more cards removed
(remove-3, remove-4, remove-5), or 10 goods (10-goods); and both together: harder (one more
card removed and 10 goods), hardest (as many cards removed as the option allows and 10 goods).
`options` may fix `players` (default 3) and any game option (it then overrides every cell, e.g.
a layout).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import rules
from rules.core.match import Match

MAX_ACTIONS = 20_000  # a game never takes this many decisions; a runaway is reported as such

DIFFICULTIES: dict[str, dict[str, str]] = {
    "easiest": {"time_tokens": "10", "removed_cards": "0", "extra_green": "yes", "goods": "8"},
    "standard": {"time_tokens": "7", "removed_cards": "2", "extra_green": "no", "goods": "8"},
    # « retirer une carte Fiche d'instruction en plus ... retirez-en 2, 3, voire plus »
    "remove-3": {"time_tokens": "7", "removed_cards": "3", "extra_green": "no", "goods": "8"},
    "remove-4": {"time_tokens": "7", "removed_cards": "4", "extra_green": "no", "goods": "8"},
    "remove-5": {"time_tokens": "7", "removed_cards": "5", "extra_green": "no", "goods": "8"},
    # « Vous pouvez également décider d'apporter 10 Marchandises au Port, au lieu de 8 »
    "10-goods": {"time_tokens": "7", "removed_cards": "2", "extra_green": "no", "goods": "10"},
    "harder": {"time_tokens": "7", "removed_cards": "3", "extra_green": "no", "goods": "10"},
    "hardest": {"time_tokens": "7", "removed_cards": "", "extra_green": "no", "goods": "10"},
}


@dataclass
class GameResult:
    """One finished self-play game."""

    won: bool
    turns: int
    delivered: int
    goal: int
    tokens_lost: int
    set_aside: int
    decisions: int
    illegal: int
    seconds: float
    reason: str = ""
    entered: int = 0  # trains put on the network: each carries one cube to a port at most


@dataclass
class Cell:
    """Results of one difficulty on one board."""

    difficulty: str
    board: str
    results: list[GameResult] = field(default_factory=list)

    def line(self) -> str:
        n = len(self.results)
        if not n:
            return f"| {self.difficulty:<8} | {self.board:<14} | 0 | - | - | - | - | - |"
        wins = sum(r.won for r in self.results)
        turns = sum(r.turns for r in self.results) / n
        tokens = sum(r.tokens_lost for r in self.results) / n
        aside = sum(r.set_aside for r in self.results) / n
        goods = sum(r.delivered for r in self.results) / n
        entered = sum(r.entered for r in self.results) / n
        enough = sum(r.entered >= r.goal for r in self.results)
        secs = sum(r.seconds for r in self.results) / n
        return (f"| {self.difficulty:<8} | {self.board:<14} | {n:>5} | {wins:>4} "
                f"({100 * wins / n:3.0f}%) | {turns:5.1f} | {tokens:6.1f} | {aside:4.1f} | "
                f"{goods:4.1f}/{self.results[0].goal} | {entered:6.1f} | {enough:>6} | "
                f"{secs:5.2f} |")


def _tokens_lost(match: Match) -> int:
    """Time tokens removed over the game, read from the log lines."""
    total = 0
    for _, line in match.lines:
        if ": lose " in line and "time token" in line:
            part = line.split(": lose ", 1)[1]
            count = part.split()[0]
            if count.isdigit():
                total += int(count)
    return total


def _trains_entered(match: Match) -> int:
    """Trains put on the network over the game (« Mettre un Train en jeu »), from the log."""
    return sum(1 for _, line in match.lines if " enters at " in line)


def play_one(game_id: str, players: int, options: dict[str, str], seed: int,
             chooser: Callable[[dict[str, Any], list[str]], str] | None = None,
             rules_version: int | None = None) -> tuple[Match, GameResult]:
    """One full game with the planner (or `chooser`) deciding for whoever is due."""
    from rules.switch_signal.planner import Planner

    planner = Planner()
    pick = chooser or planner.choose
    start = time.perf_counter()
    match = rules.new_match(game_id, players, seed, options, rules_version=rules_version)
    decisions = illegal = 0
    while not match.over and decisions < MAX_ACTIONS:
        seat = match.to_act()[0]
        legal = match.legal(seat)
        action = pick(match.view(seat), legal)
        if action not in legal:
            illegal += 1
            action = legal[0]
        match.act(seat, action)
        decisions += 1
    state = match.state
    view = match.view()
    result = view.get("result") or {}
    return match, GameResult(
        won=bool(match.winners()), turns=int(state.get("turn", 0)),
        delivered=int(result.get("delivered", view.get("delivered_total", 0))),
        goal=int(view.get("goods_goal", 0)), tokens_lost=_tokens_lost(match),
        set_aside=int(state.get("set_aside", 0)), decisions=decisions, illegal=illegal,
        seconds=time.perf_counter() - start, reason=str(state.get("reason", "")),
        entered=_trains_entered(match))


def _max_removed() -> str:
    info = rules.game_info("switch-and-signal")
    option = next(o for o in info.options if o.id == "removed_cards")
    return max(option.choices, key=int)


def cell_options(difficulty: str, board: str) -> dict[str, str]:
    """The game options of one cell of the table."""
    opts = dict(DIFFICULTIES[difficulty])
    if not opts["removed_cards"]:
        opts["removed_cards"] = _max_removed()
    return opts | {"board": board}


def switch_signal_table(games: int, options: dict[str, str] | None = None, seed: int = 0,
                        players: int = 3, boards: tuple[str, ...] = ("central-europe",
                                                                     "north-america"),
                        difficulties: tuple[str, ...] = ("easiest", "standard", "hardest"),
                        rules_version: int | None = None) -> tuple[list[Cell], list[str]]:
    """Play `games` per difficulty and board; returns the cells and the table's lines."""
    cells = []
    extra = dict(options or {})
    for difficulty in difficulties:
        for board in boards:
            cell = Cell(difficulty, board)
            opts = cell_options(difficulty, board) | extra
            for k in range(games):
                _, result = play_one("switch-and-signal", players, opts, seed + k,
                                     rules_version=rules_version)
                cell.results.append(result)
            cells.append(cell)
    return cells, table_lines(cells, players, rules_version)


def table_lines(cells: list[Cell], players: int, rules_version: int | None = None) -> list[str]:
    """The win-rate table, as Markdown."""
    data = "latest data" if rules_version is None else f"data of rules version {rules_version}"
    lines = [f"Switch & Signal self-play ({data}), planner in all {players} seats "
             "(turns: turns played; tokens: time tokens lost; aside: departure cards set aside "
             "by the clock; goods: delivered / goal; trains: trains that entered the network, "
             "each carrying one cube at most; enough: games where as many entered as the goal; "
             "s: seconds per game)",
             "| level    | board          | games | won        | turns | tokens | aside | "
             "goods  | trains | enough | s     |",
             "|----------|----------------|-------|------------|-------|--------|-------|"
             "--------|--------|--------|-------|"]
    lines += [c.line() for c in cells]
    illegal = sum(r.illegal for c in cells for r in c.results)
    lines.append(f"Illegal choices replaced: {illegal}.")
    return lines


def run_selfplay(game_id: str, games: int, options: dict[str, str], seed: int = 0) -> list[str]:
    """Lines to print: for Switch & Signal the win-rate table per difficulty and board.

    `options` may hold `players` (seats, default 3), `board` or `level` to play one column
    or row only, `rules_version` to play on an older version's data (e.g. "3"), and any other
    game option to override in every cell.
    """
    opts = dict(options)
    if game_id != "switch-and-signal":
        from bot.tools.selfplay_tables import computer_tables

        info = rules.game_info(game_id)
        count = int(opts.pop("players", str(max(info.min_players, 3))))
        return computer_tables(game_id, games, count, opts, seed)
    players = int(opts.pop("players", "3"))
    version = int(opts.pop("rules_version")) if "rules_version" in opts else None
    boards: tuple[str, ...] = ("central-europe", "north-america")
    if "board" in opts:
        boards = (opts.pop("board"),)
    levels: tuple[str, ...] = tuple(DIFFICULTIES)
    if "level" in opts:
        levels = (opts.pop("level"),)
    _, lines = switch_signal_table(games, opts, seed, players, boards, levels, version)
    return lines
