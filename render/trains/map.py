"""The Trains hex map: terrain, barriers, cities with station slots, remote values and rail cubes.

The static part (hex geometry, terrain, names, coordinates, barriers, empty station slots) depends
only on the map's hexes and barriers; it is laid out and drawn once per map and size, then
copied. A render adds only the station pawns and the players' rail cubes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from render.core import canvas as cv
from render.core.canvas import RGB, Box, Point
from rules.core.lang import tr

SQRT3 = math.sqrt(3)
MARGIN = 8
LEGEND_H = 34
LABEL_SIZE = 16
CUBE = 22
SLOT = 14
_CACHE_SIZE = 8

BACKDROP: RGB = (236, 234, 228)
EDGE: RGB = (112, 116, 108)
CASING: RGB = (28, 28, 32)
BARRIER: RGB = (20, 20, 24)
COORD: RGB = (70, 74, 80)
TERRAIN: dict[str, RGB] = {
    "plain": (226, 234, 200),
    "river": (184, 214, 240),
    "mountain": (204, 182, 150),
    "sea": (96, 150, 200),
    "city": (252, 251, 247),
    "remote": (228, 212, 238),
}
RIVER_INK: RGB = (36, 110, 184)
MOUNTAIN_INK: RGB = (120, 92, 62)
SEA_INK: RGB = (190, 218, 240)
REMOTE_INK: RGB = (110, 60, 150)
# The last move: a thick outline of black and white dashes just inside the hex edge, told
# from every other line by its pattern and lightness, not by hue.
LAST_DARK, LAST_LIGHT = cv.LAST_DARK, cv.LAST_LIGHT
LAST_WIDTH = 7

# Player pieces: palette colours chosen to stay apart under common colour-vision deficiencies
# (and away from the blues of water), each with its own shape as a second cue.
PLAYER_COLOURS = ("orange", "purple", "green", "red")
PLAYER_SHAPES = ("square", "circle", "diamond", "triangle")  # as many as colours

HexKey = tuple[str, str, int, int, str, str, int, int]
Key = tuple[tuple[int, int], tuple[HexKey, ...], tuple[tuple[str, str], ...]]


def player_colour(seat: int) -> RGB:
    """The colour of a seat's rail cubes."""
    return cv.colour(PLAYER_COLOURS[seat % len(PLAYER_COLOURS)])


def piece_words(seat: int) -> str:
    """A seat's pieces in words: "orange squares"."""
    said = (tr("orange squares"), tr("purple circles"), tr("green diamonds"),
            tr("red triangles"))
    return said[seat % len(PLAYER_COLOURS)]


def piece(draw: ImageDraw.ImageDraw, centre: Point, size: float, seat: int) -> Box:
    """A seat's rail cube: its colour and shape, with a dark outline; return its box."""
    x, y = centre
    h = size / 2
    fill = player_colour(seat)
    shape = PLAYER_SHAPES[seat % len(PLAYER_COLOURS)]
    box = (x - h, y - h, x + h, y + h)
    if shape == "square":
        draw.rectangle((x - h + 1, y - h + 1, x + h - 1, y + h - 1), fill=fill, outline=CASING,
                       width=2)
    elif shape == "circle":
        draw.ellipse(box, fill=fill, outline=CASING, width=2)
    elif shape == "diamond":
        d = h + 1.5
        draw.polygon([(x, y - d), (x + d, y), (x, y + d), (x - d, y)], fill=fill, outline=CASING,
                     width=2)
    else:
        draw.polygon([(x, y - h - 1), (x + h + 1, y + h), (x - h - 1, y + h)], fill=fill,
                     outline=CASING, width=2)
    return box


def corners(centre: Point, radius: float) -> list[Point]:
    """Corners of a pointy-topped hexagon (the board's hexes)."""
    cx, cy = centre
    return [(cx + radius * math.cos(math.radians(60 * i + 30)),
             cy + radius * math.sin(math.radians(60 * i + 30))) for i in range(6)]


