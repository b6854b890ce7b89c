"""A hand's last turn: two actions planned together, since that hand has nothing after it.

With fewer departure cards left than seats the player has no later turn, so a card kept is
worth (almost) nothing and one action ahead is too short a view: a train must often leave a
port or a junction before another can reach it, a light be moved before a move card pays. Each
action is then valued by the best second action after it (every face of a die averaged). On
the last card's turn only cubes delivered by its end count (FIN DE LA PARTIE: « au plus tard
pendant le tour du joueur qui a révélé la dernière Fiche d'instruction », `LAST_CUBE`).
"""

from __future__ import annotations

import copy
from typing import Any

from rules.switch_signal.cards import KINDS
from rules.switch_signal.planner.depart import Departure
from rules.switch_signal.planner.position import Pos


class Finish(Departure):
    """Pairs of actions on a hand's last turn; `Ctx` (decide.py) supplies candidates and values."""

    def candidates(self, kind: str | None,
                   pending: dict[str, Any] | None) -> list[tuple[tuple[Any, ...], float]]:
        raise NotImplementedError

    def macro_value(self, macro: tuple[Any, ...]) -> float:
        raise NotImplementedError

    def pair_value(self, macro: tuple[Any, ...]) -> float:
        """Expected end value after `macro` and then the best single action (or none)."""
        pos = self.pos
        if macro[0] != "move":
            return self._then_best(self._after(pos, macro), self._hand_after(macro[0]))
        hand = self._hand_after("move")
        total = 0.0
        for p, after, tokens in self.move_outcomes(pos, macro[1], self.tables(pos)):
            total += p * (self.w_token * tokens + self._then_best(after, hand))
        return total

    def _after(self, pos: Pos, macro: tuple[Any, ...]) -> Pos:
        trial = pos.copy()
        if macro[0] == "load":
            self.load(trial, macro[1])
        elif macro[0] == "switch":
            trial.switches = dict(pos.switches) | {macro[1]: macro[2]}
        else:
            trial.greens = (pos.greens - {macro[2]}) | {macro[1]}
        return trial

    def _hand_after(self, kind: str) -> dict[str, int]:
        """The hand once an action of that kind is paid (its card, or the two most plentiful)."""
        hand = dict(self.hand)
        if kind == "load" or hand.get(kind, 0) > 0:
            spend = kind if kind != "load" else max(KINDS, key=lambda k: hand.get(k, 0))
            hand[spend] -= 1
            return hand
        for _ in range(2):
            spare = max(KINDS, key=lambda k: hand.get(k, 0))
            hand[spare] -= 1
        return hand

    def _then_best(self, pos: Pos, hand: dict[str, int]) -> float:
        """The end value of `pos`, or better after one more action paid from `hand`."""
        child = copy.copy(self)
        child.pos = pos
        child.hand = hand
        child.jobs = child.assign(pos, child.tables(pos))[1]
        best = child.end_value(pos)
        for macro, cost in child.candidates(None, None):
            best = min(best, child.macro_value(macro) + cost)
        return best
