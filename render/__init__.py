"""Railyard rendering: public game views (JSON-ready dicts) to PNG bytes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import ImageDraw

from render.community.story import story_image
from render.core import canvas as cv
from render.core import games
from render.core import results as _results
from render.core.png import to_png
from render.core.text import alt_text, board_text
from rules.core.lang import add_catalogues

__all__ = ["alt_text", "board_text", "clear_caches", "render_board", "render_results",
           "render_text_card"]

CARD_WIDTH = 900
add_catalogues(Path(__file__).parent)  # the words drawn: render/<area>/locale/<language>.po


def render_board(view: dict[str, Any]) -> bytes:
    """PNG bytes of a game's public view; ValueError for an unknown game."""
    game = view.get("game") if isinstance(view, dict) else None
    package = games.package(game)
    if package is None:
        known = ", ".join(games.known())
        raise ValueError(f"No board renderer for game {game!r} (known: {known}).")
    renderer: Callable[[dict[str, Any]], bytes] = package.render
    return renderer(view)


def render_results(view: dict[str, Any]) -> bytes:
    """PNG of a finished game's results: the ranking (with each rated player's rating change)
    and, when the view carries the game's story (`view["story"]`), its chart beneath."""
    story = view.get("story")
    own = getattr(games.package(view.get("game")), "render_results", None)
    if not story or own is not None:
        return _results.render_results(view)
    top, chart = _results.ranking_image(view), story_image(story)
    image = cv.new_canvas(max(top.width, chart.width), top.height + chart.height,
                          _results.BACKGROUND)
    image.paste(top, (0, 0))
    image.paste(chart, ((image.width - chart.width) // 2, top.height))
    return to_png(image)


def clear_caches() -> None:
    """Forget cached map layouts and rasterised text (they rebuild on the next render)."""
    for package in games.packages():
        clear = getattr(package, "clear_caches", None)
        if clear is not None:
            clear()
    cv.clear_text_cache()


def render_text_card(title: str, lines: list[str]) -> bytes:
    """PNG bytes of a simple card: a bold title over wrapped text lines."""
    head, body = cv.font(30, bold=True), cv.font(20)
    pad, line_h = 28, 30
    inner = CARD_WIDTH - 2 * pad
    title_lines = cv.wrap_text(title, head, inner, max_lines=3)
    wrapped: list[str] = []
    for line in lines:
        wrapped.extend(cv.wrap_text(line, body, inner, max_lines=20) if line.strip() else [""])
    height = pad * 2 + 40 * len(title_lines) + 14 + line_h * len(wrapped)
    image = cv.new_canvas(CARD_WIDTH, max(height, 120), (246, 244, 238))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, CARD_WIDTH, 8), fill=cv.colour("blue"))
    y = float(pad)
    for line in title_lines:
        cv.draw_text(draw, (pad, y), line, head, cv.INK)
        y += 40
    draw.line((pad, y + 4, CARD_WIDTH - pad, y + 4), fill=(190, 188, 180), width=2)
    y += 14
    for line in wrapped:
        cv.draw_text(draw, (pad, y), line, body, cv.INK)
        y += line_h
    return to_png(image)
