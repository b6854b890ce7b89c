"""The end-of-game results picture: each player's score with its parts, winners first."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render import canvas as cv

WIDTH = 1000
ROW = 34


def render_results(view: dict[str, Any]) -> bytes:
    """PNG of the final standings from a finished game's public view."""
    names = {p["seat"]: p["name"] for p in view["players"]}
    scores: list[float] = list(view["scores"])
    winners = set(view.get("winners", []))
    breakdown: list[list[list[Any]]] = view.get("breakdown") or [[] for _ in scores]
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    rows = sum(1 + len(breakdown[s]) for s in order)
    height = 110 + rows * ROW + 30
    image = cv.new_canvas(WIDTH, height, (246, 244, 238))
    draw = ImageDraw.Draw(image)
    head, big, small = cv.font(34, bold=True), cv.font(24, bold=True), cv.font(20)
    draw.rectangle((0, 0, WIDTH, 10), fill=cv.colour("blue"))
    title = f"{view.get('title', 'Game')} — final results"
    cv.draw_text(draw, (30, 30), title, head, cv.INK)
    y = 100
    for rank, seat in enumerate(order, start=1):
        mark = "★ " if seat in winners else ""
        cv.draw_text(draw, (30, y), f"{rank}. {mark}{names[seat]}", big, cv.INK)
        score = f"{scores[seat]:g}"
        cv.draw_text(draw, (WIDTH - 40 - cv.text_width(score, big), y), score, big, cv.INK)
        y += ROW
        for label, amount in breakdown[seat]:
            cv.draw_text(draw, (70, y), str(label), small, cv.INK)
            text = f"{amount:+g}" if isinstance(amount, (int, float)) else str(amount)
            cv.draw_text(draw, (WIDTH - 40 - cv.text_width(text, small), y), text, small,
                         cv.INK)
            y += ROW
    return cv.to_png(image)
