"""Decisions while a train moves and in the departure phase (deploys, agents, order)."""

from __future__ import annotations

from typing import Any

from rules.switch_signal.cards import COLOURS
from rules.switch_signal.planner.lookahead import Lookahead
from rules.switch_signal.planner.net import Tables
from rules.switch_signal.planner.position import Pos
from rules.switch_signal.planner.weights import D_MIN, FACES, INF


class Departure(Lookahead):
    """Motion choices, the departure card's agents, colours and move order."""

    def decide_motion(self, legal: list[str]) -> str:
        m = self.view["motion"]
        tid = m["train"]
        pos = self.pos
        tab = self.tables(pos)
        if m["waiting_for"] == "roll":
            keep = self._after_roll(pos, tid, int(m["die"]), tab)
            if "agent dispatcher" in legal and not self.net.pass_through:
                fast = pos.copy()
                fast.dispatcher = True  # the die is known: would passing through cities pay?
                if keep - self._after_roll(fast, tid, int(m["die"]), tab) > D_MIN:
                    return "agent dispatcher"
            if "agent logistician" not in legal:
                return "keep"
            faces = FACES[pos.trains[tid].colour]
            again = sum(self._after_roll(pos, tid, f, tab) for f in faces) / len(faces)
            return "agent logistician" if keep - again > 3.0 else "keep"
        best, pick = INF, legal[0]
        at = pos.trains[tid].at
        for action in legal:
            trial = pos.copy()
            spent = 0.0
            if action == "stop":
                tokens = 0.0
            elif action == "agent dispatcher" and m["waiting_for"] == "dispatcher":
                trial.dispatcher = True  # stopped in a goods city: would going on pay?
                came = str(m["path"][-2]).partition(":")[0] if len(m["path"]) > 1 else "?"
                tokens = self.run(trial, tid, int(m["points_left"]), tab, entered=came)
                spent = D_MIN  # she works once a game: worth it only for a real gain
            elif action.startswith("go "):
                to = self.net.by_label[action[3:]]
                seg = next(s for s in self.net.at_node[at] if self.net.other(s, at) == to)
                entered = "?" if m["waiting_for"] == "through" else None
                tokens = self.run(trial, tid, int(m["points_left"]), tab, exit_seg=seg,
                                  entered=entered)
            else:
                continue
            score = self.w_token * tokens + self.end_value(trial, tab) + spent
            if score < best - 1e-9:
                best, pick = score, action
        return pick

    def _after_roll(self, pos: Pos, tid: str, die: int, tab: Tables) -> float:
        trial = pos.copy()
        tokens = self.run(trial, tid, die, tab)
        return self.w_token * tokens + self.end_value(trial, tab)

    def colour_effect(self, pos: Pos, colour: str, tab: Tables,
                      skip: str | None = None) -> float:
        """Expected change of value when every train of a colour moves (one after another)."""
        base = self.value(pos, tab)
        total = 0.0
        for tid in self.order(pos, colour, tab):
            if tid == skip:
                continue
            exp = sum(p * (self.value(after, tab) - base + self.w_token * tokens)
                      for p, after, tokens in self.move_outcomes(pos, tid, tab))
            total += exp
        return total

    def order(self, pos: Pos, colour: str, tab: Tables,
              among: list[str] | None = None) -> list[str]:
        """Trains of a colour, the one whose move goes best first."""
        tids = among if among is not None else [t for t, x in pos.trains.items()
                                                if x.colour == colour]
        base = self.value(pos, tab)
        scored = []
        for tid in tids:
            exp = sum(p * (self.value(after, tab) - base + self.w_token * tokens)
                      for p, after, tokens in self.move_outcomes(pos, tid, tab))
            scored.append((exp, tid))
        scored.sort()
        return [tid for _, tid in scored]

    def decide_depart(self, legal: list[str]) -> str:
        pos = self.pos
        tab = self.tables(pos)
        cur = self.view["departure"]["current"] or {}
        deploys = [a for a in legal if a.startswith("deploy ")]
        if deploys:
            for colour in ("black", "brown", "grey"):
                if f"deploy {colour}" in legal:
                    return f"deploy {colour}"
        # agents that stop trains from moving
        halts = [a for a in legal if a.startswith("agent conductor ")]
        if halts:
            best, pick = 3.0, None
            for action in halts:
                colour = action.split()[2]
                if colour == cur.get("moving_colour"):
                    among = [t for t in cur.get("to_move", []) if t in pos.trains]
                    harm = sum(self._expected(pos, t, tab) for t in among)
                else:
                    harm = self.colour_effect(pos, colour, tab)
                if harm > best:
                    best, pick = harm, action
            if pick is not None:
                return pick
        chiefs = [a for a in legal if a.startswith("agent section-chief ")]
        if chiefs:
            best, pick = 3.0, None
            for action in chiefs:
                tid = action.split()[2]
                if tid in pos.trains:
                    harm = self._expected(pos, tid, tab)
                    if harm > best:
                        best, pick = harm, action
            if pick is not None:
                return pick
        if "agent track-guard" in legal and "resolve" in legal:
            effect = self.card_effect(pos, cur, tab)
            return "agent track-guard" if effect > 4.0 else "resolve"
        if "resolve" in legal:
            return "resolve"
        colours = [a for a in legal if a.startswith("colour ")]
        if colours:
            scored = sorted((self.colour_effect(pos, a.split()[1], tab), a) for a in colours)
            return scored[0][1]
        moves = [a for a in legal if a.startswith("move ")]
        if moves:
            first = self.order(pos, "", tab, [a.split()[1] for a in moves])[0]
            return f"move {first}"
        return next((a for a in legal if a not in ("show hand", "agent dispatcher")), legal[0])

    def _expected(self, pos: Pos, tid: str, tab: Tables) -> float:
        base = self.value(pos, tab)
        return sum(p * (self.value(after, tab) - base + self.w_token * tokens)
                   for p, after, tokens in self.move_outcomes(pos, tid, tab))

    def card_effect(self, pos: Pos, cur: dict[str, Any], tab: Tables) -> float:
        """Expected change of value from the moves on the revealed card."""
        total = 0.0
        used: list[str] = []
        for icon in cur.get("moves", []):
            if icon == "any":
                options = [c for c in COLOURS if c not in used]
                scored = sorted((self.colour_effect(pos, c, tab), c) for c in options)
                total += scored[0][0]
                used.append(scored[0][1])
            else:
                total += self.colour_effect(pos, icon, tab)
                used.append(icon)
        return total
