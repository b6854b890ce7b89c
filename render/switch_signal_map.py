"""The Switch & Signal map: a spread-out track layout and static layer (cached), then what moves.

The layout (node positions pushed apart until every track space has room; label, goods and
legend spots) and the base image depend only on the board's fixed data and the map size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import canvas as cv
from render.canvas import RGB, Box, Point

STEP, MIN_GAP, CLEAR, MARGIN, STRETCH = 34.0, 62.0, 26.0, 34.0, 1.45
SPACE_R, JUNCTION_R, CITY_R, START_R, SIGNAL_R, SIGNAL_OFF = 8, 7, 17, 13, 7, 15
MAP_BG: RGB = (226, 233, 220)
TRACK: RGB = (96, 92, 86)
OPEN: RGB = (255, 176, 0)
DISC: RGB = (20, 20, 24)
RED: RGB = (215, 38, 38)
GREEN: RGB = (0, 158, 76)
GLOW: RGB = (255, 92, 190)
MOTION: RGB = (80, 200, 255)
PENDING: RGB = (255, 120, 0)
PORT: RGB = (22, 60, 120)
HALO: RGB = (250, 250, 246)
TRAINS: dict[str, RGB] = {"black": (30, 30, 34), "brown": (150, 92, 44), "grey": (170, 174, 180)}
GOODS_ORDER = ("yellow", "blue", "red", "white")
_CACHE_SIZE = 8

NodeKey = tuple[str, str, str, str | None, float, float]  # id, name, kind, goods colour, x, y
Key = tuple[tuple[int, int], tuple[NodeKey, ...], tuple[tuple[str, str, str, int], ...],
            tuple[tuple[str, str, int, bool], ...], int]  # ... and rows of a port's tray
Label = tuple[str, Point, str, int, bool, RGB]  # text, xy, anchor, size, bold, colour


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
    base: Image.Image | None = None


def _along(p: Point, q: Point, t: float) -> Point:
    """The point a fraction t from p to q."""
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def _unit(p: Point, q: Point) -> Point:
    """Unit vector from p towards q."""
    d = math.dist(p, q) or 1.0
    return ((q[0] - p[0]) / d, (q[1] - p[1]) / d)


def _box(c: Point, r: float) -> Box:
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

    def __init__(self, size: tuple[int, int], lines: list[tuple[Point, Point]]) -> None:
        self.size, self.lines, self.boxes = size, lines, list[tuple[Box, float]]()

    def cost(self, box: Box) -> float:
        """How badly `box` collides with what is placed (and the frame's edge)."""
        score = sum(cv.overlap_area(box, o) * k for o, k in self.boxes if cv.boxes_overlap(box, o))
        score += sum(60 for p, q in self.lines if cv.segment_hits_box(p, q, box))
        w, h = self.size
        return score + 50 * (max(0.0, 4 - box[0]) + max(0.0, box[2] - w + 4)
                             + max(0.0, 4 - box[1]) + max(0.0, box[3] - h + 4))

    def best(self, boxes: list[Box], weight: float = 4.0) -> int:
        """Index of the cheapest box (earlier ones win ties), which is then taken."""
        scores = [self.cost(b) + i * 3 for i, b in enumerate(boxes)]
        i = scores.index(min(scores))
        self.boxes.append((boxes[i], weight))
        return i


_DIRS = [(1.0, 0.0), (-1.0, 0.0), (0.7, -0.7), (0.7, 0.7), (-0.7, -0.7), (-0.7, 0.7),
         (0.0, -1.0), (0.0, 1.0)]
_ANCHORS = ["lm", "rm", "ld", "la", "rd", "ra", "md", "ma"]
LEGEND_ROWS = ["goods city", "port (goods delivered)", "start space (dice)", "junction",
               "open switch route", "closed branch", "red light / green light", "train, facing",
               "last move"]


def _radius(kind: str) -> int:
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
    spots = _Spots(size, lines)
    spots.boxes += [(_box(p, SPACE_R + 2), 2.0) for p in spaces.values()]
    spots.boxes += [(_box(pos[n], _radius(kind[n]) + 3), 4.0) for n in pos]
    count = {s[0]: s[3] for s in segs}
    sigs: dict[str, tuple[Point, Point]] = {}
    for sid, seg, gap, at_city in signals:
        a, b = ends[seg]
        length = math.dist(pos[a], pos[b])
        along = (gap + 0.5) / (count[seg] + 1) * length
        if at_city:
            along = max(along, CITY_R + 3) if gap == 0 else min(along, length - CITY_R - 3)
        foot = _along(pos[a], pos[b], along / (length or 1))
        ux, uy = _unit(pos[a], pos[b])
        sides = [(foot[0] - uy * s, foot[1] + ux * s) for s in (SIGNAL_OFF, -SIGNAL_OFF)]
        spot = sides[spots.best([_box(c, SIGNAL_R + 1) for c in sides], 2.0)]
        sigs[sid] = (spot, foot)
    trays: dict[str, Box] = {}
    for n in [n[0] for n in nodes if n[2] in ("city", "port")]:
        tw, th = (46.0, 16.0) if kind[n] == "city" else (66.0, 16.0 * ten_rows)
        r = _radius(kind[n]) + 6
        options = [_box((pos[n][0] + dx * (r + tw / 2), pos[n][1] + dy * (r + th / 2)), 0)
                   for dx, dy in _DIRS]
        options = [(b[0] - tw / 2, b[1] - th / 2, b[2] + tw / 2, b[3] + th / 2) for b in options]
        trays[n] = options[spots.best(options)]
    layout = MapLayout(size, pos, kind, fill, ends, spaces, sigs, trays, [], (0, 0, 0, 0), {})
    _place_legend(layout, spots)
    _place_labels(layout, nodes, spots)
    for n in (n for n in pos if kind[n] == "start"):  # start number beside a train on it
        corners = [(pos[n][0] + dx * 17, pos[n][1] + dy * 17) for dx, dy in _DIRS[2:6]]
        layout.badges[n] = corners[spots.best([_box(c, 11) for c in corners], 1.0)]
    return layout


def _place_legend(layout: MapLayout, spots: _Spots) -> None:
    """The key goes in the emptiest corner."""
    fnt = cv.font(16)
    w = 52 + max(cv.text_width(r, fnt) for r in LEGEND_ROWS) + 12
    h = 24 * len(LEGEND_ROWS) + 14
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
        xys = [(x + dx * r, y + dy * r) for r in (_radius(kind) + 3, _radius(kind) + 16)
               for dx, dy in _DIRS]
        boxes = [cv.text_box(xy, name, fnt, a) for xy, a in zip(xys, _ANCHORS * 2, strict=True)]
        i = spots.best([(b[0] - 2, b[1] - 1, b[2] + 2, b[3] + 1) for b in boxes], 10.0)
        ink = cv.INK if kind != "junction" else (70, 74, 80)
        layout.labels.append((name, xys[i], _ANCHORS[i % 8], size, bold, ink))


_LAYOUTS: dict[Key, MapLayout] = {}


def layout_for(board: dict[str, Any], size: tuple[int, int]) -> MapLayout:
    """The (cached) layout of a view's board at `size`; only fixed board data is in the key."""
    nodes = tuple((str(n["id"]), str(n["name"]), str(n["kind"]), n.get("goods_colour"),
                   float(n["x"]), float(n["y"])) for n in board.get("nodes") or [])
    segs = tuple((str(s["id"]), str(s["a"]), str(s["b"]), len(s.get("spaces") or []))
                 for s in board.get("segments") or [])
    signals = tuple((str(g["id"]), str(g["segment"]), int(g["gap"]), g.get("city") is not None)
                    for g in board.get("signals") or [])
    key: Key = (size, nodes, segs, signals, 2 if board.get("pass_through") else 3)
    layout = _LAYOUTS.get(key)
    if layout is None:
        layout = _build(key)
        if len(_LAYOUTS) >= _CACHE_SIZE:
            _LAYOUTS.clear()
        _LAYOUTS[key] = layout
    return layout


def clear_cache() -> None:
    """Forget every cached layout."""
    _LAYOUTS.clear()


def _space(draw: ImageDraw.ImageDraw, c: Point) -> None:
    """A track space."""
    draw.ellipse(_box(c, SPACE_R), fill=cv.PAPER, outline=TRACK, width=2)


def _node(draw: ImageDraw.ImageDraw, layout: MapLayout, nid: str) -> None:
    """A node marker: junction dot, goods city disc, port badge or start square."""
    c, kind, fill = layout.pos[nid], layout.kind[nid], layout.fill[nid]
    r = _radius(kind)
    if kind == "junction":
        draw.ellipse(_box(c, r), fill=DISC)
    elif kind == "city":
        draw.ellipse(_box(c, r + 2), fill=DISC)
        draw.ellipse(_box(c, r - 1), fill=fill, outline=cv.PAPER, width=2)
    elif kind == "port":
        draw.rounded_rectangle(_box(c, r), radius=6, fill=fill, outline=DISC, width=2)
        cv.draw_text(draw, c, "⚓", cv.font(22, True), cv.PAPER, anchor="mm")
    else:
        draw.rounded_rectangle(_box(c, r), radius=4, fill=cv.PAPER, outline=DISC, width=2)


def _legend(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The key to the map's symbols."""
    cv.rounded_box(draw, box, (252, 252, 249), (160, 160, 156), 8)
    fnt = cv.font(16)
    for i, row in enumerate(LEGEND_ROWS):
        y, x = box[1] + 7 + 24 * i + 12, box[0] + 26
        if i == 0:
            draw.ellipse(_box((x, y), 9), fill=cv.colour("blue"), outline=DISC, width=2)
        elif i == 1:
            draw.rounded_rectangle(_box((x, y), 9), radius=3, fill=PORT, outline=DISC)
        elif i == 2:
            draw.rounded_rectangle(_box((x, y), 10), radius=3, fill=cv.PAPER, outline=DISC,
                                   width=2)
            cv.draw_text(draw, (x, y), "7", cv.font(16, True), cv.INK, anchor="mm")
        elif i == 3:
            draw.line((x - 16, y, x + 16, y), fill=TRACK, width=4)
            draw.ellipse(_box((x, y), JUNCTION_R), fill=DISC)
        elif i in (4, 5):
            draw.line((x - 16, y, x + 16, y), fill=TRACK, width=4)
            if i == 4:
                draw.line((x - 14, y, x + 14, y), fill=OPEN, width=6)
            else:
                draw.line((x, y - 8, x, y + 8), fill=DISC, width=5)
        elif i == 6:
            _light(draw, (x - 10, y), False)
            _light(draw, (x + 10, y), True)
        elif i == 7:
            _train(draw, (x, y), (1.0, 0.0), "grey", "1", None)
        else:
            draw.line((x - 16, y, x + 16, y), fill=GLOW, width=12)
            draw.line((x - 16, y, x + 16, y), fill=TRACK, width=4)
        cv.draw_text(draw, (box[0] + 52, y), row, fnt, cv.INK, anchor="lm")


def _background(layout: MapLayout) -> Image.Image:
    """Track, spaces, signal stalks, node markers, names and the legend: drawn once."""
    if layout.base is None:
        image = cv.new_canvas(layout.size[0], layout.size[1], MAP_BG)
        draw = ImageDraw.Draw(image)
        for a, b in layout.ends.values():
            draw.line((layout.pos[a], layout.pos[b]), fill=TRACK, width=5)
        for spot, foot in layout.signals.values():
            draw.line((spot, foot), fill=TRACK, width=2)
        for c in layout.spaces.values():
            _space(draw, c)
        for nid in layout.pos:
            _node(draw, layout, nid)
        for text, xy, anchor, size, bold, ink in layout.labels:
            cv.draw_text(draw, xy, text, cv.font(size, bold), ink, HALO, 3, anchor)
        _legend(draw, layout.legend)
        layout.base = image
    return layout.base


def _light(draw: ImageDraw.ImageDraw, c: Point, green: bool) -> None:
    """A signal spot: a green disc, or a red light (with a bar, for colour-blind readers)."""
    if green:
        draw.ellipse(_box(c, SIGNAL_R + 1), fill=GREEN, outline=DISC, width=2)
        draw.ellipse(_box(c, 2.5), fill=cv.PAPER)
    else:
        draw.ellipse(_box(c, SIGNAL_R), fill=RED, outline=DISC, width=1)
        draw.line((c[0] - 4, c[1], c[0] + 4, c[1]), fill=cv.PAPER, width=2)


def _train(draw: ImageDraw.ImageDraw, c: Point, facing: Point | None, colour: str, tag: str,
           cargo: str | None) -> None:
    """A train marker pointing where it heads, its number on it, a cargo cube behind it."""
    fill = TRAINS.get(colour, cv.colour(colour))
    ux, uy = facing or (1.0, 0.0)
    if facing is None:
        draw.rounded_rectangle(_box(c, 12), radius=5, fill=fill, outline=cv.PAPER, width=2)
        draw.rounded_rectangle(_box(c, 14), radius=6, outline=DISC, width=2)
    else:
        shape = [(14, 0), (3, 10), (-12, 10), (-12, -10), (3, -10)]
        for grow, ink in ((1.2, DISC), (1.0, fill)):
            pts = [(c[0] + (ux * a - uy * b) * grow, c[1] + (uy * a + ux * b) * grow)
                   for a, b in shape]
            draw.polygon(pts, fill=ink, outline=cv.PAPER if grow == 1.0 else None,
                         width=2 if grow == 1.0 else 1)
    if cargo:
        cube = (c[0] + uy * 18, c[1] - ux * 18) if facing else (c[0] - 15, c[1] - 15)
        cv.swatch(draw, cube, 13, cv.colour(cargo), DISC)
    cv.draw_text(draw, (c[0] - ux * 2, c[1] - uy * 2), tag, cv.font(16, True),
                 cv.contrast_ink(fill), anchor="mm")


class MapPainter:
    """Draws one view's map over the cached background."""

    def __init__(self, view: dict[str, Any], size: tuple[int, int]) -> None:
        self.view = view
        self.board: dict[str, Any] = view.get("board") or {}
        self.layout = layout_for(self.board, size)
        self.image = _background(self.layout).copy()
        self.draw = ImageDraw.Draw(self.image)
        self.train_xy: dict[str, Point] = {}
        self.occupied: set[str] = set()

    def paint(self) -> Image.Image:
        """Draw everything that changes and return the map image."""
        last = self.view.get("last_move") or {}
        motion = self.view.get("motion") or {}
        self._glow(list(last.get("path") or []), GLOW)
        self._glow(list(motion.get("path") or []), MOTION)
        self._switches()
        self._lights()
        self._goods()
        self._trains()
        self._numbers()
        self._pending()
        return self.image

    def place(self, at: str) -> Point | None:
        """Pixel position of a node or track space id."""
        return self.layout.pos.get(at) or self.layout.spaces.get(at)

    def _glow(self, path: list[str], ink: RGB) -> None:
        """Highlight a movement path (through the junctions it passes), then redraw its stops."""
        lay = self.layout
        points: list[Point] = []
        for i, at in enumerate(path):
            xy = self.place(at)
            if xy is None:
                continue
            if i and ":" in at and ":" in path[i - 1]:  # two tracks: through their shared node
                a, b = lay.ends.get(at.split(":")[0], ("", ""))
                c, d = lay.ends.get(path[i - 1].split(":")[0], ("", ""))
                shared = ({a, b} & {c, d}) - {""}
                if shared and at.split(":")[0] != path[i - 1].split(":")[0]:
                    points.append(lay.pos[min(shared)])
            points.append(xy)
        if not points:
            return
        if len(points) > 1:
            cv.polyline(self.draw, points, ink, 22)
        for p in points:
            self.draw.ellipse(_box(p, 16), fill=ink)
        cv.polyline(self.draw, points, TRACK, 5)
        for at in path:
            if at in lay.spaces:
                _space(self.draw, lay.spaces[at])
        for nid in lay.pos:
            if lay.pos[nid] in points:
                _node(self.draw, lay, nid)

    def _switches(self) -> None:
        """Each junction's open route in amber through its dot; a disc across closed branches."""
        lay = self.layout
        for jid, switch in sorted((self.board.get("switches") or {}).items()):
            if jid not in lay.pos:
                continue
            c = lay.pos[jid]
            opened = [str(n) for n in switch.get("open") or []]
            route: list[Point] = []
            for other in (b if a == jid else a for a, b in lay.ends.values() if jid in (a, b)):
                ux, uy = _unit(c, lay.pos[other])
                if other in opened:
                    route.append((c[0] + ux * 19, c[1] + uy * 19))
                    continue
                m = (c[0] + ux * 14, c[1] + uy * 14)
                self.draw.line(((m[0] - uy * 9, m[1] + ux * 9), (m[0] + uy * 9, m[1] - ux * 9)),
                               fill=DISC, width=5)
            if len(route) == 2:
                cv.polyline(self.draw, [route[0], c, route[1]], DISC, 11)
                cv.polyline(self.draw, [route[0], c, route[1]], OPEN, 7)
            self.draw.ellipse(_box(c, 4), fill=DISC)

    def _lights(self) -> None:
        """Red and green signal spots."""
        for signal in self.board.get("signals") or []:
            spot = self.layout.signals.get(str(signal.get("id")))
            if spot:
                _light(self.draw, spot[0], bool(signal.get("green")))

    def _numbers(self) -> None:
        """Start-space numbers (location tokens may change them); a badge when a train is on."""
        fnt = cv.font(16, True)
        for node in self.board.get("nodes") or []:
            nid = str(node.get("id"))
            if node.get("kind") == "start" and nid in self.layout.pos:
                number = node.get("number")
                c = self.layout.pos[nid]
                if nid in self.occupied:
                    c = self.layout.badges.get(nid, c)
                    self.draw.ellipse(_box(c, 11), fill=cv.PAPER, outline=DISC, width=2)
                cv.draw_text(self.draw, c, "?" if number is None else str(number), fnt, cv.INK,
                             anchor="mm")

    def _goods(self) -> None:
        """Cubes waiting in each city; cubes delivered to each port beside slots still needed."""
        lay = self.layout
        for city, count in sorted((self.view.get("goods") or {}).items()):
            box = lay.trays.get(str(city))
            if box is None:
                continue
            for i in range(min(int(count), 3)):
                cv.swatch(self.draw, (box[0] + 7 + 16 * i, box[1] + 8), 13,
                          lay.fill.get(str(city), cv.PAPER), DISC)
        need = 1 if self.board.get("pass_through") else 2
        for port, have in sorted((self.view.get("delivered") or {}).items()):
            box = lay.trays.get(str(port))
            if box is None:
                continue
            rows = round((box[3] - box[1]) / 16)
            down = box[1] > lay.pos[str(port)][1]
            for col, goods in enumerate(GOODS_ORDER):
                for row in range(min(rows, max(need, int(have.get(goods, 0))))):
                    y = box[1] + 8 + 16 * row if down else box[3] - 8 - 16 * row
                    c = (box[0] + 8 + 16 * col, y)
                    if row < int(have.get(goods, 0)):
                        cv.swatch(self.draw, c, 13, cv.colour(goods), DISC)
                    else:
                        edge = cv.MUTED if goods == "white" else cv.colour(goods)
                        self.draw.rectangle(_box(c, 6), fill=HALO, outline=edge, width=2)

    def _facing(self, at: str, heading: str | None) -> Point | None:
        """Unit vector of where a train heads, or None when it has no heading."""
        lay = self.layout
        if heading is None or heading not in lay.pos:
            return None
        seg = at.split(":")[0]
        if seg in lay.ends and ":" in at:
            a, b = lay.ends[seg]
            return _unit(lay.pos[a], lay.pos[b]) if heading == b else _unit(lay.pos[b], lay.pos[a])
        here = self.place(at)
        return _unit(here, lay.pos[heading]) if here and here != lay.pos[heading] else None

    def _trains(self) -> None:
        """Every train on the network."""
        seen: dict[str, int] = {}
        for train in self.view.get("trains") or []:
            at = train.get("at")
            xy = self.place(str(at)) if at else None
            if xy is None:
                continue
            n = seen[str(at)] = seen.get(str(at), -1) + 1
            self.occupied.add(str(at))
            xy = (xy[0] + 10 * n, xy[1] - 10 * n)
            tid = str(train.get("id", ""))
            tag = tid[-1] if tid[-1:].isdigit() else tid[:1].upper()
            _train(self.draw, xy, self._facing(str(at), train.get("heading")),
                   str(train.get("colour")), tag, train.get("cargo"))
            self.train_xy[tid] = xy

    def _pending(self) -> None:
        """A ring round what the active player is choosing (signal, junction or train)."""
        pending = self.view.get("pending") or {}
        signal = self.layout.signals.get(str(pending.get("target")))
        spots = [signal[0] if signal else None, self.layout.pos.get(str(pending.get("junction"))),
                 self.train_xy.get(str(pending.get("train")))]
        for c in spots:
            if c is not None:
                self.draw.ellipse(_box(c, 19), outline=PENDING, width=4)


def paint_map(view: dict[str, Any], size: tuple[int, int]) -> Image.Image:
    """Render the map of a Switch & Signal view at `size`."""
    return MapPainter(view, size).paint()
