"""Both track networks (Central Europe, North America), loaded from data files and checked."""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import networkx as nx

# The board data by the first rules version that plays it (see data/NOTES.md): versions 1-3 keep
# the first data (so stored games replay), 4 the retuned boards, 5 the shorter goods routes, 6 the
# open-track lights off the goods routes, 7 the first-game layout set for the goods routes, 8 a
# way from each North America goods city to each port that crosses no other goods city.
DATA_VERSIONS = {"central-europe": (1, 4, 5, 6, 7), "north-america": (1, 4, 5, 6, 7, 8)}
BOARD_STEMS = {"central-europe": "central_europe", "north-america": "north_america"}
LATEST = max(max(v) for v in DATA_VERSIONS.values())
KINDS = ("city", "port", "start", "junction")
GOODS = ("yellow", "blue", "red", "white")
AGENTS = ("logistician", "dispatcher", "conductor", "track-guard", "section-chief")
WIDTH = 1000.0  # drawing frame width for the x/y coordinates given in the view


@dataclass(frozen=True)
class Node:
    """A goods city, port, start space or junction."""

    id: str
    label: str
    name: str
    kind: str
    goods_colour: str | None
    number: int | None
    lat: float
    lon: float
    x: float
    y: float


@dataclass(frozen=True)
class Segment:
    """Track between two nodes: `spaces` track spaces numbered 1..spaces from `a`."""

    id: str
    label: str
    a: str
    b: str
    spaces: int

    def other(self, node: str) -> str:
        """The node at the far end from `node`."""
        return self.b if node == self.a else self.a

    def first_space(self, node: str) -> int:
        """The track space next to `node`."""
        return 1 if node == self.a else self.spaces

    def gap_at(self, node: str) -> int:
        """The signal gap at the `node` end (0 at `a`, `spaces` at `b`)."""
        return 0 if node == self.a else self.spaces


@dataclass(frozen=True)
class Signal:
    """A red-light spot in gap `gap` of a segment (between spaces gap and gap+1)."""

    id: str
    segment: str
    gap: int
    city: str | None  # the city or port whose entrance this is; None on open track


@dataclass(frozen=True)
class Layout:
    """Positions of the green discs and the switch settings."""

    greens: tuple[str, ...]
    switches: dict[str, tuple[str, str]]


@dataclass(frozen=True)
class Board:
    """One side of the board with its rules differences."""

    id: str
    name: str
    nodes: dict[str, Node]
    segments: dict[str, Segment]
    signals: dict[str, Signal]
    first_game: Layout
    extra_green: str
    agents: tuple[str, ...]
    pass_through: bool
    adapted: tuple[str, ...]
    height: float
    signal_at: dict[tuple[str, int], str]
    source: str = ""  # the data file it was read from

    @property
    def key(self) -> tuple[str, str]:
        """Identifies the board and its data generation (for caches)."""
        return self.id, self.source

    def by_label(self, label: str) -> str:
        """The node id with that short label."""
        return next(n.id for n in self.nodes.values() if n.label == label)

    def of_kind(self, kind: str) -> list[str]:
        """Node ids of one kind, in data order."""
        return [n.id for n in self.nodes.values() if n.kind == kind]

    def at_node(self, node: str) -> list[Segment]:
        """Segments touching a node, in data order."""
        return [s for s in self.segments.values() if node in (s.a, s.b)]

    def between(self, u: str, v: str) -> Segment:
        """The segment joining two neighbouring nodes."""
        return next(s for s in self.segments.values() if {s.a, s.b} == {u, v})

    def signal_in(self, segment: str, gap: int) -> str | None:
        """The signal id in that gap, if there is one."""
        return self.signal_at.get((segment, gap))

    def start_space(self, number: int) -> str:
        """The start space printed with that number."""
        return next(n.id for n in self.nodes.values() if n.number == number)

    def goods_city(self, colour: str) -> str:
        """The goods city of that colour."""
        return next(n.id for n in self.nodes.values() if n.goods_colour == colour)

    def switch_pairs(self, junction: str) -> list[tuple[str, str]]:
        """Every setting of a junction: pairs of neighbour ids, sorted by label."""
        branches = sorted((s.other(junction) for s in self.at_node(junction)),
                          key=lambda n: self.nodes[n].label)
        return list(itertools.combinations(branches, 2))

    def pair_label(self, pair: tuple[str, str] | list[str]) -> str:
        """Short text of a switch setting, e.g. `par-tls`."""
        return "-".join(sorted(self.nodes[n].label for n in pair))

    def space_xy(self, segment: str, index: float) -> tuple[float, float]:
        """Drawing position of a (possibly fractional) space index along a segment."""
        seg = self.segments[segment]
        a, b = self.nodes[seg.a], self.nodes[seg.b]
        f = index / (seg.spaces + 1)
        return round(a.x + (b.x - a.x) * f, 1), round(a.y + (b.y - a.y) * f, 1)


