"""A seat's hand as a picture of small cards, drawn from that seat's private view.

Unlike the boards, this picture shows hidden information: the bot sends it only to the hand's
owner, in an ephemeral reply. Which cards a hand holds, in which words and colours, the game's
package says (`hand_cards`, `HAND_COLUMNS`, `draw_hand_icon`: see render.core.games); a game
without `hand_cards` has no hand picture.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render.core import canvas as cv
from render.core import games
from render.core.canvas import RGB, Box
from render.core.png import to_png
from render.core.text import ALT_TEXT_LIMIT
from rules.core.lang import tr, trn

WIDTH = 880
PAD = 18
GAP = 14
# Discord shows the picture about 550 px wide: 23 px type then reads at 14.4 px.
SHOWN_WIDTH = 550
TYPE = 23
NAME_TYPE = 26
TITLE_TYPE = 30
BAND = 38
RADIUS = 12
STACK = 6  # how far the card under a pile of identical cards peeks out
LINE = 29
EFFECT_LINES = 3
MAX_BYTES = 300_000  # keep the private reply quick to load on a phone
COLUMNS = 2  # cards side by side when the game does not say (HAND_COLUMNS)

HEADER: RGB = (36, 40, 48)
HEADER_NOTE: RGB = (250, 214, 120)
TABLE: RGB = (238, 236, 230)
COIN: RGB = (240, 200, 30)

IconPainter = Callable[[ImageDraw.ImageDraw, str, tuple[float, float]], None]


@dataclass(frozen=True)
class HandCard:
    """One kind of card in the hand, as drawn: identical cards are one entry with a count."""

    name: str
    count: int
    bands: tuple[tuple[str, RGB], ...]  # (type word, colour), left to right
    cost: int | None
    effect: str
    icon: str | None = None  # a kind the game's `draw_hand_icon` draws beside the name


def plural(n: int, word: str) -> str:
    """"1 coin", "2 coins": English only (the word is glued to its count); in any language,
    write the whole phrase: `trn("{n} coin", "{n} coins", n)`."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _package(private: dict[str, Any], public: dict[str, Any]) -> Any:
    """The package that draws the views' game (None: none does)."""
    return games.package(public.get("game") or private.get("game"))


def hand_cards(private: dict[str, Any], public: dict[str, Any]) -> list[HandCard]:
    """The cards of the seat's hand, grouped ([] for a game without hands)."""
    build = getattr(_package(private, public), "hand_cards", None)
    return list(build(private, public)) if build is not None else []


def _subtitle(private: dict[str, Any], cards: list[HandCard]) -> str:
    """How many cards, and the sizes of the seat's own deck and discard pile when it has one."""
    total = sum(c.count for c in cards)
    words = [trn("{n} card", "{n} cards", total)]
    you = private.get("you")
    if isinstance(you, dict) and "deck_size" in you:
        words.append(tr("deck {n}", n=you["deck_size"]))
        words.append(tr("discard pile {n}", n=len(you.get("discard") or [])))
    return " · ".join(words)


def hand_alt(private: dict[str, Any], public: dict[str, Any]) -> str:
    """Alt text: every card of the hand with its count, cost and effect."""
    cards = hand_cards(private, public)
    if not cards:
        return tr("Your hand is empty.")
    listed = ""
    for c in cards:
        kind = "/".join(word for word, _ in c.bands)
        if c.cost is not None:
            kind = tr("{kind}, cost {cost}", kind=kind, cost=c.cost)
        name = f"{c.name} ×{c.count}" if c.count > 1 else c.name
        said = tr("{card} ({kind}): {effect}", card=name, kind=kind,
                  effect=c.effect or tr("no effect"))
        listed = tr("{earlier}; {later}", earlier=listed, later=said) if listed else said
    text = tr("Your hand ({size}): {cards}.", size=_subtitle(private, cards), cards=listed)
    return text if len(text) <= ALT_TEXT_LIMIT else text[: ALT_TEXT_LIMIT - 1].rstrip() + "…"


