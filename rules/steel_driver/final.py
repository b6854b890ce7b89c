"""Phase 6 of Steel Driver: goods cubes, control by majority, picking, payout, the winner."""

from __future__ import annotations

from rules.core.journal import Line
from rules.core.lang import msg, msgn
from rules.core.text import slug
from rules.steel_driver.base import SteelDriverBase
from rules.steel_driver.board import final_value
from rules.steel_driver.said import and_msg, colour_word


class FinalPhase(SteelDriverBase):
    """Détermination du profit final, and who wins."""

    def winners(self) -> list[int]:
        """Richest player; tie: the tied player controlling the company with most goods cubes."""
        if self.state["phase"] != "over":
            return []
        cash = [p["cash"] for p in self.state["players"]]
        tied = [i for i, c in enumerate(cash) if c == max(cash)]
        if len(tied) == 1:
            return tied

        def most_goods(seat: int) -> int:
            held = [sum(c["goods"].values()) for c in self.state["companies"].values()
                    if c["controller"] == seat]
            return max(held, default=-1)

        best = max(most_goods(i) for i in tied)
        return [i for i in tied if most_goods(i) == best]

    def _start_final(self) -> list[Line]:
        """Unspent cubes leave; goods on every railed city; control goes to the majority."""
        s = self.state
        s["phase"] = "final"
        touched = {city for lid, o in s["links"].items() if o is not None
                   for city in (self.board.links[lid].a, self.board.links[lid].b)}
        s["goods"] = {city: self.board.cities[city].colour for city in sorted(touched)}
        lines: list[Line] = [msgn(
            "Final phase: company cubes are removed and a goods cube goes on every city with "
            "rail ({n} city).", "Final phase: company cubes are removed and a goods cube goes "
            "on every city with rail ({n} cities).", len(touched))]
        n = len(self.players)
        for c in self.board.companies:
            company = s["companies"][c.id]
            company["cubes"] = 0
            shares = [p["shares"][c.id] for p in s["players"]]
            if max(shares) == 0:
                company["controller"] = None
                continue
            start = company["controller"]
            if start is None:
                start = company["last_controller"] if company["last_controller"] is not None else 0
            # Tie: first tied player clockwise, starting with the current controller.
            for step in range(n):
                seat = (start + step) % n
                if shares[seat] == max(shares):
                    company["controller"] = seat
                    break
            lines.append(msgn("{player} controls {company} with {n} share.",
                              "{player} controls {company} with {n} shares.", max(shares),
                              player=self.players[company["controller"]], company=c.name))
        return lines

    def _takeable(self, cid: str) -> list[str]:
        """Cities with a goods cube that the company reaches with its own rails."""
        s = self.state
        company = s["companies"][cid]
        if company["controller"] is None:
            return []
        return sorted((c for c in company["network"] if c in s["goods"]), key=slug)

    def _take_step(self) -> list[Line] | None:
        s = self.state
        if len(s["pass_row"]) == len(s["order"]):
            return self._finish()
        cid = s["order"][s["turn"]]
        if cid in s["pass_row"]:
            s["turn"] = (s["turn"] + 1) % len(s["order"])
            return []
        if self._takeable(cid):
            return None
        s["pass_row"].append(cid)
        s["turn"] = (s["turn"] + 1) % len(s["order"])
        return [msg("{company} can take no more goods and passes.", company=self._name(cid))]

    def _apply_take(self, verb: str, arg: str) -> list[Line]:
        s = self.state
        cid = s["order"][s["turn"]]
        city = self.board.city_by_slug(arg)
        colour = s["goods"].pop(city)
        goods = s["companies"][cid]["goods"]
        goods[colour] = goods.get(colour, 0) + 1
        s["last_action"] = {"seat": s["companies"][cid]["controller"], "text": f"take {arg}",
                            "links": [], "cities": [city]}
        s["turn"] = (s["turn"] + 1) % len(s["order"])
        return [msg("{company} takes the {colour} cube from {city}.", company=self._name(cid),
                    colour=colour_word(colour), city=city)]

    def _finish(self) -> list[Line]:
        """Set values, payout per share, and the winner."""
        s = self.state
        lines: list[Line] = []
        for c in self.board.companies:
            company = s["companies"][c.id]
            company["final_value"] = final_value(company["goods"], self.board)
            for seat, p in enumerate(s["players"]):
                pay = p["shares"][c.id] * company["final_value"]
                p["cash"] += pay
                p["payout"][c.id] = pay
                if pay:
                    lines.append(msgn("{player} receives ${amount} for {n} {company} share.",
                                      "{player} receives ${amount} for {n} {company} shares.",
                                      p["shares"][c.id], player=self.players[seat], amount=pay,
                                      company=c.name))
        s["phase"] = "over"
        s["auction"] = None
        won = self.winners()
        names = and_msg([self.players[w] for w in won])
        return lines + [msgn("Game over. {players} wins!", "Game over. {players} win!", len(won),
                             players=names)]