@dataclass
class MapLayout:
    """Static geometry of one map at one size."""

    size: tuple[int, int]
    radius: float
    centres: dict[str, Point]
    hexes: dict[str, HexKey]
    barriers: list[tuple[Point, Point]]
    base: Image.Image | None = None  # drawn once by `_background`, then only copied
    texts: list[Box] = field(default_factory=list)  # where `_background` wrote its words

    @property
    def legend(self) -> Box:
        """The legend row under the grid."""
        return (0.0, self.size[1] - LEGEND_H - 2.0, float(self.size[0]), float(self.size[1]))

    def cube_row_y(self, hex_id: str) -> float:
        """Height of the row of rail cubes on a hex."""
        named = bool(self.hexes[hex_id][5])
        return self.centres[hex_id][1] + self.radius * (0.3 if named else 0.15)

    def cube_spots(self, hex_id: str, count: int) -> list[Point]:
        """Centres for `count` cubes in a row on a hex."""
        x = self.centres[hex_id][0]
        step = CUBE + 4
        left = x - step * (count - 1) / 2
        y = self.cube_row_y(hex_id)
        return [(left + step * i, y) for i in range(count)]

    def slot_boxes(self, hex_id: str) -> list[Box]:
        """Station slots of a city, left to right."""
        count = self.hexes[hex_id][6]
        x, y = self.centres[hex_id]
        y -= self.radius * 0.6
        step = SLOT + 4
        left = x - step * (count - 1) / 2
        return [(left + step * i - SLOT / 2, y - SLOT / 2, left + step * i + SLOT / 2,
                 y + SLOT / 2) for i in range(count)]


def _build(key: Key) -> MapLayout:
    """Fit the grid into the frame above the legend and place every hex."""
    size, hexes, barrier_ids = key
    rows = max((h[2] for h in hexes), default=0) + 1
    cols = max((h[3] + (h[2] % 2) / 2 + 1 for h in hexes), default=1.0)
    avail_w, avail_h = size[0] - 2 * MARGIN, size[1] - LEGEND_H - 2 * MARGIN
    radius = min(avail_w / (cols * SQRT3), avail_h / (1.5 * rows + 0.5))
    width = SQRT3 * radius
    x0 = (size[0] - cols * width) / 2
    y0 = MARGIN + (avail_h - (1.5 * rows + 0.5) * radius) / 2
    centres = {h[0]: (x0 + (h[3] + 0.5 + (h[2] % 2) / 2) * width, y0 + radius * (1 + 1.5 * h[2]))
               for h in hexes}
    barriers = []
    for a, b in barrier_ids:
        if a in centres and b in centres:
            (ax, ay), (bx, by) = centres[a], centres[b]
            mx, my = (ax + bx) / 2, (ay + by) / 2
            dist = math.hypot(bx - ax, by - ay) or 1.0
            px, py = -(by - ay) / dist * radius / 2, (bx - ax) / dist * radius / 2
            barriers.append(((mx - px, my - py), (mx + px, my + py)))
    return MapLayout(size, radius, centres, {h[0]: h for h in hexes}, barriers)


_LAYOUTS: cv.LayoutCache[Key, MapLayout] = cv.LayoutCache(_CACHE_SIZE)


def layout_for(view: dict[str, Any], size: tuple[int, int]) -> MapLayout:
    """The (cached) layout of a view's map at `size`."""
    hexes = tuple(
        (str(h["id"]), str(h.get("coord", "")), int(h["row"]), int(h["col"]),
         str(h.get("terrain", "plain")), str(h.get("name") or ""), int(h.get("buildings") or 0),
         int(h.get("value") or 0))
        for h in view.get("hexes") or []
    )
    barriers = tuple((str(a), str(b)) for a, b in view.get("barriers") or [])
    key: Key = (size, hexes, barriers)
    return _LAYOUTS.get(key, _build)


def clear_cache() -> None:
    """Forget every cached layout."""
    _LAYOUTS.clear()


