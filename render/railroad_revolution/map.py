"""The Railroad Revolution board: the map of rail spaces and cities, and the telegraph line.

Both are drawn from the coordinates of the view's 1600x1000 `board` canvas, scaled into the
left part of the image. The static layer (routes, rail spaces with terrain and market icons,
cities with level, cost and First Station bonus, telegraph sections with their tiles, links and
the legend) depends only on data fixed for a match; it is laid out and drawn once per board and
size, then copied. A render adds only the players' pieces and the last move
(`pieces.py`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box, Point
from render.railroad_revolution.panels import (
    CASING,
    SPACE,
    STATION,
    first_slot,
    legend,
    market_icon,
    short_reward,
    space_icon,
    terrain_colours,
)
from rules.core.lang import tr, trn

MARGIN = 10
TELEGRAPH_GAP = 6
CITY_R = 20
LEGEND_W, LEGEND_H = 430, 86
_CACHE_SIZE = 8

BACKDROP, LAND, FRAME = (226, 232, 236), (241, 237, 224), (160, 156, 146)
ROUTE, ROUTE_BED, LEADER = (92, 86, 80), (214, 206, 188), (150, 140, 120)
LINE_BG, SECTION_BG, TILE_BG = (232, 228, 216), (252, 251, 246), (226, 236, 246)
LINK: RGB = (40, 60, 110)
BONUS_INK: RGB = (110, 84, 10)

_DYNAMIC = {"rails", "stations", "first_station", "offices", "first_office", "markers"}


def static_key(value: Any) -> Any:
    """A hashable copy of the board without what moves (rails, stations, offices, markers)."""
    if isinstance(value, dict):
        return tuple((str(k), static_key(v)) for k, v in sorted(value.items())
                     if k not in _DYNAMIC)
    if isinstance(value, list | tuple):
        return tuple(static_key(v) for v in value)
    return value


@dataclass
class CityPlace:
    """Where a city, its label and its stations (the First Station first) go."""

    centre: Point
    level: int
    slots: list[Point]
    lines: list[str]
    label: Box


@dataclass
class SectionPlace:
    """Where a telegraph section and its offices (the First Office first) go."""

    number: int
    box: Box
    slots: list[Point]
    head: str
    tile_lines: list[str]
    market: bool
    bonus: str


@dataclass
class BoardLayout:
    """Static geometry of one board at one size."""

    size: tuple[int, int]
    map_box: Box
    line_box: Box
    routes: list[list[Point]]
    spaces: dict[str, tuple[Point, int, bool, bool]]  # centre, triangles, market, start
    cities: dict[str, CityPlace]
    sections: dict[int, SectionPlace]
    links: list[tuple[Point, int]]
    legend: Box
    terrain: dict[int, RGB]
    # The number of each rail space along its route (routes of one space have none): the
    # rules name a space "Washington–Chicago 1", so the board must show that 1.
    numbers: dict[str, int] = field(default_factory=dict)
    base: Image.Image | None = field(default=None, repr=False)
    texts: list[Box] = field(default_factory=list, repr=False)  # the words `background` wrote

    def space_spots(self, space_id: str, count: int) -> list[tuple[Point, float]]:
        """Centres and sizes of `count` rail pieces on a rail space."""
        x, y = self.spaces[space_id][0]
        if count <= 1:
            return [((x, y), 22.0)]
        if count == 2:
            return [((x - 8.5, y), 16.0), ((x + 8.5, y), 16.0)]
        offsets = [(-8.5, -8.5), (8.5, -8.5), (-8.5, 8.5), (8.5, 8.5)]
        return [((x + dx, y + dy), 15.0) for dx, dy in offsets[:count]]


def _fit(region: list[float], box: Box) -> Callable[[Any], Point]:
    """Board-canvas coordinates to image pixels: `region` stretched onto `box`."""
    sx = (box[2] - box[0]) / (region[2] - region[0])
    sy = (box[3] - box[1]) / (region[3] - region[1])
    return lambda xy: (box[0] + (float(xy[0]) - region[0]) * sx,
                       box[1] + (float(xy[1]) - region[1]) * sy)


def _square(c: Point, half: float) -> Box:
    return (c[0] - half, c[1] - half, c[0] + half, c[1] + half)


def _label_box(xy: Point, anchor: str, lines: list[str]) -> Box:
    """The box of a city label (bold name, then regular lines) drawn at `xy` with `anchor`."""
    w = max(cv.text_width(line, cv.font(16, bold=i == 0)) for i, line in enumerate(lines))
    h = 19.0 * len(lines)
    x0 = {"l": xy[0], "m": xy[0] - w / 2, "r": xy[0] - w}[anchor[0]]
    y0 = {"a": xy[1], "m": xy[1] - h / 2, "d": xy[1] - h}[anchor[1]]
    return (x0 - 2, y0 - 2, x0 + w + 2, y0 + h + 2)


def _cost(box: Box, obstacles: list[Box], segments: list[tuple[Point, Point]],
          frame: Box) -> float:
    """How badly a box sits: overlaps, crossed routes and leaving the frame."""
    score = sum(cv.overlap_area(box, o) for o in obstacles) * 10
    score += sum(300 for p, q in segments if cv.segment_hits_box(p, q, box))
    return score + 5000 * (max(0.0, frame[0] + 4 - box[0]) + max(0.0, box[2] - frame[2] + 4)
                           + max(0.0, frame[1] + 4 - box[1]) + max(0.0, box[3] - frame[3] + 4))


def _turn(a: float, b: float) -> float:
    """The angle between two directions (radians, 0..pi)."""
    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


def _ring(centre: Point, routes: list[list[Point]], obstacles: list[Box],
          frame: Box) -> list[Point]:
    """Four station places around a city, clockwise, away from its routes and neighbours."""
    x, y = centre
    dirs = [math.atan2(nxt[1] - y, nxt[0] - x) for path in routes if len(path) > 1
            for end, nxt in ((path[0], path[1]), (path[-1], path[-2]))
            if math.dist(end, centre) < 1]
    d = CITY_R + STATION / 2 + 4

    def badness(a: float) -> float:
        gap = min((_turn(a, r) for r in dirs), default=math.pi)
        box = _square((x + d * math.cos(a), y + d * math.sin(a)), STATION / 2 + 1)
        return _cost(box, obstacles, [], frame) + (400 if gap < 0.5 else 0) - gap * 30

    def inside(a: float) -> bool:
        s = _square((x + d * math.cos(a), y + d * math.sin(a)), STATION / 2 + 2)
        return frame[0] <= s[0] and s[2] <= frame[2] and frame[1] <= s[1] and s[3] <= frame[3]

    ranked = sorted((math.radians(15 * i) for i in range(24)), key=lambda a: (badness(a), a))
    # A station on the map's frame would be cut by it: near the edge, slots may sit closer
    # together (0.7 rad still leaves a gap between two stations) before one leaves the map.
    for spread, allowed in ((0.85, [a for a in ranked if inside(a)]),
                            (0.7, [a for a in ranked if inside(a)]), (0.85, ranked)):
        chosen: list[float] = []
        for a in allowed:
            if len(chosen) < 4 and all(_turn(a, c) > spread for c in chosen):
                chosen.append(a)
        if len(chosen) == 4:
            break
    first = chosen[0]
    return [(x + d * math.cos(a), y + d * math.sin(a))
            for a in sorted(chosen, key=lambda a: (a - first) % (2 * math.pi))]


def _place_cities(cities: list[dict[str, Any]], centres: dict[str, Point],
                  spaces: list[Point], routes: list[list[Point]],
                  frame: Box, reserved: list[Box]) -> dict[str, CityPlace]:
    """Station places around each city, then labels, each at its least crowded spot."""
    segments = [(a, b) for path in routes for a, b in zip(path, path[1:], strict=False)]
    obstacles = [(p[0] - SPACE / 2 - 2, p[1] - SPACE / 2 - 12, p[0] + SPACE / 2 + 2,
                  p[1] + SPACE / 2 + 2) for p in spaces] + list(reserved)
    obstacles += [_square(c, CITY_R + 2) for c in centres.values()]
    rings: dict[str, list[Point]] = {}
    for cid in centres:
        rings[cid] = _ring(centres[cid], routes, obstacles, frame)
        obstacles += [_square(p, STATION / 2 + 1) for p in rings[cid]]

    def crowd(cid: str) -> tuple[int, str]:  # the most crowded cities choose first
        return -sum(1 for p in spaces + list(centres.values())
                    if math.dist(p, centres[cid]) < 150), cid

    out: dict[str, CityPlace] = {}
    by_id = {str(c["id"]): c for c in cities}
    for cid in sorted(centres, key=crowd):
        city = by_id[cid]
        bonus = str((city.get("first_station_bonus") or {}).get("label") or "")
        lines = [tr("{city} ${cost}", city=city.get("name", cid), cost=str(city.get("cost", "?")))]
        lines += ["★ " + short_reward(bonus)] if bonus else []
        x, y = centres[cid]
        scored = []
        for rank, dist in enumerate((CITY_R + 24, CITY_R + 36)):
            for i in range(16):
                c, s = math.cos(math.radians(22.5 * i)), math.sin(math.radians(22.5 * i))
                anchor = ("l" if c > 0.3 else "r" if c < -0.3 else "m") + \
                         ("a" if s > 0.3 else "d" if s < -0.3 else "m")
                box = _label_box((x + dist * c, y + dist * s), anchor, lines)
                scored.append((_cost(box, obstacles, segments, frame) + rank * 40 + i % 4 * 2,
                               rank, i, box))
        label = min(scored)[3]
        obstacles.append(label)
        out[cid] = CityPlace((x, y), int(city.get("level") or 0), rings[cid], lines, label)
    return {cid: out[cid] for cid in centres}


def _sections(board: dict[str, Any], region: list[float],
              box: Box) -> tuple[dict[int, SectionPlace], list[tuple[Point, int]]]:
    """Telegraph sections (box, head, tile text, office slots) and the links between them."""
    fit = _fit(region, box)
    telegraph = board.get("telegraph") or {}
    out: dict[int, SectionPlace] = {}
    for sec in telegraph.get("sections") or []:
        (x0, _), (x1, _) = fit(sec["box"][:2]), fit(sec["box"][2:])
        y0, y1 = box[1] + 4, box[3] - 4
        tile = sec.get("tile")
        text = short_reward(str(tile.get("label", ""))) if tile else ""
        slots = [(x0 + 8 + STATION / 2 + i * (STATION + 3), y1 - 6 - STATION / 2)
                 for i in range(4)]
        out[int(sec["section"])] = SectionPlace(
            int(sec["section"]), (x0, y0, x1, y1), slots,
            trn("+{n} share", "+{n} shares", int(sec.get("main_shares") or 0)),
            cv.wrap_text(text, cv.font(16), x1 - x0 - 10, max_lines=2) if text else [],
            bool(sec.get("market")),
            trn("★ +{n} share", "★ +{n} share", int(sec.get("first_office_bonus") or 0)))
    row = box[3] - 10 - STATION - 12  # beside the First Office bonus, clear of any text
    links = [((fit([k["x"], k["y"]])[0], row), int(k.get("vp") or 0))
             for k in telegraph.get("links") or []]
    return out, links


def _legend_box(frame: Box, points: list[Point]) -> Box:
    """The emptiest corner of the map for the legend."""
    x0, y0, x1, y1 = frame
    corners = [(x0 + 6, y1 - LEGEND_H - 6), (x1 - LEGEND_W - 6, y1 - LEGEND_H - 6),
               (x0 + 6, y0 + 6), (x1 - LEGEND_W - 6, y0 + 6)]
    cx, cy = min(corners, key=lambda c: sum(
        1 for x, y in points
        if c[0] - 40 <= x <= c[0] + LEGEND_W + 40 and c[1] - 40 <= y <= c[1] + LEGEND_H + 40))
    return (cx, cy, cx + LEGEND_W, cy + LEGEND_H)


def _build(board: dict[str, Any], size: tuple[int, int]) -> BoardLayout:
    """The map region scaled to the width of `size`; the telegraph line under it."""
    regions = board.get("regions") or {}
    mr = [float(v) for v in regions.get("map", [20, 20, 1240, 740])]
    lr = [float(v) for v in regions.get("telegraph_line", [20, 770, 1240, 970])]
    scale = (size[0] - 2 * MARGIN) / (mr[2] - mr[0])
    map_box = (float(MARGIN), 0.0, size[0] - MARGIN, (mr[3] - mr[1]) * scale)
    line_box = (float(MARGIN), map_box[3] + TELEGRAPH_GAP, MARGIN + (lr[2] - lr[0]) * scale,
                size[1] - 1.0)
    fit = _fit(mr, map_box)
    centres = {str(c["id"]): fit([c["x"], c["y"]]) for c in board.get("cities") or []}
    routes = [[fit(pt) for pt in r.get("path") or []] for r in board.get("routes") or []]
    spaces = {str(s["id"]): (fit([s["x"], s["y"]]), int(s.get("triangles") or 0),
                             bool(s.get("market")), bool(s.get("start")))
              for s in board.get("spaces") or []}
    points = [v[0] for v in spaces.values()]
    legend = _legend_box(map_box, points + list(centres.values()))
    cities = _place_cities(list(board.get("cities") or []), centres, points, routes, map_box,
                           [legend])
    sections, links = _sections(board, lr, line_box)
    numbers = {str(sp): i for r in board.get("routes") or [] if len(r.get("spaces") or []) > 1
               for i, sp in enumerate(r["spaces"], start=1)}
    return BoardLayout(size, map_box, line_box, routes, spaces, cities, sections, links, legend,
                       terrain_colours(board), numbers)


_LAYOUTS: cv.LayoutCache[Any, BoardLayout] = cv.LayoutCache(_CACHE_SIZE)


def layout_for(view: dict[str, Any], size: tuple[int, int]) -> BoardLayout:
    """The (cached) layout of a view's board at `size`."""
    board = view.get("board") or {}
    key = (size, static_key(board))
    return _LAYOUTS.get(key, lambda _: _build(board, size))


