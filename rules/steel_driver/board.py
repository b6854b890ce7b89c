"""Steel Driver's map, companies and tables, loaded from the data file and checked on load."""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import networkx as nx

from rules.core.text import slug

COLOURS = ("red", "orange", "silver", "black", "white")


@dataclass(frozen=True)
class City:
    """A city: region colour, profit value, whether it is a hexagon (possible first build)."""

    name: str
    colour: str
    value: int
    hex_start: bool
    lat: float
    lon: float


@dataclass(frozen=True)
class Link:
    """A link between two cities that can hold one company's rail."""

    id: str
    a: str
    b: str
    cost: int

    def other(self, city: str) -> str:
        """The city at the far end from `city`."""
        return self.b if city == self.a else self.a


@dataclass(frozen=True)
class Company:
    """One of the six railway companies."""

    id: str
    name: str
    colour: str


@dataclass(frozen=True)
class Board:
    """Everything fixed for the whole game."""

    cities: dict[str, City]
    links: dict[str, Link]
    companies: tuple[Company, ...]
    rounds: int
    cubes_per_player: dict[int, int]
    shares_per_company: int
    rails_per_company: int
    transcontinental: tuple[str, str]
    builder_bonus: int
    other_bonus: int
    set_values: dict[int, int]
    goods_supply: dict[str, int | None]
    adapted: tuple[str, ...]

    def company(self, cid: str) -> Company:
        """The company with that id."""
        return next(c for c in self.companies if c.id == cid)

    def links_at(self, city: str) -> list[Link]:
        """Links that touch a city."""
        return [link for link in self.links.values() if city in (link.a, link.b)]

    def city_by_slug(self, text: str) -> str:
        """The city name for its slug."""
        return next(name for name in self.cities if slug(name) == text)


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise ValueError(f"steel_driver.json: {message}")


def parse_board(data: dict[str, Any]) -> Board:
    """Build and validate the board from the data file's JSON."""
    cities = {
        name: City(name, c["colour"], int(c["value"]), bool(c["hex_start"]),
                   float(c["lat"]), float(c["lon"]))
        for name, c in data["cities"].items()
    }
    for city in cities.values():
        _require(city.colour in COLOURS, f"{city.name} has unknown colour {city.colour}")
        _require(city.value > 0, f"{city.name} needs a positive value")
    links: dict[str, Link] = {}
    for raw in data["links"]:
        a, b = sorted((raw["a"], raw["b"]), key=slug)
        _require(a in cities and b in cities and a != b, f"bad link {a}-{b}")
        link = Link(f"{slug(a)}-{slug(b)}", a, b, int(raw["cost"]))
        _require(link.id not in links, f"link {link.id} twice")
        _require(1 <= link.cost <= 9, f"link {link.id} has cost {link.cost}")
        links[link.id] = link
    companies = tuple(Company(c["id"], c["name"], c["colour"]) for c in data["companies"])
    _require(len(companies) == 6 and len({c.id for c in companies}) == 6, "need six companies")
    trans = data["transcontinental"]
    _require(trans["from"] in cities and trans["to"] in cities, "transcontinental ends")
    graph: nx.Graph[str] = nx.Graph([(lk.a, lk.b) for lk in links.values()])
    _require(nx.is_connected(graph) and len(graph) == len(cities), "map must be connected")
    _require(any(c.hex_start for c in cities.values()), "need a hexagon city")
    supply = {k: v for k, v in data["goods_supply"].items() if not k.startswith("_")}
    for colour, count in supply.items():
        have = sum(1 for c in cities.values() if c.colour == colour)
        _require(count is None or count >= have, f"too few {colour} goods for {have} cities")
    values = {int(k): int(v) for k, v in data["set_values"].items() if not k.startswith("_")}
    _require(sorted(values) == list(range(1, len(COLOURS) + 1)), "set values for 1..5 colours")
    return Board(
        cities=cities,
        links=links,
        companies=companies,
        rounds=int(data["rounds"]),
        cubes_per_player={int(k): int(v) for k, v in data["cubes_per_player"].items()},
        shares_per_company=int(data["shares_per_company"]),
        rails_per_company=int(data["rails_per_company"]),
        transcontinental=(trans["from"], trans["to"]),
        builder_bonus=int(trans["builder_bonus"]),
        other_bonus=int(trans["other_bonus"]),
        set_values=values,
        goods_supply=supply,
        adapted=tuple(data.get("adapted", ())),
    )


@lru_cache(maxsize=1)
def load_board() -> Board:
    """The board from the packaged data file."""
    text = resources.files("rules.steel_driver").joinpath("data/steel_driver.json").read_text()
    return parse_board(json.loads(text))


def transcontinental_route(
    owners: dict[str, str], board: Board, builder: str
) -> tuple[list[str], list[list[str]]] | None:
    """Companies due a bonus and the tied best routes (as link ids), or None if not joined.

    Rulebook, "Liaison transcontinentale": the route uses the fewest different companies, then
    the fewest rails; companies of every route still tied all receive the bonus.
    """
    start, end = board.transcontinental
    every: nx.Graph[str] = nx.Graph()
    every.add_edges_from((board.links[lid].a, board.links[lid].b) for lid in owners)
    if start not in every or end not in every or not nx.has_path(every, start, end):
        return None
    companies = sorted({c for c in owners.values()})
    for size in range(1, len(companies) + 1):
        best: list[tuple[int, tuple[str, ...], list[str]]] = []
        for group in itertools.combinations(companies, size):
            if builder not in group:
                continue
            graph: nx.Graph[str] = nx.Graph()
            for lid, owner in owners.items():
                if owner in group:
                    link = board.links[lid]
                    graph.add_edge(link.a, link.b, id=lid)
            if start not in graph or end not in graph or not nx.has_path(graph, start, end):
                continue
            path = nx.shortest_path(graph, start, end)
            ids = [graph.edges[u, v]["id"] for u, v in zip(path, path[1:])]
            best.append((len(ids), group, ids))
        if best:
            shortest = min(n for n, _, _ in best)
            tied = [(g, ids) for n, g, ids in best if n == shortest]
            due = sorted({c for g, _ in tied for c in g})
            return due, [ids for _, ids in tied]
    return None


def set_partition(goods: dict[str, int]) -> list[list[str]]:
    """Split goods into sets of different colours the layered way (set i: colours with >= i)."""
    sets: list[list[str]] = []
    level = 1
    while True:
        layer = [c for c in COLOURS if goods.get(c, 0) >= level]
        if not layer:
            return sets
        sets.append(layer)
        level += 1


def final_value(goods: dict[str, int], board: Board) -> int:
    """Value of a company's goods: the sum of its set values (rulebook, phase 6)."""
    return sum(board.set_values[len(s)] for s in set_partition(goods))
