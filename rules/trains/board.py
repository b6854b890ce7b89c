"""Trains maps (Tokyo, Osaka): hexes, adjacency with barriers, rail costs, station capacity."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import networkx as nx

from rules.core.text import slug

MAPS = ("tokyo", "osaka")
TERRAINS = ("plain", "river", "mountain", "sea", "city", "remote")
ROW_LETTERS = "abcdefgh"
ROW_SIZES = (10, 9, 10, 9, 10, 9, 10, 9)


@dataclass(frozen=True)
class Hex:
    """One space of the board."""

    id: str  # canonical label: the slug of its name, or its coordinate label ("d5")
    coord: str
    row: int
    col: int
    terrain: str
    name: str
    buildings: int  # station capacity of a city (0 elsewhere)
    value: int  # printed number of a remote location (0 elsewhere)

    @property
    def label(self) -> str:
        """What players read: the name, or the coordinate label."""
        return self.name or self.coord.upper()


@dataclass(frozen=True)
class Waivers:
    """Extra costs that ongoing card effects cancel this turn (rulebook, card explanations)."""

    river: bool = False  # Steel Bridge
    mountain: bool = False  # Tunnel
    city: bool = False  # Viaduct
    remote: bool = False  # Subway Excavation with printed cards only (digest D3)
    others_coins: bool = False  # Collaboration, Subway Excavation
    others_waste: bool = False  # Collaboration only


@dataclass(frozen=True)
class Board:
    """One side of the board, fixed for the whole game."""

    id: str
    title: str
    hexes: dict[str, Hex]
    adjacent: dict[str, tuple[str, ...]]
    terrain_costs: dict[str, int]
    station_vp: tuple[int, ...]
    aliases: dict[str, str]

    def cities(self) -> list[Hex]:
        """Every city, in reading order."""
        return [h for h in self.hexes.values() if h.terrain == "city"]

    def capacity(self) -> int:
        """Station slots on the whole map."""
        return sum(h.buildings for h in self.cities())

    def find(self, text: str) -> Hex:
        """The hex named by a canonical label, a coordinate label or an alias."""
        key = self.aliases.get(slug(text), slug(text))
        if key in self.hexes:
            return self.hexes[key]
        for h in self.hexes.values():
            if h.coord == key:
                return h
        raise KeyError(text)

    def cube_vp(self, hex_id: str, stations: int) -> int:
        """End-game VP of one rail cube on that hex ('Bonus de Points Cubes de Rails')."""
        h = self.hexes[hex_id]
        if h.terrain == "city":
            return self.station_vp[stations]
        return h.value if h.terrain == "remote" else 0

    def rail_cost(self, hex_id: str, stations: int, others: int, waive: Waivers) -> int | None:
        """Extra coins to lay a rail there (rulebook 'Pose de rail' table); None on the sea."""
        parts = self.rail_cost_parts(hex_id, stations, others, waive)
        return None if parts is None else sum(n for _, n in parts)

    def rail_cost_parts(self, hex_id: str, stations: int, others: int,
                        waive: Waivers) -> list[tuple[str, int]] | None:
        """The extra costs by cause (terrain, stations, rivals' rails), zeros left out."""
        h = self.hexes[hex_id]
        if h.terrain == "sea":
            return None  # "Vous ne pourrez jamais construire ici"
        parts: list[tuple[str, int]] = []
        if h.terrain == "river" and not waive.river:
            parts.append(("river", self.terrain_costs["river"]))
        elif h.terrain == "mountain" and not waive.mountain:
            parts.append(("mountain", self.terrain_costs["mountain"]))
        elif h.terrain == "city" and not waive.city:
            parts += [("city", self.terrain_costs["city"]), ("stations", stations)]
        elif h.terrain == "remote" and not waive.remote:
            parts.append(("remote", h.value))
        if not waive.others_coins:
            parts.append(("rivals", others))
        return [(k, n) for k, n in parts if n]


def _require(cond: bool, where: str, message: str) -> None:
    if not cond:
        raise ValueError(f"trains {where}.json: {message}")


def _neighbours(r: int, c: int) -> list[tuple[int, int]]:
    """Odd-r offset neighbours of (r, c) inside the 8-row grid."""
    shift = (-1, 0) if r % 2 == 0 else (0, 1)
    cand = [(r, c - 1), (r, c + 1)]
    cand += [(r + dr, c + dc) for dr in (-1, 1) for dc in shift]
    return [(a, b) for a, b in cand if 0 <= a < len(ROW_SIZES) and 0 <= b < ROW_SIZES[a]]


def _parse_hex(where: str, r: int, c: int, raw: Any) -> Hex:
    coord = f"{ROW_LETTERS[r]}{c + 1}"
    if isinstance(raw, str):
        _require(raw in ("plain", "river", "mountain", "sea"), where, f"{coord}: bad {raw!r}")
        return Hex(coord, coord, r, c, raw, "", 0, 0)
    _require(isinstance(raw, dict), where, f"{coord}: a terrain name or an object")
    if "city" in raw:
        name, n = str(raw["city"]), int(raw["buildings"])
        _require(1 <= n <= 3, where, f"{name}: a city has 1-3 buildings")
        return Hex(slug(name), coord, r, c, "city", name, n, 0)
    _require("remote" in raw, where, f"{coord}: unknown hex {raw!r}")
    name, v = str(raw["remote"]), int(raw["value"])
    _require(v >= 1, where, f"{name}: a remote location needs a positive value")
    return Hex(slug(name), coord, r, c, "remote", name, 0, v)


def parse_board(where: str, data: dict[str, Any]) -> Board:
    """Build and validate one map from its data file."""
    rows = data["rows"]
    _require([len(r) for r in rows] == list(ROW_SIZES), where, "rows must hold 10/9/10/9... hexes")
    grid: dict[tuple[int, int], Hex] = {}
    for r, row in enumerate(rows):
        for c, raw in enumerate(row):
            grid[r, c] = _parse_hex(where, r, c, raw)
    ids = [h.id for h in grid.values()]
    _require(len(set(ids)) == len(ids), where, "two hexes share a name")
    cut: set[frozenset[tuple[int, int]]] = set()
    for a, b in data["barriers"]:
        pa, pb = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
        _require(pb in _neighbours(*pa), where, f"barrier {pa}-{pb} joins no neighbours")
        cut.add(frozenset((pa, pb)))
    adjacent = {
        grid[p].id: tuple(grid[q].id for q in _neighbours(*p) if frozenset((p, q)) not in cut)
        for p in grid
    }
    land: nx.Graph[str] = nx.Graph()
    land.add_nodes_from(h.id for h in grid.values() if h.terrain != "sea")
    land.add_edges_from((a, b) for a, near in adjacent.items() for b in near
                        if a in land and b in land)
    _require(nx.is_connected(land), where, "the land hexes must form one connected area")
    costs = {k: int(v) for k, v in data["terrain_costs"].items()}
    _require(sorted(costs) == ["city", "mountain", "plain", "river"], where, "terrain costs")
    station_vp = tuple(int(v) for v in data["station_vp"])
    _require(len(station_vp) == 4, where, "station_vp lists VP for 0-3 stations")
    hexes = {h.id: h for h in grid.values()}
    aliases = {slug(k): slug(v) for k, v in data.get("aliases", {}).items()}
    _require(all(v in hexes for v in aliases.values()), where, "an alias names no hex")
    return Board(str(data["id"]), str(data["title"]), hexes, adjacent, costs, station_vp,
                 aliases)


@lru_cache(maxsize=len(MAPS))
def load_board(map_id: str) -> Board:
    """A map from the package's data files."""
    if map_id not in MAPS:
        raise ValueError(f"trains: unknown map {map_id!r}")
    text = resources.files("rules.trains").joinpath(f"data/{map_id}.json").read_text("utf-8")
    return parse_board(map_id, json.loads(text))
