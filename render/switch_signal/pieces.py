"""Switch & Signal pieces drawn on the map and in the panels: lights, trains, the last-move mark.

Every one can be told apart without hue: red lights carry a bar and green ones a dot, each train
colour has its own tail and lightness, and the last move is a band of black and white dashes.
"""

from __future__ import annotations

from PIL import ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Point
from render.switch_signal.layout import SIGNAL_R, square, train_outline

DISC: RGB = (20, 20, 24)
# Red and green lights differ in lightness as well as hue (and carry a bar or a dot), so a
# red-green colour-blind reader still tells them apart.
RED: RGB = (200, 30, 30)
GREEN: RGB = (0, 170, 90)
TRAINS: dict[str, RGB] = {"black": (30, 30, 34), "brown": (150, 92, 44), "grey": (170, 174, 180)}



def light(draw: ImageDraw.ImageDraw, c: Point, green: bool) -> None:
    """A signal spot: a green disc, or a red light (with a bar, for colour-blind readers)."""
    if green:
        draw.ellipse(square(c, SIGNAL_R + 1), fill=GREEN, outline=DISC, width=2)
        draw.ellipse(square(c, 2.5), fill=cv.PAPER)
    else:
        draw.ellipse(square(c, SIGNAL_R), fill=RED, outline=DISC, width=1)
        draw.line((c[0] - 4, c[1], c[0] + 4, c[1]), fill=cv.PAPER, width=2)


def train_marker(draw: ImageDraw.ImageDraw, c: Point, facing: Point | None, colour: str,
                 tag: str, cargo: str | None, scale: float = 1.0) -> None:
    """A train marker pointing where it heads, its number on it, a cargo cube beside it."""
    fill = TRAINS.get(colour, cv.colour(colour))
    ux, uy = facing or (1.0, 0.0)
    if facing is None:  # not yet heading anywhere: a square
        draw.rounded_rectangle(square(c, 14.5 * scale), radius=5, fill=fill, outline=cv.PAPER,
                               width=2)
        draw.rounded_rectangle(square(c, 17 * scale), radius=6, outline=DISC, width=3)
    else:
        for grow, ink in ((1.2, DISC), (1.0, fill)):
            draw.polygon(train_outline(c, facing, colour, grow * scale), fill=ink,
                         outline=cv.PAPER if grow == 1.0 else None, width=2 if grow == 1.0 else 1)
    if cargo:
        cube = (c[0] + uy * 23, c[1] - ux * 23) if facing else (c[0] - 19, c[1] - 19)
        cv.swatch(draw, cube, 13, cv.colour(cargo), DISC)
    cv.draw_text(draw, (c[0] - ux * 2, c[1] - uy * 2), tag, cv.font(round(20 * scale), True),
                 cv.contrast_ink(fill), anchor="mm")


def dashed_path(draw: ImageDraw.ImageDraw, points: list[Point], width: int,
                dash: float) -> None:
    """An open line of white dashes on a black casing: the last move, told apart by pattern."""
    cv.dashed_line(draw, points, width, dash, casing=6)
