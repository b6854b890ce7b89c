"""Shared drawing primitives: bundled fonts, a named palette, haloed text, boxes, PNG output."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Generic, TypeVar

from PIL import Image, ImageDraw, ImageFont

from render.core.drawn import cut_at_edge as cut_at_edge
from render.core.drawn import drawn
from render.core.drawn import leaving_out as leaving_out
from render.core.drawn import leaving_words_out as leaving_words_out
from render.core.drawn import recording as recording
from rules.core.lang import language

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]
Point = tuple[float, float]

FONT_DIR = Path(__file__).resolve().parent / "fonts"
_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

# A colour-blind-aware palette (after Okabe & Ito): hues are kept apart and also differ in
# lightness, so blue/green/red/purple companies stay distinct for most readers.
COLOURS: dict[str, RGB] = {
    "blue": (0, 107, 178),
    "red": (204, 51, 41),
    "grey": (98, 110, 120),
    "yellow": (240, 200, 30),
    "green": (0, 150, 110),
    "purple": (130, 72, 170),
    "orange": (236, 150, 20),
    "silver": (192, 196, 202),
    "black": (34, 34, 38),
    "white": (250, 250, 248),
}

INK: RGB = (30, 32, 36)
PAPER: RGB = (255, 255, 255)
MUTED: RGB = (100, 104, 112)


def colour(name: str | None, default: RGB = (128, 128, 128)) -> RGB:
    """The RGB of a named palette colour (or `default` for unknown names)."""
    if name is None:
        return default
    return COLOURS.get(name, default)


def luminance(rgb: RGB) -> float:
    """Relative luminance (0 dark .. 1 light) of an sRGB colour."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else float(((v + 0.055) / 1.055) ** 2.4)

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ink(rgb: RGB) -> RGB:
    """Black or white, whichever reads better on `rgb`."""
    return INK if luminance(rgb) > 0.22 else PAPER


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend from `a` (t=0) to `b` (t=1)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """A bundled DejaVu font at `size` pixels (cached)."""
    return ImageFont.truetype(str(FONT_DIR / _FONT_FILES[bold]), size)


@lru_cache(maxsize=4096)
def text_width(text: str, fnt: ImageFont.FreeTypeFont) -> float:
    """Advance width of `text` in pixels (cached: fonts are cached, so they are stable keys)."""
    return float(fnt.getlength(text))


@lru_cache(maxsize=4096)
def _bbox(text: str, fnt: ImageFont.FreeTypeFont, anchor: str, stroke: int) -> Box:
    """Bounding box of `text` relative to its anchor point."""
    left, top, right, bottom = fnt.getbbox(text, anchor=anchor, stroke_width=stroke)
    return (float(left), float(top), float(right), float(bottom))


def text_box(xy: Point, text: str, fnt: ImageFont.FreeTypeFont, anchor: str = "la") -> Box:
    """Bounding box of `text` drawn at `xy` with `anchor`."""
    left, top, right, bottom = _bbox(text, fnt, anchor, 0)
    return (xy[0] + left, xy[1] + top, xy[0] + right, xy[1] + bottom)


# A glyph tile: the text's coverage at one sub-pixel offset, rasterised once and then pasted in
# its colour. Pasting a colour through a mask blends exactly as ImageDraw.text does.
_Tile = tuple[int, int, Image.Image]
_TILE_MARGIN = 2


@lru_cache(maxsize=2048)
def _tile(
    text: str, fnt: ImageFont.FreeTypeFont, anchor: str, stroke: int, frac: Point
) -> _Tile | None:
    """Coverage of `text` drawn at (n + frac) for whole n: (dx, dy, mask), the mask's corner
    at (n + dx, m + dy); with `stroke`, the halo alone. None when it cannot be exact."""
    left, top, right, bottom = _bbox(text, fnt, anchor, stroke)
    kx = max(0, _TILE_MARGIN - math.floor(left))  # whole-pixel shifts that keep the text
    ky = max(0, _TILE_MARGIN - math.floor(top))  # inside the tile
    at = (frac[0] + kx, frac[1] + ky)
    if math.modf(at[0])[0] != frac[0] or math.modf(at[1])[0] != frac[1]:
        return None  # the shift would round the fraction
    width = kx + max(0, math.ceil(right)) + _TILE_MARGIN + 1
    height = ky + max(0, math.ceil(bottom)) + _TILE_MARGIN + 1
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).text(at, text, fill=255, font=fnt, anchor=anchor, stroke_width=stroke,
                              stroke_fill=255)  # same ink: only the stroke pass is drawn
    used = mask.getbbox()
    if used and (used[0] == 0 or used[1] == 0 or used[2] == width or used[3] == height):
        return None  # touches the edge: might be clipped
    return -kx, -ky, mask


