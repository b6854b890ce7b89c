"""The story of a finished game: each player's standing from the start to the final scores, one
line per player, beside the results picture (issue 29).

The view (built by the table logic from the log, public information only):
    {"title": str (the game's),
     "players": [{"name": str, "values": [float, ...], "said": [str, ...]}]}  (one value per
     stage, the last one the final score; `said`: each as the game writes it, "$40", "70 VP")
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.community.card import PAD, WIDTH, card, heading
from render.core import canvas as cv
from render.core.png import to_png
from rules.core.lang import tr

# Line colours told apart without colour too: each line ends in its own mark and its legend
# names the player with the final figure.
LINES = ("blue", "red", "green", "orange", "purple", "brown")
CHART_TOP, CHART_HEIGHT = 130, 300
LEGEND_LEFT = 560  # the chart's right edge; names and final figures to its right
ROW = 40


def _colour(i: int) -> cv.RGB:
    return cv.colour(LINES[i % len(LINES)], cv.INK)


def _subtitle(view: dict[str, Any]) -> str:
    return tr("Each player's standing from the start to the final score")


def render_story(view: dict[str, Any]) -> bytes:
    """PNG bytes of the chart of a game's story."""
    return to_png(story_image(view))


def story_image(view: dict[str, Any]) -> Image.Image:
    """The chart of a game's story as an image (the results card draws it under its ranking)."""
    players: list[dict[str, Any]] = list(view["players"])
    height = max(CHART_TOP + CHART_HEIGHT + PAD, CHART_TOP + ROW * len(players) + PAD)
    image, draw = card(height)
    heading(draw, tr("How {game} went", game=view["title"]), _subtitle(view))
    x0, y0, x1, y1 = PAD, CHART_TOP, LEGEND_LEFT - PAD, CHART_TOP + CHART_HEIGHT
    draw.rectangle((x0, y0, x1, y1), outline=(214, 208, 196), width=1)
    values = [v for p in players for v in p["values"]]
    low, high = min(values, default=0.0), max(values, default=1.0)
    span = max(high - low, 1e-9)
    for i, player in enumerate(players):
        series = [float(v) for v in player["values"]]
        step = (x1 - x0 - 16) / max(1, len(series) - 1)
        points = [(x0 + 8 + k * step, y1 - 8 - (v - low) / span * (y1 - y0 - 16))
                  for k, v in enumerate(series)]
        if len(points) > 1:
            draw.line(points, fill=_colour(i), width=4)
        lx, ly = points[-1]
        draw.ellipse((lx - 6, ly - 6, lx + 6, ly + 6), fill=_colour(i))
    name_font, figure_font = cv.font(21, bold=True), cv.font(21)
    order = sorted(range(len(players)), key=lambda i: -float(players[i]["values"][-1]))
    for row, i in enumerate(order):
        mid = CHART_TOP + ROW * row + ROW / 2
        draw.ellipse((LEGEND_LEFT, mid - 7, LEGEND_LEFT + 14, mid + 7), fill=_colour(i))
        final = str(players[i]["said"][-1])
        cv.draw_text(draw, (WIDTH - PAD, mid), final, figure_font, cv.INK, anchor="rm")
        room = WIDTH - PAD - cv.text_width(final, figure_font) - 36 - (LEGEND_LEFT + 24)
        cv.draw_text(draw, (LEGEND_LEFT + 24, mid),
                     cv.fit_text(str(players[i]["name"]), name_font, room), name_font,
                     cv.INK, anchor="lm")  # dark on light: the dot carries the colour
    return image


def story_alt(view: dict[str, Any]) -> str:
    """The story in sentences: each player's standing at each stage, best final first."""
    said = [tr("How {game} went.", game=view["title"])]
    for player in sorted(view["players"], key=lambda p: -float(p["values"][-1])):
        steps = [str(v) for k, v in enumerate(player["said"])
                 if k == 0 or v != player["said"][k - 1]]  # only the changes
        said.append(tr("{name}: {values}.", name=player["name"], values=" → ".join(steps)))
    return " ".join(said)[:1000]
