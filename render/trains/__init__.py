"""The Trains board: header, hex map and where the panels go; its text description."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB
from render.core.inset import MapMarks, moved
from render.core.png import to_png
from render.trains import map as tm
from render.trains.hand import HAND_COLUMNS as HAND_COLUMNS
from render.trains.hand import hand_cards as hand_cards
from render.trains.panels import (
    Panels,
    card_namer,
    comma_list,
    pile_words,
    play_items,
    seat_names,
    turn_rows,
)
from render.trains.standings import player_numbers as player_numbers
from rules.core.lang import term, tr, trn

GAME = "trains"

WIDTH, HEIGHT, PAD = 1600, 1100, 12
MAP_TOP = HEADER_H = 72
MAP_W, MAP_H = 1100, 808
SIDE_X0, SIDE_X1 = MAP_W + PAD, WIDTH - PAD

HEADER_BG: RGB = (35, 39, 46)
HEADER_SUB: RGB = (200, 206, 214)
PROMPT: RGB = (255, 216, 102)
PANEL_BG: RGB = (236, 234, 228)



def phase_word(phase: str) -> str:
    """The phase as the header names it: "Starting rails", "Game over"."""
    return {"start": tr("Starting rails"), "turn": tr("Turn"),
            "over": tr("Game over")}.get(phase, phase)


def winners_words(winners: list[str], joined: str) -> str:
    """"Winner: Ann" or "Winners: Ann, Bob" (the names already joined)."""
    return tr("Winners: {players}", players=joined) if len(winners) > 1 else \
        tr("Winner: {players}", players=joined)


class BoardPainter:
    """Lays out and draws the whole Trains board."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.image = cv.new_canvas(WIDTH, HEIGHT, PANEL_BG)
        self.draw = ImageDraw.Draw(self.image)
        self.panels = Panels(view, self.draw)
        self.names = self.panels.names

    def paint(self) -> bytes:
        """Draw all parts and return PNG bytes."""
        self.image.paste(tm.paint_map(self.view, (MAP_W, MAP_H)), (0, MAP_TOP))
        self._header()
        y = self.panels.players(HEADER_H + 8, (SIDE_X0, SIDE_X1))
        y = self.panels.supply(y + 8, (SIDE_X0, SIDE_X1))
        self.panels.turn((SIDE_X0, y + 8, SIDE_X1, HEIGHT - PAD))
        self.panels.recent((PAD, MAP_TOP + MAP_H + 4, MAP_W - PAD, HEIGHT - PAD))
        return to_png(self.image)

    # -- header ------------------------------------------------------------------------------
    def _header(self) -> None:
        """Title, map and turn; whose turn it is (or the winners) and the prompt."""
        view = self.view
        self.draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER_BG)
        title = cv.font(28, bold=True)
        box = cv.draw_text(self.draw, (PAD + 4, 8), str(view.get("title", "Trains")), title,
                           cv.PAPER)
        phase = str(view.get("phase", ""))
        status = tr("{map} map · {where}", map=view.get("map_title", view.get("map", "")),
                    where=tr("Turn {n}", n=view.get("turn_number", "?")) if phase == "turn"
                    else phase_word(phase))
        if view.get("printed_cards"):
            status += " · " + tr("printed card texts")
        cv.draw_text(self.draw, (box[2] + 18, 14), status, cv.font(22), HEADER_SUB)
        if phase == "over":
            winners = [self.names.get(int(s), "?") for s in view.get("winners") or []]
            right = winners_words(winners, comma_list(winners))
            right, ink = "★ " + right, (120, 230, 160)
        else:
            due = [self.names.get(int(s), "?") for s in view.get("to_act") or []]
            right, ink = "▶ " + tr("To act: {players}", players=comma_list(due)), cv.PAPER
        bold = cv.font(22, bold=True)
        right = cv.fit_text(right, bold, WIDTH / 2 - 80)
        cv.draw_text(self.draw, (WIDTH - PAD - 4, 14), right, bold, ink, anchor="ra")
        reasons = "; ".join(str(r) for r in view.get("end_reasons") or [])
        prompt = tr("Game over: {reasons}.", reasons=reasons) if phase == "over" else \
            str(view.get("prompt") or "")
        if prompt:
            fnt = cv.font(19)
            cv.draw_text(self.draw, (PAD + 4, 44), cv.fit_text(prompt, fnt, WIDTH - 3 * PAD), fnt,
                         PROMPT)


def map_box(view: dict[str, Any]) -> cv.Box:
    """Where the map lies on the board."""
    return (0, MAP_TOP, MAP_W, MAP_TOP + MAP_H)


