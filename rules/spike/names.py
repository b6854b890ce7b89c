"""Names a player can find on the board: cities by name, junctions by the city they sit beside.

The lattice ids (r5c7) are printed nowhere on the board, so a junction is called after its
nearest city and the compass direction it lies in ("Chicago NE"); when two junctions share a
city and a direction, the farther one is "far" ("Memphis far W"). The renderer draws these
names beside the junctions a decision refers to, and typed input accepts them.
"""

from __future__ import annotations

import math
from functools import lru_cache

import networkx as nx

from rules.core.text import normalize
from rules.spike.board import Board, load_board

COMPASS = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")


def compass(board: Board, origin: str, target: str) -> str:
    """The 8-point compass direction from one point to another (y grows southward)."""
    a, b = board.points[origin], board.points[target]
    angle = math.degrees(math.atan2(a.y - b.y, b.x - a.x)) % 360
    return COMPASS[int(((angle + 22.5) % 360) // 45)]


def _names(board: Board) -> tuple[dict[str, str], dict[str, str]]:
    """Point id -> its name on the board, and point id -> the city it is named after."""
    graph: nx.Graph[str] = nx.Graph([(sp.a, sp.b) for sp in board.spaces])
    cities = sorted(board.city_points)
    hops = {c: nx.single_source_shortest_path_length(graph, c) for c in cities}
    names = {p.id: p.city for p in board.points.values() if p.city}
    homes = dict(names)
    groups: dict[tuple[str, str], list[tuple[int, float, str]]] = {}
    for p in board.points.values():
        if p.city:
            continue
        near = min(cities, key=lambda c: (hops[c].get(p.id, 99), math.dist(
            (board.points[c].x, board.points[c].y), (p.x, p.y)), c))
        city = board.points[near].city
        assert city is not None
        homes[p.id] = city
        spot = math.dist((board.points[near].x, board.points[near].y), (p.x, p.y))
        groups.setdefault((city, compass(board, near, p.id)), []).append(
            (hops[near][p.id], spot, p.id))
    for (city, way), members in groups.items():
        members.sort()
        if len(members) > 2:
            raise ValueError(f"spike data: three junctions {way} of {city}")
        for rank, (_, _, pid) in enumerate(members):
            names[pid] = f"{city} {'far ' * rank}{way}"
    out = {pid: str(name) for pid, name in names.items()}
    if len({normalize(n) for n in out.values()}) != len(out):
        raise ValueError("spike data: two points share a name")
    return out, {pid: str(city) for pid, city in homes.items()}


@lru_cache(maxsize=1)
def point_names() -> dict[str, str]:
    """Every point's name (cities by name, junctions as "Chicago NE"), for the packaged board."""
    return _names(load_board())[0]


@lru_cache(maxsize=1)
def point_homes() -> dict[str, str]:
    """Every point's city: itself for a city, the city a junction is named after."""
    return _names(load_board())[1]


def point_name(point: str) -> str:
    """One point's name."""
    return point_names()[point]


def space_name(board: Board, index: int) -> str:
    """A track space by its two ends, west end first ("Chicago NE–Milwaukee")."""
    sp = board.spaces[index]
    a, b = sorted((sp.a, sp.b), key=lambda p: (board.points[p].x, board.points[p].y))
    return f"{point_name(a)}–{point_name(b)}"


@lru_cache(maxsize=1)
def point_by_name() -> dict[str, str]:
    """Normalized name, city slug or lattice id -> point id (the ways a player may type it)."""
    out: dict[str, str] = {}
    for pid, name in point_names().items():
        out[normalize(name)] = pid
        out[normalize(pid)] = pid
    return out


def find_point(typed: str) -> str | None:
    """The point that typed words name exactly, if any."""
    return point_by_name().get(normalize(typed))


@lru_cache(maxsize=1)
def _space_labels() -> dict[str, int]:
    board = load_board()
    out: dict[str, int] = {}
    for sp in board.spaces:
        a, b = board.points[sp.a].label, board.points[sp.b].label
        out[f"{a}-{b}"] = out[f"{b}-{a}"] = sp.index
    return out


def space_index(label: str) -> int:
    """The space an action names by its two ends ("r9c12-raleigh", either order)."""
    return _space_labels()[label]


@lru_cache(maxsize=1)
def _point_labels() -> dict[str, str]:
    return {p.label: p.id for p in load_board().points.values()}


def point_id(label: str) -> str:
    """The point an action word names (a city slug or a lattice id)."""
    return _point_labels()[label]
