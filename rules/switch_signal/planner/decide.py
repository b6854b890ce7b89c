"""One decision: the phase decides, the action phase plays what gains most for its cards."""

from __future__ import annotations

from typing import Any

from rules.switch_signal.cards import KINDS
from rules.switch_signal.planner.arrange import arrange_choice
from rules.switch_signal.planner.finish import Finish
from rules.switch_signal.planner.weights import EPS


class Ctx(Finish):
    """Everything worked out for one decision from one view."""

    def decide(self, legal: list[str]) -> str:
        v = self.view
        if v["motion"] is not None:
            return self.decide_motion(legal)
        phase = v["phase"]
        if phase == "arrange":
            return arrange_choice(self, legal)
        if phase == "reveal":
            return "reveal"
        if phase == "depart":
            return self.decide_depart(legal)
        return self.decide_actions(legal)

    def pay_for(self, kind: str) -> tuple[str, float] | None:
        """How an action of that kind is paid: its own card, or two cards of any kind."""
        if self.hand.get(kind, 0) > 0:
            return kind, self.card_cost(1)
        if sum(self.hand.values()) >= 2:
            return f"wild {kind}", self.card_cost(2)
        return None

    def decide_actions(self, legal: list[str]) -> str:
        pending = self.view["pending"]
        if pending is not None:
            return self.decide_pending(pending, legal)
        best = self.best_macro(None)
        if best is None:
            return "done" if "done" in legal else legal[0]
        _, macro = best
        kind = macro[0]
        if kind == "load":
            return f"load {macro[1]}"
        pay = self.pay_for(kind)
        assert pay is not None
        return pay[0]

    def decide_pending(self, pending: dict[str, Any], legal: list[str]) -> str:
        kind, step = pending["kind"], pending["step"]
        if step == "pay":
            return self.pay_pair(legal)
        if step == "card":
            return self.pay_one(legal)
        best = self.best_macro(kind, pending)
        if best is None:
            return "cancel"
        return self.net.step_text(step, best[1])

    def _spare(self) -> list[str]:
        """Card kinds from the most plentiful; moves kept last."""
        order = {"signal": 0, "switch": 1, "move": 2}
        return sorted(KINDS, key=lambda k: (-self.hand.get(k, 0), order[k]))

    def pay_pair(self, legal: list[str]) -> str:
        best, pick = None, legal[0]
        for action in legal:
            words = action.split()
            if len(words) != 3:
                continue
            left = dict(self.hand)
            left[words[1]] -= 1
            left[words[2]] -= 1
            score = (sum(1 for k in KINDS if left[k] > 0), left["move"], left["switch"])
            if best is None or score > best:
                best, pick = score, action
        return pick

    def pay_one(self, legal: list[str]) -> str:
        for kind in self._spare():
            if f"discard {kind}" in legal:
                return f"discard {kind}"
        return legal[0]

    def best_macro(self, kind: str | None,
                   pending: dict[str, Any] | None = None) -> tuple[float, tuple[Any, ...]] | None:
        """The action that gains most for its cards (None: nothing is worth a card)."""
        pos = self.pos
        tab = self.tables(pos)
        now = self.end_value(pos, tab)
        best: tuple[float, tuple[Any, ...]] | None = None
        pairs = self.card_worth < 1.0 and sum(self.hand.values()) >= 2
        for macro, cost in self.candidates(kind, pending):
            after = self.pair_value(macro) if pairs else self.macro_value(macro)
            gain = now - after - cost
            if pending is not None:
                gain += 1000.0  # already chosen and partly paid: finish it
            if gain > EPS and (best is None or gain > best[0] + 1e-9):
                best = (gain, macro)
        return best

    def candidates(self, kind: str | None,
                   pending: dict[str, Any] | None) -> list[tuple[tuple[Any, ...], float]]:
        pos = self.pos
        out: list[tuple[tuple[Any, ...], float]] = []
        total = sum(self.hand.values())
        wild = pending is not None and pending.get("pay") is not None \
            and len(pending["pay"]) == 2
        if pending is not None:
            cost_of = {kind: 0.0}
        else:
            cost_of = {}
            for k in KINDS:
                pay = self.pay_for(k)
                if pay is not None:
                    cost_of[k] = pay[1]
        del wild
        if kind is None and total >= 1:
            for tid, t in pos.trains.items():
                if (":" not in t.at and self.net.kind[t.at] == "city" and t.cargo is None
                        and pos.goods[t.at] > 0):
                    out.append((("load", tid), self.card_cost(1)))
        if "move" in cost_of and kind in (None, "move"):
            for tid in pos.trains:
                out.append((("move", tid), cost_of["move"]))
        if "switch" in cost_of and kind in (None, "switch"):
            for j, pair in self.switch_candidates(pending):
                out.append((("switch", j, pair), cost_of["switch"]))
        if "signal" in cost_of and kind in (None, "signal"):
            for target, source in self.signal_candidates(pending):
                out.append((("signal", target, source), cost_of["signal"]))
        return out

    def macro_value(self, macro: tuple[Any, ...]) -> float:
        pos = self.pos
        if macro[0] == "load":
            trial = pos.copy()
            self.load(trial, macro[1])
            return self.end_value(trial)
        if macro[0] == "move":
            spent = 1 if self.hand.get("move", 0) > 0 or self.view["pending"] else 2
            return self.move_value(pos, macro[1], spent)
        trial = pos.copy()
        if macro[0] == "switch":
            switches = dict(pos.switches)
            switches[macro[1]] = macro[2]
            trial.switches = switches
        else:
            trial.greens = (pos.greens - {macro[2]}) | {macro[1]}
        return self.end_value(trial)
