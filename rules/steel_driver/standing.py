"""Who leads in Steel Driver: cash plus what the shares would pay if the game ended now.

Cash alone misleads: the final payout ("Phase 6 : détermination du profit final") usually
brings in more than all the rounds' income. Everything here is open information.
"""

from __future__ import annotations

from rules.core.lang import tr
from rules.core.standing import Standing
from rules.core.text import slug
from rules.steel_driver.base import SteelDriverBase
from rules.steel_driver.board import final_value


def phase_words(phase: str) -> str:
    """The phase as the standing's header says it."""
    return {"auction": tr("auctions"), "build": tr("building"), "final": tr("final goods"),
            "over": tr("game over")}.get(phase, phase)


class Standings(SteelDriverBase):
    """`standing()`: each seat's cash plus its shares at the value they would have now."""

    def share_values(self) -> dict[str, int]:
        """What one share of each company would pay if the game ended now.

        The goods of phase 6 are picked as the rulebook says (a cube on every railed city, the
        companies in turn order each take one their rails reach), each taking the cube that
        raises its value most: an estimate, since controllers may pick otherwise.
        """
        s, board = self.state, self.board
        companies = s["companies"]
        if s["phase"] == "over":
            return {cid: int(co["final_value"] or 0) for cid, co in companies.items()}
        goods = {cid: dict(co["goods"]) for cid, co in companies.items()}
        if s["phase"] == "final":
            left = dict(s["goods"])
            done = set(s["pass_row"])
            order, turn = list(s["order"]), int(s["turn"])
        else:
            left = {city: board.cities[city].colour for lid, owner in s["links"].items()
                    if owner is not None
                    for city in (board.links[lid].a, board.links[lid].b)}
            order, turn = list(s["order"]) + sorted(s["pass_row"]), 0
            order = list(dict.fromkeys(order))
            done = set()
        held = {cid for cid in companies
                if any(p["shares"][cid] for p in s["players"])}
        done |= {cid for cid in order if cid not in held}
        while len(done) < len(order):
            cid = order[turn % len(order)]
            turn += 1
            if cid in done:
                continue
            reach = sorted((c for c in companies[cid]["network"] if c in left), key=slug)
            if not reach:
                done.add(cid)
                continue
            mine = goods[cid]
            # One more cube of a colour held k times joins layer k+1 (the layered partition):
            # it gains the most where that layer is widest.
            layers = [sum(1 for n in mine.values() if n >= level) for level in range(1, 12)]

            def gain(city: str, mine: dict[str, int] = mine, layers: list[int] = layers) -> int:
                k = mine.get(left[city], 0)
                width = layers[k] if k < len(layers) else 0
                return board.set_values[width + 1] - board.set_values.get(width, 0)

            city = max(reach, key=gain)
            colour = left.pop(city)
            goods[cid][colour] = goods[cid].get(colour, 0) + 1
        return {cid: final_value(g, board) for cid, g in goods.items()}

    def standing(self) -> Standing:
        """Cash, this round's profit still to collect, and every share at its value now."""
        s = self.state
        values = self.share_values()
        over = s["phase"] == "over"
        totals, lines = [], []
        for seat, p in enumerate(s["players"]):
            due = 0 if over else sum(co["profit"] for co in s["companies"].values()
                                     if co["controller"] == seat)
            shares = 0 if over else sum(n * values[cid] for cid, n in p["shares"].items())
            total = p["cash"] + due + shares
            totals.append(float(total))
            if over:
                lines.append(tr("${amount} final", amount=total))
                continue
            parts = [tr("${amount} cash", amount=p["cash"])] + (
                [tr("${amount} profit due", amount=due)] if due else []) + [
                tr("${amount} in shares", amount=shares)]
            lines.append(tr("${amount} ({parts})", amount=total, parts=" + ".join(parts)))
        rounds = self.board.rounds
        where = tr("round {round} of {rounds}, {phase}", round=s["round"], rounds=rounds,
                   phase=phase_words(s["phase"]))
        measure = tr("final cash") if over else tr("cash + shares, if it ended now")
        held = [tr("{company} ${amount}", company=c.name, amount=values[c.id])
                for c in self.board.companies if any(p["shares"][c.id] for p in s["players"])]
        table = "" if over or not held else tr(
            "A share would pay now: {values} (paid after round {rounds}, by the goods each "
            "company's rails reach).", values=", ".join(held), rounds=rounds)
        return Standing(where, measure, tuple(totals), tuple(lines), table=table, unit="$")
