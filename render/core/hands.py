"""A seat's hand as a picture of small cards, drawn from that seat's private view.

Unlike the boards, this picture shows hidden information: the bot sends it only to the hand's
owner, in an ephemeral reply. The private view's `card_facts` ({card id: {"name", "cost", "coins",
"vp", "types", "does"}}) give each held card's words; any missing fact falls back to the public
supply or is left out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box
from render.core.png import to_png
from render.core.text import ALT_TEXT_LIMIT

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

HEADER: RGB = (36, 40, 48)
HEADER_NOTE: RGB = (250, 214, 120)
TABLE: RGB = (238, 236, 230)
COIN: RGB = (240, 200, 30)

# Card type bands: each also names its type in words, so the hue is never the only cue.
TRAINS_TYPES: dict[str, RGB] = {
    "train": (0, 107, 178),
    "action": (220, 130, 190),
    "rail": (150, 80, 30),
    "station": (0, 130, 95),
    "vp": (240, 200, 30),
    "waste": (98, 110, 120),
}
TYPE_WORDS = {"vp": "VP"}
SIGNAL_KINDS: dict[str, RGB] = {
    "signal": (0, 130, 95),
    "switch": (236, 150, 20),
    "move": (0, 107, 178),
}


@dataclass(frozen=True)
class HandCard:
    """One kind of card in the hand, as drawn: identical cards are one entry with a count."""

    name: str
    count: int
    bands: tuple[tuple[str, RGB], ...]  # (type word, colour), left to right
    cost: int | None
    effect: str
    icon: str | None = None


def _plural(n: int, word: str) -> str:
    """"1 coin", "2 coins"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _trains_effect(facts: dict[str, Any]) -> str:
    """What a Trains card gives when played (or at the end), in a few words."""
    types = [str(t) for t in facts.get("types") or []]
    if "waste" in types:
        return "cannot be played"
    if "vp" in types:
        return f"{facts.get('vp', 0)} VP at the end; cannot be played"
    coins = int(facts.get("coins") or 0)
    gives = [f"+{_plural(coins, 'coin')}"] if coins else []
    does = str(facts.get("does") or "")
    return ", ".join(gives + ([does] if does else [])) or "—"


def _trains_cards(private: dict[str, Any], public: dict[str, Any]) -> list[HandCard]:
    """The Trains hand: identical cards grouped, ordered by type then name."""
    hand = [str(c) for c in (private.get("you") or {}).get("hand") or []]
    supply = {str(p["card"]): p for p in public.get("supply") or []}
    given = private.get("card_facts") or {}
    out = []
    for card, n in Counter(hand).items():
        facts = {**supply.get(card, {}), **given.get(card, {})}
        types = [str(t) for t in facts.get("types") or []]
        bands = tuple((TYPE_WORDS.get(t, t), TRAINS_TYPES.get(t, cv.MUTED)) for t in types)
        cost = None if "waste" in types or "cost" not in facts else int(facts["cost"])
        name = str(facts.get("name") or card.replace("-", " ").title())
        out.append(HandCard(name, n, bands or (("card", cv.MUTED),), cost,
                            _trains_effect(facts)))
    # Trains first (the money), then actions, rails, stations, VP and Waste, as the bands read.
    order = {word: i for i, word in enumerate(TYPE_WORDS.get(t, t) for t in TRAINS_TYPES)}
    return sorted(out, key=lambda c: (order.get(c.bands[0][0], len(order)), c.name))


def _signal_cards(private: dict[str, Any], public: dict[str, Any]) -> list[HandCard]:
    """The Switch & Signal action cards held, one entry per kind."""
    hand = private.get("hand") or {}
    given = private.get("card_facts") or {}
    out = []
    for kind, colour in SIGNAL_KINDS.items():
        n = int(hand.get(kind) or 0)
        if n > 0:
            facts = given.get(kind, {})
            out.append(HandCard(str(facts.get("name") or kind.capitalize()), n,
                                (("action", colour),), None, str(facts.get("does") or ""),
                                kind))
    return out