def _require(cond: bool, board: str, message: str) -> None:
    if not cond:
        raise ValueError(f"switch_signal/{board}: {message}")


def _label(node_id: str) -> str:
    return node_id.lower().removeprefix("j_")


def _gap(at: str, spaces: int) -> int:
    if at == "end_a":
        return 0
    if at == "end_b":
        return spaces
    if at.startswith("after_space_") and at[12:].isdigit():
        return int(at[12:])
    return -1


def _project(raw: dict[str, Any]) -> tuple[dict[str, tuple[float, float]], float]:
    """Equirectangular projection of lat/lon into a WIDTH-wide frame with a margin."""
    lats = [float(n["lat"]) for n in raw.values()]
    k = math.cos(math.radians(sum(lats) / len(lats)))
    xs = {nid: float(n["lon"]) * k for nid, n in raw.items()}
    ys = {nid: -float(n["lat"]) for nid, n in raw.items()}
    span = max(max(xs.values()) - min(xs.values()), 1e-9)
    scale = (WIDTH - 80) / span
    x0, y0 = min(xs.values()), min(ys.values())
    out = {nid: (round(40 + (xs[nid] - x0) * scale, 1), round(40 + (ys[nid] - y0) * scale, 1))
           for nid in raw}
    height = round(80 + (max(ys.values()) - y0) * scale, 1)
    return out, height


def parse_board(data: dict[str, Any], name: str = "board") -> Board:
    """Build and validate one board from its JSON."""
    raw_nodes: dict[str, Any] = data["nodes"]
    xy, height = _project(raw_nodes)
    nodes: dict[str, Node] = {}
    for nid, n in raw_nodes.items():
        kind = n["type"]
        _require(kind in KINDS, name, f"node {nid} has unknown type {kind}")
        colour = n.get("goods_colour")
        _require((colour in GOODS) == (kind == "city"), name, f"goods colour of {nid}")
        number = n.get("number")
        _require((number is not None) == (kind == "start"), name, f"start number of {nid}")
        nodes[nid] = Node(nid, _label(nid), n["name"], kind, colour,
                          None if number is None else int(number),
                          float(n["lat"]), float(n["lon"]), *xy[nid])
    labels = [n.label for n in nodes.values()]
    _require(len(set(labels)) == len(labels), name, "node labels must be unique")
    segments: dict[str, Segment] = {}
    for s in data["segments"]:
        a, b, spaces = s["a"], s["b"], int(s["track_spaces"])
        _require(a in nodes and b in nodes and a != b, name, f"bad segment {a}-{b}")
        _require(spaces >= 1, name, f"segment {a}-{b} needs track spaces")
        sid = f"{a}-{b}"
        _require(all({x.a, x.b} != {a, b} for x in segments.values()), name, f"{sid} twice")
        segments[sid] = Segment(sid, f"{nodes[a].label}-{nodes[b].label}", a, b, spaces)
    graph: nx.Graph[str] = nx.Graph([(s.a, s.b) for s in segments.values()])
    _require(len(graph) == len(nodes) and nx.is_connected(graph), name, "network not connected")
    for n in nodes.values():
        degree = graph.degree(n.id)
        if n.kind == "start":
            _require(degree == 1, name, f"start space {n.id} must be a dead end")
        if n.kind == "junction":
            _require(degree in (3, 4), name, f"junction {n.id} has {degree} branches")
    numbers = sorted(n.number for n in nodes.values() if n.number is not None)
    _require(numbers == list(range(2, 13)), name, "start spaces must be numbered 2-12")
    colours = sorted(n.goods_colour for n in nodes.values() if n.goods_colour is not None)
    _require(colours == sorted(GOODS), name, "one goods city per colour")
    _require(bool([n for n in nodes.values() if n.kind == "port"]), name, "needs a port")
    signals = _parse_signals(data["signals"], nodes, segments, name)
    first = _parse_layout(data["first_game"], nodes, segments, signals, name)
    extra = _signal_ref(data["extra_green"], segments, signals, name)
    _require(signals[extra].city is None and extra not in first.greens, name, "extra green")
    agents = tuple(data["agents"])
    _require(len(agents) == 3 and set(agents) <= set(AGENTS), name, "three known agents")
    return Board(data["id"], data["name"], nodes, segments, signals, first, extra, agents,
                 bool(data["pass_through"]), tuple(data.get("adapted", ())), height,
                 {(s.segment, s.gap): s.id for s in signals.values()}, name)


