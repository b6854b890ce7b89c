"""Spike's pieces (seat colours and shapes, goods, printed rail kinds) and its panels: players,
rail cards and time cards, the goods market and the log."""

from __future__ import annotations

import math
from typing import Any

from PIL import ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box, Point
from render.spike.words import breakdown_text, cities, money, route_text, seat_names
from rules.core.lang import term, tr

CASING: RGB = (28, 28, 32)
DONE: RGB = (0, 130, 80)
TAG_ACTIVE: RGB = (230, 120, 20)
TAG_WIN: RGB = (0, 140, 90)
PRICE: RGB = (150, 40, 20)
ROW = 22
RAIL_H = 34 + 62 + 2 * ROW + 12  # the rail cards panel

# Seats: Okabe & Ito hues, apart from the six rail kinds and from each other under common
# colour-vision deficiencies, each with its own shape as a second cue.
PLAYER_COLOURS: tuple[tuple[str, RGB], ...] = (
    ("orange", (230, 159, 0)), ("sky-blue", (86, 180, 233)),
    ("teal", (0, 158, 115)), ("pink", (204, 121, 167)))
PLAYER_SHAPES = ("square", "circle", "diamond", "triangle")

GOOD_COLOURS: dict[str, RGB] = {
    "wheat": (214, 170, 60), "corn": (250, 222, 70), "flour": (252, 252, 248),
    "wood": (140, 96, 56), "cloth": (170, 140, 214), "peaches": (250, 164, 120),
    "cattle": (160, 60, 48), "oil": (36, 36, 40), "cotton": (214, 228, 244),
    "coal": (96, 96, 100), "steel": (120, 152, 184), "pigs": (246, 160, 196),
}


def player_colour(seat: int) -> RGB:
    """The colour of a seat's track and train."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)][1]


def piece_words(seat: int) -> str:
    """A seat's pieces in words: "orange squares"."""
    n = seat % len(PLAYER_COLOURS)
    return [tr("orange squares"), tr("sky-blue circles"), tr("teal diamonds"),
            tr("pink triangles")][n]


def good_colour(good: object) -> RGB:
    """The swatch colour of a good."""
    return GOOD_COLOURS.get(str(good), (180, 180, 180))


def piece(draw: ImageDraw.ImageDraw, centre: Point, size: float, seat: int,
          fill: RGB | None = None) -> None:
    """A seat's shape in its colour (or `fill`) with a dark outline."""
    x, y = centre
    h = size / 2
    fill = fill or player_colour(seat)
    shape = PLAYER_SHAPES[seat % len(PLAYER_SHAPES)]
    if shape == "square":
        draw.rectangle((x - h + 1, y - h + 1, x + h - 1, y + h - 1), fill=fill, outline=CASING,
                       width=2)
    elif shape == "circle":
        draw.ellipse((x - h, y - h, x + h, y + h), fill=fill, outline=CASING, width=2)
    elif shape == "diamond":
        d = h + 1.5
        draw.polygon([(x, y - d), (x + d, y), (x, y + d), (x - d, y)], fill=fill,
                     outline=CASING, width=2)
    else:
        draw.polygon([(x, y - h - 1), (x + h + 1, y + h), (x - h - 1, y + h)], fill=fill,
                     outline=CASING, width=2)


def locomotive(draw: ImageDraw.ImageDraw, centre: Point, seat: int, scale: float = 1.0) -> Box:
    """A train badge: the seat's colour with its shape in white and a dark footplate."""
    x, y = centre
    w, h = 15 * scale, 11 * scale
    draw.rounded_rectangle((x - w, y - h, x + w, y + h), radius=round(5 * scale),
                           fill=player_colour(seat), outline=CASING, width=2)
    draw.rectangle((x - w, y + h - 3 * scale, x + w, y + h), fill=CASING)
    piece(draw, (x, y - scale), 11 * scale, seat, cv.PAPER)
    return (x - w, y - h, x + w, y + h)


