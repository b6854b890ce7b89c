"""What the community's pictures share: the card, its heading, a row's stripes, a small chart."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.core import canvas as cv
from rules.core.lang import number

WIDTH = 900
PAD = 28
BACKGROUND: cv.RGB = (246, 244, 238)
STRIPE: cv.RGB = (236, 232, 222)
ACCENT: cv.RGB = cv.colour("blue")
UP: cv.RGB = cv.colour("green")


def card(height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank card with the coloured top bar."""
    image = cv.new_canvas(WIDTH, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, 8), fill=ACCENT)
    return image, draw


def heading(draw: ImageDraw.ImageDraw, title: str, subtitle: str) -> float:
    """The title and a muted line under it; the y below them."""
    big, small = cv.font(34, bold=True), cv.font(20)
    cv.draw_text(draw, (PAD, 26), cv.fit_text(title, big, WIDTH - 2 * PAD), big, cv.INK)
    cv.draw_text(draw, (PAD, 74), cv.fit_text(subtitle, small, WIDTH - 2 * PAD), small,
                 cv.MUTED)
    return 114.0


def figure(n: float | int | None) -> str:
    """A number as the language writes it; a dash for none."""
    if n is None:
        return "–"
    value = int(n) if float(n).is_integer() else round(float(n), 1)
    return number(value)


def sparkline(draw: ImageDraw.ImageDraw, box: cv.Box, values: Sequence[int]) -> None:
    """A small line chart of `values` (a rating over the games), its last point marked."""
    x0, y0, x1, y1 = box
    draw.rectangle(box, outline=(214, 208, 196), width=1)
    if len(values) < 2:
        if values:
            cy = (y0 + y1) / 2
            draw.ellipse((x1 - 9, cy - 4, x1 - 1, cy + 4), fill=ACCENT)
        return
    low, high = min(values), max(values)
    span = max(high - low, 1)
    step = (x1 - x0 - 8) / (len(values) - 1)
    points = [(x0 + 4 + i * step, y1 - 4 - (v - low) / span * (y1 - y0 - 8))
              for i, v in enumerate(values)]
    draw.line(points, fill=UP if values[-1] >= values[0] else cv.colour("red"), width=3)
    lx, ly = points[-1]
    draw.ellipse((lx - 4, ly - 4, lx + 4, ly + 4), fill=ACCENT)
