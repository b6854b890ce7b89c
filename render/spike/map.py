"""The static Spike map: the lattice of track spaces over the eastern US.

The projection, coastline, every unbuilt space in its rail kind's colour and pattern, junction
dots, the legend, and where city labels and the market go depend only on the board: they are
laid out and drawn once per board and size (`background`), then copied. What a view changes
(track, cities and prices, trains) is drawn over the copy by `render.spike`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box, Point
from render.core.usa_outline import BORDERS, LAKES, LAND
from render.spike import marks as mk
from render.spike.panels import CASING, look, piece, player_colour, rail
from rules.core.lang import term, tr

MARGINS = (40, 16, 58, 22)  # left, top, right, bottom: room for labels at the edges
CITY_R = 9
DOT_R = 3
LINE_H = 19
LABEL = 16
MARKET_SIZE = (390, 124)
LEGEND_SIZE = (392, 112)
_CACHE_SIZE = 4

SEA: RGB = (208, 226, 240)
LAND_FILL: RGB = (244, 241, 232)
COAST: RGB = (160, 188, 208)
BORDER: RGB = (200, 192, 176)
DOT: RGB = (120, 120, 116)
JUNCTION_TAG: RGB = (255, 250, 205)
FAINT = 0.3  # how far unbuilt spaces fade toward the land colour

PointKey = tuple[str, float, float, str, str]  # id, x km, y km, city ("" = junction), good
SpaceKey = tuple[str, str, str]  # a, b, rail kind code
KindKey = tuple[str, str, str, str]  # code, card word, hex colour, pattern
Key = tuple[tuple[int, int], tuple[PointKey, ...], tuple[SpaceKey, ...], tuple[KindKey, ...],
            tuple[tuple[str, str], ...]]


def faint_look(kind: KindKey) -> tuple[str, RGB, RGB | None]:
    """Pattern, colour and rim of an unbuilt space of this kind (faded a little)."""
    pattern, rgb, rim = look(kind[1], kind[2], kind[3])
    return pattern, cv.mix(rgb, LAND_FILL, FAINT), cv.mix(rim, LAND_FILL, FAINT) if rim else None


@dataclass
class Label:
    """Where a city's name and its good/price line may go, best first, as (the side its lines
    align on: "l", "r" or "m"; box). A train may push it to a later choice."""

    city: str
    good: str
    options: list[tuple[str, Box]]

    @property
    def box(self) -> Box:
        """The label's usual place."""
        return self.options[0][1]


@dataclass
class MapLayout:
    """Static geometry of one board at one size."""

    size: tuple[int, int]
    scale: float
    xy: dict[str, Point]
    points: dict[str, PointKey]
    spaces: list[SpaceKey]
    kinds: dict[str, KindKey]
    rings: list[list[Point]]
    borders: list[list[Point]]
    labels: dict[str, Label] = field(default_factory=dict)
    market: Box = (0.0, 0.0, 0.0, 0.0)
    legend: Box = (0.0, 0.0, 0.0, 0.0)
    base: Image.Image | None = None

    def ends(self, index: int, trim: float = 0.0) -> tuple[Point, Point]:
        """The two ends of a space in pixels, pulled in by `trim` at each end."""
        a, b, _ = self.spaces[index]
        (ax, ay), (bx, by) = self.xy[a], self.xy[b]
        length = math.hypot(bx - ax, by - ay) or 1.0
        dx, dy = (bx - ax) / length * trim, (by - ay) / length * trim
        return (ax + dx, ay + dy), (bx - dx, by - dy)

    def mid(self, index: int) -> Point:
        """The middle of a space."""
        p, q = self.ends(index)
        return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)

    @property
    def spacing(self) -> float:
        """Pixels between neighbouring points."""
        return math.dist(*self.ends(0)) if self.spaces else 60.0


