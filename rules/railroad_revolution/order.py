"""Rules version 3: an effect resolved first pays for its action; 4 workers at the end of the turn.

'Résolution des effets' (Règles générales): « vous pouvez résoudre cet effet en premier, gagner
l'argent puis payer le coût de l'action ». A station whose cost only its First Station bonus (or
Grey's copy of it) can pay takes that bonus first, then the cost is paid.

'Nombre minimum d'Ouvriers disponibles': « Vous ne pouvez jamais avoir moins de 4 Ouvriers
disponibles … à la fin de votre tour ». Once the main action is done and has built on a market
icon, a step may leave the player below 4 when a market of the face-up tile gives the worker
back and can be paid; the player then keeps the shares it costs and accepts it (or hires) before
the turn ends. `data/NOTES.md` says how the rulebook was read.
"""

from __future__ import annotations

from rules.core.lang import Msg, msg, word
from rules.railroad_revolution.base import Frame
from rules.railroad_revolution.funding import MONEY_EFFECTS
from rules.railroad_revolution.lexicon import WHO_COLOUR, filled
from rules.railroad_revolution.markets import SIDES, Markets


class AnyOrder(Markets):
    """Effects resolved before the cost they pay; the worker minimum at the end of the turn."""

    # -- a station paid by its own bonus ---------------------------------------------------------
    def station_funding(self, f: Frame, city: str, cost: int) -> list[str]:
        """Bonuses taken first to pay a station: 'first', 'grey' or both (none if not needed)."""
        seat = f["seat"]
        funds = self.funds(seat)
        if cost <= funds:
            return []
        gain = self.bonus_money(self.city_tile(city).first)
        first = not self.state["stations"][city]
        grey = f["worker"] == "grey" and f["mode"] is None
        if first and funds + gain >= cost:
            return ["first"]
        if grey and funds + gain >= cost:
            return ["grey"]
        return ["first", "grey"]

    def fund_station(self, f: Frame, city: str, cost: int) -> None:
        """Take the First Station bonus (or Grey's copy, or both) first: its shares pay the cost."""
        seat, tile = f["seat"], self.city_tile(city)
        uses = self.station_funding(f, city, cost)
        assert self.funds(seat) + len(uses) * self.bonus_money(tile.first) >= cost, "unpaid"
        name = self.data.cities[city].name
        for use in uses:
            if use == "first":
                f["used"].append("first bonus")
                who: Msg | str = self.who(seat)
            else:
                f["mode"] = "ability"
                who = filled(WHO_COLOUR["grey"], player=self.who(seat))
            self.say(msg("{player} first takes the First Station bonus of {city}, to pay for the "
                         "station: {reward}.", player=who, city=name,
                         reward=word(tile.first.label)))
            for e in tile.first.effects:
                if e["type"] in MONEY_EFFECTS:
                    self.start_effect(seat, e)
            self.run(seat, [e for e in tile.first.effects if e["type"] not in MONEY_EFFECTS])

    # -- 4 available workers at the end of the turn ----------------------------------------------
    def can_lose_worker(self, seat: int) -> bool:
        """4 available workers left, or a market of this turn surely gives the worker back."""
        # « Vous ne pouvez jamais avoir moins de 4 Ouvriers disponibles … à la fin de votre tour »
        left, least = self.available(seat) - 1, self.k("min_available_workers")
        return left >= least or left + self.comeback(seat) >= least

    def comeback(self, seat: int) -> int:
        """Workers the market this action triggered can give back to the seat (version 3)."""
        s, hub = self.state, self.hub()
        if not self.any_order() or s["stage"] != "action" or hub is None or hub["seat"] != seat \
                or not hub["main"] or not s["market_flag"] or self.market_tile() is None:
            return 0
        return max(self.restores(seat, name) for name in SIDES)

    def restores(self, seat: int, name: str, spare: int = 0) -> int:
        """Workers that market side gives the seat, if still paid after selling `spare` shares."""
        m, p = self.side(name), self.p(seat)
        value = self.k("share_sale_value")
        shares, money = int(p["shares"]) - spare, int(p["money"]) + spare * value
        if shares < m.shares or money + (shares - m.shares) * value < m.money + m.reward.cost:
            return 0
        n = sum(len(e["picks"]) for e in m.reward.effects if e["type"] == "gain_workers")
        return min(n, int(sum(self.state["supply"].values())))

    def owed_workers(self, seat: int) -> int:
        """Workers the current player must get back before the end of the turn (version 3)."""
        s = self.state
        if not self.any_order() or seat != s["current"] or s["stage"] not in ("action", "market"):
            return 0
        return max(0, self.k("min_available_workers") - self.available(seat))

    def below_minimum_after(self, seat: int) -> bool:
        """Losing a worker now would leave the seat below 4 until the market gives one back."""
        return self.any_order() and self.available(seat) - 1 < self.k("min_available_workers")

    def giving_back(self, seat: int) -> list[str]:
        """Market sides that give back workers the seat owes (none when it owes none)."""
        if not self.owed_workers(seat) or self.market_tile() is None:
            return []
        return [name for name in SIDES if self.restores(seat, name)]

    def may_sell_share(self, seat: int) -> bool:
        """Selling a share keeps a market that gives back an owed worker payable."""
        back = self.giving_back(seat)
        return not back or any(self.restores(seat, name, 1) for name in back)

    def _opt_market(self, f: Frame) -> list[str]:
        out = super()._opt_market(f)
        if not f["active"] or f["private"]:
            return out
        back = [f"accept {name}" for name in self.giving_back(f["seat"])]
        keep = [a for a in out if a in back]
        return keep or out  # below 4 workers: only a market that gives one back, no pass
