"""Computer players: one contract for every game, deciding from one seat's view only.

Each game folder holds a `computer` module (a package `computer/`, its parts beside
`__init__.py`; Switch & Signal: `computer.py` over its `planner/` package) with

    def choose(view: dict[str, Any], legal: list[str], rng: Rng) -> str

`view` is `m.computer_view(seat)`: `m.view(seat)` (the public table plus that seat's own
secrets), less what only people read, such as prompts and recent lines. `legal` is
`m.legal(seat)`, `rng` is seeded from public facts only (game, seat, actions so far), so two
matches that differ only in what the seat cannot see get the same choice. It returns one text
of `legal`; anything else is replaced by the first legal action (the tests check it never is).
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable
from typing import Any

from rules.core.match import Match
from rules.core.rng import Rng

Chooser = Callable[[dict[str, Any], list[str], Rng], str]

_CHOOSERS: dict[str, Chooser] = {}


def _package(match: Match) -> str:
    """The game's folder, e.g. `rules.spike` for a Spike match."""
    return type(match).__module__.rsplit(".", 1)[0]


def chooser(match: Match) -> Chooser:
    """The game's `computer.choose`, imported once."""
    package = _package(match)
    found = _CHOOSERS.get(package)
    if found is None:
        module = importlib.import_module(f"{package}.computer")
        found = _CHOOSERS[package] = module.choose
    return found


def decision_rng(match: Match, seat: int) -> Rng:
    """Randomness for one decision, from public facts only (never the match's seed)."""
    key = f"{match.game_id}:{seat}:{len(match.log)}".encode()
    return Rng(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))


def computer_action(match: Match, seat: int) -> str:
    """The computer's choice for `seat`, one of `match.legal(seat)`."""
    legal = match.legal(seat)
    if len(legal) == 1:
        return legal[0]
    picked = chooser(match)(match.computer_view(seat), list(legal), decision_rng(match, seat))
    return picked if picked in legal else legal[0]


MAX_DECISIONS = 20_000  # no game takes this many; a table that does is stuck


def random_action(match: Match, seat: int, rng: Rng) -> str:
    """A random player's choice: any legal action, uniformly."""
    return rng.choice(match.legal(seat))


def play_table(match: Match, kinds: list[str], seed: int = 0) -> int:
    """Play `match` to its end, each seat by its kind ("computer" or "random").

    Returns the decisions taken; raises RuntimeError if the table never finishes.
    """
    rngs = [Rng(seed * 97 + seat) for seat in range(len(kinds))]
    for decisions in range(MAX_DECISIONS):
        if match.over:
            return decisions
        seat = match.to_act()[0]
        if kinds[seat] == "computer":
            action = computer_action(match, seat)
        else:
            action = random_action(match, seat, rngs[seat])
        match.act(seat, action)
    raise RuntimeError(f"{match.game_id}: no end after {MAX_DECISIONS} decisions")