def _lcc(items: tuple[tuple[str, str], ...]) -> Callable[[float, float], Point] | None:
    """(lon, lat) -> board km for the board's Lambert conformal conic (its parameters as JSON
    texts by name), or None if it is something else."""
    try:
        projection = {k: json.loads(v) for k, v in items}
        lat1, lat2 = (math.radians(float(v)) for v in projection["standard_parallels"])
        lat0, lon0 = math.radians(float(projection["origin_lat"])), float(projection["origin_lon"])
        radius = float(projection["earth_radius_km"])
        x_off, y_off = float(projection["x_offset_km"]), float(projection["y_offset_km"])
        if "lambert" not in str(projection["type"]).lower():
            return None
    except (KeyError, ValueError, TypeError):
        return None

    def t(lat: float) -> float:
        return math.tan(math.pi / 4 + lat / 2)

    n = math.log(math.cos(lat1) / math.cos(lat2)) / math.log(t(lat2) / t(lat1))
    f = math.cos(lat1) * t(lat1) ** n / n
    rho0 = radius * f / t(lat0) ** n

    def km(lon: float, lat: float) -> Point:
        rho = radius * f / t(math.radians(lat)) ** n
        theta = n * math.radians(lon - lon0)
        return rho * math.sin(theta) - x_off, rho * math.cos(theta) - rho0 - y_off

    return km


def _build(key: Key) -> MapLayout:
    """Fit the lattice into the frame, project the coast, place the panels and labels."""
    size, points, spaces, kinds, projection = key
    left, top, right, bottom = MARGINS
    xs, ys = [p[1] for p in points] or [0.0], [p[2] for p in points] or [0.0]
    span_x, span_y = max(max(xs) - min(xs), 1.0), max(max(ys) - min(ys), 1.0)
    avail_x, avail_y = size[0] - left - right, size[1] - top - bottom
    scale = min(avail_x / span_x, avail_y / span_y)
    x0 = left + (avail_x - span_x * scale) / 2 - min(xs) * scale
    y0 = top + (avail_y - span_y * scale) / 2 - min(ys) * scale

    def px(x: float, y: float) -> Point:
        return (x0 + x * scale, y0 + y * scale)

    km = _lcc(projection)
    rings: list[list[Point]] = []
    borders: list[list[Point]] = []
    if km is not None:
        rings = [[px(*km(lon, lat)) for lon, lat in ring] for ring in (LAND, *LAKES)]
        borders = [[px(*km(lon, lat)) for lon, lat in line] for line in BORDERS]
    layout = MapLayout(size, scale, {p[0]: px(p[1], p[2]) for p in points},
                       {p[0]: p for p in points}, list(spaces), {k[0]: k for k in kinds},
                       rings, borders)
    layout.market = _free_box(layout, MARKET_SIZE, (1.0, 1.0), [])
    layout.legend = _free_box(layout, LEGEND_SIZE, (0.55, 0.0), [layout.market])
    _place_labels(layout)
    return layout


def _free_box(layout: MapLayout, wh: tuple[int, int], prefer: Point, avoid: list[Box]) -> Box:
    """A w x h box in an empty part of the frame (no point, few spaces), near `prefer`
    (fractions of the frame: (1, 1) is the bottom-right corner)."""
    w, h = wh
    width, height = layout.size
    target = (6 + (width - w - 12) * prefer[0], 6 + (height - h - 12) * prefer[1])
    free: list[Box] = []
    for x in range(6, width - w - 5, 8):
        ys = sorted(py for px, py in layout.xy.values() if x - 14 < px < x + w + 14)
        i = 0  # the first point of the column below y - 14
        for y in range(6, height - h - 5, 8):
            while i < len(ys) and ys[i] <= y - 14:
                i += 1
            box = (float(x), float(y), float(x + w), float(y + h))
            if (i == len(ys) or ys[i] >= y + h + 14) and not any(
                    cv.boxes_overlap(box, other, 8) for other in avoid):
                free.append(box)
    free.sort(key=lambda b: math.hypot(b[0] - target[0], b[1] - target[1]))
    segments = [layout.ends(i) for i in range(len(layout.spaces))]
    return next((b for b in free if not any(cv.segment_hits_box(p, q, b) for p, q in segments)),
                (6.0, 6.0, 6.0 + w, 6.0 + h))