class _Painter:
    """Draws the header and the card grid of one hand."""

    def __init__(self, draw: ImageDraw.ImageDraw, icon: IconPainter | None = None) -> None:
        self.draw = draw
        self.icon = icon  # the game's `draw_hand_icon`, if it has one

    def header(self, title: str, subtitle: str, note: str) -> None:
        """Dark title bar: whose hand, its size, and that only the owner sees it."""
        self.draw.rectangle((0, 0, WIDTH, 84), fill=HEADER)
        cv.draw_text(self.draw, (PAD, 10), title, cv.font(TITLE_TYPE, bold=True), cv.PAPER)
        cv.draw_text(self.draw, (WIDTH - PAD, 14), note, cv.font(TYPE), HEADER_NOTE, anchor="ra")
        cv.draw_text(self.draw, (PAD, 50), subtitle, cv.font(TYPE), (214, 218, 226))

    def _bands(self, box: Box, bands: tuple[tuple[str, RGB], ...]) -> None:
        """The coloured type band across the card's top, split per type, each type named."""
        x0, y0, x1, _ = box
        step = (x1 - x0) / len(bands)
        fnt = cv.font(TYPE, bold=True)
        for i, (word, colour) in enumerate(bands):
            left, right = x0 + i * step, x0 + (i + 1) * step
            # Only the card's own top corners are round: inner joins between types stay square.
            corners = (i == 0, i == len(bands) - 1, False, False)
            self.draw.rounded_rectangle((left, y0, right, y0 + BAND), RADIUS, fill=colour,
                                        corners=corners)
            cv.draw_text(self.draw, (left + 12, y0 + BAND / 2),
                         cv.fit_text(word.upper(), fnt, right - left - 16), fnt,
                         cv.contrast_ink(colour), anchor="lm")

    def card(self, box: Box, card: HandCard) -> None:
        """One card: type band, count, name and cost, then its effect in words."""
        x0, y0, x1, y1 = box
        if card.count > 1:  # a second card edge peeking out: a pile, not a single card
            cv.rounded_box(self.draw, (x0 + STACK, y0 + STACK, x1 + STACK, y1 + STACK),
                           cv.CARD_BG, cv.CARD_EDGE, RADIUS, 2)
        cv.rounded_box(self.draw, box, cv.CARD_BG, cv.CARD_EDGE, RADIUS, 2)
        self._bands((x0 + 2, y0 + 2, x1 - 2, y1), card.bands)
        bold = cv.font(TYPE, bold=True)
        if card.count > 1:  # the count sits on the band: the first thing the eye finds
            label = f"×{card.count}"
            w = cv.text_width(label, bold) + 16
            cv.rounded_box(self.draw, (x1 - 8 - w, y0 + 5, x1 - 8, y0 + BAND - 3), cv.PAPER,
                           cv.INK, 8, 2)
            cv.draw_text(self.draw, (x1 - 8 - w / 2, y0 + BAND / 2 + 1), label, bold, cv.INK,
                         anchor="mm")
        top = y0 + BAND + 10
        if card.cost is not None:
            cx, cy = x1 - 34, top + 20
            self.draw.ellipse((cx - 21, cy - 21, cx + 21, cy + 21), fill=COIN, outline=cv.INK,
                              width=2)
            cv.draw_text(self.draw, (cx, cy + 1), str(card.cost), cv.font(NAME_TYPE, bold=True),
                         cv.INK, anchor="mm")
            cv.draw_text(self.draw, (cx, cy + 24), tr("cost"), cv.font(TYPE), cv.MUTED,
                         anchor="ma")
        if card.icon is not None and self.icon is not None:
            self.icon(self.draw, card.icon, (x1 - 38, top + 21))
        name, lines = card_text(card, x1 - x0)
        cv.draw_text(self.draw, (x0 + 14, top + 4), name, cv.font(NAME_TYPE, bold=True), cv.INK)
        y = top + 44
        for line in lines:
            cv.draw_text(self.draw, (x0 + 14, y), line, cv.font(TYPE), cv.INK)
            y += LINE


def _sentence(words: str) -> str:
    """Effect words as printed on a card: a capital first letter."""
    return words[:1].upper() + words[1:]


def _margin(card: HandCard) -> float:
    """Room kept free at a card's right edge for its cost coin or icon."""
    return 76 if card.cost is not None or card.icon is not None else 12


def card_text(card: HandCard, width: float) -> tuple[str, list[str]]:
    """A card's name and effect lines as drawn on a card `width` wide (cut with "…" if long)."""
    room = width - 14 - _margin(card)
    # An icon stays beside the name; the cost coin and its label reach down beside the effect.
    effect_room = room if card.cost is not None else width - 26
    return (cv.fit_text(card.name, cv.font(NAME_TYPE, bold=True), room),
            cv.wrap_text(_sentence(card.effect), cv.font(TYPE), effect_room, EFFECT_LINES))


def card_width(columns: int) -> float:
    """Width of each card when `columns` cards stand side by side."""
    return (WIDTH - 2 * PAD - STACK - (columns - 1) * GAP) / columns


def _card_height(card: HandCard, width: float) -> float:
    """Height a card needs for its name row and its effect (up to EFFECT_LINES lines)."""
    return BAND + 10 + 44 + max(len(card_text(card, width)[1]), 1) * LINE + 14


def render_hand(private: dict[str, Any], public: dict[str, Any]) -> bytes | None:
    """The seat's hand as PNG bytes, or None when the game has no hand or it is empty."""
    cards = hand_cards(private, public)
    if not cards:
        return None
    package = _package(private, public)
    columns = min(int(getattr(package, "HAND_COLUMNS", COLUMNS)), len(cards))
    card_w = card_width(columns)
    rows = [cards[i : i + columns] for i in range(0, len(cards), columns)]
    # Cards side by side share a height; each row is only as tall as its longest effect.
    heights = [max(_card_height(c, card_w) for c in row) for row in rows]
    top = 84 + PAD
    image = cv.new_canvas(WIDTH, int(top + sum(heights) + GAP * (len(rows) - 1) + PAD + STACK),
                          TABLE)
    painter = _Painter(ImageDraw.Draw(image), getattr(package, "draw_hand_icon", None))
    painter.header(tr("Your hand"), _subtitle(private, cards), tr("only you see this"))
    y = float(top)
    for row, card_h in zip(rows, heights, strict=True):
        for col, card in enumerate(row):
            x = PAD + col * (card_w + GAP)
            painter.card((x, y, x + card_w, y + card_h), card)
        y += card_h + GAP
    png = to_png(image)
    if len(png) > MAX_BYTES:  # a very long hand: flat colours lose nothing visible in a palette
        png = to_png(image.quantize(64, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE))
    return png