_CARDS: dict[str, Callable[[dict[str, Any], dict[str, Any]], list[HandCard]]] = {
    "trains": _trains_cards,
    "switch-and-signal": _signal_cards,
}
# Trains effects are long, so two cards a row; the three Switch & Signal kinds fit in one row.
_COLUMNS = {"trains": 2, "switch-and-signal": 3}


def hand_cards(private: dict[str, Any], public: dict[str, Any]) -> list[HandCard]:
    """The cards of the seat's hand, grouped ([] for a game without hands)."""
    build = _CARDS.get(str(public.get("game") or private.get("game")))
    return build(private, public) if build else []


def _subtitle(private: dict[str, Any], cards: list[HandCard]) -> str:
    """How many cards, and for Trains the sizes of the seat's own deck and discard pile."""
    total = sum(c.count for c in cards)
    words = [_plural(total, "card")]
    you = private.get("you")
    if isinstance(you, dict) and "deck_size" in you:
        words.append(f"deck {you['deck_size']}")
        words.append(f"discard pile {len(you.get('discard') or [])}")
    return " · ".join(words)


def hand_alt(private: dict[str, Any], public: dict[str, Any]) -> str:
    """Alt text: every card of the hand with its count, cost and effect."""
    cards = hand_cards(private, public)
    if not cards:
        return "Your hand is empty."
    parts = []
    for c in cards:
        kind = "/".join(word for word, _ in c.bands)
        cost = f", cost {c.cost}" if c.cost is not None else ""
        parts.append(f"{c.name}{f' ×{c.count}' if c.count > 1 else ''} ({kind}{cost}): "
                     f"{c.effect or 'no effect'}")
    text = f"Your hand ({_subtitle(private, cards)}): " + "; ".join(parts) + "."
    return text if len(text) <= ALT_TEXT_LIMIT else text[: ALT_TEXT_LIMIT - 1].rstrip() + "…"


class _Painter:
    """Draws the header and the card grid of one hand."""

    def __init__(self, draw: ImageDraw.ImageDraw) -> None:
        self.draw = draw

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

    def _icon(self, kind: str, centre: tuple[float, float]) -> None:
        """A small picture of what a Switch & Signal card does: a light, a junction, a die."""
        x, y = centre
        if kind == "signal":
            self.draw.rounded_rectangle((x - 12, y - 22, x + 12, y + 22), 8, fill=cv.INK)
            self.draw.ellipse((x - 8, y - 18, x + 8, y - 2), fill=cv.COLOURS["red"])
            self.draw.ellipse((x - 8, y + 2, x + 8, y + 18), fill=cv.COLOURS["green"])
        elif kind == "switch":
            cv.polyline(self.draw, [(x - 22, y + 18), (x, y), (x + 22, y - 18)], cv.INK, 6)
            cv.polyline(self.draw, [(x, y), (x + 22, y + 18)], cv.MUTED, 6)
            self.draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=cv.INK)
        elif kind == "move":
            self.draw.rounded_rectangle((x - 20, y - 20, x + 20, y + 20), 6, fill=cv.PAPER,
                                        outline=cv.INK, width=3)
            for dx, dy in ((-9, -9), (0, 0), (9, 9)):
                self.draw.ellipse((x + dx - 4, y + dy - 4, x + dx + 4, y + dy + 4), fill=cv.INK)

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
            cv.draw_text(self.draw, (cx, cy + 24), "cost", cv.font(TYPE), cv.MUTED, anchor="ma")
        if card.icon is not None:
            self._icon(card.icon, (x1 - 38, top + 21))
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
    columns = min(_COLUMNS.get(str(public.get("game")), 2), len(cards))
    card_w = card_width(columns)
    rows = [cards[i : i + columns] for i in range(0, len(cards), columns)]
    # Cards side by side share a height; each row is only as tall as its longest effect.
    heights = [max(_card_height(c, card_w) for c in row) for row in rows]
    top = 84 + PAD
    image = cv.new_canvas(WIDTH, int(top + sum(heights) + GAP * (len(rows) - 1) + PAD + STACK),
                          TABLE)
    painter = _Painter(ImageDraw.Draw(image))
    painter.header("Your hand", _subtitle(private, cards), "only you see this")
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
