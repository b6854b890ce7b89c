"""What an action still costs, and what its own effects bring to pay for it.

'Résolution des effets' (Règles générales): « si vous voulez réaliser une action mais que vous
n'avez pas assez d'argent … vous pouvez résoudre cet effet en premier, gagner l'argent puis
payer le coût de l'action ». Orange (a discount) and Grey (2 shares) on Railroad always counted.
From rules version 3 these count too: the First Station bonus and Grey's copy of it when they
give shares or money, and Purple on Station flipping a face-up train whose bonus gives money or
shares (see `data/NOTES.md`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from rules.railroad_revolution.base import INF, Frame, RRBase
from rules.railroad_revolution.data import Effect, Reward, load_data

MONEY_EFFECTS = ("gain_money", "gain_shares")


class Funding(RRBase):
    """Money checks that keep the main action payable."""

    def any_order(self) -> bool:
        """Rules version 3: effects pay for their action; 4 workers at the end of the turn."""
        return self.started_under >= 3

    # -- paying ----------------------------------------------------------------------------------
    def can_pay(self, seat: int, money: int, shares: int = 0) -> bool:
        """Like `afford`, but keeps what the unfinished main action still needs."""
        if not self.afford(seat, money, shares):
            return False
        value = self.k("share_sale_value")
        return self.funds(seat) - money - shares * value >= self.reserve(seat)

    def reserve(self, seat: int) -> int:
        """Money the seat's unfinished main action still needs at least."""
        hub = self.hub()
        if hub is None or hub["seat"] != seat or hub["main"]:
            return 0
        return self.need(hub)

    def need(self, hub: Frame) -> int:
        """Least money of the player's own the main action of `hub` needs, its effects counted.

        An unused ability that costs `cost` and brings `gain` more: either the action is paid
        without it, or the player pays `cost` first and then the rest less `gain`.
        """
        least = self.main_min(hub, True)
        cost, gain = self.ability_money(hub)
        return max(0, min(least, max(cost, least - gain)))

    def ability_money(self, hub: Frame) -> tuple[int, int]:
        """(cost, net gain) of an unused ability that brings money before the main action."""
        if hub["mode"] is not None:
            return 0, 0
        if hub["action"] == "railroad" and hub["worker"] == "grey":
            return 0, 2 * self.k("share_sale_value")
        if self.any_order() and hub["action"] == "station" and hub["worker"] == "purple":
            cost = int(self.data.constants["station"]["purple_flip_cost"])
            gain = self.flip_money(hub["seat"]) - cost
            if gain > 0 and self.afford(hub["seat"], cost):
                return cost, gain
        return 0, 0

    # -- what effects bring ----------------------------------------------------------------------
    def effect_money(self, effects: Iterable[Effect]) -> int:
        """Money and shares (at their sale value) that these effects give."""
        value = self.k("share_sale_value")
        return sum(int(e["amount"]) if e["type"] == "gain_money" else value * int(e["n"])
                   for e in effects if e["type"] in MONEY_EFFECTS)

    def bonus_money(self, reward: Reward) -> int:
        """What a bonus without a printed cost gives toward a payment (0 if it has a cost)."""
        return 0 if reward.cost else self.effect_money(reward.effects)

    def flip_money(self, seat: int) -> int:
        """The most that flipping one of the seat's face-up trains gives (money, shares)."""
        return max((self.bonus_money(self.data.trains[t["id"]].bonus)
                    for t in self.p(seat)["trains"] if t["up"]), default=0)

    def station_bonus_money(self, hub: Frame, city: str, ability: bool) -> int:
        """What the First Station bonus (to a first builder) and Grey's copy of it bring."""
        if not self.any_order():
            return 0
        gain = self.bonus_money(self.city_tile(city).first)
        first = not self.state["stations"][city]
        grey = ability and hub["worker"] == "grey" and hub["mode"] is None
        return gain * (int(first) + int(grey))

    def station_need(self, hub: Frame, city: str, ability: bool) -> int:
        """Money of the player's own a station there needs, its bonuses resolved first."""
        return max(0, self.city_cost(city) - self.station_bonus_money(hub, city, ability))

    def flip_pays(self, f: Frame, cost: int) -> bool:
        """Purple on Station (version 3): pay `cost`, flip a train whose bonus pays the rest."""
        seat = f["seat"]
        return self.any_order() and not f["main"] and self.afford(seat, cost) and \
            self.funds(seat) - cost + self.flip_money(seat) >= self.main_min(f, True)

    # -- what the main action costs --------------------------------------------------------------
    def main_min(self, hub: Frame, ability: bool) -> int:
        """Least money the main action of `hub` can still cost (INF if impossible)."""
        seat, orange = hub["seat"], hub["worker"] == "orange" and hub["mode"] is None
        if hub["action"] == "station":
            cities = self.station_candidates(seat)
            if not cities:
                return INF
            if hub["free"] or (ability and orange):
                return 0
            return min(self.station_need(hub, c, ability) for c in cities)
        if hub["action"] == "railroad":
            left = hub["need"] - len(hub["placed"])
            tri = self.net.cheapest(self.p(seat)["rails"], left, self.triangles())
            if tri is None:
                return INF
            base, per = self.rail_prices(hub["discount"] or (ability and orange))
            return (base if not hub["placed"] else 0) + per * tri
        return 0

    def rail_prices(self, discount: bool) -> tuple[int, int]:
        """Base and per-triangle price of a Railroad action (Orange: a discount)."""
        rr = self.data.constants["railroad"]
        base, per = int(rr["base_cost"]), int(rr["per_triangle"])
        if discount:
            base -= int(rr["orange_refund"]["base"])
            per -= int(rr["orange_refund"]["per_triangle"])
        return base, per

    def triangles(self) -> dict[str, int]:
        """Triangle count of every rail space."""
        return _triangles()


@lru_cache(maxsize=1)
def _triangles() -> dict[str, int]:
    return {s.id: s.triangles for s in load_data().spaces.values()}