def rail(draw: ImageDraw.ImageDraw, p: Point, q: Point, pattern: str, rgb: RGB,
         rim: RGB | None = None) -> None:
    """A track space's printed look between p and q: solid, dotted, double, dashed, dash-dot
    or cross-tied, in its colour (light colours with a `rim`)."""
    length = math.hypot(q[0] - p[0], q[1] - p[1]) or 1.0
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length

    def at(t: float, off: float = 0.0) -> Point:
        return (p[0] + ux * t - uy * off, p[1] + uy * t + ux * off)

    def dash(t0: float, t1: float) -> None:
        t1 = min(t1, length)
        if rim is not None:
            draw.line([at(t0 - 1), at(t1 + 1)], fill=rim, width=6)
        draw.line([at(t0), at(t1)], fill=rgb, width=4)

    def dot(t: float, r: float) -> None:
        x, y = at(t)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=rgb, outline=rim)

    words = pattern.lower()
    if "double" in words:
        for off in (-2.5, 2.5):
            draw.line([at(0, off), at(length, off)], fill=rgb, width=2)
    elif "dot" in words and "dash" in words:
        for i in range(math.ceil(length / 16)):
            dash(16 * i, 16 * i + 8)
            if 16 * i + 12 < length:
                dot(16 * i + 12, 2.2)
    elif "dot" in words:
        steps = max(1, round(length / 7))
        for i in range(steps + 1):
            dot(length * i / steps, 2.3)
    elif "dash" in words:
        for i in range(math.ceil(length / 13)):
            dash(13 * i, 13 * i + 8)
    elif "stripe" in words or "tie" in words:
        draw.line([at(0), at(length)], fill=rgb, width=2)
        for i in range(int((length - 3) // 6) + 1):
            draw.line([at(2 + 6 * i, -4.5), at(2 + 6 * i, 4.5)], fill=rgb, width=2)
    else:
        dash(0, length)


def look(card: str, hex_colour: str, pattern: str) -> tuple[str, RGB, RGB | None]:
    """Pattern, colour ("#1f5fbf", else the card's word) and rim (if light) of a rail kind."""
    text = hex_colour.lstrip("#")
    try:
        rgb = (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))
    except ValueError:
        rgb = cv.colour(card)
    return pattern, rgb, cv.mix(rgb, CASING, 0.5) if cv.luminance(rgb) > 0.4 else None


def kind_look(kinds: list[dict[str, Any]], card: object) -> tuple[str, RGB, RGB | None]:
    """Pattern, colour and rim of a rail kind given by code or card word."""
    for k in kinds:
        if card in (k.get("code"), k.get("card")):
            return look(str(k.get("card")), str(k.get("hex", "")), str(k.get("pattern", "")))
    return look(str(card), "", "solid")


class Panels:
    """Draws the Spike panels of one view onto the board's canvas."""

    def __init__(self, view: dict[str, Any], draw: ImageDraw.ImageDraw) -> None:
        self.view = view
        self.draw = draw
        self.names = seat_names(view)
        self.kinds = list((view.get("board") or {}).get("rail_kinds") or [])
        self.over = view.get("phase") == "over"
        self.fnt, self.bold = cv.font(16), cv.font(16, bold=True)
        self.row = ROW
        goods = [term(str(c.get("good", "?"))) + (" a" if len(c.get("destinations") or {}) > 1
                                                    else "")
                 for p in view.get("players") or [] for c in p.get("contracts") or []]
        self.dest_x = 32 + max((cv.text_width(g, self.bold) for g in goods), default=60)

    def _tag(self, x: float, y: float, text: str, fill: RGB) -> float:
        """A small rounded label centred on height y; return its right edge."""
        w = cv.text_width(text, self.bold) + 12
        cv.rounded_box(self.draw, (x, y - 11, x + w, y + 11), fill, None, 6)
        cv.draw_text(self.draw, (x + w / 2, y), text, self.bold, cv.PAPER, anchor="mm")
        return x + w

    # -- players -------------------------------------------------------------------------------
    def _route_lines(self, player: dict[str, Any], width: float) -> list[str]:
        card = player.get("route_card")
        if not self.over or not card:
            return []
        return cv.wrap_text(route_text(card, player.get("route_bonus")), self.fnt, width, 2)

    def _rows(self, player: dict[str, Any], width: float) -> int:
        """Lines in one player's block."""
        rows = 3 + sum(len(c.get("destinations") or {"a": []}) for c in player.get("contracts")
                       or [])
        return rows + len(self._route_lines(player, width)) + (1 if self.over else 0)

    def players(self, top: float, column: tuple[float, float], bottom: float) -> float:
        """Per player: name, money, track, hand, train, contracts (and at the end the route
        card and the score breakdown), lines closer together if needed to end above `bottom`;
        return the bottom."""
        players = list(self.view.get("players") or [])
        rows = [self._rows(p, column[1] - column[0] - 20) for p in players]
        fixed = 34 + 16 * len(players)
        self.row = max(18, min(ROW, int((bottom - top - fixed) / max(sum(rows), 1))))
        heights = [16 + self.row * n for n in rows]
        box = (column[0], top, column[1], top + 34 + sum(heights))
        y = cv.section(self.draw, box, tr("Players"))
        self._key(box[2] - 10, top + 17)
        for i, (player, height) in enumerate(zip(players, heights, strict=True)):
            if i:
                self.draw.line((box[0] + 10, y - 5, box[2] - 10, y - 5), fill=cv.CARD_EDGE)
            self._player(player, box[0] + 10, y, box[2] - 10)
            y += height
        return box[3]

    def _key(self, right: float, cy: float) -> None:
        """What the contract status marks mean, right-aligned on the heading line."""
        draw, x = self.draw, right
        for text, mark in ((tr("delivered"), "done"), (tr("loaded"), "train"),
                           (tr("on its card"), "card")):
            x = cv.draw_text(draw, (x, cy), text, self.fnt, cv.MUTED, anchor="rm")[0] - 14
            self._status(mark, x, cy, 0)
            x -= 20

    def _status(self, token: object, cx: float, cy: float, seat: int) -> None:
        """A contract's status mark centred on (cx, cy): its card, a train, or a tick."""
        if token == "train":
            locomotive(self.draw, (cx, cy), seat, 0.62)
        elif token == "done":
            cv.draw_text(self.draw, (cx, cy), "✓", cv.font(18, bold=True), DONE, anchor="mm")
        else:
            self.draw.rectangle((cx - 6, cy - 8, cx + 6, cy + 8), fill=cv.PAPER, outline=cv.MUTED)

    def _player(self, player: dict[str, Any], x0: float, y: float, x1: float) -> None:
        seat, draw = int(player["seat"]), self.draw
        cy = y + 11
        piece(draw, (x0 + 10, cy), 18, seat)
        right = cv.draw_text(draw, (x1, cy), money(player.get("money")), cv.font(20, bold=True),
                             cv.INK, anchor="rm")[0] - 10
        tags = [(t, c) for t, c, on in (
            ("▶ " + tr("to act"), TAG_ACTIVE, seat in (self.view.get("to_act") or [])),
            ("★ " + tr("winner"), TAG_WIN, seat in (self.view.get("winners") or [])),
            (tr("first"), cv.MUTED, seat == self.view.get("first_player"))) if on]
        room = right - x0 - 28 - sum(cv.text_width(t, self.bold) + 20 for t, _ in tags)
        name = cv.fit_text(self.names.get(seat, "?"), cv.font(18, bold=True), max(room, 60))
        end = cv.draw_text(draw, (x0 + 26, cy), name, cv.font(18, bold=True), cv.INK,
                           anchor="lm")[2]
        for text, fill in tags:
            if end + 20 + cv.text_width(text, self.bold) < right:
                end = self._tag(end + 8, cy, text, fill)
        stats = tr("{tracks} track left · {cards} cards in hand · {cities}",
                   tracks=player.get("tracks_left", 0), cards=player.get("hand_size", 0),
                   cities=cities(player.get("cities_connected")))
        if player.get("start_city"):
            stats += " · " + tr("from {city}", city=player["start_city"])
        cv.draw_text(draw, (x0, cy + self.row), cv.fit_text(stats, self.fnt, x1 - x0), self.fnt,
                     cv.MUTED, anchor="lm")
        cy = self._train_row(player, x0, cy + 2 * self.row, x1)
        for contract in player.get("contracts") or []:
            cy = self._contract(contract, seat, list(player.get("deliveries") or []), x0, cy, x1)
        for line in self._route_lines(player, x1 - x0):
            cv.draw_text(draw, (x0, cy), line, self.fnt, cv.INK, anchor="lm")
            cy += self.row
        if self.over:
            items = (self.view.get("breakdown") or [[]] * (seat + 1))[seat]
            text = cv.fit_text("= " + breakdown_text(items), self.fnt, x1 - x0)
            cv.draw_text(draw, (x0, cy), text, self.fnt, cv.INK, anchor="lm")

    def _train_row(self, player: dict[str, Any], x0: float, cy: float, x1: float) -> float:
        """Speed, power and cargo with level pips; where the train is."""
        train, draw = player.get("train") or {}, self.draw
        levels = train.get("levels") or {}
        x = x0
        for part, key, said in (("speed", "speed", tr("speed")), ("power", "power", tr("power")),
                                ("cargo", "capacity", tr("cargo"))):
            x = cv.draw_text(draw, (x, cy), said, self.fnt, cv.INK, anchor="lm")[2] + 5
            x = cv.draw_text(draw, (x, cy), str(train.get(key, "?")), self.bold, cv.INK,
                             anchor="lm")[2] + 5
            for i in range(3):
                on = i <= int(levels.get(part, 0))
                draw.ellipse((x + 9 * i, cy - 3, x + 9 * i + 7, cy + 4),
                             fill=cv.INK if on else cv.PAPER, outline=cv.INK)
            x += 40
        where = (tr("in {city}", city=train["city"]) if train.get("city") else
                 tr("on the track") if train.get("moving") else tr("not placed"))
        cv.draw_text(draw, (x1, cy), cv.fit_text(where, self.fnt, max(x1 - x - 4, 20)),
                     self.fnt, cv.MUTED, anchor="rm")
        return cy + self.row

    def _contract(self, contract: dict[str, Any], seat: int, used: list[str], x0: float,
                  cy: float, x1: float) -> float:
        """One contract: its status (on its card, loaded, delivered), good and destinations."""
        draw = self.draw
        self._status(contract.get("token"), x0 + 9, cy, seat)
        delivered = contract.get("delivered") or [None, None]
        sides = contract.get("destinations") or {}
        for side, dests in sides.items():
            label = term(str(contract.get("good", "?"))) + (f" {side}" if len(sides) > 1 else "")
            cv.draw_text(draw, (x0 + 24, cy), label, self.bold, cv.INK, anchor="lm")
            x = x0 + self.dest_x
            for city, value in dests:
                done = city == delivered[0]
                fnt, ink = (self.bold, DONE) if done else (self.fnt, cv.INK)
                if (city in used or delivered[0]) and not done:
                    ink = cv.MUTED  # delivered already: that city, or this contract
                said = tr("{city} ${amount}", city=city, amount=value)
                box = cv.draw_text(draw, (x, cy), cv.fit_text(said, fnt,
                                                              max(x1 - x, 10)), fnt, ink,
                                   anchor="lm")
                if city in used and not done:
                    draw.line((box[0], cy + 1, box[2], cy + 1), fill=cv.MUTED, width=2)
                x = box[2] + 8
            cy += self.row
        return cy

    # -- rail cards and time -------------------------------------------------------------------
    def rail_cards(self, top: float, column: tuple[float, float]) -> float:
        """The face-up display, deck and discard, the round and the time cards."""
        view, draw = self.view, self.draw
        cards = self.view.get("rail_cards") or {}
        box = (column[0], top, column[1], top + RAIL_H)
        y = cv.section(draw, box, tr("Rail cards"))
        cv.draw_text(draw, (box[2] - 10, top + 9), tr("round {round} of 3",
                                                      round=view.get("round", "?")),
                     self.bold, cv.INK, anchor="ra")
        display = list(cards.get("display") or [])
        x0 = box[0] + 10
        for i in range(max(4, len(display))):
            card = (x0 + 84 * i, y, x0 + 84 * i + 76, y + 58)
            if i >= len(display):
                cv.rounded_box(draw, card, None, cv.CARD_EDGE, 6)
                continue
            pattern, rgb, rim = kind_look(self.kinds, display[i])
            cv.rounded_box(draw, card, rgb, CASING, 6, 2)
            draw.rectangle((card[0] + 2, card[1] + 30, card[2] - 2, card[3] - 6), fill=cv.PAPER)
            cv.draw_text(draw, ((card[0] + card[2]) / 2, card[1] + 15), term(str(display[i])),
                         self.bold, cv.contrast_ink(rgb), anchor="mm")
            rail(draw, (card[0] + 10, card[1] + 42), (card[2] - 10, card[1] + 42), pattern, rgb,
                 rim)
        cv.draw_text(draw, (x0 + 84 * 4, y + 18), tr("deck {n}", n=cards.get("deck", 0)),
                     self.bold, cv.INK, anchor="lm")
        cv.draw_text(draw, (x0 + 84 * 4, y + 40), tr("discard {n}", n=cards.get("discard", 0)),
                     self.fnt, cv.INK, anchor="lm")
        return self._time(x0, y + 62 + ROW / 2 + 2, box)

    def _time(self, x: float, cy: float, box: Box) -> float:
        """Time cards: turned up ones filled; where the rest are."""
        time = self.view.get("time_cards") or {}
        total, drawn = int(time.get("total", 3)), int(time.get("drawn", 0))
        for i in range(total):
            self.draw.rectangle((x + 16 * i, cy - 9, x + 16 * i + 11, cy + 9), outline=CASING,
                                fill=PRICE if i < drawn else cv.PAPER, width=2)
        text = (tr("Time cards: {n} of {total} turned up (in the deck); the last ends the game",
                   n=drawn, total=total) if time.get("in_deck") else
                tr("Time cards: {n} of {total} turned up (join the deck in round 3); the last "
                   "ends the game", n=drawn, total=total))
        lines = cv.wrap_text(text, self.fnt, box[2] - x - 10 - 16 * total - 6, 2)
        for i, line in enumerate(lines):
            cv.draw_text(self.draw, (x + 16 * total + 6, cy + ROW * i), line, self.fnt, cv.INK,
                         anchor="lm")
        return box[3]

    # -- market and log ------------------------------------------------------------------------
    def market(self, box: Box) -> None:
        """The goods market: a column per group, the price by row; a scored good drops to the
        bottom of its column."""
        draw, market = self.draw, self.view.get("market") or {}
        rows = list(market.get("rows") or [])
        columns = [list(c) for c in market.get("columns") or []]
        cv.rounded_box(draw, box, cv.CARD_BG, cv.CARD_EDGE, 8)
        cv.draw_text(draw, (box[0] + 10, box[1] + 6), tr("Goods market"), self.bold, cv.INK)
        cv.draw_text(draw, (box[2] - 10, box[1] + 6), tr("a scored good drops to ${amount}",
                                                         amount=rows[-1] if rows else 1),
                     self.fnt, cv.MUTED, anchor="ra")
        widths = [max((cv.text_width(term(str(g)), self.fnt) for g in col), default=0) + 26
                  for col in columns]
        x = box[0] + 44
        for col, width in zip(columns, widths, strict=True):
            for r, good in enumerate(col):
                cy = box[1] + 44 + 26 * r
                cv.swatch(draw, (x + 6, cy), 13, good_colour(good), CASING)
                cv.draw_text(draw, (x + 16, cy), term(str(good)), self.fnt, cv.INK, anchor="lm")
            x += width
        for r, price in enumerate(rows):
            cv.draw_text(draw, (box[0] + 10, box[1] + 44 + 26 * r), money(price), self.bold,
                         PRICE, anchor="lm")

    def recent(self, box: Box) -> None:
        """The last log lines that fit, newest at the bottom."""
        y = cv.section(self.draw, box, tr("Recent"))
        cv.recent_lines(self.draw, box, y, list(self.view.get("recent") or []), per_entry=2)