def name_lines(name: str, width: float) -> list[str]:
    """A place name broken after hyphens and at spaces when it is wider than `width`."""
    fnt = cv.font(LABEL_SIZE, bold=True)
    if cv.text_width(name, fnt) <= width:
        return [name]
    parts = name.replace("-", "- ").split(" ")
    lines = [""]
    for part in parts:
        trial = lines[-1] + part if lines[-1].endswith("-") else f"{lines[-1]} {part}".strip()
        if lines[-1] and cv.text_width(trial, fnt) > width:
            lines.append(part)
        else:
            lines[-1] = trial
    return lines


def _mountain(draw: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    """Two peaks."""
    s = r * 0.22
    draw.polygon([(x - 2.2 * s, y + s), (x - 0.7 * s, y - s), (x + 0.8 * s, y + s)],
                 fill=MOUNTAIN_INK)
    draw.polygon([(x - 0.4 * s, y + s), (x + 1.0 * s, y - 1.5 * s), (x + 2.4 * s, y + s)],
                 fill=MOUNTAIN_INK)


def waves(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, ink: RGB) -> None:
    """Two short wavy lines (rivers and sea)."""
    half = r * 0.42
    for dy in (-r * 0.09, r * 0.09):
        pts = [(x - half + i * half / 8, y + dy + 3.2 * math.sin(i * math.pi / 4))
               for i in range(17)]
        draw.line(pts, fill=ink, width=3, joint="curve")


def remote_badge(draw: ImageDraw.ImageDraw, centre: Point, value: int) -> None:
    """A remote location's printed value in a disc."""
    x, y = centre
    draw.ellipse((x - 14, y - 14, x + 14, y + 14), fill=REMOTE_INK, outline=CASING, width=1)
    cv.draw_text(draw, (x, y + 1), str(value), cv.font(17, bold=True), cv.PAPER, anchor="mm")


def last_outline(draw: ImageDraw.ImageDraw, centre: Point, radius: float,
                 width: int = LAST_WIDTH) -> None:
    """The last-move mark of a hex: a dashed ring along its edge."""
    cv.dashed_outline(draw, corners(centre, radius - width / 2), width, max(5.0, 2.0 * width))


def _paint_hex(draw: ImageDraw.ImageDraw, layout: MapLayout, key: HexKey) -> None:
    """One hex of the static layer: fill, pictogram or remote value, and empty station slots."""
    hex_id, _, _, _, terrain, _, _, value = key
    x, y = layout.centres[hex_id]
    r = layout.radius
    fill = TERRAIN.get(terrain, TERRAIN["plain"])
    draw.polygon(corners((x, y), r), fill=fill, outline=EDGE, width=2)
    if terrain == "mountain":
        _mountain(draw, x, y - r * 0.34, r)
    elif terrain in ("river", "sea"):
        waves(draw, x, y - r * 0.3, r, RIVER_INK if terrain == "river" else SEA_INK)
    elif terrain == "remote":
        remote_badge(draw, (x, y - r * 0.6), value)
    for box in layout.slot_boxes(hex_id):
        draw.rectangle(box, fill=cv.PAPER, outline=CASING, width=2)


def _label_hex(draw: ImageDraw.ImageDraw, layout: MapLayout, key: HexKey,
               halo: bool = False) -> None:
    """A hex's name (haloed, as a long one may reach past the edges) and its coordinate
    (haloed too with `halo`, over the last-move ring)."""
    hex_id, coord, _, _, terrain, name, _, _ = key
    x, y = layout.centres[hex_id]
    r = layout.radius
    fill = TERRAIN.get(terrain, TERRAIN["plain"])
    if name:
        bold, plain = cv.font(LABEL_SIZE, bold=True), cv.font(LABEL_SIZE)
        lines = name_lines(name, SQRT3 * r - 10)
        line_h = 18
        first = y - r * 0.2 - line_h * (len(lines) - 1) / 2
        fits = max(cv.text_width(line, bold) for line in lines) <= SQRT3 * r + 4
        fnt = bold if fits else plain  # a name too long for bold is set in regular
        boxes = [cv.text_box((x, first + i * line_h), line, fnt, "mm")
                 for i, line in enumerate(lines)]
        whole = (min(b[0] for b in boxes), boxes[0][1], max(b[2] for b in boxes), boxes[-1][3])
        if cv.cut_at_edge(whole, draw.im.size):
            lines = []  # a zoom's edge would cut a line of the name: none is drawn
        for i, line in enumerate(lines):
            cv.draw_text(draw, (x, first + i * line_h), line, fnt, cv.INK, halo=fill,
                         halo_width=2, anchor="mm")
    if terrain != "sea":
        # Upper case, as the moves and the log write it ("lay D4", "Urawa (B7)").
        cv.draw_text(draw, (x, y + r * 0.68), coord.upper(), cv.font(LABEL_SIZE), COORD,
                     halo=fill if halo else None, halo_width=3, anchor="mm")


def _legend_words() -> list[str]:
    """The legend's words in order: five terrains, remote, slot / station, barrier, last move,
    the label hint."""
    return [tr("plain"), tr("river"), tr("mountain"), tr("sea"), tr("city"), tr("remote"),
            tr("slot / station"), tr("barrier"), tr("last move"), tr("D4: row D, col. 4")]


# Room before each word of the legend (its mark), in the order of _legend_words.
_MARKS = (24, 24, 24, 24, 24, 34, 40, 36, 30, 0)


def _legend_font(width: float) -> tuple[ImageFont.FreeTypeFont, int]:
    """The legend's font and the gap after each word: the usual size, or smaller when the words
    (longer in some languages) would run past the map's right edge."""
    words = _legend_words()
    for size, gap in ((LABEL_SIZE, 16), (LABEL_SIZE - 1, 12), (LABEL_SIZE - 2, 10),
                      (LABEL_SIZE - 3, 8)):
        fnt = cv.font(size)
        end = MARGIN + 4 + sum(mark + cv.text_width(w, fnt) + gap for mark, w in
                               zip(_MARKS, words, strict=True)) - gap
        if end <= width - MARGIN:
            break
    return fnt, gap


def _legend(draw: ImageDraw.ImageDraw, layout: MapLayout) -> None:
    """One row under the grid: terrain, stations, remote values, barriers, hex labels."""
    fnt, gap = _legend_font(layout.size[0])
    words = _legend_words()
    y = layout.size[1] - LEGEND_H / 2 - 2
    x = float(MARGIN + 4)
    for terrain, said in zip(("plain", "river", "mountain", "sea", "city"), words, strict=False):
        draw.polygon(corners((x + 9, y), 11), fill=TERRAIN[terrain], outline=EDGE, width=2)
        x = cv.draw_text(draw, (x + 24, y), said, fnt, cv.INK, anchor="lm")[2] + gap
    remote_badge(draw, (x + 14, y), 3)
    x = cv.draw_text(draw, (x + 34, y), words[5], fnt, cv.INK, anchor="lm")[2] + gap
    draw.rectangle((x, y - SLOT / 2, x + SLOT, y + SLOT / 2), fill=cv.PAPER, outline=CASING,
                   width=2)
    draw.rectangle((x + 18, y - SLOT / 2, x + 18 + SLOT, y + SLOT / 2), fill=CASING)
    x = cv.draw_text(draw, (x + 40, y), words[6], fnt, cv.INK, anchor="lm")[2] + gap
    draw.line((x, y, x + 28, y), fill=BARRIER, width=7)
    x = cv.draw_text(draw, (x + 36, y), words[7], fnt, cv.INK, anchor="lm")[2] + gap
    last_outline(draw, (x + 11, y), 14, width=4)
    x = cv.draw_text(draw, (x + 30, y), words[8], fnt, cv.INK, anchor="lm")[2] + gap
    cv.draw_text(draw, (x, y), words[9], fnt, COORD, anchor="lm")


def _background(layout: MapLayout) -> Image.Image:
    """Every static layer: drawn once per layout, then only ever copied."""
    if layout.base is None or cv.leaving_words_out():
        image = cv.new_canvas(layout.size[0], layout.size[1], BACKDROP)
        draw = ImageDraw.Draw(image)
        with cv.recording() as texts:
            for key in layout.hexes.values():
                _paint_hex(draw, layout, key)
            for a, b in layout.barriers:
                cv.polyline(draw, [a, b], BARRIER, 7)
            for key in layout.hexes.values():
                _label_hex(draw, layout, key)
            _legend(draw, layout)
        if cv.leaving_words_out():
            return image  # some words left out: not the layer to keep
        layout.texts = texts
        layout.base = image
    return layout.base


def rails_by_seat(view: dict[str, Any]) -> dict[int, list[str]]:
    """Seat to the hexes holding its rail cubes ("Urawa (B7)", "D4"), in map order."""
    out: dict[int, list[str]] = {}
    for h in view.get("hexes") or []:
        coord = str(h.get("coord", "")).upper()
        where = f"{h.get('name')} ({coord})" if h.get("name") else coord
        for seat in h.get("cubes") or []:
            out.setdefault(int(seat), []).append(where)
    return out


def map_lines(view: dict[str, Any]) -> list[str]:
    """The map's changing part in words: each player's rails, the stations built."""
    names = {int(p["seat"]): str(p.get("name", "?")) for p in view.get("players") or []}
    rails = rails_by_seat(view)
    lines = [tr("{player}'s rails: {spaces}.", player=name,
                spaces=", ".join(rails.get(seat, [])) or tr("none"))
             for seat, name in names.items()]
    stations = [tr("{city} {stations} of {slots}", city=h.get("name"), stations=h.get("stations"),
                   slots=h.get("buildings"))
                for h in view.get("hexes") or [] if h.get("stations")]
    lines.append(tr("Stations: {stations}; {left} pawns left.",
                    stations=", ".join(stations) or tr("none"),
                    left=view.get("stations_left", "?")))
    last = view.get("last_move")
    if last:
        where = {str(h["id"]): f"{h.get('name')} ({str(h.get('coord', '')).upper()})"
                 if h.get("name") else str(h.get("coord", "")).upper()
                 for h in view.get("hexes") or []}
        done = [tr("rail on {space}", space=where.get(h, h)) for h in last.get("rails") or []]
        done += [tr("station on {space}", space=where.get(h, h))
                 for h in last.get("stations") or []]
        lines.append(tr("Last move ({player}, ringed with dashes): {moves}.",
                        player=names.get(int(last["player"]), "?"),
                        moves=", ".join(done) or tr("nothing changed on the board")))
    return lines


def last_hexes(view: dict[str, Any]) -> list[str]:
    """The hexes the last move laid a rail or placed a station on."""
    last = view.get("last_move") or {}
    return list(dict.fromkeys([*(last.get("rails") or []), *(last.get("stations") or [])]))


def _mark_last(draw: ImageDraw.ImageDraw, layout: MapLayout, hex_id: str) -> None:
    """Ring a hex just inside its edge (clear of barriers), then draw its remote value, station
    slots, name and coordinate again on top: the ring covers no name or number."""
    key = layout.hexes[hex_id]
    x, y = layout.centres[hex_id]
    last_outline(draw, (x, y), layout.radius - 8)
    if key[4] == "remote":
        remote_badge(draw, (x, y - layout.radius * 0.6), key[7])
    for box in layout.slot_boxes(hex_id):
        draw.rectangle(box, fill=cv.PAPER, outline=CASING, width=2)
    _label_hex(draw, layout, key, halo=True)


def paint_map(view: dict[str, Any], size: tuple[int, int]) -> Image.Image:
    """The map of a Trains view at `size`: the cached background plus stations and cubes."""
    layout = layout_for(view, size)
    image = _background(layout).copy()
    draw = ImageDraw.Draw(image)
    for hex_id in last_hexes(view):
        if hex_id in layout.centres:
            _mark_last(draw, layout, hex_id)
    for h in view.get("hexes") or []:
        hex_id = str(h["id"])
        if hex_id not in layout.centres:
            continue
        stations = int(h.get("stations") or 0)
        for box in layout.slot_boxes(hex_id)[:stations]:
            draw.rectangle(box, fill=CASING)
        seats = sorted(int(s) for s in h.get("cubes") or [])
        for seat, spot in zip(seats, layout.cube_spots(hex_id, len(seats)), strict=True):
            piece(draw, spot, CUBE, seat)
    return image
