"""Spike's computer player, part 4: the set-up decisions ('Préparation', 'Jeu expert').

Contract sides, the rail card given away, the route card kept and the start city are chosen
by lattice distances on the board (everything is still free at set-up).
"""

from __future__ import annotations

from typing import Any

from rules.core.rng import Rng
from rules.core.text import slug
from rules.spike.computer.board import board, empty_distances

COUNTED = 4  # contracts a start city is judged by (few players deliver them all)
RIVAL = 3.0  # dollars a rival locomotive within reach takes off a start city


def gap(a: str, c: str) -> int:
    """Spaces between two city names on the empty board."""
    b = board()
    return empty_distances()[b.city_point(a)].get(b.city_point(c), 99)


def decay(spaces: float) -> float:
    """What a dollar earned after building this many spaces is worth now."""
    return 1.0 / (1.0 + spaces / 5.0)


def contract_worth(good: str, dests: list[list[Any]], start: str | None) -> float:
    """The best delivery of one contract side, discounted by the track it needs.

    With a start city, the network must join it, a producer and the destination (a rough
    Steiner tree of three points); without one, only the producer and the destination.
    """
    b = board()
    best = 0.0
    for p in b.producers(good):
        for d, v in dests:
            if start is None:
                spaces = float(gap(p, d))
            else:
                sp, sd, pd = gap(start, p), gap(start, d), gap(p, d)
                spaces = float(min(sp + pd, sd + pd, sp + sd))
            best = max(best, int(v) * decay(spaces))
    return best


def route_worth(route: dict[str, Any] | None, start: str | None) -> float:
    """The route card's best listed city with its top city, discounted by distance."""
    if not route:
        return 0.0
    best = 0.0
    top = route["top"]
    for city, v in route["cities"]:
        spaces = gap(top, city) + (0 if start is None else min(gap(start, top),
                                                               gap(start, city)))
        best = max(best, int(v) * decay(spaces))
    return best


def start_worth(view: dict[str, Any], city: str) -> float:
    """How good a start city is for this seat's contracts and route card."""
    b = board()
    me = view["players"][view["you"]["seat"]]
    worths = sorted((contract_worth(c["good"], c["destinations"][c["side"]], city)
                     for c in me["contracts"] if c["side"]), reverse=True)
    score: float = sum(worths[:COUNTED]) + route_worth(view["you"]["route_card"], city)
    prices = view["market"]["prices"]
    # Cities around the start score their goods early ('Score pour les marchandises').
    score += sum(0.3 * float(prices[o.good]) for o in b.cities.values()
                 if o.name != city and gap(city, o.name) <= 3)
    for p in view["players"]:
        if p["seat"] != me["seat"] and p["start_city"] and gap(city, p["start_city"]) <= 3:
            score -= RIVAL  # two networks there cut each other off
    return score


def setup_step(view: dict[str, Any], legal: list[str], rng: Rng) -> str:
    """Contract side, card to give, route card to keep, or where to place the train."""
    b = board()
    step = view["step"]
    me = view["players"][view["you"]["seat"]]
    if step == "side":
        # The contract being decided is the first one without a side (dealt order).
        c = next(c for c in me["contracts"] if c["side"] is None)
        worth = {s: contract_worth(c["good"], c["destinations"][s], None) for s in ("a", "b")}
        return "side a" if worth["a"] >= worth["b"] else "side b"
    if step == "give":
        # 'Le premier joueur choisit une des cartes rails ... pour la donner': a lone card,
        # which is no use as a joker.
        hand = view["you"]["hand"]
        return min(legal, key=lambda a: (hand.get(a.split(" ")[1], 0), a))
    if step == "route":
        offers = {slug(r["top"]): r for r in view["you"]["route_offer"]}
        return max(legal, key=lambda a: (route_worth(offers.get(a.split(" ")[1]), None), a))
    names = {slug(c): c for c in b.cities}
    starts = [a for a in legal if a.startswith("start ")]
    if starts:
        scored = [(start_worth(view, names[a.split(" ")[1]]), a) for a in starts]
        top = max(s for s, _ in scored)
        return rng.choice(sorted(a for s, a in scored if s >= top - 1e-9))
    regions = [a for a in legal if a.startswith("region ")]  # rules version 1 menus
    if regions:
        ordered = sorted(b.cities, key=lambda c: (b.points[b.city_point(c)].x, c))
        best = max(ordered, key=lambda c: (start_worth(view, c), c))
        third = -(-len(ordered) // len(regions))
        return regions[min(ordered.index(best) // third, len(regions) - 1)]
    return legal[0]