def _paste_text(
    draw: ImageDraw.ImageDraw, xy: Point, text: str, fnt: ImageFont.FreeTypeFont, fill: RGB,
    anchor: str, stroke: int,
) -> None:
    """Draw one layer of `text` (with `stroke`, the halo alone) via the tile cache."""
    fx, x = math.modf(xy[0])
    fy, y = math.modf(xy[1])
    tile = _tile(text, fnt, anchor, stroke, (fx, fy))
    if tile is None:
        draw.text(xy, text, font=fnt, fill=fill, anchor=anchor, stroke_width=stroke,
                  stroke_fill=fill)
        return
    dx, dy, mask = tile
    left, top = int(x) + dx, int(y) + dy
    draw.im.paste(fill, (left, top, left + mask.width, top + mask.height), mask.im)


def clear_text_cache() -> None:
    """Forget cached text metrics and glyph tiles."""
    for cached in (text_width, _bbox, _tile):
        cached.cache_clear()


def fit_text(text: str, fnt: ImageFont.FreeTypeFont, width: float) -> str:
    """`text`, cut with an ellipsis so it is at most `width` pixels wide."""
    if text_width(text, fnt) <= width:
        return text
    cut = text
    while cut and text_width(cut + "…", fnt) > width:
        cut = cut[:-1]
    return cut.rstrip() + "…" if cut else ""


def wrap_text(
    text: str, fnt: ImageFont.FreeTypeFont, width: float, max_lines: int = 9
) -> list[str]:
    """Greedy word wrap to `width` pixels; the last allowed line ends with an ellipsis if cut."""
    lines: list[str] = []
    current = ""
    words = [w for w in text.split(" ") if w]  # split on plain spaces: keep no-break ones
    for i, word in enumerate(words):
        trial = f"{current} {word}".strip()
        if text_width(trial, fnt) <= width or not current:
            current = trial
            continue
        lines.append(current)
        current = word
        if len(lines) == max_lines - 1:
            current = " ".join(words[i:])
            break
    if current:
        lines.append(current)
    return [fit_text(line, fnt, width) for line in lines[:max_lines]]


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    fnt: ImageFont.FreeTypeFont,
    fill: RGB = INK,
    halo: RGB | None = None,
    halo_width: int = 3,
    anchor: str = "la",
) -> Box:
    """Draw `text`, optionally with a halo (outline) so it reads on any background; return bbox.

    Same pixels as ImageDraw.text, but rasterised glyph runs are cached (see `_tile`)."""
    if text.strip() and not drawn(lambda: text_box(xy, text, fnt, anchor), draw.im.size):
        return text_box(xy, text, fnt, anchor)  # left out: the zoom's edge would cut it
    stroke = halo_width if halo is not None else 0
    if not text or "\n" in text or xy[0] < 0 or xy[1] < 0 or draw.mode != "RGB":
        if halo is None:  # rare cases: draw directly
            draw.text(xy, text, font=fnt, fill=fill, anchor=anchor)
        else:
            draw.text(xy, text, font=fnt, fill=fill, anchor=anchor, stroke_width=halo_width,
                      stroke_fill=halo)
        return text_box(xy, text, fnt, anchor)
    if halo is not None and stroke:
        _paste_text(draw, xy, text, fnt, halo, anchor, stroke)
        if halo == fill:  # as ImageDraw.text: the text pass is skipped
            return text_box(xy, text, fnt, anchor)
    _paste_text(draw, xy, text, fnt, fill, anchor, 0)
    return text_box(xy, text, fnt, anchor)