def clear_cache() -> None:
    """Forget every cached layout (and its drawn background)."""
    _LAYOUTS.clear()


# -- the static layer --------------------------------------------------------------------------
def draw_city(draw: ImageDraw.ImageDraw, place: CityPlace) -> None:
    """A city: level disc, empty First Station slot, label (with a leader line if set apart)."""
    x, y = place.centre
    box = place.label
    near = (min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3]))
    gap = math.dist(near, (x, y))
    named = not cv.cut_at_edge(box, draw.im.size)  # a zoom's edge would cut the label: none
    if gap > CITY_R + 12 and named:
        draw.line(((x + (near[0] - x) * CITY_R / gap, y + (near[1] - y) * CITY_R / gap), near),
                  fill=LEADER, width=2)
    draw.ellipse(_square((x, y), CITY_R + 2), fill=CASING)
    draw.ellipse(_square((x, y), CITY_R - 1), fill=cv.PAPER)
    cv.draw_text(draw, (x, y + 1), str(place.level), cv.font(22, bold=True), cv.INK, anchor="mm")
    first_slot(draw, place.slots[0], STATION)
    centre = (box[0] + box[2]) / 2
    left = box[0] + 2 if x < box[0] else box[2] - 2 if x > box[2] else centre
    anchor = "la" if x < box[0] else "ra" if x > box[2] else "ma"
    for i, line in enumerate(place.lines if named else []):
        cv.draw_text(draw, (left, box[1] + 2 + 19 * i), line, cv.font(16, bold=i == 0),
                     cv.INK if i == 0 else BONUS_INK, halo=LAND, halo_width=2, anchor=anchor)


