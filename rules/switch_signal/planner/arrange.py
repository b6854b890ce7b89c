"""The later-game set-up: where the table puts its green discs and how it sets the switches.

« Lors de vos prochaines parties, vous pourrez disposer les disques ... comme vous le
souhaitez » (MISE EN PLACE). A table that has played before sets the junctions along the ways
from the goods cities to the port(s) and turns each city's green towards them, so the first
trains do not spend their cards on it. The arrangement is chosen greedily, one free change at a
time, by what it saves: every cube's way from its city to a port that takes it, plus the way from
each start space (weighted by the chance of its dice total, and by APPROACH) to the nearest goods
city.
"""

from __future__ import annotations

from typing import Any

from rules.switch_signal.planner.net import Net, Tables
from rules.switch_signal.planner.values import Values
from rules.switch_signal.planner.weights import EPS

Macro = tuple[str, str, Any]
# The start spaces' ways weigh 4x a cube's way: new trains arrive all game long and a junction
# set for them saves a card each time (standard set-up, arranged, seeds 0-89, won: weight 1
# Central Europe 34 / North America 18 of 90; weight 4: 45 / 23; weights 2 and 8, on seeds
# 0-59: fewer than 4).
APPROACH = 4.0
FAR = 60.0  # a way this long (or none) counts as this: an unreachable city must not dominate


class Arranger:
    """Free signal and switch changes before the first card, valued on an empty network."""

    def __init__(self, ctx: Values) -> None:
        self.ctx = ctx
        self.net: Net = ctx.net
        view = ctx.view
        self.goods: dict[str, int] = dict(view["goods"])
        self.cubes = int(view["goods_goal"])
        self.city_of = {g["id"]: g["city"] for g in view["board"]["signals"]}
        self.starts = {n["id"]: int(n["number"]) for n in view["board"]["nodes"]
                       if n["kind"] == "start" and n["number"] is not None}

    def value(self, greens: frozenset[str], switches: dict[str, frozenset[str]]) -> float:
        """Movement points the cubes' ways and the start spaces' approaches cost."""
        net = self.net
        tab: Tables = self.ctx.planner.tables(net, greens, switches)
        total = 0.0
        for city, count in self.goods.items():
            here = net.index[city]
            if net.pass_through:  # North America: a cube of each colour to each port
                total += sum(min(tab.to[p][here], FAR) for p in net.ports) * count / 2
            else:
                total += min(tab.to[p][here] for p in net.ports) * count
        approach = 0.0
        for start, number in self.starts.items():
            chance = (6 - abs(number - 7)) / 36
            here = net.index[start]
            near = min(tab.to[c][here] for c in self.goods)
            approach += chance * min(near, FAR)
        return total + APPROACH * self.cubes * approach

    def candidates(self, greens: frozenset[str],
                   switches: dict[str, frozenset[str]]) -> list[Macro]:
        out: list[Macro] = []
        for j, pairs in self.net.pairs.items():
            for pair in pairs:
                if pair != switches[j]:
                    out.append(("switch", j, pair))
        for target, city in self.city_of.items():
            if target in greens:
                continue
            # a city's disc moves between its own entrances, a track disc between track spots
            out += [("signal", target, source) for source in greens
                    if self.city_of[source] == city]
        return out

    def best(self, pending: dict[str, Any] | None = None) -> Macro | None:
        """The free change that saves most now (None: the layout is as good as it gets)."""
        pos = self.ctx.pos
        greens, switches = pos.greens, pos.switches
        now = self.value(greens, switches)
        best: tuple[float, Macro] | None = None
        for macro in self.candidates(greens, switches):
            if pending is not None and not _fits(macro, pending):
                continue
            if macro[0] == "switch":
                trial = dict(switches)
                trial[macro[1]] = macro[2]
                after = self.value(greens, trial)
            else:
                after = self.value((greens - {macro[2]}) | {macro[1]}, switches)
            gain = now - after
            if gain > EPS and (best is None or gain > best[0] + 1e-9):
                best = (gain, macro)
        return None if best is None else best[1]


def arrange_choice(ctx: Values, legal: list[str]) -> str:
    """One step of the arrangement, or "start" once no free change helps."""
    pending = ctx.view["pending"]
    arranger = Arranger(ctx)
    if pending is None:
        macro = arranger.best()
        if macro is None or macro[0] not in legal:
            return "start" if "start" in legal else legal[0]
        return macro[0]
    macro = arranger.best(pending)
    if macro is None:
        return "cancel"
    return ctx.net.step_text(pending["step"], macro)


def _fits(macro: Macro, pending: dict[str, Any]) -> bool:
    """Whether a change continues the steps already chosen."""
    if macro[0] != pending["kind"]:
        return False
    if "target" in pending and macro[1] != pending["target"]:
        return False
    return "junction" not in pending or macro[1] == pending["junction"]