def label_size(city: str, good: str) -> tuple[float, float]:
    """Width and height of a city's two label lines (name; swatch, good and price)."""
    bold, fnt = cv.font(LABEL, bold=True), cv.font(LABEL)
    second = 18 + cv.text_width(term(good), fnt) + 5 + cv.text_width(tr("${amount}", amount=3),
                                                                     bold)
    return max(cv.text_width(city, bold), second), 2 * LINE_H


def _place_labels(layout: MapLayout) -> None:
    """Put each city's label beside it where it covers the fewest markers, labels and spaces;
    crowded cities choose first."""
    cities = [p for p in layout.points.values() if p[3]]
    reach = layout.spacing * 2.2
    crowd = {p[0]: sum(1 for q in cities if q is not p
                       and math.dist(layout.xy[p[0]], layout.xy[q[0]]) < reach) for p in cities}
    markers = [(x - 17, y - 13, x + 17, y + 13) for pid, (x, y) in layout.xy.items()
               if layout.points[pid][3]]
    junctions = [(x - 5, y - 5, x + 5, y + 5) for pid, (x, y) in layout.xy.items()
                 if not layout.points[pid][3]]
    placed: list[Box] = [layout.market, layout.legend]
    width, height = layout.size
    segments = [layout.ends(i) for i in range(len(layout.spaces))]
    for pid, _, _, city, good in sorted(cities, key=lambda p: -crowd[p[0]]):
        x, y = layout.xy[pid]
        w, h = label_size(city, good)
        dh, dv = 16, 12
        options = [("l", x + dh, y - h / 2), ("r", x - dh - w, y - h / 2),
                   ("m", x - w / 2, y - dv - h), ("m", x - w / 2, y + dv),
                   ("l", x + 5, y - dv - h), ("l", x + 5, y + dv),
                   ("r", x - 5 - w, y - dv - h), ("r", x - 5 - w, y + dv)]
        scored = []
        for rank, (align, bx, by) in enumerate(options):
            box = (bx, by, bx + w, by + h)
            inside = cv.overlap_area(box, (2, 2, width - 2, height - 2))
            cost = (w * h - inside) * 50 + rank * 6
            cost += sum(cv.overlap_area(box, other) for other in placed) * 20
            cost += sum(cv.overlap_area(box, m) for m in markers) * 20
            cost += sum(cv.overlap_area(box, j) for j in junctions) * 3
            cost += sum(30 for p, q in segments if max(p[0], q[0]) > box[0] and min(
                p[0], q[0]) < box[2] and cv.segment_hits_box(p, q, box))
            scored.append((cost, rank, align, box))
        layout.labels[city] = Label(city, good, [(a, b) for _, _, a, b in sorted(scored)])
        placed.append(layout.labels[city].box)


_LAYOUTS: cv.LayoutCache[Key, MapLayout] = cv.LayoutCache(_CACHE_SIZE)


def layout_for(view: dict[str, Any], size: tuple[int, int]) -> MapLayout:
    """The (cached) layout of a view's board at `size`."""
    board = view.get("board") or {}
    points = tuple((str(p["id"]), float(p["x"]), float(p["y"]), str(p.get("city") or ""),
                    str(p.get("good") or "")) for p in board.get("points") or [])
    spaces = tuple((str(s["a"]), str(s["b"]), str(s.get("kind", ""))) for s in
                   board.get("spaces") or [])
    kinds = tuple((str(k["code"]), str(k.get("card", k["code"])), str(k.get("hex", "")),
                   str(k.get("pattern", "solid"))) for k in board.get("rail_kinds") or [])
    projection = tuple(sorted((str(k), json.dumps(v, sort_keys=True)) for k, v in
                              (board.get("projection") or {}).items()))
    key: Key = (size, points, spaces, kinds, projection)
    return _LAYOUTS.get(key, _build)