def _section(draw: ImageDraw.ImageDraw, sec: SectionPlace) -> None:
    """A telegraph section: number, shares, tile or market, First Office slot and bonus."""
    x0, y0, x1, _ = sec.box
    cv.rounded_box(draw, sec.box, SECTION_BG, cv.CARD_EDGE, 8, 2)
    bold, fnt = cv.font(16, bold=True), cv.font(16)
    draw.ellipse((x0 + 5, y0 + 5, x0 + 27, y0 + 27), fill=LINK)
    cv.draw_text(draw, (x0 + 16, y0 + 16), str(sec.number), bold, cv.PAPER, anchor="mm")
    cv.draw_text(draw, (x0 + 32, y0 + 16), sec.head, fnt, cv.INK, anchor="lm")
    top = y0 + 33
    if sec.market:
        cv.rounded_box(draw, (x0 + 6, top, x1 - 6, top + 40), (255, 240, 200),
                       cv.colour("orange"), 6, 2)
        market_icon(draw, (x0 + 20, top + 20), 10)
        cv.draw_text(draw, (x0 + 34, top + 20), tr("market"), bold, cv.INK, anchor="lm")
    elif sec.tile_lines:
        cv.rounded_box(draw, (x0 + 6, top, x1 - 6, top + 42), TILE_BG, (120, 150, 190), 6, 1)
        for i, line in enumerate(sec.tile_lines):
            cv.draw_text(draw, ((x0 + x1) / 2, top + 21 + 19 * (i - (len(sec.tile_lines) - 1) / 2)),
                         line, fnt, cv.INK, anchor="mm")
    first_slot(draw, sec.slots[0], STATION)
    cv.draw_text(draw, (x0 + 8, sec.slots[0][1] - STATION / 2 - 12), sec.bonus, fnt, BONUS_INK,
                 anchor="lm")


