"""The static layout of a Switch & Signal board, computed once per board and map size and cached.

Everything here depends only on the board's fixed data (nodes, tracks and their spaces, signal
spots) and the map size, never on the state of a game: node positions pushed apart until every
track space has room, signal spots, where each city's and port's cubes go, node labels, the
legend's corner and where a start number goes when a train stands on it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from render.core import canvas as cv
from render.core.canvas import RGB, Box, Point
from rules.core.lang import tr

STEP, MIN_GAP, CLEAR, MARGIN, STRETCH = 34.0, 62.0, 26.0, 34.0, 1.45
SPACE_R, JUNCTION_R, CITY_R, START_R, SIGNAL_R, SIGNAL_OFF = 8, 7, 17, 13, 7, 15
TRAIN_R = 19  # half the side of the square a train marker (with its casing) fits in
BADGE_R = 11  # a start number's badge beside a train standing on the start space
CODE_SIZE = 13
PORT: RGB = (22, 60, 120)  # a port marker's fill
_CACHE_SIZE = 8

NodeKey = tuple[str, str, str, str | None, float, float]  # id, name, kind, goods colour, x, y
Key = tuple[tuple[int, int], tuple[NodeKey, ...], tuple[tuple[str, str, str, int], ...],
            tuple[tuple[str, str, int, bool, str], ...], int]  # ... and rows of a port's tray
Label = tuple[str, Point, str, int, bool, RGB]  # text, xy, anchor, size, bold, colour

# Each train colour also has its own tail (flat, notched, rounded) and the three differ in
# lightness, so no reader has to tell them apart by hue alone. Points: nose along +x.
_NOSE = [(15.0, 0.0), (3.0, 13.0)]
_TAILS: dict[str, list[tuple[float, float]]] = {
    "black": [(-13.0, 13.0), (-13.0, -13.0)],
    "brown": [(-13.0, 13.0), (-5.0, 0.0), (-13.0, -13.0)],
    "grey": [(-4 - 9 * math.sin(math.pi * i / 8), 13 * math.cos(math.pi * i / 8))
             for i in range(9)],
}


@dataclass
class MapLayout:
    """Static geometry of one board at one size."""

    size: tuple[int, int]
    pos: dict[str, Point]
    kind: dict[str, str]
    fill: dict[str, RGB]
    ends: dict[str, tuple[str, str]]
    spaces: dict[str, Point]
    signals: dict[str, tuple[Point, Point]]  # id -> (spot, foot on the track)
    trays: dict[str, Box]  # where a city's or port's cubes go
    labels: list[Label]
    legend: Box
    badges: dict[str, Point]  # where a start space's number goes when a train stands on it
    codes: dict[str, Point]  # where a light's short code (L1, L2...) goes
    base: Image.Image | None = None  # the static layer, drawn by render.switch_signal.map
    texts: list[Box] = field(default_factory=list)  # where the static layer wrote its words


def train_outline(c: Point, facing: Point, colour: str, scale: float = 1.2) -> list[Point]:
    """The corners of a train marker heading along `facing` (by default its dark casing)."""
    ux, uy = facing
    shape = [*_NOSE, *_TAILS.get(colour, _TAILS["black"]), (3.0, -13.0)]
    return [(c[0] + (ux * a - uy * b) * scale, c[1] + (uy * a + ux * b) * scale)
            for a, b in shape]


def _along(p: Point, q: Point, t: float) -> Point:
    """The point a fraction t from p to q."""
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def unit(p: Point, q: Point) -> Point:
    """Unit vector from p towards q."""
    d = math.dist(p, q) or 1.0
    return ((q[0] - p[0]) / d, (q[1] - p[1]) / d)


def square(c: Point, r: float) -> Box:
    """Square box of half-side r around c."""
    return (c[0] - r, c[1] - r, c[0] + r, c[1] + r)


def _relax(key: Key) -> dict[str, Point]:
    """Fit the board into the frame, then push nodes apart until every space has room."""
    (w, h), nodes, segs = key[0], key[1], key[2]
    xs, ys = [n[4] for n in nodes] or [0.0], [n[5] for n in nodes] or [0.0]
    sx = (w - 2 * MARGIN - 60) / (max(xs) - min(xs) or 1)
    sy = (h - 2 * MARGIN) / (max(ys) - min(ys) or 1)
    sx, sy = min(sx, min(sx, sy) * STRETCH), min(sy, min(sx, sy) * STRETCH)
    ox, oy = (w - (max(xs) + min(xs)) * sx) / 2, (h - (max(ys) + min(ys)) * sy) / 2
    pos = {n[0]: complex(ox + n[4] * sx, oy + n[5] * sy) for n in nodes}
    dead = {n[0] for n in nodes if n[2] == "start"}
    ids = list(pos)
    for _ in range(400):
        worst = 0.0
        for _, a, b, count in segs:  # stretch tracks too short for their spaces
            d = pos[b] - pos[a]
            short = (count + 1) * STEP - abs(d)
            if short > 0.5:
                worst = max(worst, short)
                ka, kb = (0.0, 0.5) if b in dead and a not in dead else \
                    (0.5, 0.0) if a in dead and b not in dead else (0.25, 0.25)
                pos[a] -= d / (abs(d) or 1) * short * ka
                pos[b] += d / (abs(d) or 1) * short * kb
        for i, a in enumerate(ids):  # keep nodes apart
            for b in ids[i + 1:]:
                d = pos[b] - pos[a]
                if abs(d) < MIN_GAP:
                    worst = max(worst, MIN_GAP - abs(d))
                    push = d * (MIN_GAP - abs(d)) / 4 / (abs(d) or 1)
                    pos[a], pos[b] = pos[a] - push, pos[b] + push
        for n in ids:  # keep nodes off the tracks they are not on
            for _, a, b, _count in segs:
                d = pos[b] - pos[a]
                t = ((pos[n] - pos[a]) * d.conjugate()).real / (abs(d) ** 2 or 1)
                off = pos[n] - pos[a] - d * t
                if n not in (a, b) and 0 < t < 1 and abs(off) < CLEAR:
                    worst = max(worst, CLEAR - abs(off))
                    pos[n] += (off / abs(off) if abs(off) else 1j) * (CLEAR - abs(off)) / 2
        pos = {n: complex(min(max(p.real, MARGIN), w - MARGIN), min(max(p.imag, MARGIN),
                                                                    h - MARGIN))
               for n, p in pos.items()}
        if worst < 1.0:
            break
    return {n: (p.real, p.imag) for n, p in pos.items()}


class _Spots:
    """Obstacles on the static map, for choosing free spots for labels, trays and the legend."""

    def __init__(self, size: tuple[int, int], lines: list[tuple[Point, Point]],
                 trains: list[list[Point]]) -> None:
        self.size, self.lines, self.boxes = size, lines, list[tuple[Box, float]]()
        self.trains = [(_bounds(t), t) for t in trains]

    def cost(self, box: Box) -> float:
        """How badly `box` collides with what is placed, with where a train may stand (a train
        would hide it) and with the frame's edge."""
        score = sum(cv.overlap_area(box, o) * k for o, k in self.boxes if cv.boxes_overlap(box, o))
        score += sum(60 for p, q in self.lines if cv.segment_hits_box(p, q, box))
        score += sum(150 for b, t in self.trains if cv.boxes_overlap(box, b) and _hits(t, box))
        w, h = self.size
        return score + 50 * (max(0.0, 4 - box[0]) + max(0.0, box[2] - w + 4)
                             + max(0.0, 4 - box[1]) + max(0.0, box[3] - h + 4))

    def best(self, boxes: list[Box], weight: float = 4.0) -> int:
        """Index of the cheapest box (earlier ones win ties), which is then taken."""
        scores = [self.cost(b) + i * 3 for i, b in enumerate(boxes)]
        i = scores.index(min(scores))
        self.boxes.append((boxes[i], weight))
        return i