def focus_box(view: dict[str, Any]) -> cv.Box | None:
    """The board-pixel box around the hexes the last move changed (None without one)."""
    layout = tm.layout_for(view, (MAP_W, MAP_H))
    hexes = [h for h in tm.last_hexes(view) if h in layout.centres]
    if not hexes:
        return None
    reach = layout.radius + 40
    xs = [layout.centres[h][0] for h in hexes]
    ys = [layout.centres[h][1] + MAP_TOP for h in hexes]
    return (max(0.0, min(xs) - reach), max(MAP_TOP, min(ys) - reach),
            min(MAP_W, max(xs) + reach), min(MAP_TOP + MAP_H, max(ys) + reach))


def map_marks(view: dict[str, Any]) -> MapMarks:
    """Where the map's words and its legend row lie on the board (for the turn card's zoom)."""
    layout = tm.layout_for(view, (MAP_W, MAP_H))
    with cv.recording() as painted:
        tm.paint_map(view, (MAP_W, MAP_H))
    return MapMarks(moved(layout.texts + painted, 0, MAP_TOP), moved([layout.legend], 0, MAP_TOP))


def render(view: dict[str, Any]) -> bytes:
    """PNG bytes of a Trains public view."""
    return BoardPainter(view).paint()


def clear_caches() -> None:
    """Forget the cached map layouts."""
    tm.clear_cache()


def text_lines(view: dict[str, Any]) -> list[str]:
    """The public view as plain text lines (screen readers, alt text)."""
    names, cards = seat_names(view), card_namer(view)
    phase = view.get("phase")
    when = tr("turn {n}", n=view.get("turn_number", "?")) if phase == "turn" else \
        phase_word(str(phase)).lower()
    lines = [tr("Trains on the {map} map, {when}.",
                map=view.get("map_title", view.get("map", "?")), when=when)]
    if phase == "over":
        winners = [names.get(int(s), "?") for s in view.get("winners") or []]
        lines.append(tr("{winners}. Game end: {reasons}.",
                        winners=winners_words(winners, _and_words(winners)),
                        reasons="; ".join(view.get("end_reasons") or [])))
    elif view.get("prompt"):
        lines.append(tr("To act: {players}", players=view["prompt"]))
    for p in view.get("players") or []:
        seat = int(p["seat"])
        lines.append(tr("{player} ({pieces}): {vp} VP, {rails} rails left, hand {hand}, deck "
                        "{deck}, discard {discard}.", player=names.get(seat, "?"),
                        pieces=tm.piece_words(seat), vp=p.get("score", 0),
                        rails=p.get("cubes_left", 0), hand=p.get("hand_size", 0),
                        deck=p.get("deck_size", 0), discard=p.get("discard_size", 0)))
    if phase == "turn":
        turn = view.get("turn") or {}
        played = [tr("{card} (applied)", card=label) if on else label
                  for label, on in play_items(view)]
        who = names.get(int(turn.get("player", view.get("current", 0))), "?")
        rows = "; ".join(f"{label.lower()} {text}" for label, text in turn_rows(view))
        lines.append(trn("This turn, {player}: {n} coin; in play: {cards}; {rows}.",
                         "This turn, {player}: {n} coins; in play: {cards}; {rows}.",
                         int(turn.get("coins", 0)), player=who, cards=comma_list(played),
                         rows=rows))
    lines += tm.map_lines(view)
    for kingdom, title in ((False, tr("Base piles")), (True, tr("Kingdom piles"))):
        piles = [_pile_line(p) for p in view.get("supply") or []
                 if bool(p.get("kingdom")) == kingdom]
        lines.append(tr("{title}: {piles}.", title=title, piles="; ".join(piles) or tr("none")))
    empty = [cards(c) for c in view.get("empty_piles") or []]
    lines.append(trn("Empty piles: {piles}. Trash: {n} card.",
                     "Empty piles: {piles}. Trash: {n} cards.", len(view.get("trash") or []),
                     piles=", ".join(empty) or tr("none")))
    lines += [tr("Recent: {line}", line=line) for line in (view.get("recent") or [])[-3:]]
    return lines


def _and_words(items: list[str]) -> str:
    """"a and b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return tr("{first} and {rest}", first=items[0], rest=_and_words(items[1:]))


def _pile_line(p: dict[str, Any]) -> str:
    """One supply pile in words: "Tower (vp, 2 VP): cost 5, 8 left"."""
    words = ", ".join(w for w in pile_words(p) if w)
    name = term(str(p.get("name")))
    if p.get("buyable", True):
        return tr("{card} ({words}): cost {cost}, {count} left", card=name, words=words,
                  cost=p.get("cost"), count=p.get("count"))
    return tr("{card} ({words}): {count} left", card=name, words=words, count=p.get("count"))
