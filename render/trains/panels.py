"""The Trains board's panels: players, supply, this turn's play area and the log.

Each panel draws into the box or column it is given; `render.trains` places them around the map
and draws the header. The card wording helpers are shared with the text description.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from PIL import ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box
from render.trains import map as tm
from rules.core.lang import term, tr, trn

PLAYER_ROW = 50
SUPPLY_ROW = 24

CARD_BG = cv.CARD_BG
CARD_EDGE = cv.CARD_EDGE
COIN: RGB = (240, 200, 30)
EMPTY_ROW: RGB = (228, 226, 220)
TAG_ACTIVE: RGB = (230, 120, 20)
TAG_WIN: RGB = (0, 140, 90)
APPLIED: RGB = (0, 120, 80)



def type_word(kind: str) -> str:
    """A card type as the bands and the supply name it: "train", "VP"."""
    return {"train": tr("train"), "action": tr("action"), "rail": tr("rail"),
            "station": tr("station"), "vp": tr("VP"), "waste": tr("waste")}.get(kind, kind)


def seat_names(view: dict[str, Any]) -> dict[int, str]:
    """Seat number to player name."""
    return {int(p["seat"]): str(p.get("name", "?")) for p in view.get("players") or []}


def card_namer(view: dict[str, Any]) -> Callable[[object], str]:
    """Card id to display name, as the supply and play area name it (else the id made readable)."""
    names = {str(c["card"]): term(str(c.get("name", c["card"])))
             for c in view.get("supply") or []}
    for entry in (view.get("turn") or {}).get("play") or []:
        names[str(entry["card"])] = term(str(entry.get("name", entry["card"])))
    return lambda card: names.get(str(card)) or str(card).replace("-", " ").title()


def grouped(cards: list[str]) -> list[str]:
    """Equal items merged in first-seen order: ["Waste ×2", "Tower"]."""
    return [c if n == 1 else f"{c} ×{n}" for c, n in Counter(cards).items()]


def comma_list(items: list[str]) -> str:
    """Comma-separated items, or a dash for none."""
    return ", ".join(items) if items else "—"


def coins_words(n: int) -> str:
    """"1 coin", "2 coins"."""
    return trn("{n} coin", "{n} coins", n)


def play_items(view: dict[str, Any]) -> list[tuple[str, bool]]:
    """Cards in play as (label, effect applied), equal entries merged."""
    cards = card_namer(view)
    counts = Counter(
        (tr("{card} as {other}", card=term(str(e.get("name", e.get("card", "?")))),
            other=cards(e["as"])) if e.get("as") else term(str(e.get("name", e.get("card", "?")))),
         bool(e.get("applied")))
        for e in (view.get("turn") or {}).get("play") or [])
    return [(label if n == 1 else f"{label} ×{n}", on) for (label, on), n in counts.items()]


def pile_words(pile: dict[str, Any]) -> tuple[str, str]:
    """A pile's card types ("train/action") and what a card gives ("+2 coins", "1 VP")."""
    types = "/".join(type_word(str(t)) for t in pile.get("types") or [])
    gives = [trn("+{n} coin", "+{n} coins", int(pile["coins"]))] if pile.get("coins") else []
    return types, " ".join(gives + ([tr("{vp} VP", vp=pile["vp"])] if pile.get("vp") else []))


def turn_rows(view: dict[str, Any]) -> list[tuple[str, str]]:
    """Bought and gained cards and the public part of a pending choice, as labelled rows."""
    turn, cards = view.get("turn") or {}, card_namer(view)
    rows = [(label, comma_list(grouped([cards(c) for c in turn.get(key) or []])))
            for label, key in ((tr("Bought:"), "bought"), (tr("Gained:"), "gained"))]
    pending = view.get("pending") or {}
    if pending.get("card"):
        rows.append((tr("Deciding:"), tr("{card} as {other}", card=cards(pending["card"]),
                                         other=cards(pending["as"]))
                     if pending.get("as") else cards(pending["card"])))
    if pending.get("revealed"):
        rows.append((tr("Revealed:"), comma_list([cards(c) for c in pending["revealed"]])))
    return rows


