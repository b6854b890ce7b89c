"""Railroad Revolution pieces, icons and words (shared with the map, the player cards in
`render.railroad_revolution.cards` and the text), and the map legend.
"""

from __future__ import annotations

import re
from functools import reduce
from typing import Any

from PIL import ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box, Point
from render.railroad_revolution.said import initial, pieces_word, short_said
from render.railroad_revolution.short_fr import short_french
from rules.core.lang import language, tr, trn

SPACE = 34
STATION = 20
CASING: RGB = (28, 28, 32)
FIRST: RGB = (200, 150, 20)
MARKET: RGB = (214, 160, 20)
NEUTRAL: RGB = (196, 196, 192)

# Player pieces keep their game colour, in tones picked to stay apart under common colour-vision
# deficiencies (after Okabe & Ito, differing in lightness too), and each colour has a shape.
PLAYER_RGB: dict[str, RGB] = {"yellow": (240, 214, 50), "red": (213, 94, 0),
                              "black": (40, 40, 46), "blue": (0, 114, 178)}
PLAYER_SHAPES: dict[str, str] = {"yellow": "circle", "red": "square", "black": "diamond",
                                 "blue": "triangle"}
_SEAT_ORDER = ("yellow", "red", "black", "blue")


def player_colour(name: str | None, seat: int) -> str:
    """A player's colour name (the seat's usual colour when the view has none we know)."""
    if name in PLAYER_RGB:
        return str(name)
    return _SEAT_ORDER[seat % len(_SEAT_ORDER)]


def piece_words(name: str | None, seat: int) -> str:
    """A player's pieces in words: "red squares"."""
    colour = player_colour(name, seat)
    said = pieces_word(colour)
    return said if said != colour else f"{colour} {PLAYER_SHAPES[colour]}s"


def piece(draw: ImageDraw.ImageDraw, centre: Point, size: float, colour: str | None,
          seat: int) -> None:
    """A player's piece in its colour and shape (seat -1: a neutral building)."""
    x, y = centre
    h = size / 2
    if seat < 0:
        draw.rectangle((x - h, y - h, x + h, y + h), fill=NEUTRAL, outline=CASING, width=2)
        draw.line((x - h + 4, y - h + 4, x + h - 4, y + h - 4), fill=CASING, width=2)
        draw.line((x - h + 4, y + h - 4, x + h - 4, y - h + 4), fill=CASING, width=2)
        return
    name = player_colour(colour, seat)
    fill = PLAYER_RGB[name]
    edge = (235, 235, 230) if cv.luminance(fill) < 0.05 else CASING
    shape = PLAYER_SHAPES[name]
    if shape == "square":
        draw.rectangle((x - h + 1, y - h + 1, x + h - 1, y + h - 1), fill=fill, outline=edge,
                       width=2)
    elif shape == "circle":
        draw.ellipse((x - h, y - h, x + h, y + h), fill=fill, outline=edge, width=2)
    elif shape == "diamond":
        d = h + 1.5
        draw.polygon([(x, y - d), (x + d, y), (x, y + d), (x - d, y)], fill=fill, outline=edge,
                     width=2)
    else:
        draw.polygon([(x, y - h - 1), (x + h + 1, y + h), (x - h - 1, y + h)], fill=fill,
                     outline=edge, width=2)


def first_slot(draw: ImageDraw.ImageDraw, centre: Point, size: float) -> None:
    """An empty First Station / First Office space: a gold-rimmed square with a star."""
    h = size / 2
    draw.rectangle((centre[0] - h, centre[1] - h, centre[0] + h, centre[1] + h),
                   fill=(255, 246, 214), outline=FIRST, width=2)
    cv.draw_text(draw, (centre[0], centre[1] + 1), "★", cv.font(16, bold=True), FIRST,
                 anchor="mm")


def market_icon(draw: ImageDraw.ImageDraw, centre: Point, r: float) -> None:
    """A market: a gold coin with a dollar sign."""
    x, y = centre
    draw.ellipse((x - r, y - r, x + r, y + r), fill=MARKET, outline=CASING, width=2)
    cv.draw_text(draw, (x, y + 1), "$", cv.font(16, bold=True), cv.INK, anchor="mm")


def space_icon(draw: ImageDraw.ImageDraw, centre: Point, size: float, fill: RGB, triangles: int,
               market: bool, start: bool) -> None:
    """A rail space: terrain colour, a tab with its hard-terrain triangles, market coin."""
    x, y = centre
    h = size / 2
    if start:
        draw.rounded_rectangle((x - h - 4, y - h - 4, x + h + 4, y + h + 4), radius=8,
                               fill=cv.PAPER, outline=CASING, width=2)
    draw.rounded_rectangle((x - h, y - h, x + h, y + h), radius=6, fill=fill, outline=CASING,
                           width=2)
    if triangles:
        w = 4 + 10 * triangles
        top = y - h - 10
        draw.rounded_rectangle((x - w / 2, top - 2, x + w / 2, top + 10), radius=3,
                               fill=cv.PAPER, outline=CASING, width=1)
        for i in range(triangles):
            tx = x - w / 2 + 7 + 10 * i
            draw.polygon([(tx - 4, top + 7), (tx + 4, top + 7), (tx, top)], fill=CASING)
    if market:
        market_icon(draw, (x + h - 1, y + h - 1), 9)


