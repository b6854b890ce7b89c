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

from rules.core.lang import Msg, language, msg, speaking
from rules.core.text import normalize
from rules.spike.board import Board, load_board

COMPASS = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")


def compass(board: Board, origin: str, target: str) -> str:
    """The 8-point compass direction from one point to another (y grows southward)."""
    a, b = board.points[origin], board.points[target]
    angle = math.degrees(math.atan2(a.y - b.y, b.x - a.x)) % 360
    return COMPASS[int(((angle + 22.5) % 360) // 45)]


def _junction(city: str, way: str, far: bool) -> Msg:
    """A junction's name kept unsaid: "Chicago NE", "Memphis far W" (French compass letters
    and words in French)."""
    if far:
        return {"E": msg("{city} far E", city=city), "NE": msg("{city} far NE", city=city),
                "N": msg("{city} far N", city=city), "NW": msg("{city} far NW", city=city),
                "W": msg("{city} far W", city=city), "SW": msg("{city} far SW", city=city),
                "S": msg("{city} far S", city=city), "SE": msg("{city} far SE", city=city)}[way]
    return {"E": msg("{city} E", city=city), "NE": msg("{city} NE", city=city),
            "N": msg("{city} N", city=city), "NW": msg("{city} NW", city=city),
            "W": msg("{city} W", city=city), "SW": msg("{city} SW", city=city),
            "S": msg("{city} S", city=city), "SE": msg("{city} SE", city=city)}[way]


def _names(board: Board) -> tuple[dict[str, str], dict[str, str]]:
    """Point id -> its name on the board, and point id -> the city it is named after."""
    names, homes, _ = _named(board)
    return names, homes


def _named(board: Board) -> tuple[dict[str, str], dict[str, str], dict[str, Msg]]:
    """Point names (English), homes, and each junction's name kept unsaid."""
    graph: nx.Graph[str] = nx.Graph([(sp.a, sp.b) for sp in board.spaces])
    cities = sorted(board.city_points)
    hops = {c: nx.single_source_shortest_path_length(graph, c) for c in cities}
    names = {p.id: p.city for p in board.points.values() if p.city}
    homes = dict(names)
    groups: dict[tuple[str, str], list[tuple[int, float, str]]] = {}
    unsaid: dict[str, Msg] = {}
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
            unsaid[pid] = _junction(city, way, bool(rank))
    out = {pid: str(name) for pid, name in names.items()}
    if len({normalize(n) for n in out.values()}) != len(out):
        raise ValueError("spike data: two points share a name")
    return out, {pid: str(city) for pid, city in homes.items()}, unsaid


@lru_cache(maxsize=1)
def point_names() -> dict[str, str]:
    """Every point's name (cities by name, junctions as "Chicago NE"), for the packaged board."""
    return _names(load_board())[0]


@lru_cache(maxsize=1)
def point_homes() -> dict[str, str]:
    """Every point's city: itself for a city, the city a junction is named after."""
    return _names(load_board())[1]


@lru_cache(maxsize=1)
def _unsaid() -> dict[str, Msg]:
    return _named(load_board())[2]


def point_msg(point: str) -> Msg | str:
    """One point's name kept unsaid (a city's name is the same in every language)."""
    return _unsaid().get(point) or point_names()[point]


def point_name(point: str) -> str:
    """One point's name in the language spoken ("Chicago NE", "Memphis far W")."""
    found = _unsaid().get(point)
    return found.said() if found is not None else point_names()[point]


def space_msg(board: Board, index: int) -> Msg:
    """A track space's name kept unsaid, for a log line."""
    sp = board.spaces[index]
    a, b = sorted((sp.a, sp.b), key=lambda p: (board.points[p].x, board.points[p].y))
    return msg("{a}–{b}", a=point_msg(a), b=point_msg(b))


def space_name(board: Board, index: int) -> str:
    """A track space by its two ends, west end first ("Chicago NE–Milwaukee")."""
    return space_msg(board, index).said()


@lru_cache(maxsize=4)
def _said_names(language: str) -> dict[str, str]:
    """Normalized point names in one language -> point id."""
    with speaking(language):
        return {normalize(point_name(pid)): pid for pid in point_names()}


@lru_cache(maxsize=1)
def point_by_name() -> dict[str, str]:
    """Normalized name, city slug or lattice id -> point id (the ways a player may type it)."""
    out: dict[str, str] = {}
    for pid, name in point_names().items():
        out[normalize(name)] = pid
        out[normalize(pid)] = pid
    return out


def find_point(typed: str) -> str | None:
    """The point that typed words name exactly, if any (its English name, the lattice id, or
    its name in the language spoken)."""
    key = normalize(typed)
    return point_by_name().get(key) or _said_names(language()).get(key)


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