def clear_cache() -> None:
    """Forget every cached layout."""
    _LAYOUTS.clear()


def _legend(draw: ImageDraw.ImageDraw, layout: MapLayout) -> None:
    """What card each space needs, drawn on the empty part of the map chosen for it."""
    box = layout.legend
    cv.rounded_box(draw, box, cv.CARD_BG, cv.CARD_EDGE, 8)
    fnt = cv.font(16)
    cv.draw_text(draw, (box[0] + 10, box[1] + 6), tr("Empty space: rail card it needs"),
                 cv.font(16, bold=True), cv.INK)
    for i, kind in enumerate(layout.kinds.values()):
        x = box[0] + 10 + (i % 3) * 128
        y = box[1] + 40 + (i // 3) * 24
        pattern, rgb, rim = faint_look(kind)
        rail(draw, (x, y), (x + 34, y), pattern, rgb, rim)
        cv.draw_text(draw, (x + 42, y), term(kind[1]), fnt, cv.INK, anchor="lm")
    y = box[1] + 94
    draw.line((box[0] + 10, y - 16, box[2] - 10, y - 16), fill=cv.CARD_EDGE)
    texts = [tr("built track"), tr("building"), tr("last move")]
    for i, (x, text, font) in enumerate(_legend_marks(box, texts)):
        if i == 1:
            mk.hatched_band(draw, (x + 7, y), (x + 27, y), 18)
        cv.polyline(draw, [(x + 3, y), (x + 31, y)], CASING, 9)
        cv.polyline(draw, [(x + 3, y), (x + 31, y)], player_colour(0), 5)
        piece(draw, (x + 17, y), 10, 0)
        if i == 2:
            mk.draw_rings(draw, [mk.ring_around([(x + 9, y), (x + 25, y)], 9)])
        cv.draw_text(draw, (x + 40 if font.size < 16 else x + 42, y), text, font, cv.INK,
                     anchor="lm")


def _legend_marks(box: Box, texts: list[str]) -> list[tuple[float, str, Any]]:
    """Where the legend's three track marks go: at their usual places when their words fit
    (English), else side by side, in a smaller font if need be (longer words)."""
    fnt = cv.font(16)
    places = [box[0] + 10 + dx for dx in (0, 134, 256)]
    ends = [x + 42 + cv.text_width(t, fnt) for x, t in zip(places, texts, strict=True)]
    if all(end + 6 <= nxt for end, nxt in zip(ends, places[1:])) and ends[-1] <= box[2]:
        return [(x, t, fnt) for x, t in zip(places, texts, strict=True)]
    for size in (16, 15, 14, 13):
        fnt = cv.font(size)
        widths = [40 + cv.text_width(t, fnt) for t in texts]
        gap = (box[2] - box[0] - 20 - sum(widths)) / 2
        if gap >= 6 or size == 13:
            out, x = [], box[0] + 10
            for t, w in zip(texts, widths, strict=True):
                out.append((x, t, fnt))
                x += w + max(gap, 4)
            return out
    raise AssertionError("unreachable")


def background(layout: MapLayout) -> Image.Image:
    """Sea, land, lakes, every unbuilt space, junction dots and the legend: drawn once."""
    if layout.base is None:
        image = cv.new_canvas(layout.size[0], layout.size[1], SEA if layout.rings else LAND_FILL)
        draw = ImageDraw.Draw(image)
        for i, ring in enumerate(layout.rings):
            draw.polygon(ring, fill=SEA if i else LAND_FILL, outline=COAST, width=2)
        for line in layout.borders:
            draw.line(line, fill=BORDER, width=2, joint="curve")
        for i, (_, _, code) in enumerate(layout.spaces):
            kind = layout.kinds.get(code, (code, code, "", "solid"))
            p, q = layout.ends(i, CITY_R - 2)
            pattern, rgb, rim = faint_look(kind)
            rail(draw, p, q, pattern, rgb, rim)
        for pid, (x, y) in layout.xy.items():
            if not layout.points[pid][3]:
                draw.ellipse((x - DOT_R, y - DOT_R, x + DOT_R, y + DOT_R), fill=DOT)
        _legend(draw, layout)
        layout.base = image
    return layout.base


def decision_points(view: dict[str, Any]) -> list[str]:
    """Junctions the current decision can name: the build head and where it may go next, the
    due player's network while a build starts, the spaces around a moving train."""
    board = view.get("board") or {}
    spaces = board.get("spaces") or []
    due = view.get("to_act") or []
    if len(due) != 1 or view.get("phase") != "play":
        return []
    seat, step = int(due[0]), str(view.get("step") or "")
    build = view.get("build") or {}
    ends = [(str(s["a"]), str(s["b"]), s.get("owner")) for s in spaces]
    out: list[str] = []
    if step == "build" and build.get("head"):
        head = str(build["head"])
        out = [head] + [b if a == head else a for a, b, o in ends
                        if o is None and head in (a, b)]
    elif step == "build":
        out = [p for a, b, o in ends if o == seat for p in (a, b)]
    elif step in ("free", "move", "main"):
        train = next((p.get("train") or {} for p in view.get("players") or []
                      if int(p.get("seat", -1)) == seat), {})
        here = ({str(train["point"])} if train.get("point") else
                set(ends[int(train["space"])][:2]) if train.get("space") is not None else set())
        near = [(a, b) for a, b, o in ends if o == seat and (a in here or b in here)]
        out = list(here) + [p for a, b in near for p in (a, b)]
    cities = {str(p["id"]) for p in board.get("points") or [] if p.get("city")}
    return sorted({p for p in out if p not in cities})


def junction_labels(draw: ImageDraw.ImageDraw, layout: MapLayout, view: dict[str, Any],
                    taken: list[Box], labels: list[Box]) -> list[Box]:
    """The names of the junctions the current decision refers to, each in a tag beside its
    dot where it covers the least (other tags above all, then city labels); return where the
    tags went."""
    names = {str(p["id"]): str(p.get("name") or p["id"])
             for p in (view.get("board") or {}).get("points") or []}
    fnt = cv.font(13, bold=True)
    out: list[Box] = []
    for pid in decision_points(view):
        if pid not in layout.xy:
            continue
        x, y = layout.xy[pid]
        text = names.get(pid, pid)
        w, h = cv.text_width(text, fnt) + 8, 18
        spots = [(x + 7, y - h / 2), (x - 7 - w, y - h / 2), (x - w / 2, y - 8 - h),
                 (x - w / 2, y + 8), (x + 5, y - 6 - h), (x + 5, y + 6), (x - 5 - w, y - 6 - h),
                 (x - 5 - w, y + 6), (x - w / 2, y - 22 - h), (x - w / 2, y + 22)]
        for reach in (18.0, 36.0):  # farther out (the leader finds the dot), off any name
            spots += [(x + 7 + reach, y - h / 2), (x - 7 - w - reach, y - h / 2),
                      (x + 5, y - 22 - h - reach), (x + 5, y + 22 + reach),
                      (x - 5 - w, y - 22 - h - reach), (x - 5 - w, y + 22 + reach)]
        frame: Box = (0.0, 0.0, float(layout.size[0]), float(layout.size[1]))
        panels = [layout.market, layout.legend]
        box = mk.place_tag((x, y), (w, h), spots, labels + panels + out, [(taken, 1.0)], frame)
        out.append(box)
        # A short leader from the dot to the tag, so a tag pushed aside still shows its point.
        near = (min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3]))
        draw.line((x, y, *near), fill=DOT, width=2)
        draw.ellipse((x - DOT_R - 1, y - DOT_R - 1, x + DOT_R + 1, y + DOT_R + 1), fill=cv.INK)
        draw.rounded_rectangle(box, radius=4, fill=JUNCTION_TAG, outline=DOT, width=1)
        cv.draw_text(draw, (box[0] + 4, box[1] + h / 2), text, fnt, cv.INK, anchor="lm")
    return out
