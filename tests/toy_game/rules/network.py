"""Branch Line's map, read from `data/network.json` and checked when it is loaded."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

MIN_ROUTES = 4  # one route per seat at the largest table


@dataclass(frozen=True)
class Station:
    """A station: its id, its name as printed, where it lies (percent of the map)."""

    id: str
    name: str
    x: float
    y: float


@dataclass(frozen=True)
class Network:
    """Everything fixed for the whole game."""

    title: str
    stations: dict[str, Station]
    links: tuple[tuple[str, str], ...]  # each (a, b) with a before b in the file's order
    routes: tuple[tuple[str, str], ...]
    bonus: dict[str, int]  # option value -> points for joining one's route

    def link_id(self, a: str, b: str) -> str:
        """`ash-bro`: the link's id, its stations in the file's order."""
        return f"{a}-{b}"

    def name(self, station: str) -> str:
        """A station's printed name."""
        return self.stations[station].name

    def link_name(self, link: str) -> str:
        """`Ashford–Brookley`."""
        a, b = link.split("-")
        return f"{self.name(a)}–{self.name(b)}"


def _fail(why: str) -> ValueError:
    return ValueError(f"Branch Line network.json: {why}")


def _pair(raw: Any, stations: dict[str, Station], what: str) -> tuple[str, str]:
    """Two different known stations."""
    if not (isinstance(raw, list) and len(raw) == 2 and all(s in stations for s in raw)):
        raise _fail(f"{what} {raw!r} must name two known stations")
    if raw[0] == raw[1]:
        raise _fail(f"{what} {raw!r} joins a station to itself")
    return str(raw[0]), str(raw[1])


def joined(links: tuple[tuple[str, str], ...], a: str, b: str) -> bool:
    """Whether the links join `a` to `b` (a walk through the network)."""
    seen, todo = {a}, [a]
    while todo:
        here = todo.pop()
        for x, y in links:
            near = y if x == here else x if y == here else None
            if near is not None and near not in seen:
                seen.add(near)
                todo.append(near)
    return b in seen


def parse(raw: dict[str, Any]) -> Network:
    """Check the file's shape and that every route can be joined on an empty map."""
    stations: dict[str, Station] = {}
    for item in raw.get("stations") or []:
        sid, name = item.get("id"), item.get("name")
        x, y = item.get("x"), item.get("y")
        if not (isinstance(sid, str) and sid.isalpha() and sid.islower()):
            raise _fail(f"station id {sid!r} must be lower-case letters")
        if sid in stations or not isinstance(name, str) or not name:
            raise _fail(f"station {sid!r} is given twice or has no name")
        if not all(isinstance(v, (int, float)) and 0 <= v <= 100 for v in (x, y)):
            raise _fail(f"station {sid!r} must lie within the map (0-100)")
        stations[sid] = Station(sid, name, float(x), float(y))
    if len(stations) < 3:
        raise _fail("needs at least three stations")
    links = tuple(_pair(p, stations, "link") for p in raw.get("links") or [])
    if len({frozenset(p) for p in links}) != len(links):
        raise _fail("a link is given twice")
    routes = tuple(_pair(p, stations, "route") for p in raw.get("routes") or [])
    if len({frozenset(p) for p in routes}) < MIN_ROUTES or len(set(routes)) != len(routes):
        raise _fail(f"needs at least {MIN_ROUTES} different routes")
    for a, b in routes:
        if not joined(links, a, b):
            raise _fail(f"route {a}-{b} cannot be joined")
    bonus = raw.get("bonus") or {}
    if not bonus or not all(isinstance(v, int) and v >= 0 for v in bonus.values()):
        raise _fail("bonus must give points (0 or more) per option value")
    return Network(str(raw.get("title") or "Branch Line"), stations, links, routes,
                   {str(k): int(v) for k, v in bonus.items()})


@cache
def load_network() -> Network:
    """The game's map, loaded and checked once."""
    text = (resources.files(__package__) / "data" / "network.json").read_text(encoding="utf-8")
    return parse(json.loads(text))
