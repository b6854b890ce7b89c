"""Railyard rendering: public game views (JSON-ready dicts) to PNG bytes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import ImageDraw

from render import canvas as cv
from render.png import to_png
from render.results import render_results
from render.text import alt_text, board_text

__all__ = ["alt_text", "board_text", "clear_caches", "render_board", "render_results",
           "render_text_card"]

CARD_WIDTH = 900


def _steel_driver(view: dict[str, Any]) -> bytes:
    """Render a Steel Driver view (imported lazily)."""
    from render import steel_driver

    return steel_driver.render(view)


def _trains(view: dict[str, Any]) -> bytes:
    """Render a Trains view (imported lazily)."""
    from render import trains

    return trains.render(view)


def _switch_signal(view: dict[str, Any]) -> bytes:
    """Render a Switch & Signal view (imported lazily)."""
    from render import switch_signal

    return switch_signal.render(view)


def _spike(view: dict[str, Any]) -> bytes:
    """Render a Spike view (imported lazily)."""
    from render import spike

    return spike.render(view)


def _railroad_revolution(view: dict[str, Any]) -> bytes:
    """Render a Railroad Revolution view (imported lazily)."""
    from render import railroad_revolution

    return railroad_revolution.render(view)


_RENDERERS: dict[str, Callable[[dict[str, Any]], bytes]] = {
    "steel-driver": _steel_driver,
    "trains": _trains,
    "switch-and-signal": _switch_signal,
    "spike": _spike,
    "railroad-revolution": _railroad_revolution,
}


def render_board(view: dict[str, Any]) -> bytes:
    """PNG bytes of a game's public view; ValueError for an unknown game."""
    game = view.get("game") if isinstance(view, dict) else None
    renderer = _RENDERERS.get(str(game))
    if renderer is None:
        known = ", ".join(sorted(_RENDERERS))
        raise ValueError(f"No board renderer for game {game!r} (known: {known}).")
    return renderer(view)


def clear_caches() -> None:
    """Forget cached map layouts and rasterised text (they rebuild on the next render)."""
    from render import (
        railroad_revolution,
        spike_map,
        steel_driver_layout,
        switch_signal_map,
        trains_map,
    )

    steel_driver_layout.clear_cache()
    trains_map.clear_cache()
    switch_signal_map.clear_cache()
    spike_map.clear_cache()
    railroad_revolution.clear_cache()
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