class Panels:
    """Draws the Trains panels of one view onto the board's canvas."""

    def __init__(self, view: dict[str, Any], draw: ImageDraw.ImageDraw) -> None:
        self.view = view
        self.draw = draw
        self.names = seat_names(view)
        self.card = card_namer(view)
        self.fnt = cv.font(16)

    # -- shared pieces -------------------------------------------------------------------------
    def _section(self, box: Box, title: str) -> float:
        """A rounded panel with a heading; return the y where content starts."""
        return cv.section(self.draw, box, title)

    def _tag(self, x: float, y: float, text: str, fill: RGB) -> float:
        """A small rounded label centred on height y; return its right edge."""
        fnt = cv.font(16, bold=True)
        w = cv.text_width(text, fnt) + 12
        cv.rounded_box(self.draw, (x, y - 11, x + w, y + 11), fill, None, 6)
        cv.draw_text(self.draw, (x + w / 2, y), text, fnt, cv.PAPER, anchor="mm")
        return x + w

    def _coin(self, x: float, y: float, text: str, fill: RGB = COIN) -> None:
        """A coin disc centred on (x, y) with a number."""
        self.draw.ellipse((x - 12, y - 12, x + 12, y + 12), fill=fill, outline=cv.INK, width=1)
        cv.draw_text(self.draw, (x, y + 1), text, cv.font(16, bold=True), cv.INK, anchor="mm")

    # -- players -------------------------------------------------------------------------------
    def players(self, top: float, column: tuple[float, float]) -> float:
        """Per player: piece, name, score, rails left, hand/deck/discard; return the bottom."""
        view = self.view
        players = list(view.get("players") or [])
        box = (column[0], top, column[1], top + 40 + PLAYER_ROW * len(players))
        y = self._section(box, tr("Players"))
        x0, x1 = box[0] + 10, box[2] - 10
        to_act = {int(s) for s in view.get("to_act") or []}
        winners = {int(s) for s in view.get("winners") or []}
        fnt, bold = cv.font(16), cv.font(18, bold=True)
        for player in players:
            seat = int(player["seat"])
            cy = y + 12
            tm.piece(self.draw, (x0 + 11, cy), 20, seat)
            right = cv.draw_text(self.draw, (x1, cy), tr("{vp} VP", vp=player.get("score", 0)),
                                 bold, cv.INK, anchor="rm")[0] - 8
            if player.get("vp_tokens"):
                tokens = trn("({n} tokens)", "({n} tokens)", int(player["vp_tokens"]))
                right = cv.draw_text(self.draw, (right, cy), tokens, fnt, cv.MUTED,
                                     anchor="rm")[0] - 8
            tags = [t for t, on in (("▶ " + tr("to act"), seat in to_act),
                                    ("★ " + tr("winner"), seat in winners)) if on]
            room = right - x0 - 30 - sum(cv.text_width(t, cv.font(16, bold=True)) + 20
                                         for t in tags)
            name = cv.fit_text(self.names.get(seat, "?"), bold, min(200, room))
            end = cv.draw_text(self.draw, (x0 + 30, cy), name, bold, cv.INK, anchor="lm")[2]
            for tag in tags:
                end = self._tag(end + 8, cy, tag, TAG_ACTIVE if tag[0] == "▶" else TAG_WIN)
            first = tr("first player")
            if view.get("first") == seat and right - end > cv.text_width(first, fnt) + 8:
                cv.draw_text(self.draw, (end + 8, cy), first, fnt, cv.MUTED, anchor="lm")
            stats = tr("{rails} rails left · hand {hand} · deck {deck} · discard {discard}",
                       rails=player.get("cubes_left", 0), hand=player.get("hand_size", 0),
                       deck=player.get("deck_size", 0), discard=player.get("discard_size", 0))
            cv.draw_text(self.draw, (x0 + 30, cy + 23), cv.fit_text(stats, fnt, x1 - x0 - 30),
                         fnt, cv.MUTED, anchor="lm")
            y += PLAYER_ROW
        return box[3]

    # -- supply --------------------------------------------------------------------------------
    def supply(self, top: float, column: tuple[float, float]) -> float:
        """Every pile: cost, name, type, what it gives and cards left; return the bottom."""
        piles = list(self.view.get("supply") or [])
        groups = [(tr("Base piles"), [p for p in piles if not p.get("kingdom")]),
                  (tr("Kingdom piles"), [p for p in piles if p.get("kingdom")])]
        groups = [(t, g) for t, g in groups if g]
        height = 34 + sum(22 + SUPPLY_ROW * len(g) for _, g in groups) + 6
        box = (column[0], top, column[1], top + height)
        y = self._section(box, tr("Supply"))
        x0, x1 = box[0] + 10, box[2] - 10
        cols = (x0 + 212, x0 + 314)
        small, fnt = cv.font(16, bold=True), cv.font(16)
        cv.draw_text(self.draw, (x1, box[1] + 8), tr("coin = cost"), fnt, cv.MUTED, anchor="ra")
        for title, group in groups:
            for x, label in ((x0, title), (cols[0], tr("type")), (cols[1], tr("gives")),
                             (x1, tr("left"))):
                cv.draw_text(self.draw, (x, y + 10), label, small, cv.MUTED,
                             anchor="rm" if x == x1 else "lm")
            y += 22
            for pile in group:
                self._pile(pile, (x0, y, x1, y + SUPPLY_ROW), cols)
                y += SUPPLY_ROW
        return box[3]

    def _pile(self, pile: dict[str, Any], row: Box, cols: tuple[float, float]) -> None:
        """One supply row."""
        x0, y0, x1, y1 = row
        cy = (y0 + y1) / 2
        count = int(pile.get("count", 0))
        empty = count <= 0 and pile.get("buyable", True)
        if empty:
            self.draw.rectangle((x0 - 4, y0 + 1, x1 + 4, y1 - 1), fill=EMPTY_ROW)
        ink = cv.MUTED if empty else cv.INK
        if pile.get("buyable", True):
            self._coin(x0 + 12, cy, str(pile.get("cost", "?")), EMPTY_ROW if empty else COIN)
        fnt = cv.font(16)
        name, room = term(str(pile.get("name", pile.get("card")))), cols[0] - x0 - 36
        small = fnt if cv.text_width(name, fnt) <= room else cv.font(14)  # longer French names
        cv.draw_text(self.draw, (x0 + 30, cy), cv.fit_text(name, small, room), small, ink,
                     anchor="lm")
        types, gives = pile_words(pile)
        cv.draw_text(self.draw, (cols[0], cy), cv.fit_text(types, fnt, cols[1] - cols[0] - 8),
                     fnt, cv.MUTED, anchor="lm")
        cv.draw_text(self.draw, (cols[1], cy), gives, fnt, ink, anchor="lm")
        cv.draw_text(self.draw, (x1, cy), tr("empty") if empty else str(count),
                     cv.font(16, bold=True), ink, anchor="rm")

    # -- this turn -----------------------------------------------------------------------------
    def _label_row(self, x: float, y: float, right: float, label: str, text: str) -> float:
        """A bold label and text after it on one line; return the y below."""
        bold, fnt = cv.font(16, bold=True), cv.font(16)
        label = cv.fit_text(label, bold, (right - x) / 2)
        end = cv.draw_text(self.draw, (x, y), label, bold, cv.INK)[2] + 8
        cv.draw_text(self.draw, (end, y), cv.fit_text(text, fnt, right - end), fnt, cv.INK)
        return y + 23

    def _chips(self, x: float, y: float, right: float, bottom: float) -> float:
        """Cards in play as chips after an "In play" label, wrapping above `bottom` (then
        "+n more"); an applied effect is ticked; return the y below."""
        fnt = cv.font(16)
        start = x
        x = cv.draw_text(self.draw, (x, y + 11), tr("In play"), cv.font(16, bold=True), cv.INK,
                         anchor="lm")[2] + 10
        items = play_items(self.view)
        if not items:
            cv.draw_text(self.draw, (x, y + 11), "—", fnt, cv.MUTED, anchor="lm")
            return y + 30
        for i, (label, applied) in enumerate(items):
            text = ("✓ " if applied else "") + label
            w = min(cv.text_width(text, fnt) + 14, right - start)
            last_row = y + 52 > bottom
            if x + w > right and not (last_row and right - x > 150):
                if last_row:
                    break
                x, y = start, y + 28
                last_row = y + 52 > bottom
            rest = len(items) - i - 1
            more = cv.text_width(tr("+{n} more", n=rest), fnt) + 6 if rest else 0
            room = right - x - (more + 6 if last_row and rest else 0)
            if w > room:
                if room < 150:
                    break
                w = room
            edge = APPLIED if applied else CARD_EDGE
            cv.rounded_box(self.draw, (x, y - 1, x + w, y + 23), (246, 244, 236), edge, 6,
                           2 if applied else 1)
            cv.draw_text(self.draw, (x + 7, y + 11), cv.fit_text(text, fnt, w - 14), fnt,
                         APPLIED if applied else cv.INK, anchor="lm")
            x += w + 6
        else:
            return y + 30
        cv.draw_text(self.draw, (x, y + 11), tr("+{n} more", n=len(items) - i), fnt, cv.MUTED,
                     anchor="lm")
        return y + 30

    def turn(self, box: Box) -> None:
        """The play area and coins, bought and gained cards, a pending choice, the table."""
        view = self.view
        x0, x1 = box[0] + 10, box[2] - 10
        table_y = box[3] - 52
        if view.get("phase") == "over":
            self._final(x0, self._section(box, tr("Final scores")), x1)
        elif view.get("phase") == "start":
            y = self._section(box, tr("Starting rails"))
            placed = tm.rails_by_seat(view)
            for seat, name in self.names.items():
                y = self._label_row(x0, y, x1, f"{name}:", comma_list(placed.get(seat, [])))
        else:
            turn = view.get("turn") or {}
            who = self.names.get(int(turn.get("player", view.get("current", 0))), "?")
            head = cv.fit_text(tr("This turn: {player}", player=who), cv.font(18, bold=True),
                               x1 - x0 - 90)
            y = self._section(box, head)
            self._coin(x1 - 12, box[1] + 17, str(turn.get("coins", 0)))
            cv.draw_text(self.draw, (x1 - 30, box[1] + 17), tr("coins"), self.fnt, anchor="rm")
            rows = turn_rows(self.view)
            y = self._chips(x0, y - 2, x1, table_y - 23 * len(rows) - 4)
            for label, text in rows:
                y = self._label_row(x0, y, x1, label, text)
        self._table(x0, table_y, x1)

    def _final(self, x0: float, y: float, x1: float) -> float:
        """Final ranking with each player's piece; return the y below."""
        bold = cv.font(18, bold=True)
        winners = {int(s) for s in self.view.get("winners") or []}
        scores = [float(v) for v in self.view.get("scores") or []]
        ranked = sorted(enumerate(scores), key=lambda item: (-item[1], item[0]))
        for place, (seat, score) in enumerate(ranked, start=1):
            cy = y + 13
            cv.draw_text(self.draw, (x0, cy), f"{place}.", bold, cv.INK, anchor="lm")
            tm.piece(self.draw, (x0 + 38, cy), 20, seat)
            name = cv.fit_text(self.names.get(seat, "?"), bold, 220)
            end = cv.draw_text(self.draw, (x0 + 56, cy), name, bold, cv.INK, anchor="lm")[2]
            if seat in winners:
                self._tag(end + 8, cy, "★ " + tr("winner"), TAG_WIN)
            cv.draw_text(self.draw, (x1, cy), tr("{vp} VP", vp=f"{score:g}"), bold, cv.INK,
                         anchor="rm")
            y += 30
        return y

    def _table(self, x0: float, y: float, x1: float) -> None:
        """Station pawns left, the trash and the empty piles."""
        empty = [self.card(c) for c in self.view.get("empty_piles") or []]
        fnt = cv.font(16)
        for i, line in enumerate((
                trn("Station pawns left: {left} · Trash: {n} card",
                    "Station pawns left: {left} · Trash: {n} cards",
                    len(self.view.get("trash") or []), left=self.view.get("stations_left", "?")),
                tr("Empty piles ({n}): {cards}", n=len(empty), cards=comma_list(empty)))):
            cv.draw_text(self.draw, (x0, y + 22 * i), cv.fit_text(line, fnt, x1 - x0), fnt, cv.INK)

    # -- log -----------------------------------------------------------------------------------
    def recent(self, box: Box) -> None:
        """The last few log lines that fit, newest at the bottom."""
        y = self._section(box, tr("Recent"))
        cv.recent_lines(self.draw, box, y, list(self.view.get("recent") or []),
                        per_entry=2, bottom=0)