def _bounds(points: list[Point]) -> Box:
    """The bounding box of some points."""
    return (min(p[0] for p in points), min(p[1] for p in points),
            max(p[0] for p in points), max(p[1] for p in points))


def _hits(poly: list[Point], box: Box) -> bool:
    """True if a convex polygon and a box overlap (no edge of the polygon separates them)."""
    corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1], strict=True):
        nx, ny = by - ay, ax - bx
        own = [nx * x + ny * y for x, y in poly]
        other = [nx * x + ny * y for x, y in corners]
        if max(own) <= min(other) or max(other) <= min(own):
            return False
    return True


def train_spots(pos: dict[str, Point], kind: dict[str, str], ends: dict[str, tuple[str, str]],
                spaces: dict[str, Point]) -> list[list[Point]]:
    """The outline of a train at every place one may stand, facing either way (and square,
    not yet heading anywhere, on a stop); the flat tail covers the other tails."""
    out = []
    for sid, c in spaces.items():
        a, b = ends[sid.split(":")[0]]
        out += [train_outline(c, unit(pos[a], pos[b]), "black"),
                train_outline(c, unit(pos[b], pos[a]), "black")]
    for n in (n for n in pos if kind[n] != "junction"):
        out += [train_outline(pos[n], unit(pos[n], pos[b if n == a else a]), "black")
                for a, b in ends.values() if n in (a, b)]
        x0, y0, x1, y1 = square(pos[n], TRAIN_R)
        out.append([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    return out


_DIRS = [(1.0, 0.0), (-1.0, 0.0), (0.7, -0.7), (0.7, 0.7), (-0.7, -0.7), (-0.7, 0.7),
         (0.0, -1.0), (0.0, 1.0)]
_ANCHORS = ["lm", "rm", "ld", "la", "rd", "ra", "md", "ma"]


def legend_rows() -> list[str]:
    """The map key's rows, in the language spoken."""
    return [tr("goods city"), tr("port (goods delivered)"), tr("start space (dice)"),
            tr("junction"), tr("open switch route"), tr("closed branch"),
            tr("red light / green light"), tr("train, facing"), tr("last move")]


def radius(kind: str) -> int:
    """Marker radius of a node kind."""
    return {"city": CITY_R, "port": CITY_R + 1, "start": START_R}.get(kind, JUNCTION_R)


def _build(key: Key) -> MapLayout:
    """Compute the layout for a cache key."""
    size, nodes, segs, signals, ten_rows = key
    pos = _relax(key)
    kind = {n[0]: n[2] for n in nodes}
    fill = {n[0]: cv.colour(n[3], PORT if n[2] == "port" else cv.PAPER) for n in nodes}
    ends = {s[0]: (s[1], s[2]) for s in segs}
    spaces = {f"{sid}:{i}": _along(pos[a], pos[b], i / (n + 1))
              for sid, a, b, n in segs for i in range(1, n + 1)}
    lines = [(pos[a], pos[b]) for _, a, b, _ in segs]
    spots = _Spots(size, lines, train_spots(pos, kind, ends, spaces))
    spots.boxes += [(square(p, SPACE_R + 2), 2.0) for p in spaces.values()]
    spots.boxes += [(square(pos[n], radius(kind[n]) + 3), 4.0) for n in pos]
    count = {s[0]: s[3] for s in segs}
    sigs: dict[str, tuple[Point, Point]] = {}
    for sid, seg, gap, at_city, _code in signals:
        a, b = ends[seg]
        length = math.dist(pos[a], pos[b])
        along = (gap + 0.5) / (count[seg] + 1) * length
        if at_city:
            along = max(along, CITY_R + 3) if gap == 0 else min(along, length - CITY_R - 3)
        foot = _along(pos[a], pos[b], along / (length or 1))
        ux, uy = unit(pos[a], pos[b])
        sides = [(foot[0] - uy * s, foot[1] + ux * s) for s in (SIGNAL_OFF, -SIGNAL_OFF)]
        spot = sides[spots.best([square(c, SIGNAL_R + 1) for c in sides], 2.0)]
        sigs[sid] = (spot, foot)
    trays: dict[str, Box] = {}
    for n in [n[0] for n in nodes if n[2] in ("city", "port")]:
        tw, th = (46.0, 16.0) if kind[n] == "city" else (66.0, 16.0 * ten_rows)
        r = radius(kind[n]) + 6
        options = [square((pos[n][0] + dx * (r + tw / 2), pos[n][1] + dy * (r + th / 2)), 0)
                   for dx, dy in _DIRS]
        options = [(b[0] - tw / 2, b[1] - th / 2, b[2] + tw / 2, b[3] + th / 2) for b in options]
        trays[n] = options[spots.best(options, 10.0)]  # names keep off the cubes
    layout = MapLayout(size, pos, kind, fill, ends, spaces, sigs, trays, [], (0, 0, 0, 0), {},
                       {})
    _place_legend(layout, spots)
    _place_labels(layout, nodes, spots)
    _place_codes(layout, signals, spots)
    for n in (n for n in pos if kind[n] == "start"):  # start number beside a train on it
        around = []
        for far in (TRAIN_R + BADGE_R + 2, TRAIN_R + BADGE_R + 14):  # clear of a train on it
            around += [(pos[n][0] + dx * far, pos[n][1]) for dx in (1, -1)]
            around += [(pos[n][0], pos[n][1] + dy * far) for dy in (-1, 1)]
            around += [(pos[n][0] + dx * far, pos[n][1] + dy * far) for dx in (-1, 1)
                       for dy in (-1, 1)]
        layout.badges[n] = around[spots.best([square(c, BADGE_R + 1) for c in around], 10.0)]
    return layout


def _place_legend(layout: MapLayout, spots: _Spots) -> None:
    """The key goes in the emptiest corner."""
    fnt = cv.font(16)
    rows = legend_rows()
    w = 52 + max(cv.text_width(r, fnt) for r in rows) + 12
    h = 24 * len(rows) + 14
    mw, mh = layout.size
    corners = [(8.0, mh - 8 - h), (mw - 8 - w, mh - 8 - h), (8.0, 8.0), (mw - 8 - w, 8.0)]
    boxes: list[Box] = [(x, y, x + w, y + h) for x, y in corners]
    layout.legend = boxes[spots.best(boxes)]


def _place_labels(layout: MapLayout, nodes: tuple[NodeKey, ...], spots: _Spots) -> None:
    """Node names where they collide least; cities first, junctions last."""
    rank = {"port": 0, "city": 0, "start": 1, "junction": 2}
    for nid, name, kind, _, _, _ in sorted(nodes, key=lambda n: (rank.get(n[2], 2), n[0])):
        size, bold = (18, True) if kind in ("city", "port") else (16, kind == "start")
        fnt = cv.font(size, bold)
        x, y = layout.pos[nid]
        near = radius(kind) + 3 if kind == "junction" else TRAIN_R + 4  # clear of a train on it
        xys = [(x + dx * r, y + dy * r) for r in (near, near + 13, near + 26) for dx, dy in _DIRS]
        boxes = [cv.text_box(xy, name, fnt, a) for xy, a in zip(xys, _ANCHORS * 3, strict=True)]
        i = spots.best([(b[0] - 2, b[1] - 1, b[2] + 2, b[3] + 1) for b in boxes], 10.0)
        ink = cv.INK if kind != "junction" else (70, 74, 80)
        layout.labels.append((name, xys[i], _ANCHORS[i % 8], size, bold, ink))


def _place_codes(layout: MapLayout, signals: tuple[tuple[str, str, int, bool, str], ...],
                 spots: _Spots) -> None:
    """Each light's code beside it, where it hides the least (labels and trays placed first)."""
    fnt = cv.font(CODE_SIZE, True)
    for sid, _, _, _, code in signals:
        (x, y), _foot = layout.signals[sid]
        half_w, half_h = cv.text_width(code, fnt) / 2 + 2, CODE_SIZE / 2 + 1
        xys = [(x + dx * (SIGNAL_R + half_w + far), y + dy * (SIGNAL_R + half_h + far))
               for far in (1, 9) for dx, dy in _DIRS]
        boxes = [cv.text_box(xy, code, fnt, "mm") for xy in xys]
        i = spots.best([(b[0] - 1, b[1] - 1, b[2] + 1, b[3] + 1) for b in boxes], 6.0)
        layout.codes[sid] = xys[i]


_LAYOUTS: cv.LayoutCache[Key, MapLayout] = cv.LayoutCache(_CACHE_SIZE)


def layout_for(board: dict[str, Any], size: tuple[int, int]) -> MapLayout:
    """The (cached) layout of a view's board at `size`; only fixed board data is in the key."""
    nodes = tuple((str(n["id"]), str(n["name"]), str(n["kind"]), n.get("goods_colour"),
                   float(n["x"]), float(n["y"])) for n in board.get("nodes") or [])
    segs = tuple((str(s["id"]), str(s["a"]), str(s["b"]), len(s.get("spaces") or []))
                 for s in board.get("segments") or [])
    signals = tuple((str(g["id"]), str(g["segment"]), int(g["gap"]), g.get("city") is not None,
                     str(g.get("code") or "")) for g in board.get("signals") or [])
    key: Key = (size, nodes, segs, signals, 2 if board.get("pass_through") else 3)
    return _LAYOUTS.get(key, _build)


def clear_cache() -> None:
    """Forget every cached layout (and the static layer drawn with it)."""
    _LAYOUTS.clear()