def terrain_colours(board: dict[str, Any]) -> dict[int, RGB]:
    """Triangle count to the board's draw colour for that terrain."""
    out: dict[int, RGB] = {}
    for conf in (board.get("terrain_configurations") or {}).values():
        if isinstance(conf, dict) and str(conf.get("draw_colour", "")).startswith("#"):
            hexa = str(conf["draw_colour"])[1:7]
            out[int(conf.get("triangles") or 0)] = (int(hexa[0:2], 16), int(hexa[2:4], 16),
                                                     int(hexa[4:6], 16))
    return out


# Labels come as the data writes them ("gain 1 share(s)") or made to agree ("gain 2 shares").
_SHORT: list[tuple[str, str]] = [
    (r"advance up to (\d+) step(?:\(s\)|s)? on the performance tracks", r"+\1 step(s)"),
    (r"gain (\d+) share(?:\(s\)|s)?", r"+\1 share(s)"),
    (r"may promote 1 or 2 workers, paying \$(\d+) each", r"promote 1-2 ($\1 each)"),
    (r"(?:may )?promote (\d) or (\d) workers", r"promote \1-\2"),
    (r"may promote 1 worker", "promote"),
    (r"gain 1 (\w+) worker \+ 1 (\w+) worker", r"+\1 +\2 worker"),
    (r"gain 1 (\w+) or (\w+) worker", r"+\1/\2 worker"),
    (r"gain 1 worker of your choice", "+any worker"),
    (r"exchange one of your workers for one of your choice from the supply", "swap a worker"),
    (r"flip a train twice", "flip a train ×2"),
    (r"take a train tile", "take a train"),
    (r"gain \$(\d+)", r"+$\1"),
    (r"place your leftmost rail on an available rail space, ignoring market and terrain",
     "free rail, no ▲, no market"),
    (r"place your leftmost building in an available city \(no cost, no reward\)",
     "free station, no reward"),
    (r"place your leftmost building in an available telegraph section.*", "free office, no bonus"),
    (r"place your setup rail on an available rail space, ignoring terrain", "setup rail"),
    (r"put your setup building on the First Office.*", "setup building: 1st office"),
    (r"put your setup building on the First Station.*", "setup building: 1st station"),
    (r"^pay \$(\d+)(?::| to) ", r"$\1: "),
    (r"\(s\)", "s"),
    (r"^\+1 (\w+)s\b", r"+1 \1"),
]


def short_reward(label: str) -> str:
    """A tile's reward in a few words ("gain 2 share(s); may promote 1 worker" -> ...), in
    the language spoken (a label said in another language is read back in English first)."""
    if language() == "fr":
        return short_french(label)
    return ", ".join(short_said(reduce(lambda text, rule: re.sub(rule[0], rule[1], text),
                                       _SHORT, part))
                     for part in label.split("; "))


def legend(draw: ImageDraw.ImageDraw, box: Box, terrain: dict[int, RGB]) -> None:
    """The key: terrain, market, start space, city level and cost, First Station, neutral."""
    cv.rounded_box(draw, box, (252, 251, 246), cv.CARD_EDGE, 8)
    fnt = cv.font(16)

    def words(x: float, y: float, text: str) -> float:
        return cv.draw_text(draw, (x, y), text, fnt, cv.INK, anchor="lm")[2] + 14

    x, y = box[0] + 10, box[1] + 17
    for tri in range(4):
        space_icon(draw, (x + 12 + 30 * tri, y), 24, terrain.get(tri, (180, 180, 180)), tri,
                   False, False)
    x = words(x + 122, y, tr("terrain (▲ = $100 more)"))
    market_icon(draw, (x + 10, y), 10)
    words(x + 24, y, tr("market"))
    x, y = box[0] + 10, box[1] + 43
    space_icon(draw, (x + 12, y), 24, terrain.get(0, (200, 180, 90)), 0, False, True)
    x = words(x + 30, y, tr("start"))
    draw.ellipse((x, y - 12, x + 24, y + 12), fill=CASING)
    draw.ellipse((x + 2, y - 10, x + 22, y + 10), fill=cv.PAPER)
    cv.draw_text(draw, (x + 12, y + 1), "3", cv.font(16, bold=True), cv.INK, anchor="mm")
    x = words(x + 30, y, tr("city level, $cost"))
    first_slot(draw, (x + 10, y), STATION)
    words(x + 26, y, tr("1st station bonus"))
    piece(draw, (box[0] + 20, box[1] + 69), 18, None, -1)
    words(box[0] + 36, box[1] + 69, tr("neutral (blocks a 1st bonus)"))


