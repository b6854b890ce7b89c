"""The end of a Switch & Signal game: the table's shared verdict, not a ranking."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render.core import canvas as cv
from render.core.png import to_png
from render.core.results import BACKGROUND, PAD, ROW, WIDTH, names_of, ranking, title_bar
from rules.core.lang import tr

WON: cv.RGB = (16, 96, 62)
LOST: cv.RGB = (150, 40, 32)
GOODS_X, GOODS_Y, BOX, BOX_GAP = 400, 184, 30, 6


def goods_box(index: int, left: float = GOODS_X) -> cv.Box:
    """Where the box of the index-th goods cube of the goal is drawn (from `left`: further
    right when the words before the boxes run past GOODS_X)."""
    x = left + index * (BOX + BOX_GAP)
    return (x, GOODS_Y - 2, x + BOX, GOODS_Y - 2 + BOX)


def render_results(view: dict[str, Any]) -> bytes:
    """PNG of the verdict once the table has won or lost (the ranking before that)."""
    return verdict(view) if view.get("outcome") else ranking(view)


def verdict(view: dict[str, Any]) -> bytes:
    """The table's shared verdict, the goods delivered of the goal, what ended it, who played."""
    result = view.get("result") or {}
    won = view.get("outcome") == "won"
    delivered, goal = int(result.get("delivered", 0)), int(result.get("goal", 0))
    ended = str(result.get("ended_by") or view.get("reason") or "")
    players = [names_of(view)[s] for s in sorted(names_of(view))]
    body, bold = cv.font(22), cv.font(22, bold=True)
    cause = cv.wrap_text(tr("What ended it: {ended}.", ended=ended), body, WIDTH - 2 * PAD, 3) \
        if ended else []
    height = 330 + ROW * len(cause) + ROW * len(players) + 30
    image = cv.new_canvas(WIDTH, height, BACKGROUND)
    draw = ImageDraw.Draw(image)
    tone = WON if won else LOST
    title_bar(draw, view, tone, tr("final result"))
    draw.rectangle((PAD - 12, 92, WIDTH - PAD + 12, 162), fill=tone)
    said = tr("The table won") if won else tr("The table lost")
    cv.draw_text(draw, (PAD, 100), said, cv.font(44, bold=True), cv.PAPER)
    y = float(GOODS_Y)
    if goal:
        end = cv.draw_text(draw, (PAD, y), tr("Goods delivered: {n} of {goal}", n=delivered,
                                               goal=goal), bold, cv.INK)[2]
        left = max(GOODS_X, end + 12)
        for i in range(goal):  # one box per cube of the goal, filled when delivered
            draw.rectangle(goods_box(i, left), fill=tone if i < delivered else cv.PAPER,
                           outline=cv.INK, width=2)
        y += ROW + 10
    for line in cause:
        cv.draw_text(draw, (PAD, y), line, body, cv.INK)
        y += ROW
    turns = result.get("turns")
    if turns:
        aside = int(result.get("set_aside", 0))
        text = tr("Turns played: {turns} · departure cards set aside by the clock: {n}",
                  turns=turns, n=aside) if aside else tr("Turns played: {turns}", turns=turns)
        cv.draw_text(draw, (PAD, y), text, body, cv.MUTED)
        y += ROW
    y += 16
    cv.draw_text(draw, (PAD, y), tr("Players (cooperative: everyone shares this result)"), bold,
                 cv.INK)
    y += ROW + 4
    for name in players:
        cv.draw_text(draw, (PAD + 24, y), cv.fit_text(f"• {name}", body, WIDTH - 2 * PAD - 24),
                     body, cv.INK)
        y += ROW
    return to_png(image)
