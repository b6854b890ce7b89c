"""The computer inside an action: its main part, then rewards, bonus, ability or promotion.

'Résolution des effets': the parts may come in any order; Orange is used first (it pays for the
main part), everything else after it, when its value is known.
"""

from __future__ import annotations

from typing import Any

from rules.railroad_revolution.computer.minor import args_of, hire_colour
from rules.railroad_revolution.computer.model import Me
from rules.railroad_revolution.computer.turn import (
    ability_value,
    main_value,
    office_targets,
    rail_pairs,
    station_targets,
)
from rules.railroad_revolution.computer.value import (
    best_promotions,
    best_single_rail,
    city_tile_of,
    effects_value,
    flip_value,
    market_value,
)


def main_choice(me: Me, pending: dict[str, Any], legal: list[str]) -> str | None:
    """The main part's step: the best city, rail space, section or piece to sell."""
    action, colour = pending["action"], pending["worker"]
    if action == "station":
        # Orange used before building makes every city free (its ability is no longer offered).
        free = colour == "orange" and f"use {colour}" not in legal
        best = station_targets(me, free, args_of(legal, "build"))
        return f"build {best[0][1]}" if best else None
    if action == "railroad":
        spaces = args_of(legal, "rail")
        if not spaces:
            return None
        last = me.view.get("last_move") or {}
        second = last.get("player") == me.seat and last.get("action") == "railroad" and bool(
            last.get("rails"))  # the first rail of this action is down: price one more
        pairs = [] if second else rail_pairs(me, discount=colour == "orange", firsts=spaces)
        if pairs:
            return f"rail {pairs[0][1]}"
        # 'Marchés': a first market space already opens the market; a second adds nothing.
        opened = any(me.data.spaces[s].market for s in last.get("rails", [])) if second else False
        single = best_single_rail(me, False, spaces, 0.0 if opened else market_value(me))
        return f"rail {single[1] if single else spaces[0]}"
    if action == "telegraph":
        sections = [int(s) for s in args_of(legal, "office")]
        offices = office_targets(me, sections)
        return f"office {offices[0][1]}" if offices else None
    kinds = args_of(legal, "sell")
    if len(kinds) == 1:
        return f"sell {kinds[0]}"
    if not kinds:
        return None
    # 'Commerce': sell the kind of piece I have more of for the turns left (buildings are
    # used one a turn, rails two a turn).
    rails = int(me.p["rails_left"]) / 2
    buildings = int(me.p["buildings_left"])
    return "sell rail" if rails >= buildings else "sell building"


def choose_hub(me: Me, pending: dict[str, Any], legal: list[str]) -> str:
    """One step of the action in progress."""
    action, colour, main = pending["action"], pending["worker"], pending["main"]
    use = f"use {colour}"
    # Orange pays for the main part (a free station, cheaper rails): use it first.
    if use in legal and colour == "orange" and action in ("station", "railroad") and not main:
        saving = main_value(me, action, "orange") - main_value(me, action, "white")
        if saving >= best_promotions(me, 1):
            return use
    if not main:
        if use in legal and action == "railroad" and colour == "grey":
            return use  # two shares now may pay for the rails
        step = main_choice(me, pending, legal)
        if step is not None:
            return step
    city = me.p["stations"][-1] if action == "station" and me.p["stations"] else None
    section = me.p["offices"][-1] if action == "telegraph" and me.p["offices"] else None
    promo = best_promotions(me, 1) if "promote" in legal else 0.0
    ability = ability_value(me, action, colour, city, section) if use in legal else 0.0
    # Promote first: a bonus that costs a worker could leave too few to promote afterwards.
    if promo > 0 and promo >= ability:
        return "promote"
    if main and "hire" in legal and "promote" not in legal and (use in legal or colour == "white") \
            and hire_colour(me) is not None:
        return "hire"  # money from this action buys the worker a promotion needs now
    if "reward" in legal and city is not None:
        if effects_value(me, city_tile_of(me, city).main.effects) > 0:
            return "reward"
    if "first bonus" in legal and city is not None:
        if effects_value(me, city_tile_of(me, city).first.effects) > 0:
            return "first bonus"
    if "tile bonus" in legal and section is not None:
        tile = me.sections[section]["tile"]
        if tile is not None and me.available > 4:
            gain = effects_value(me, me.data.telegraph_tiles[tile["id"]].effects)
            if gain > me.worker_value() + 0.5:
                return "tile bonus"
    if "flip train" in legal and flip_value(me, 1) > 0:
        return "flip train"
    if use in legal and ability > 0:
        return use
    if "done" in legal:
        return "done"
    rest = [a for a in legal if a not in ("sell share", "hire", "promote", use)]
    return rest[0] if rest else legal[0]
