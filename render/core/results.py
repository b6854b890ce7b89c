"""The end-of-game results picture: a ranking with each score's parts.

A game whose end is not a ranking (a cooperative verdict) draws its own: its package's
`render_results(view)` (see render.core.games) stands in for the ranking.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.core import canvas as cv
from render.core import games
from render.core.png import to_png
from rules.core.lang import ENGLISH, language, number, tr

WIDTH = 1000
ROW = 34
PAD = 30
BACKGROUND: cv.RGB = (246, 244, 238)
STRIPE: cv.RGB = (236, 232, 222)


def render_results(view: dict[str, Any]) -> bytes:
    """PNG of the final result from a finished game's public view."""
    own = getattr(games.package(view.get("game")), "render_results", None)
    return bytes(own(view)) if own is not None else ranking(view)


def names_of(view: dict[str, Any]) -> dict[int, str]:
    """Seat to player name."""
    return {int(p["seat"]): str(p["name"]) for p in view["players"]}


def figure(value: float, signed: bool = False) -> str:
    """A score as the language writes it: `1070`, `+5`, `2.5` (French `1 070`, `+5`, `2,5`)."""
    if language() == ENGLISH:
        return f"{value:+g}" if signed else f"{value:g}"
    said = number(int(value) if float(value).is_integer() else value)
    return f"+{said}" if signed and value >= 0 else said


def title_bar(draw: ImageDraw.ImageDraw, view: dict[str, Any], bar: cv.RGB, text: str) -> None:
    """The coloured top bar and the heading line: the game's title, then `text` (said in the
    reader's language by the caller)."""
    draw.rectangle((0, 0, WIDTH, 10), fill=bar)
    title = tr("{title} — {heading}", title=str(view["title"]) if "title" in view else tr("Game"),
               heading=text)
    cv.draw_text(draw, (PAD, 30), cv.fit_text(title, cv.font(34, bold=True), WIDTH - 2 * PAD),
                 cv.font(34, bold=True), cv.INK)


def ranking(view: dict[str, Any]) -> bytes:
    """Players by score, winners starred, each score followed by its parts."""
    return to_png(ranking_image(view))


def rating_said(before: int, after: int) -> str:
    """"Rating 1000 → 1031 (+31)" in the reader's language."""
    return tr("Rating {before} → {after} ({change})", before=number(before),
              after=number(after), change=figure(after - before, signed=True))


def ranking_image(view: dict[str, Any]) -> Image.Image:
    """The ranking card; under each rated player, how their rating moved (`view["ratings"]`:
    [seat, before, after] rows the table logic adds, the server's own ratings)."""
    names = names_of(view)
    scores: list[float] = list(view["scores"])
    winners = set(view.get("winners", []))
    breakdown: list[list[list[Any]]] = view.get("breakdown") or [[] for _ in scores]
    rated = {int(seat): (int(before), int(after))
             for seat, before, after in view.get("ratings") or []}
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    rows = sum(1 + len(breakdown[s]) + (s in rated) for s in order)
    height = 110 + rows * ROW + 12 * len(order) + 30
    image = cv.new_canvas(WIDTH, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    big, small = cv.font(24, bold=True), cv.font(20)
    title_bar(draw, view, cv.colour("blue"), tr("final results"))
    y = 100
    rank = 0
    for place, seat in enumerate(order, start=1):
        if place == 1 or scores[seat] != scores[order[place - 2]]:
            rank = place  # tied players share a rank
        parts = breakdown[seat]
        lines = 1 + len(parts) + (seat in rated)
        if place % 2:
            draw.rectangle((PAD - 12, y - 6, WIDTH - PAD + 12, y + ROW * lines - 2),
                           fill=STRIPE)
        mark = "★ " if seat in winners else ""
        score = figure(scores[seat])
        room = WIDTH - 2 * PAD - 20 - cv.text_width(score, big)
        cv.draw_text(draw, (PAD, y), cv.fit_text(f"{rank}. {mark}{names[seat]}", big, room), big,
                     cv.INK)
        cv.draw_text(draw, (WIDTH - PAD - 10 - cv.text_width(score, big), y), score, big, cv.INK)
        y += ROW
        for label, amount in parts:
            text = figure(amount, signed=True) if isinstance(amount, (int, float)) else str(amount)
            room = WIDTH - 2 * PAD - 70 - cv.text_width(text, small)
            cv.draw_text(draw, (PAD + 40, y), cv.fit_text(str(label), small, room), small,
                         cv.MUTED if amount == 0 else cv.INK)
            cv.draw_text(draw, (WIDTH - PAD - 10 - cv.text_width(text, small), y), text, small,
                         cv.INK)
            y += ROW
        if seat in rated:
            before, after = rated[seat]
            cv.draw_text(draw, (PAD + 40, y), rating_said(before, after), small,
                         cv.colour("green") if after > before else
                         cv.colour("red") if after < before else cv.MUTED)
            y += ROW
        y += 12
    return image
