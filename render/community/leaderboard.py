"""A game's leaderboard: the best rated players, and the reader's own place when it is lower.

The view (built by the table logic):
    {"title": str (the game's), "where": str (the server's name; "" for everywhere),
     "players": int (how many are rated here),
     "rows": [{"rank": int, "name": str, "rating": int, "games": int, "won": int,
               "you": bool}],
     "reader": {... one row ...} | None (the reader's, when not among the rows)}
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render.community.card import ACCENT, PAD, STRIPE, WIDTH, card, figure, heading
from render.core import canvas as cv
from render.core.png import to_png
from rules.core.lang import tr, trn

ROW = 44
# Column edges: rank (right-aligned), name, rating, games, won (right-aligned).
RANK_RIGHT, NAME_LEFT, RATING_RIGHT, GAMES_RIGHT, WON_RIGHT = 84, 108, 640, 760, WIDTH - PAD
YOU: cv.RGB = (214, 230, 246)


def _subtitle(view: dict[str, Any]) -> str:
    n = int(view.get("players", len(view.get("rows", []))))
    where = str(view.get("where") or "")
    if where:
        return trn("On {server}: {n} rated player", "On {server}: {n} rated players", n,
                   server=where)
    return trn("Everywhere: {n} rated player", "Everywhere: {n} rated players", n)


def _row(draw: ImageDraw.ImageDraw, top: float, row: dict[str, Any], fill: cv.RGB | None
         ) -> None:
    if fill is not None:
        draw.rectangle((0, top, WIDTH, top + ROW), fill=fill)
    bold = bool(row.get("you"))
    text, strong = cv.font(21, bold=bold), cv.font(21, bold=True)
    mid = top + ROW / 2
    cv.draw_text(draw, (RANK_RIGHT, mid), figure(row["rank"]), strong, cv.INK, anchor="rm")
    name = cv.fit_text(str(row["name"]), text, RATING_RIGHT - 110 - NAME_LEFT)
    cv.draw_text(draw, (NAME_LEFT, mid), name, text, cv.INK, anchor="lm")
    cv.draw_text(draw, (RATING_RIGHT, mid), figure(row["rating"]), strong, ACCENT, anchor="rm")
    cv.draw_text(draw, (GAMES_RIGHT, mid), figure(row["games"]), text, cv.INK, anchor="rm")
    cv.draw_text(draw, (WON_RIGHT, mid), figure(row["won"]), text, cv.INK, anchor="rm")


def render_leaderboard(view: dict[str, Any]) -> bytes:
    """PNG bytes of a game's leaderboard."""
    rows: list[dict[str, Any]] = list(view.get("rows", []))
    reader = view.get("reader")
    height = 170 + ROW * (len(rows) + (2 if reader else 0)) + (ROW if not rows else 0)
    image, draw = card(height)
    y = heading(draw, tr("{game} leaderboard", game=view["title"]), _subtitle(view))
    label = cv.font(16, bold=True)
    for x, word, anchor in ((RANK_RIGHT, tr("Rank"), "ra"), (NAME_LEFT, tr("Player"), "la"),
                            (RATING_RIGHT, tr("Rating"), "ra"),
                            (GAMES_RIGHT, tr("Games"), "ra"), (WON_RIGHT, tr("Won"), "ra")):
        cv.draw_text(draw, (x, y), word.upper(), label, cv.MUTED, anchor=anchor)
    y += 30
    if not rows:
        cv.draw_text(draw, (PAD, y + 8), tr("Nobody is rated here yet: finish a game."),
                     cv.font(21), cv.INK)
    for i, row in enumerate(rows):
        _row(draw, y + i * ROW, row, YOU if row.get("you") else STRIPE if i % 2 == 0 else None)
    if reader:
        gap = y + ROW * len(rows)
        cv.draw_text(draw, (WIDTH / 2, gap + ROW / 2), "⋯", cv.font(24, bold=True), cv.MUTED,
                     anchor="mm")
        _row(draw, gap + ROW, {**reader, "you": True}, YOU)
    return to_png(image)


def leaderboard_alt(view: dict[str, Any]) -> str:
    """The leaderboard in sentences, for the picture's alt text and for text-only readers."""
    said = [tr("{game} leaderboard. {about}.", game=view["title"], about=_subtitle(view))]
    rows = list(view.get("rows", []))
    if view.get("reader"):
        rows.append(view["reader"])
    for row in rows:
        said.append(trn("{rank}. {name}: rating {rating}, {n} game, {won} won.",
                        "{rank}. {name}: rating {rating}, {n} games, {won} won.",
                        int(row["games"]), rank=row["rank"], name=row["name"],
                        rating=figure(row["rating"]), won=row["won"]))
    return " ".join(said)
