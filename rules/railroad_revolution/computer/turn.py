"""The computer's turn: which worker on which action ('Déroulement du Jeu'), then the action's hub.

Each action is scored as its main part (best target) plus the better of the worker's ability
and a promotion ('Actions et Ouvriers': the additional effect is one or the other).
"""

from __future__ import annotations

from rules.railroad_revolution.board import network
from rules.railroad_revolution.computer.model import SHARE, Me
from rules.railroad_revolution.computer.value import (
    PER_TRIANGLE,
    RAIL_BASE,
    advance_plan,
    best_promotions,
    best_single_rail,
    city_tile_of,
    effects_value,
    flip_value,
    market_side_value,
    market_value,
    office_value,
    rail_gain,
    station_value,
)

PRUNE = 6  # first rails whose pairs are examined in full


# -- main parts -----------------------------------------------------------------------------------
def rail_pairs(me: Me, discount: bool, firsts: list[str] | None = None
               ) -> list[tuple[float, str, str | None]]:
    """'Voie Ferrée': (value, first, second) of the affordable pairs of rails, best first."""
    net, data, mv = network(), me.data, me.mv()
    base, per = (RAIL_BASE - 100, PER_TRIANGLE - 50) if discount else (RAIL_BASE, PER_TRIANGLE)
    rails = list(me.p["rails"])
    cands = firsts if firsts is not None else net.available(rails)
    singles = sorted(((rail_gain(me, (s,)) - per * data.spaces[s].triangles * mv, s)
                      for s in cands), reverse=True)[:PRUNE]
    need_two = int(me.p["rails_left"]) >= 2
    out: list[tuple[float, str, str | None]] = []
    for _, s1 in singles:
        seconds: list[str | None] = list(net.available(rails + [s1])) if need_two else [None]
        for s2 in seconds:
            pair = (s1,) if s2 is None else (s1, s2)
            tri = sum(data.spaces[s].triangles for s in pair)
            cost = base + per * tri
            if cost > me.funds:
                continue
            v = rail_gain(me, pair) - cost * mv
            if any(data.spaces[s].market for s in pair):
                v += market_value(me)
            out.append((v, s1, s2))
    out.sort(key=lambda x: -x[0])
    return out


def station_targets(me: Me, free: bool, cities: list[str] | None = None
                    ) -> list[tuple[float, str]]:
    """'Gare': (value, city) for the cities I could build in, best first."""
    out = []
    for c in cities if cities is not None else me.p["connected"]:
        if c in me.p["stations"]:
            continue
        tile = city_tile_of(me, c)
        if cities is None and not free and tile.cost > me.funds:
            continue
        v = station_value(me, c)
        if free:
            v += tile.cost * me.mv()
        out.append((v, c))
    out.sort(key=lambda x: -x[0])
    return out


def office_targets(me: Me, sections: list[int] | None = None) -> list[tuple[float, int]]:
    """'Télégraphe': (value, section) for the open sections, best first."""
    cands = sections if sections is not None else [
        s for s in me.sections if s not in me.p["offices"]]
    out = sorted(((office_value(me, s), s) for s in cands), key=lambda x: -x[0])
    return out


def trade_money(me: Me) -> int:
    """'Commerce': the money of the leftmost section that still holds a piece."""
    for s in me.p["sections"]:
        if s["buildings"] or s["rails"]:
            return int(s["money"])
    return 0


def main_value(me: Me, action: str, colour: str) -> float:
    """The best main part of an action (its cost counted)."""
    if action == "station":
        best = station_targets(me, free=colour == "orange")
        return best[0][0] if best else -5.0
    if action == "railroad":
        pairs = rail_pairs(me, discount=colour == "orange")
        return pairs[0][0] if pairs else -5.0
    if action == "telegraph":
        offices = office_targets(me)
        return offices[0][0] if offices else -5.0
    return trade_money(me) * me.mv() + max(0.0, flip_value(me, 1))


# -- the worker's ability ('Capacités des Ouvriers') ---------------------------------------------
def ability_value(me: Me, action: str, colour: str, city: str | None = None,
                  section: int | None = None) -> float:
    """What the worker's ability adds to this action (0 for white)."""
    mv = me.mv()
    if colour == "white":
        return 0.0
    if action == "station":
        if colour == "orange":
            return 0.0  # counted in the main part (the station is free)
        if colour == "purple":
            return flip_value(me, 1) - 100 * mv
        if city is None:
            return 1.0
        tile = city_tile_of(me, city)
        if colour == "grey":
            return effects_value(me, tile.first.effects)
        return effects_value(me, tile.main.effects) - 300 * mv
    if action == "railroad":
        if colour == "orange":
            return 0.0  # counted in the main part (the discount)
        if colour == "grey":
            return 2 * SHARE * mv
        if colour == "purple":
            return 9.0 - 300 * mv if any(me.view["train_stacks"].values()) else 0.0
        best = best_single_rail(me, free=False)
        return best[0] if best else 0.0
    if action == "telegraph":
        sec = me.sections.get(section) if section is not None else None
        if colour == "purple":
            return max(0.0, max(me.wanted_colours().values()) - 0.5)
        if sec is None:
            return 2.0
        if colour == "orange":
            first = sec["first_office_bonus"] if sec["first_office"] in (None, me.seat) else 0
            return float(100 * (sec["main_shares"] + first)) * mv
        if colour == "grey":
            return float(sec["first_office_bonus"] * SHARE) * mv
        if sec["tile"] is None:
            return 0.0
        bonus = me.data.telegraph_tiles[sec["tile"]["id"]]
        return effects_value(me, bonus.effects) - 400 * mv
    if colour == "purple":
        return advance_plan(me, 3)[0]
    if colour == "orange":
        return 100 * len(me.p["trains"]) * mv
    if colour == "turquoise":
        return flip_value(me, 2) - flip_value(me, 1)
    face = me.view["market"]["face_up"]
    if face is None:
        return 0.0
    return max([0.0, *(market_side_value(me, face[n], n, 1) for n in ("top", "bottom")
                       if face[n]["shares"] - 1 <= me.p["shares"])])


def choose_place(me: Me, legal: list[str]) -> str:
    """Pick the action and worker colour with the best value."""
    mains: dict[tuple[str, str], float] = {}

    def main(action: str, colour: str) -> float:
        key = (action, colour)
        if key not in mains:
            mains[key] = main_value(me, action, colour)
        return mains[key]

    promo = best_promotions(me, 1)
    best: tuple[float, str] | None = None
    for text in legal:
        if text.count(" ") != 1 or text == "sell share":
            continue
        action, colour = text.split(" ")
        plain = main(action, "white")
        if colour == "orange" and action in ("station", "railroad"):
            # Orange pays for the main part (free station, cheaper rails) or promotes instead.
            v = max(main(action, "orange"), plain + promo)
        else:
            v = plain + max(0.0, promo, ability_value(me, action, colour))
        # A specialist kept for a later action is worth a little (white first when equal).
        v -= 0.3 if colour != "white" else 0.0
        if best is None or v > best[0]:
            best = (v, text)
    return best[1] if best else legal[0]
