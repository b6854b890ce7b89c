"""Names as the board shows them: cities, rail spaces ("Washington–Chicago 1"), milestones.

A rail space has no printed name, so it is named by its route and its number along the route,
counted from the first-named city; the board draws that number on the space. A route of one
space needs no number ("Little Rock–New Orleans").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.core.lang import Msg, msg, msgn
from rules.core.text import normalize
from rules.railroad_revolution.data import GameData, Milestone, load_data
from rules.railroad_revolution.lexicon import (
    COLOUR,
    MANAGER,
    ampersands,
    cash,
    commas,
    pluses,
    slashes,
)

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


def terrain_said(data: GameData, space: str) -> Msg | str:
    """'plains', '▲▲', '▲, market', kept unsaid for a log line."""
    sp = data.spaces[space]
    land: Msg | str = TRIANGLE * sp.triangles if sp.triangles else msg("plains")
    return msg("{land}, market", land=land) if sp.market else land


def terrain_words(data: GameData, space: str) -> str:
    """'plains', '▲▲', '▲, market'."""
    return str(terrain_said(data, space))


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


def milestone_name(m: Milestone) -> Msg:
    """'A1 (12 VP)', as the player panel shows a milestone."""
    return msg("{pile} ({vp} VP)", pile=m.pile, vp=m.vp)


def condition_words(cond: dict[str, Any], short: bool = False) -> Msg:
    """One milestone condition in a few words: 'connect 2 level-3', '3 ▲▲ rails'; `short`
    says a station condition without its 'stations in' ('1 level-2')."""
    n, kind = int(cond["min"]), cond["type"]
    if kind == "connected_cities":
        return msg("connect {n} level-{level}", n=n, level=int(cond["level"]))
    if kind == "stations":
        if short:
            return msg("{n} level-{level}", n=n, level=int(cond["level"]))
        return msg("stations in {n} level-{level}", n=n, level=int(cond["level"]))
    if kind == "market_rails":
        return msgn("{n} market rail", "{n} market rails", n)
    tri = int(cond["triangles"])
    if tri == 0:
        return msgn("{n} plains rail", "{n} plains rails", n)
    return msgn("{n} {land} rail", "{n} {land} rails", n, land=TRIANGLE * tri)


def conditions_words(m: Milestone, short: bool = False) -> Msg | str:
    """A milestone's conditions joined by '&' ('connect 2 level-3 & stations in 1 level-2');
    `short`: a station condition after the first says only its count and level."""
    return ampersands([condition_words(c, short and i > 0) for i, c in enumerate(m.conditions)])


def managers_words(m: Milestone, short: bool = False) -> Msg | str:
    """'purple manager', '2 managers of any colour', 'purple + grey managers'; `short`
    leaves out 'managers' where it can ('2 of any colour', 'purple + grey')."""
    if all(c == "any" for c in m.managers):
        n = len(m.managers)
        if n == 1:
            return msg("a manager of any colour")
        return msg("{n} of any colour", n=n) if short else \
            msg("{n} managers of any colour", n=n)
    if len(m.managers) == 1:
        return MANAGER[m.managers[0]]
    colours = pluses([COLOUR[c] for c in m.managers])
    return colours if short else msg("{colours} managers", colours=colours)


def _pick(pick: list[str]) -> Msg:
    """'any worker', 'orange/grey worker'."""
    if "any" in pick:
        return msg("any worker")
    return msg("{colours} worker", colours=slashes([COLOUR[c] for c in pick]))


def _one_effect(e: dict[str, Any]) -> Msg | str:
    """One effect of a reward in a few words, the way the board prints it."""
    kind = e["type"]
    if kind == "advance":
        return msgn("+{n} track step", "+{n} track steps", int(e["steps"]))
    if kind == "gain_shares":
        return msgn("+{n} share", "+{n} shares", int(e["n"]))
    if kind == "gain_money":
        return msg("+${money}", money=cash(int(e["amount"])))
    if kind == "gain_workers":
        picks = [_pick(pick) for pick in e["picks"]]
        return pluses(list(picks))
    if kind == "promote":
        most, each = int(e["max"]), int(e["cost_each"])
        if most == 1:
            return msg("promote 1 (${money} each)", money=cash(each)) if each else msg("promote 1")
        return msg("promote 1–{most} (${money} each)", most=most, money=cash(each)) if each else \
            msg("promote 1–{most}", most=most)
    if kind == "flip_train":
        times = int(e["times"])
        return msg("flip a train ×{times}", times=times) if times > 1 else msg("flip a train")
    if kind == "take_train":
        return msg("take a train")
    if kind == "exchange_worker":
        return msg("swap a worker")
    if kind == "place_rail":
        what = msg("your setup rail") if e["piece"] == "setup" else msg("a rail")
        if e["ignore_terrain"]:
            what = msg("{what}, no ▲", what=what)
        return msg("{what}, no market", what=what) if e["ignore_market"] else what
    if kind == "place_building_city":
        if isinstance(e["cities"], list):
            return msg("setup building on Washington's or Charlotte's First Station")
        return msg("a station, no cost, no reward")
    if e.get("slot") == "first_office":
        return msg("setup building on a market section's First Office")
    return msg("an office, no shares")


def short_reward(effects: tuple[dict[str, Any], ...] | list[dict[str, Any]]) -> Msg | str:
    """A reward in a few words: 'pay $200: any worker', '+1 share, promote 1' (unsaid: a
    label says it with `str`, a log line keeps it)."""
    if not effects:
        return ""
    cost = sum(int(e.get("cost", 0)) for e in effects)
    text = commas([_one_effect(e) for e in effects])
    return msg("pay ${cost}: {effects}", cost=cash(cost), effects=text) if cost else text
