"""A Switch & Signal seat's action cards as a hand: one card per kind held, with its icon."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB
from render.core.hands import HandCard

# The three kinds fit in one row.
HAND_COLUMNS = 3
SIGNAL_KINDS: dict[str, RGB] = {
    "signal": (0, 130, 95),
    "switch": (236, 150, 20),
    "move": (0, 107, 178),
}


def hand_cards(private: dict[str, Any], public: dict[str, Any]) -> list[HandCard]:
    """The Switch & Signal action cards held, one entry per kind."""
    hand = private.get("hand") or {}
    given = private.get("card_facts") or {}
    out = []
    for kind, colour in SIGNAL_KINDS.items():
        n = int(hand.get(kind) or 0)
        if n > 0:
            facts = given.get(kind, {})
            out.append(HandCard(str(facts.get("name") or kind.capitalize()), n,
                                (("action", colour),), None, str(facts.get("does") or ""),
                                kind))
    return out


def draw_hand_icon(draw: ImageDraw.ImageDraw, kind: str, centre: tuple[float, float]) -> None:
    """A small picture of what a card does: a light, a junction, a die."""
    x, y = centre
    if kind == "signal":
        draw.rounded_rectangle((x - 12, y - 22, x + 12, y + 22), 8, fill=cv.INK)
        draw.ellipse((x - 8, y - 18, x + 8, y - 2), fill=cv.COLOURS["red"])
        draw.ellipse((x - 8, y + 2, x + 8, y + 18), fill=cv.COLOURS["green"])
    elif kind == "switch":
        cv.polyline(draw, [(x - 22, y + 18), (x, y), (x + 22, y - 18)], cv.INK, 6)
        cv.polyline(draw, [(x, y), (x + 22, y + 18)], cv.MUTED, 6)
        draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=cv.INK)
    elif kind == "move":
        draw.rounded_rectangle((x - 20, y - 20, x + 20, y + 20), 6, fill=cv.PAPER,
                               outline=cv.INK, width=3)
        for dx, dy in ((-9, -9), (0, 0), (9, 9)):
            draw.ellipse((x + dx - 4, y + dy - 4, x + dx + 4, y + dy + 4), fill=cv.INK)