def _parse_signals(raw: list[dict[str, Any]], nodes: dict[str, Node],
                   segments: dict[str, Segment], name: str) -> dict[str, Signal]:
    """Every red-light spot; every city and port entrance must have one."""
    signals: dict[str, Signal] = {}
    for r in raw:
        seg = segments.get(r["segment"])
        _require(seg is not None, name, f"signal on unknown segment {r['segment']}")
        assert seg is not None
        gap = _gap(r["at"], seg.spaces)
        city = None
        if r["at"] in ("end_a", "end_b"):
            city = seg.a if gap == 0 else seg.b
            _require(nodes[city].kind in ("city", "port"), name, f"{seg.id} {r['at']} city")
        else:
            _require(0 < gap < seg.spaces, name, f"signal {r['segment']} {r['at']}")
        if city is not None:
            sid = f"{nodes[city].label}-{nodes[seg.other(city)].label}"
        else:
            sid = f"{seg.label}-{gap}"
        _require(sid not in signals, name, f"signal {sid} twice")
        signals[sid] = Signal(sid, seg.id, gap, city)
    for n in nodes.values():
        if n.kind in ("city", "port"):
            for seg in segments.values():
                if n.id in (seg.a, seg.b):
                    gap = seg.gap_at(n.id)
                    _require(any(s.segment == seg.id and s.gap == gap for s in signals.values()),
                             name, f"entrance of {n.id} from {seg.id} has no signal")
    return signals


def _signal_ref(ref: dict[str, Any], segments: dict[str, Segment], signals: dict[str, Signal],
                name: str) -> str:
    """The signal id named by {segment, at}."""
    seg = segments.get(ref["segment"])
    _require(seg is not None, name, f"unknown segment {ref['segment']}")
    assert seg is not None
    gap = _gap(ref["at"], seg.spaces)
    found = [s.id for s in signals.values() if s.segment == seg.id and s.gap == gap]
    _require(len(found) == 1, name, f"no signal at {ref['segment']} {ref['at']}")
    return found[0]


def _parse_layout(raw: dict[str, Any], nodes: dict[str, Node], segments: dict[str, Segment],
                  signals: dict[str, Signal], name: str) -> Layout:
    """A first-game layout: one green per city and port, 3 on open track, every switch set."""
    greens = tuple(_signal_ref(r, segments, signals, name) for r in raw["greens"])
    _require(len(set(greens)) == len(greens), name, "two greens on one spot")
    cities = [n.id for n in nodes.values() if n.kind in ("city", "port")]
    for city in cities:
        _require(sum(signals[g].city == city for g in greens) == 1, name, f"green of {city}")
    _require(sum(signals[g].city is None for g in greens) == 3, name, "three track greens")
    switches: dict[str, tuple[str, str]] = {}
    for junction in (n.id for n in nodes.values() if n.kind == "junction"):
        pair = raw["switches"].get(junction)
        _require(pair is not None and len(pair) == 2, name, f"switch setting of {junction}")
        neighbours = {s.other(junction) for s in segments.values() if junction in (s.a, s.b)}
        _require(set(pair) <= neighbours and pair[0] != pair[1], name, f"switch {junction}")
        a, b = sorted(pair, key=lambda x: nodes[x].label)
        switches[junction] = (a, b)
    return Layout(greens, switches)


def board_file(board_id: str, rules_version: int = LATEST) -> str:
    """The data file of a board for a game started under that rules version."""
    if board_id not in BOARD_STEMS:
        raise ValueError(f"unknown board {board_id}")
    first = max(v for v in DATA_VERSIONS[board_id] if v <= max(1, rules_version))
    return f"{BOARD_STEMS[board_id]}{'' if first == 1 else f'_v{first}'}.json"


def load_board(board_id: str, rules_version: int = LATEST) -> Board:
    """One board from the packaged data files, as games started under that version play it."""
    return _load(board_file(board_id, rules_version))


@lru_cache(maxsize=8)
def _load(name: str) -> Board:
    path = resources.files("rules.switch_signal").joinpath(f"data/{name}")
    return parse_board(json.loads(path.read_text(encoding="utf-8")), name)

