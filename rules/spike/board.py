"""Spike's lattice board, cities, goods, contracts and route cards, checked on load."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import networkx as nx

from rules.core.text import slug

PART_NAMES = ("speed", "power", "cargo")


@dataclass(frozen=True)
class Point:
    """A grid point of the lattice: a city or a junction."""

    id: str
    row: int
    col: int
    x: float
    y: float
    city: str | None

    @property
    def label(self) -> str:
        """The word used in actions: the city's slug, or the junction's grid id."""
        return slug(self.city) if self.city else self.id


@dataclass(frozen=True)
class Space:
    """One track space between two neighbouring points, printed in one rail kind."""

    index: int
    a: str
    b: str
    kind: str

    def other(self, point: str) -> str:
        """The end of the space that is not `point`."""
        return self.b if point == self.a else self.a


@dataclass(frozen=True)
class RailKind:
    """One of the six kinds of rail card and track space."""

    code: str
    card: str  # the colour word used in actions
    name: str
    colour: str
    hex: str
    pattern: str


@dataclass(frozen=True)
class City:
    """A city: its point and the one good that can be loaded there."""

    name: str
    point: str
    good: str


@dataclass(frozen=True)
class Contract:
    """A double-sided contract card: one good, three destinations with a value per side."""

    good: str
    card: int
    sides: dict[str, tuple[tuple[str, int], ...]]


@dataclass(frozen=True)
class RouteCard:
    """A route card: the top city and the listed cities with their values."""

    top: str
    cities: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Board:
    """Everything fixed for the whole game."""

    points: dict[str, Point]
    spaces: tuple[Space, ...]
    kinds: tuple[RailKind, ...]
    cities: dict[str, City]
    goods: tuple[str, ...]
    contracts: tuple[Contract, ...]
    routes: tuple[RouteCard, ...]
    rules: dict[str, Any]
    projection: dict[str, Any]
    notes: tuple[str, ...]
    adjacent: dict[str, tuple[tuple[str, int], ...]]  # point -> (neighbour, space index)
    city_points: frozenset[str]
    kind_index: tuple[int, ...]  # per space: the position of its kind in `kinds`
    kind_codes: tuple[str, ...]  # rail kind codes in their fixed order

    def kind(self, code: str) -> RailKind:
        """The rail kind with that code."""
        return next(k for k in self.kinds if k.code == code)

    def kind_by_card(self, word: str) -> str:
        """The code of the rail kind whose card word is `word`."""
        return next(k.code for k in self.kinds if k.card == word)

    def is_city(self, point: str) -> bool:
        """True when a city sits on that point."""
        return point in self.city_points

    def city_point(self, name: str) -> str:
        """The point a city sits on."""
        return self.cities[name].point

    def space_label(self, index: int) -> str:
        """A space named by its two ends ("r5c7-chicago")."""
        sp = self.spaces[index]
        return f"{self.points[sp.a].label}-{self.points[sp.b].label}"

    def point_by_label(self, label: str) -> str:
        """The point id named by an action word."""
        for p in self.points.values():
            if p.label == label:
                return p.id
        raise KeyError(label)

    def space_by_label(self, label: str) -> int:
        """The space index named by "a-b" (either order)."""
        for sp in self.spaces:
            ends = (self.points[sp.a].label, self.points[sp.b].label)
            if label in (f"{ends[0]}-{ends[1]}", f"{ends[1]}-{ends[0]}"):
                return sp.index
        raise KeyError(label)

    def contract(self, good: str, card: int) -> Contract:
        """The contract card of that good and number."""
        return next(c for c in self.contracts if c.good == good and c.card == card)

    def producers(self, good: str) -> list[str]:
        """Cities where that good can be loaded."""
        return [c.name for c in self.cities.values() if c.good == good]


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise ValueError(f"spike data: {message}")


def _neighbours(row: int, col: int) -> set[tuple[int, int]]:
    """Grid neighbours on the triangular lattice (odd rows shifted half a spacing east)."""
    shift = (-1, 0) if row % 2 == 0 else (0, 1)
    out = {(row, col - 1), (row, col + 1)}
    for dr in (-1, 1):
        out.update((row + dr, col + dc) for dc in shift)
    return out


def parse_board(board: dict[str, Any], cards: dict[str, Any]) -> Board:
    """Build and validate the board and cards from the two data files' JSON."""
    kinds = tuple(RailKind(k["code"], k["card"], k["name"], k["colour"], k["hex"], k["pattern"])
                  for k in board["rail_kinds"])
    _require(len(kinds) == 6 and len({k.code for k in kinds}) == 6, "need six rail kinds")
    _require(len({k.card for k in kinds}) == 6, "rail kind card words must differ")
    points: dict[str, Point] = {}
    for raw in board["points"]:
        p = Point(raw["id"], int(raw["row"]), int(raw["col"]), float(raw["x"]), float(raw["y"]),
                  raw["city"])
        _require(p.id == f"r{p.row}c{p.col}", f"point id {p.id} does not match its row/col")
        _require(p.id not in points, f"point {p.id} twice")
        points[p.id] = p
    grid = {(p.row, p.col): p.id for p in points.values()}
    spaces: list[Space] = []
    seen: set[frozenset[str]] = set()
    for i, raw in enumerate(board["spaces"]):
        sp = Space(i, raw["a"], raw["b"], raw["kind"])
        _require(sp.a in points and sp.b in points, f"space {i} has an unknown end")
        pa, pb = points[sp.a], points[sp.b]
        _require((pb.row, pb.col) in _neighbours(pa.row, pa.col),
                 f"space {sp.a}-{sp.b} joins points that are not neighbours")
        _require(frozenset((sp.a, sp.b)) not in seen, f"space {sp.a}-{sp.b} twice")
        _require(sp.kind in {k.code for k in kinds}, f"space {sp.a}-{sp.b}: unknown kind")
        seen.add(frozenset((sp.a, sp.b)))
        spaces.append(sp)
    _require(all(q in points for q in grid.values()), "grid")
    goods = tuple(cards["goods"])
    _require(len(goods) == 12 and len(set(goods)) == 12, "need twelve goods")
    cities: dict[str, City] = {}
    for raw in board["cities"]:
        c = City(raw["name"], raw["point"], raw["good"])
        _require(c.point in points and points[c.point].city == c.name,
                 f"city {c.name} is not on its point")
        _require(c.good in goods, f"city {c.name} has unknown good {c.good}")
        cities[c.name] = c
    _require(len(cities) == sum(1 for p in points.values() if p.city), "cities and points differ")
    _require(all(len([c for c in cities.values() if c.good == g]) >= 1 for g in goods),
             "every good needs a city")
    contracts: list[Contract] = []
    for raw in cards["contracts"]:
        sides = {side: tuple((str(city), int(v)) for city, v in raw["sides"][side])
                 for side in ("a", "b")}
        con = Contract(raw["good"], int(raw["card"]), sides)
        _require(con.good in goods, f"contract of unknown good {con.good}")
        for side, dests in sides.items():
            for city, value in dests:
                _require(city in cities, f"{con.good} {con.card}{side}: unknown city {city}")
                _require(cities[city].good != con.good,
                         f"{con.good} {con.card}{side}: {city} produces that good")
                _require(value > 0, f"{con.good} {con.card}{side}: value must be positive")
            _require(len({c for c, _ in dests}) == len(dests), f"{con.good} {con.card}: repeats")
        contracts.append(con)
    for g in goods:
        _require(sorted(c.card for c in contracts if c.good == g) == [1, 2, 3],
                 f"{g} needs contract cards 1, 2 and 3")
    routes = tuple(RouteCard(r["top"], tuple((str(c), int(v)) for c, v in r["cities"]))
                   for r in cards["route_cards"])
    for r in routes:
        _require(r.top in cities and all(c in cities and c != r.top for c, _ in r.cities),
                 f"route card {r.top} names an unknown city")
    _require(len(routes) >= 8, "need at least two route cards per player")
    rules = dict(cards["rules"])
    for part in PART_NAMES:
        _require(len(rules[part]) == len(rules["upgrade_costs"]) + 1, f"{part} levels")
    adjacent: dict[str, list[tuple[str, int]]] = {p: [] for p in points}
    for sp in spaces:
        adjacent[sp.a].append((sp.b, sp.index))
        adjacent[sp.b].append((sp.a, sp.index))
    graph: nx.Graph[str] = nx.Graph([(sp.a, sp.b) for sp in spaces])
    _require(len(graph) == len(points) and nx.is_connected(graph), "the lattice is not connected")
    labels = [p.label for p in points.values()]
    _require(len(set(labels)) == len(labels), "point labels must be unique")
    return Board(
        points=points, spaces=tuple(spaces), kinds=kinds, cities=cities, goods=goods,
        contracts=tuple(contracts), routes=routes, rules=rules,
        projection=dict(board["projection"]),
        notes=tuple(board["_notes"]) + tuple(cards["_notes"]),
        adjacent={p: tuple(sorted(v)) for p, v in adjacent.items()},
        city_points=frozenset(c.point for c in cities.values()),
        kind_index=tuple([k.code for k in kinds].index(sp.kind) for sp in spaces),
        kind_codes=tuple(k.code for k in kinds),
    )


@lru_cache(maxsize=1)
def load_board() -> Board:
    """The board and cards from the packaged data files."""
    folder = resources.files("rules.spike").joinpath("data")
    board = json.loads(folder.joinpath("board.json").read_text(encoding="utf-8"))
    cards = json.loads(folder.joinpath("cards.json").read_text(encoding="utf-8"))
    return parse_board(board, cards)

