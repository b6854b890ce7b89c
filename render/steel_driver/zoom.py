"""Where the Steel Driver map lies on the board, the box round the last move on it, and where
its words and legend are: what the turn card needs to zoom on the map."""

from __future__ import annotations

from typing import Any

from render.core import canvas as cv
from render.core.inset import MapMarks, moved
from render.steel_driver.layout import HEX_R, layout_for
from render.steel_driver.map import MapPainter

WIDTH = 1600
MAP_TOP, MAP_BOTTOM = 72, 724  # the map runs the board's width under the 72-px header
FOCUS_MARGIN = 40


def map_box(view: dict[str, Any]) -> tuple[float, float, float, float]:
    """Where the map lies on the board."""
    return (0.0, float(MAP_TOP), float(WIDTH), float(MAP_BOTTOM))


def focus_box(view: dict[str, Any]) -> tuple[float, float, float, float] | None:
    """The board-pixel box (x0, y0, x1, y1) around what the last move changed, or None."""
    last = view.get("last_action") or {}
    if not isinstance(last, dict):
        return None
    try:
        layout = layout_for(view, (WIDTH, MAP_BOTTOM - MAP_TOP))
    except (KeyError, TypeError, ValueError):
        return None  # a view without a readable map has nothing to point at
    ends = {str(k.get("id")): (k.get("a"), k.get("b")) for k in view.get("links") or []}
    places = [str(c) for c in last.get("cities") or []]
    for link in last.get("links") or []:
        places += [str(end) for end in ends.get(str(link), ())]
    points = [layout.pos[p] for p in places if p in layout.pos]
    if not points:
        return None
    reach = HEX_R + FOCUS_MARGIN  # the marker and its dashed ring, then the margin
    x0 = max(0.0, min(x for x, _ in points) - reach)
    x1 = min(float(WIDTH), max(x for x, _ in points) + reach)
    y0 = max(0.0, min(y for _, y in points) - reach)
    y1 = min(float(MAP_BOTTOM - MAP_TOP), max(y for _, y in points) + reach)
    return (x0, y0 + MAP_TOP, x1, y1 + MAP_TOP)


def map_marks(view: dict[str, Any]) -> MapMarks:
    """Where the map's words and its legend lie on the board (the map draws all its words per
    render: none are cached)."""
    painter = MapPainter(view, (WIDTH, MAP_BOTTOM - MAP_TOP))
    with cv.recording() as painted:
        painter.paint()
    keys = [painter.legend_box] if painter.legend_box is not None else []
    return MapMarks(moved(painted, 0, MAP_TOP), moved(keys, 0, MAP_TOP))
