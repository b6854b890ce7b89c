"""The end-of-game results picture: a ranking with each score's parts, or a cooperative verdict."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render.core import canvas as cv
from render.core.png import to_png

WIDTH = 1000
ROW = 34
PAD = 30
BACKGROUND: cv.RGB = (246, 244, 238)
STRIPE: cv.RGB = (236, 232, 222)
WON: cv.RGB = (16, 96, 62)
LOST: cv.RGB = (150, 40, 32)
GOODS_X, GOODS_Y, BOX, BOX_GAP = 400, 184, 30, 6


def goods_box(index: int) -> cv.Box:
    """Where the box of the index-th goods cube of the goal is drawn."""
    x = GOODS_X + index * (BOX + BOX_GAP)
    return (x, GOODS_Y - 2, x + BOX, GOODS_Y - 2 + BOX)


def render_results(view: dict[str, Any]) -> bytes:
    """PNG of the final result from a finished game's public view."""
    if view.get("outcome"):
        return _cooperative(view)
    return _ranking(view)


def _names(view: dict[str, Any]) -> dict[int, str]:
    """Seat to player name."""
    return {int(p["seat"]): str(p["name"]) for p in view["players"]}


def _title(draw: ImageDraw.ImageDraw, view: dict[str, Any], bar: cv.RGB, text: str) -> None:
    """The coloured top bar and the heading line."""
    draw.rectangle((0, 0, WIDTH, 10), fill=bar)
    title = f"{view.get('title', 'Game')} — {text}"
    cv.draw_text(draw, (PAD, 30), cv.fit_text(title, cv.font(34, bold=True), WIDTH - 2 * PAD),
                 cv.font(34, bold=True), cv.INK)


def _ranking(view: dict[str, Any]) -> bytes:
    """Players by score, winners starred, each score followed by its parts."""
    names = _names(view)
    scores: list[float] = list(view["scores"])
    winners = set(view.get("winners", []))
    breakdown: list[list[list[Any]]] = view.get("breakdown") or [[] for _ in scores]
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    rows = sum(1 + len(breakdown[s]) for s in order)
    height = 110 + rows * ROW + 12 * len(order) + 30
    image = cv.new_canvas(WIDTH, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    big, small = cv.font(24, bold=True), cv.font(20)
    _title(draw, view, cv.colour("blue"), "final results")
    y = 100
    rank = 0
    for place, seat in enumerate(order, start=1):
        if place == 1 or scores[seat] != scores[order[place - 2]]:
            rank = place  # tied players share a rank
        parts = breakdown[seat]
        if place % 2:
            draw.rectangle((PAD - 12, y - 6, WIDTH - PAD + 12, y + ROW * (1 + len(parts)) - 2),
                           fill=STRIPE)
        mark = "★ " if seat in winners else ""
        score = f"{scores[seat]:g}"
        room = WIDTH - 2 * PAD - 20 - cv.text_width(score, big)
        cv.draw_text(draw, (PAD, y), cv.fit_text(f"{rank}. {mark}{names[seat]}", big, room), big,
                     cv.INK)
        cv.draw_text(draw, (WIDTH - PAD - 10 - cv.text_width(score, big), y), score, big, cv.INK)
        y += ROW
        for label, amount in parts:
            text = f"{amount:+g}" if isinstance(amount, (int, float)) else str(amount)
            room = WIDTH - 2 * PAD - 70 - cv.text_width(text, small)
            cv.draw_text(draw, (PAD + 40, y), cv.fit_text(str(label), small, room), small,
                         cv.MUTED if amount == 0 else cv.INK)
            cv.draw_text(draw, (WIDTH - PAD - 10 - cv.text_width(text, small), y), text, small,
                         cv.INK)
            y += ROW
        y += 12
    return to_png(image)


def _cooperative(view: dict[str, Any]) -> bytes:
    """The table's shared verdict, the goods delivered of the goal, what ended it, who played."""
    result = view.get("result") or {}
    won = view.get("outcome") == "won"
    delivered, goal = int(result.get("delivered", 0)), int(result.get("goal", 0))
    ended = str(result.get("ended_by") or view.get("reason") or "")
    players = [_names(view)[s] for s in sorted(_names(view))]
    body, bold = cv.font(22), cv.font(22, bold=True)
    cause = cv.wrap_text(f"What ended it: {ended}.", body, WIDTH - 2 * PAD, 3) if ended else []
    height = 330 + ROW * len(cause) + ROW * len(players) + 30
    image = cv.new_canvas(WIDTH, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    tone = WON if won else LOST
    _title(draw, view, tone, "final result")
    draw.rectangle((PAD - 12, 92, WIDTH - PAD + 12, 162), fill=tone)
    verdict = "The table won" if won else "The table lost"
    cv.draw_text(draw, (PAD, 100), verdict, cv.font(44, bold=True), cv.PAPER)
    y = float(GOODS_Y)
    if goal:
        cv.draw_text(draw, (PAD, y), f"Goods delivered: {delivered} of {goal}", bold, cv.INK)
        for i in range(goal):  # one box per cube of the goal, filled when delivered
            draw.rectangle(goods_box(i), fill=tone if i < delivered else cv.PAPER,
                           outline=cv.INK, width=2)
        y += ROW + 10
    for line in cause:
        cv.draw_text(draw, (PAD, y), line, body, cv.INK)
        y += ROW
    turns = result.get("turns")
    if turns:
        aside = int(result.get("set_aside", 0))
        extra = f" · departure cards set aside by the clock: {aside}" if aside else ""
        cv.draw_text(draw, (PAD, y), f"Turns played: {turns}{extra}", body, cv.MUTED)
        y += ROW
    y += 16
    cv.draw_text(draw, (PAD, y), "Players (cooperative: everyone shares this result)", bold,
                 cv.INK)
    y += ROW + 4
    for name in players:
        cv.draw_text(draw, (PAD + 24, y), cv.fit_text(f"• {name}", body, WIDTH - 2 * PAD - 24),
                     body, cv.INK)
        y += ROW
    return to_png(image)
