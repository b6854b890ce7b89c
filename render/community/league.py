"""A season league's standings after a round: members by points, with wins and tables played.

The view (built by the table logic):
    {"title": str (the game's), "round": int, "rounds": int, "over": bool,
     "rows": [{"rank": int, "name": str, "points": float, "wins": int, "played": int,
               "left": bool}]}
"""

from __future__ import annotations

from typing import Any

from render.community.card import ACCENT, PAD, STRIPE, WIDTH, card, figure, heading
from render.core import canvas as cv
from render.core.png import to_png
from rules.core.lang import tr, trn

ROW = 42
RANK_RIGHT, NAME_LEFT, POINTS_RIGHT, WINS_RIGHT, PLAYED_RIGHT = 84, 108, 620, 750, WIDTH - PAD


def _title(view: dict[str, Any]) -> str:
    return tr("{game} league", game=view["title"])


def _subtitle(view: dict[str, Any]) -> str:
    if view.get("over"):
        return trn("Final standings after {n} round", "Final standings after {n} rounds",
                   int(view["rounds"]))
    return tr("Standings after round {round} of {rounds}", round=view["round"],
              rounds=view["rounds"])


def render_league(view: dict[str, Any]) -> bytes:
    """PNG bytes of a league's standings."""
    rows: list[dict[str, Any]] = list(view.get("rows", []))
    image, draw = card(170 + ROW * max(1, len(rows)))
    y = heading(draw, _title(view), _subtitle(view))
    label = cv.font(16, bold=True)
    for x, word, anchor in ((RANK_RIGHT, tr("Rank"), "ra"), (NAME_LEFT, tr("Member"), "la"),
                            (POINTS_RIGHT, tr("Points"), "ra"), (WINS_RIGHT, tr("Wins"), "ra"),
                            (PLAYED_RIGHT, tr("Tables"), "ra")):
        cv.draw_text(draw, (x, y), word.upper(), label, cv.MUTED, anchor=anchor)
    y += 30
    text, strong = cv.font(21), cv.font(21, bold=True)
    for i, row in enumerate(rows):
        top = y + i * ROW
        if i % 2 == 0:
            draw.rectangle((0, top, WIDTH, top + ROW), fill=STRIPE)
        mid = top + ROW / 2
        ink = cv.MUTED if row.get("left") else cv.INK
        name = tr("{name} (left)", name=row["name"]) if row.get("left") else str(row["name"])
        cv.draw_text(draw, (RANK_RIGHT, mid), figure(row["rank"]), strong, ink, anchor="rm")
        cv.draw_text(draw, (NAME_LEFT, mid), cv.fit_text(name, text, POINTS_RIGHT - 120 -
                                                         NAME_LEFT), text, ink, anchor="lm")
        cv.draw_text(draw, (POINTS_RIGHT, mid), figure(row["points"]), strong, ACCENT,
                     anchor="rm")
        cv.draw_text(draw, (WINS_RIGHT, mid), figure(row["wins"]), text, ink, anchor="rm")
        cv.draw_text(draw, (PLAYED_RIGHT, mid), figure(row["played"]), text, ink, anchor="rm")
    return to_png(image)


def league_alt(view: dict[str, Any]) -> str:
    """The standings in sentences, for the picture's alt text and for text-only readers."""
    said = [tr("{title}. {about}.", title=_title(view), about=_subtitle(view))]
    for row in view.get("rows", []):
        said.append(trn("{rank}. {name}: {points} pts, {wins} won of {n} table.",
                        "{rank}. {name}: {points} pts, {wins} won of {n} tables.",
                        int(row["played"]), rank=row["rank"], name=row["name"],
                        points=figure(row["points"]), wins=row["wins"]))
    return " ".join(said)