# -- words shared with the text description ----------------------------------------------------
# Worker chips carry their initial; grey is dark enough to stay apart from turquoise too.
WORKERS: dict[str, RGB] = {"white": (250, 250, 248), "purple": (130, 72, 170),
                           "orange": (236, 150, 20), "grey": (120, 126, 132),
                           "turquoise": (40, 180, 180)}
ACTIONS = {"station": "Station", "railroad": "Railroad", "telegraph": "Telegraph",
           "trade": "Trade"}
TAG_ACTIVE: RGB = (230, 120, 20)
TAG_WIN: RGB = (0, 140, 90)
MET: RGB = (0, 128, 80)


def plural(n: int, word: str) -> str:
    """"1 share", "2 shares"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def seat_names(view: dict[str, Any]) -> dict[int, str]:
    """Seat number to player name."""
    return {int(p["seat"]): str(p.get("name", "?")) for p in view.get("players") or []}


def seat_colours(view: dict[str, Any]) -> dict[int, str]:
    """Seat number to the colour name of its pieces."""
    return {int(p["seat"]): player_colour(p.get("colour"), int(p["seat"]))
            for p in view.get("players") or []}


def condition_words(cond: dict[str, Any]) -> str:
    """A milestone condition: "level-2 cities connected"."""
    kind, level = str(cond.get("type")), cond.get("level")
    tri = int(cond.get("triangles") or 0)
    if kind == "connected_cities":
        return tr("level-{level} cities connected", level=level)
    if kind == "stations":
        return tr("stations in level-{level} cities", level=level)
    if kind == "market_rails":
        return tr("rails on market spaces")
    if kind == "terrain_rails":
        return tr("rails on plains") if tri == 0 else tr("rails on {n}-triangle spaces", n=tri)
    return kind


def progress(cond: dict[str, Any]) -> str:
    """"level-2 cities connected 1 of 2"."""
    return tr("{condition} {have} of {need}", condition=condition_words(cond),
              have=cond.get("have", 0), need=cond.get("min", 0))


def goal_words(cond: dict[str, Any]) -> str:
    """A milestone condition as the player card says it, near the words of the choices that
    offer the tile: "connect a level-2 city: 0 so far", "2 rails on market spaces ✓"."""
    have, need = int(cond.get("have") or 0), int(cond.get("min") or 0)
    kind, level = str(cond.get("type")), cond.get("level")
    tri = int(cond.get("triangles") or 0)
    if kind == "connected_cities":
        words = trn("connect a level-{level} city", "connect {n} level-{level} cities", need,
                    level=level)
    elif kind == "stations":
        words = trn("a station in a level-{level} city", "stations in {n} level-{level} cities",
                    need, level=level)
    elif kind == "market_rails":
        words = trn("{n} rail on market spaces", "{n} rails on market spaces", need)
    elif kind == "terrain_rails" and tri == 0:
        words = trn("{n} rail on plains", "{n} rails on plains", need)
    elif kind == "terrain_rails":
        words = trn("{n} rail on {land} spaces", "{n} rails on {land} spaces", need,
                    land="▲" * tri)
    else:
        words = kind
    return tr("{goal} ✓", goal=words) if have >= need else \
        tr("{goal}: {have} so far", goal=words, have=have)


def logo_pieces(player: dict[str, Any]) -> int:
    """Buildings and rails still on the sections left of the company logo (the end trigger)."""
    return sum(int(s.get("buildings") or 0) + int(s.get("rails") or 0)
               for s in player.get("sections") or [] if s.get("left_of_logo"))


# -- drawing -----------------------------------------------------------------------------------
def chip_width(label: str) -> float:
    """Width of a worker chip with this label."""
    return max(22.0, cv.text_width(label, cv.font(16, bold=True)) + 10)


def worker_chip(draw: ImageDraw.ImageDraw, x: float, cy: float, colour: str,
                text: str = "") -> float:
    """A worker: a chip in its colour with its initial (and a count); return its right edge."""
    fill, label = WORKERS.get(colour, (180, 180, 180)), initial(colour) + text
    w = chip_width(label)
    cv.rounded_box(draw, (x, cy - 11, x + w, cy + 11), fill, CASING, 11, 1)
    cv.draw_text(draw, (x + w / 2, cy), label, cv.font(16, bold=True), cv.contrast_ink(fill),
                 anchor="mm")
    return x + w


def tag(draw: ImageDraw.ImageDraw, x: float, y: float, text: str, fill: RGB) -> float:
    """A small rounded label centred on height y; return its right edge."""
    w = cv.text_width(text, cv.font(16, bold=True)) + 12
    cv.rounded_box(draw, (x, y - 11, x + w, y + 11), fill, None, 6)
    cv.draw_text(draw, (x + w / 2, y), text, cv.font(16, bold=True), cv.PAPER, anchor="mm")
    return x + w
