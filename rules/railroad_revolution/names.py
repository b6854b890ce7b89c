"""Names as the board shows them: cities, rail spaces ("Washington–Chicago 1"), milestones.

A rail space has no printed name, so it is named by its route and its number along the route,
counted from the first-named city; the board draws that number on the space. A route of one
space needs no number ("Little Rock–New Orleans").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.core.text import normalize, plural
from rules.railroad_revolution.data import GameData, Milestone, load_data

TRIANGLE = "▲"


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th'."""
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th')}"


def route_name(data: GameData, route: str) -> str:
    """'Washington–Chicago'."""
    a, b = data.routes[route].cities
    return f"{data.cities[a].name}–{data.cities[b].name}"


def space_name(data: GameData, space: str) -> str:
    """'Washington–Chicago 1' (the number drawn on the space); no number on a one-space route."""
    sp = data.spaces[space]
    name = route_name(data, sp.route)
    return name if len(data.routes[sp.route].spaces) == 1 else f"{name} {sp.index}"


def terrain_words(data: GameData, space: str) -> str:
    """'plains', '2▲', '1▲, market'."""
    sp = data.spaces[space]
    land = TRIANGLE * sp.triangles if sp.triangles else "plains"
    return land + (", market" if sp.market else "")


@lru_cache(maxsize=1)
def space_words() -> dict[str, str]:
    """Every typed form of a rail space (normalized) to its id: names, codes and ids."""
    data = load_data()
    out: dict[str, str] = {}
    for sid, sp in data.spaces.items():
        a, b = (data.cities[c] for c in data.routes[sp.route].cities)
        single = len(data.routes[sp.route].spaces) == 1
        for first, second in ((a.name, b.name), (a.code, b.code)):
            forms = [f"{first} {second} {sp.index}", f"{first} {second} {ordinal(sp.index)}"]
            if single:
                forms += [f"{first} {second}", f"{second} {first}"]
            for form in forms:
                out[normalize(form)] = sid
        out[normalize(sid)] = sid
    return out


def space_forms(data: GameData, space: str) -> list[str]:
    """Typed forms that name this space (for the spellings of an action)."""
    return [form for form, sid in space_words().items() if sid == space]


@lru_cache(maxsize=1)
def city_words() -> dict[str, str]:
    """Every typed form of a city (normalized name, code and id) to its id."""
    out: dict[str, str] = {}
    for c in load_data().cities.values():
        for form in (c.name, c.code, c.id):
            out[normalize(form)] = c.id
    return out


@lru_cache(maxsize=1)
def route_words() -> dict[str, str]:
    """Every typed form of a route (both ways, names and codes) to its id."""
    data = load_data()
    out: dict[str, str] = {}
    for rid, r in data.routes.items():
        a, b = (data.cities[c] for c in r.cities)
        for x, y in ((a.name, b.name), (b.name, a.name), (a.code, b.code), (b.code, a.code)):
            out[normalize(f"{x} {y}")] = rid
        out[normalize(rid)] = rid
    return out


def find_in(words: dict[str, str], typed: str) -> str | None:
    """The id whose longest typed form ends `typed` (so 'build little rock' finds the city)."""
    tokens = typed.split()
    for start in range(len(tokens)):
        found = words.get(" ".join(tokens[start:]))
        if found is not None:
            return found
    return None


def milestone_name(m: Milestone) -> str:
    """'A1 (12 VP)', as the player panel shows a milestone."""
    return f"{m.pile} ({m.vp} VP)"


def condition_words(cond: dict[str, Any]) -> str:
    """One milestone condition in a few words: 'connect 2 level-3', '3 ▲▲ rails'."""
    n, kind = int(cond["min"]), cond["type"]
    if kind == "connected_cities":
        return f"connect {n} level-{cond['level']}"
    if kind == "stations":
        return f"stations in {n} level-{cond['level']}"
    if kind == "market_rails":
        return plural(n, "market rail")
    tri = int(cond["triangles"])
    land = "plains" if tri == 0 else TRIANGLE * tri
    return plural(n, f"{land} rail")


def managers_words(m: Milestone) -> str:
    """'purple manager', '2 managers of any colour', 'purple + grey managers'."""
    if all(c == "any" for c in m.managers):
        n = len(m.managers)
        return "a manager of any colour" if n == 1 else f"{n} managers of any colour"
    if len(m.managers) == 1:
        return f"{m.managers[0]} manager"
    return " + ".join(m.managers) + " managers"


def _one_effect(e: dict[str, Any]) -> str:
    """One effect of a reward in a few words, the way the board prints it."""
    kind = e["type"]
    if kind == "advance":
        return f"+{plural(int(e['steps']), 'track step')}"
    if kind == "gain_shares":
        return f"+{plural(int(e['n']), 'share')}"
    if kind == "gain_money":
        return f"+${e['amount']}"
    if kind == "gain_workers":
        return " + ".join("any worker" if "any" in pick else "/".join(pick) + " worker"
                          for pick in e["picks"])
    if kind == "promote":
        each = f" (${e['cost_each']} each)" if e["cost_each"] else ""
        return f"promote {'1' if int(e['max']) == 1 else '1–' + str(e['max'])}{each}"
    if kind == "flip_train":
        return "flip a train" + (f" ×{e['times']}" if int(e["times"]) > 1 else "")
    if kind == "take_train":
        return "take a train"
    if kind == "exchange_worker":
        return "swap a worker"
    if kind == "place_rail":
        which = "your setup rail" if e["piece"] == "setup" else "a rail"
        free = f", no {TRIANGLE}" if e["ignore_terrain"] else ""
        return f"{which}{free}" + (", no market" if e["ignore_market"] else "")
    which = "setup building" if e["piece"] == "setup" else "leftmost building"
    if kind == "place_building_city":
        if isinstance(e["cities"], list):
            return "setup building on Washington's or Charlotte's First Station"
        return "a station, no cost, no reward"
    if e.get("slot") == "first_office":
        return "setup building on a market section's First Office"
    return "an office, no shares"


def short_reward(effects: tuple[dict[str, Any], ...] | list[dict[str, Any]]) -> str:
    """A reward in a few words: 'pay $200: any worker', '+1 share, promote 1'."""
    cost = sum(int(e.get("cost", 0)) for e in effects)
    text = ", ".join(_one_effect(e) for e in effects)
    return f"pay ${cost}: {text}" if cost else text