def rounded_box(
    draw: ImageDraw.ImageDraw,
    box: Box,
    fill: RGB | None,
    outline: RGB | None = None,
    radius: int = 10,
    width: int = 1,
) -> None:
    """A rounded rectangle."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def hexagon(centre: Point, radius: float) -> list[Point]:
    """Corners of a flat-topped hexagon."""
    cx, cy = centre
    return [
        (cx + radius * math.cos(math.radians(60 * i)), cy + radius * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]


def swatch(
    draw: ImageDraw.ImageDraw, centre: Point, size: float, fill: RGB, outline: RGB = INK
) -> Box:
    """A small square (a goods cube, a legend key) centred on `centre`; return its box."""
    half = size / 2
    box = (centre[0] - half, centre[1] - half, centre[0] + half, centre[1] + half)
    draw.rectangle(box, fill=fill, outline=outline, width=1 if size < 14 else 2)
    return box


def polyline(draw: ImageDraw.ImageDraw, points: Sequence[Point], fill: RGB, width: int) -> None:
    """A joined line through `points` with rounded ends."""
    if len(points) < 2:
        return
    draw.line(list(points), fill=fill, width=width, joint="curve")
    radius = width / 2
    if width > 3:
        for x, y in (points[0], points[-1]):
            draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)


def new_canvas(width: int, height: int, background: RGB = PAPER) -> Image.Image:
    """A fresh RGB image."""
    return Image.new("RGB", (width, height), background)


def boxes_overlap(a: Box, b: Box, pad: float = 0) -> bool:
    """True when two boxes intersect (grown by `pad`)."""
    return a[0] - pad < b[2] and b[0] - pad < a[2] and a[1] - pad < b[3] and b[1] - pad < a[3]


def overlap_area(a: Box, b: Box) -> float:
    """Area shared by two boxes."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def segment_hits_box(p: Point, q: Point, box: Box) -> bool:
    """True when segment p-q passes through `box` (Liang-Barsky clipping)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for edge_p, edge_q in (
        (-dx, p[0] - box[0]),
        (dx, box[2] - p[0]),
        (-dy, p[1] - box[1]),
        (dy, box[3] - p[1]),
    ):
        if edge_p == 0:
            if edge_q < 0:
                return False
            continue
        t = edge_q / edge_p
        if edge_p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


CARD_BG: RGB = (253, 253, 251)
CARD_EDGE: RGB = (176, 176, 170)


def section(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
            title: str) -> float:
    """A rounded side panel with a heading; return the y where its content starts."""
    rounded_box(draw, box, CARD_BG, CARD_EDGE, 10)
    draw_text(draw, (box[0] + 10, box[1] + 7), title, font(18, bold=True), INK)
    return box[1] + 34


def recent_lines(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], y: float,
                 entries: list[str], *, per_entry: int = 2, bottom: float = 0) -> None:
    """The last log lines that fit in the panel from y down, newest at the bottom."""
    fnt = font(16)
    room = int((box[3] - y - bottom) // 21)
    shown: list[str] = []
    for entry in reversed(entries):
        lines = wrap_text(str(entry), fnt, box[2] - box[0] - 20, max_lines=per_entry)
        if len(shown) + len(lines) > room:
            break
        shown = lines + shown
    for line in shown:
        draw_text(draw, (box[0] + 10, y), line, fnt, INK)
        y += 21


K = TypeVar("K")
V = TypeVar("V")


class LayoutCache(Generic[K, V]):
    """A small cache of static map layouts: built once, shared by every later render.

    Renders may run in worker threads; only single dict operations touch it, so at worst two
    threads build the same layout once each. When full it starts over rather than grow.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: dict[tuple[str, K], V] = {}

    def get(self, key: K, build: Callable[[K], V]) -> V:
        """The cached value for key, built on first use; one per language, since a layout may
        hold words (a legend) and one process draws games in several languages."""
        said = (language(), key)
        value = self._items.get(said)
        if value is None:
            value = build(key)
            if len(self._items) >= self.size:
                self._items.clear()
            self._items[said] = value
        return value

    def clear(self) -> None:
        """Forget everything."""
        self._items.clear()


LAST_DARK = (20, 20, 24)  # the last-move mark: black and white dashes, readable by every eye
LAST_LIGHT = (255, 255, 255)


def dashed_line(draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], width: int,
                dash: float = 10.0, casing: int = 4) -> None:
    """White dashes on a black casing along `points` (told apart by pattern, not hue)."""
    polyline(draw, points, LAST_DARK, width + casing)
    pos = 0.0  # dashes run on around corners, so short sides still alternate
    for a, b in zip(points, points[1:], strict=False):
        length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
        k = math.floor(pos / dash)
        while k * dash < pos + length:
            t0, t1 = max(0.0, k * dash - pos) / length, min(length, (k + 1) * dash - pos) / length
            if k % 2 == 0:
                draw.line([(a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                           (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)],
                          fill=LAST_LIGHT, width=width)
            k += 1
        pos += length


def dashed_outline(draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], width: int,
                   dash: float = 10.0) -> None:
    """A closed outline of white dashes on a black casing: the last-move mark."""
    dashed_line(draw, [*points, points[0]], width, dash)