def background(layout: BoardLayout) -> Image.Image:
    """Every static layer: drawn once per layout, then only ever copied."""
    if layout.base is not None and not cv.leaving_words_out():
        return layout.base
    image = cv.new_canvas(layout.size[0], layout.size[1], BACKDROP)
    with cv.recording() as texts:
        _draw_background(ImageDraw.Draw(image), layout)
    if cv.leaving_words_out():
        return image  # some words left out: not the layer to keep
    layout.texts = texts
    layout.base = image
    return image


def _draw_background(draw: ImageDraw.ImageDraw, layout: BoardLayout) -> None:
    """The map, its routes, spaces, cities and legend; the telegraph line."""
    cv.rounded_box(draw, layout.map_box, LAND, FRAME, 10, 2)
    for path in layout.routes:
        cv.polyline(draw, path, ROUTE_BED, 12)
        cv.polyline(draw, path, ROUTE, 4)
    for centre, triangles, market, start in layout.spaces.values():
        space_icon(draw, centre, SPACE, layout.terrain.get(triangles, (180, 180, 180)),
                   triangles, market, start)
    number_font = cv.font(14, bold=True)
    for sid, number in layout.numbers.items():
        if sid in layout.spaces:
            cv.draw_text(draw, layout.spaces[sid][0], str(number), number_font, cv.PAPER,
                         halo=CASING, halo_width=2, anchor="mm")
    for place in layout.cities.values():
        draw_city(draw, place)
    legend(draw, layout.legend, layout.terrain)
    cv.rounded_box(draw, layout.line_box, LINE_BG, FRAME, 10, 2)
    for sec in layout.sections.values():
        _section(draw, sec)
    for (x, y), vp in layout.links:
        draw.ellipse(_square((x, y), 15), fill=LINK, outline=cv.PAPER, width=2)
        cv.draw_text(draw, (x, y + 1), str(vp), cv.font(16, bold=True), cv.PAPER, anchor="mm")
