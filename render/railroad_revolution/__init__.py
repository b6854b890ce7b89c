"""The Railroad Revolution board: header, map and telegraph line, panels, players; its text.

Layout (1600x1100): a header across the top (turn, action under way, who acts, the prompt);
the map with the telegraph line under it on the left (scaled from the view's 1600x1000 board
canvas), and under those the performance tracks beside the market and supply (the final scores
once the game is over); one card per player down the right, then the log.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box, Point
from render.core.inset import MapMarks, moved
from render.core.png import to_png
from render.railroad_revolution import map as rm
from render.railroad_revolution import pieces as rp
from render.railroad_revolution.cards import Panels
from render.railroad_revolution.panels import (
    TAG_WIN,
    piece,
    seat_colours,
    short_reward,
    worker_chip,
)
from render.railroad_revolution.said import SETUP_KEY, colour_word, stack_count
from render.railroad_revolution.standings import player_numbers as player_numbers
from render.railroad_revolution.text import text_lines as text_lines
from render.railroad_revolution.words import (
    breakdown_words,
    cost_words,
    end_words,
    holder_words,
    ordered_tracks,
    pending_words,
    track_words,
    when_words,
)
from rules.core.lang import tr, trn

GAME = "railroad-revolution"

WIDTH, HEIGHT, PAD = 1600, 1100, 8
HEADER_H = 62
BOARD_TOP = 66
BOARD_SIZE = (1104, 778)
SIDE_X0, SIDE_X1 = BOARD_SIZE[0] + 2, WIDTH - PAD
STRIP_TOP = BOARD_TOP + BOARD_SIZE[1] + 4
TRACKS_X1 = 570
TRACK_LABEL_W = 108
LOG_MIN = 34 + 2 * 21 + 4  # the log's heading and two lines

HEADER_BG: RGB = (35, 39, 46)
HEADER_SUB: RGB = (200, 206, 214)
PROMPT: RGB = (255, 216, 102)
PANEL_BG: RGB = (226, 232, 236)
STEP_FILLS: tuple[RGB, RGB] = ((236, 230, 212), (246, 240, 224))


class BoardPainter:
    """Lays out and draws the whole Railroad Revolution board."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.image = cv.new_canvas(WIDTH, HEIGHT, PANEL_BG)
        self.draw = ImageDraw.Draw(self.image)
        self.panels = Panels(view, self.draw)
        self.names = self.panels.names

    def paint(self) -> bytes:
        """Draw all parts and return PNG bytes."""
        self.image.paste(rp.paint_board(self.view, BOARD_SIZE, self.panels.colours),
                         (0, BOARD_TOP))
        self._header()
        self._tracks((PAD, STRIP_TOP, TRACKS_X1, HEIGHT - PAD))
        strip = (TRACKS_X1 + 8, STRIP_TOP, BOARD_SIZE[0] - PAD, HEIGHT - PAD)
        (self._final if self.view.get("over") else self._market)(strip)
        # The cards take the room their rows need, the log the rest: at least two lines of it,
        # or none when the cards need all the room (closing their rows up first).
        cards, floor = self.panels.height(SIDE_X1 - SIDE_X0), HEIGHT - PAD - LOG_MIN - 6
        bottom = min(floor, BOARD_TOP + 2 + cards)
        if BOARD_TOP + 2 + self.panels.height(SIDE_X1 - SIDE_X0, 19.0) > floor:
            bottom = HEIGHT - PAD
        self.panels.players((SIDE_X0, BOARD_TOP + 2, SIDE_X1, bottom))
        if bottom < HEIGHT - PAD:
            box = (SIDE_X0, bottom + 6, SIDE_X1, HEIGHT - PAD)
            cv.recent_lines(self.draw, box, cv.section(self.draw, box, tr("Recent")),
                            [str(r) for r in self.view.get("recent") or []])
        return to_png(self.image)

    def _header(self) -> None:
        """Title, turn, action under way and end; who is to act (or the winners); the prompt."""
        view, draw = self.view, self.draw
        draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER_BG)
        box = cv.draw_text(draw, (PAD + 4, 6), str(view.get("title", "Railroad Revolution")),
                           cv.font(26, bold=True), cv.PAPER)
        options = view.get("options") or {}
        status = [when_words(view), pending_words(view), end_words(view, self.names)]
        status += [w for k, v, w in (("milestone_draw", "whole-pile",
                                      tr("milestones: whole pile")),
                                     ("performance_costs", "hard", tr("hard track costs")))
                   if options.get(k) == v]
        bold = cv.font(22, bold=True)
        if view.get("over"):
            winners = [self.names.get(int(s), "?") for s in view.get("winners") or []]
            right = tr("★ Winners: {players}", players=_joined(winners)) if len(winners) > 1 \
                else tr("★ Winner: {player}", player=_joined(winners))
            ink: RGB = (120, 230, 160)
        else:
            due = [self.names.get(int(s), "?") for s in view.get("to_act") or []]
            right, ink = tr("▶ To act: {players}", players=", ".join(due) or "—"), cv.PAPER
        left = cv.draw_text(draw, (WIDTH - PAD - 4, 10), cv.fit_text(right, bold, 440), bold, ink,
                            anchor="ra")[0]
        fnt = cv.font(20)
        cv.draw_text(draw, (box[2] + 16, 11), cv.fit_text(" · ".join(s for s in status if s), fnt,
                                                          left - box[2] - 40), fnt, HEADER_SUB)
        prompt = str(view.get("prompt") or "")
        if view.get("over"):
            ranked = sorted(enumerate(view.get("scores") or []), key=lambda kv: (-kv[1], kv[0]))
            scores = [tr("{player} {vp} VP", player=holder_words(self.names, s), vp=f"{score:g}")
                      for s, score in ranked]
            prompt = tr("Final scores: {scores}", scores=", ".join(scores))
        fnt = cv.font(18 if cv.text_width(prompt, cv.font(18)) <= WIDTH - 3 * PAD else 16)
        cv.draw_text(draw, (PAD + 4, 37), cv.fit_text(prompt, fnt, WIDTH - 3 * PAD), fnt, PROMPT)

    def _line(self, x: float, y: float, right: float, label: str, text: str) -> None:
        """A bold label and text after it on one line (centred on y)."""
        bold, fnt = cv.font(16, bold=True), cv.font(16)
        end = cv.draw_text(self.draw, (x, y), label, bold, cv.INK, anchor="lm")[2] + 8
        cv.draw_text(self.draw, (end, y), cv.fit_text(text, fnt, right - end), fnt, cv.INK,
                     anchor="lm")

    def _tracks(self, box: Box) -> None:
        """Three rows of steps with their VP, entry costs and every player's marker."""
        draw = self.draw
        y = cv.section(draw, box, tr("Performance tracks (VP per step × count)"))
        x0, x1 = box[0] + 10, box[2] - 10
        fnt, bold = cv.font(16), cv.font(16, bold=True)
        prev: list[str] | None = None
        for name, track in ordered_tracks(self.view):
            steps = list(track.get("steps") or [])
            cell = (x1 - x0 - TRACK_LABEL_W) / max(1, len(steps))
            costs = [cost_words(dict(s.get("cost_to_enter") or {})) for s in steps]
            if costs != prev:  # the entry costs, once for tracks that share them
                cv.draw_text(draw, (x0, y + 9), tr("to enter"), fnt, cv.MUTED, anchor="lm")
                for i, text in enumerate(costs):
                    cv.draw_text(draw, (x0 + TRACK_LABEL_W + (i + 0.5) * cell, y + 9),
                                 text or "—", fnt, cv.MUTED, anchor="mm")
                y, prev = y + 20, costs
            title, mult = track_words(name, track)
            cv.draw_text(draw, (x0, y + 14), title, bold, cv.INK, anchor="lm")
            small = fnt if cv.text_width(mult, fnt) <= TRACK_LABEL_W - 4 else cv.font(14)
            cv.draw_text(draw, (x0, y + 34), mult, small, cv.MUTED, anchor="lm")
            markers = [int(m) for m in track.get("markers") or []]
            for i, step in enumerate(steps):
                cx = x0 + TRACK_LABEL_W + i * cell
                draw.rectangle((cx + 1, y, cx + cell - 1, y + 50), fill=STEP_FILLS[i % 2],
                               outline=(200, 194, 180))
                cv.draw_text(draw, (cx + cell / 2, y + 10), str(step.get("vp", 0)), bold, cv.INK,
                             anchor="mm")
                self._markers([s for s, at in enumerate(markers) if at == i],
                              (cx + cell / 2, y + 34))
            y += 54

    def _markers(self, seats: list[int], centre: Point) -> None:
        """Up to four markers on a step: side by side, or two by two."""
        x, y = centre
        if len(seats) <= 2:
            spots, size = [(x - 9 * (len(seats) - 1) + 18 * i, y) for i in range(2)], 16.0
        else:
            spots, size = [(x + dx, y + dy) for dy in (-7.5, 7.5) for dx in (-8.5, 8.5)], 14.0
        for seat, spot in zip(seats, spots, strict=False):
            piece(self.draw, spot, size, self.panels.colours.get(seat), seat)

    def _market(self, box: Box) -> None:
        """The face-up market tile and its piles, setup tiles, train stacks, milestone piles
        and the worker supply."""
        view = self.view
        market = view.get("market") or {}
        y = cv.section(self.draw, box, tr("Market: {pile} in pile, {discard} discarded",
                                          pile=market.get("pile", 0),
                                          discard=market.get("discard", 0))) + 10
        x0, x1 = box[0] + 10, box[2] - 10
        face = market.get("face_up") or {}
        rows = [(tr("No face-up tile"), "")] if not face else []
        for side, mark in (("top", "▲"), ("bottom", "▼")):
            if face.get(side):
                s = face[side]
                shares, money = int(s.get("shares") or 0), str(s.get("money") or "")
                if shares and money:
                    head = trn("{mark} {n} share + ${money}:", "{mark} {n} shares + ${money}:",
                               shares, mark=mark, money=money)
                elif shares:
                    head = trn("{mark} {n} share:", "{mark} {n} shares:", shares, mark=mark)
                else:
                    head = tr("{mark} ${money}:", mark=mark, money=money) if money else \
                        tr("{mark} free:", mark=mark)
                rows.append((head, short_reward(str(s.get("label", "")))))
        if view.get("setup_offer"):
            rows.append((tr("Setup tiles:"), "; ".join(
                tr("{tile} + {colour} worker", tile=SETUP_KEY.get(str(o.get("key")),
                                                                  str(o.get("key"))),
                   colour=colour_word(str(o.get("worker")))) for o in view["setup_offer"])))
        rows.append((tr("Train stacks:"), " · ".join(
            stack_count(str(k), v) for k, v in (view.get("train_stacks") or {}).items())))
        rows.append((tr("Milestone piles:"), " · ".join(
            f"{k} {v}" for k, v in (view.get("milestone_piles") or {}).items())))
        used = {"top": "▲", "bottom": "▼"}.get(str((view.get("last_move") or {}).get("market")))
        for label, text in rows:
            if used and label.startswith(used):  # the side the last move took: a bar in the
                ring = rp.box_points((x0 - 7, y - 8, x0 - 5, y + 8))  # margin, off the text
                rp.dashed_outline(self.draw, ring, 2, 4.0)
            self._line(x0, y, x1, label, text)
            y += 22
        x = cv.draw_text(self.draw, (x0, y + 2), tr("Worker supply:"), cv.font(16, bold=True),
                         cv.INK, anchor="lm")[2] + 8
        for colour, count in (view.get("supply") or {}).items():
            x = worker_chip(self.draw, x, y + 2, str(colour), str(count)) + 5

    def _final(self, box: Box) -> None:
        """Final ranking: each player's place, piece, name, total and score breakdown."""
        view, draw = self.view, self.draw
        y = cv.section(draw, box, tr("Final scores")) + 8
        x0, x1 = box[0] + 10, box[2] - 10
        breakdown = list(view.get("breakdown") or [])
        bold, fnt = cv.font(18, bold=True), cv.font(16)
        ranked = sorted(enumerate(float(s) for s in view.get("scores") or []),
                        key=lambda kv: (-kv[1], kv[0]))
        texts = [breakdown_words(breakdown[seat] if seat < len(breakdown) else [])
                 for seat, _ in ranked]
        wrapped = [cv.wrap_text(t, fnt, x1 - x0 - 24, max_lines=2) for t in texts]
        if sum(28 + 20 * len(lines) for lines in wrapped) > box[3] - y:
            wrapped = [[cv.fit_text(t, fnt, x1 - x0 - 24)] for t in texts]  # one line each
        for place, ((seat, score), lines) in enumerate(zip(ranked, wrapped, strict=True), 1):
            cv.draw_text(draw, (x0, y), f"{place}.", bold, cv.INK, anchor="lm")
            piece(draw, (x0 + 36, y), 18, self.panels.colours.get(seat), seat)
            name = cv.fit_text(self.names.get(seat, "?"), bold, 260)
            end = cv.draw_text(draw, (x0 + 52, y), name, bold, cv.INK, anchor="lm")[2]
            if seat in {int(s) for s in view.get("winners") or []}:
                cv.draw_text(draw, (end + 10, y), tr("★ winner"), cv.font(16, bold=True), TAG_WIN,
                             anchor="lm")
            cv.draw_text(draw, (x1, y), tr("{vp} VP", vp=f"{score:g}"), bold, cv.INK, anchor="rm")
            for i, line in enumerate(lines):
                cv.draw_text(draw, (x0 + 24, y + 22 + 20 * i), line, fnt, cv.MUTED, anchor="lm")
            y += 28 + 20 * len(lines)


def _joined(names: list[str]) -> str:
    """'Ann and Bob and Cleo', as the header joins winners."""
    if len(names) <= 1:
        return "".join(names)
    return tr("{a} and {b}", a=names[0], b=_joined(names[1:]))


def render(view: dict[str, Any]) -> bytes:
    """PNG bytes of a Railroad Revolution public view."""
    return BoardPainter(view).paint()


def map_box(view: dict[str, Any]) -> tuple[float, float, float, float]:
    """Where the map lies on the board."""
    return (0.0, float(BOARD_TOP), float(BOARD_SIZE[0]), float(BOARD_TOP + BOARD_SIZE[1]))


def focus_box(view: dict[str, Any]) -> tuple[float, float, float, float] | None:
    """The board-pixel box (x0, y0, x1, y1) around what the last move changed, or None."""
    return rp.focus_box(view, BOARD_SIZE, BOARD_TOP)


def map_marks(view: dict[str, Any]) -> MapMarks:
    """Where the map's and telegraph line's words and the legend lie on the board (for the turn
    card's zoom)."""
    layout = rm.layout_for(view, BOARD_SIZE)
    with cv.recording() as painted:
        rp.paint_board(view, BOARD_SIZE, seat_colours(view))
    return MapMarks(moved(layout.texts + painted, 0, BOARD_TOP),
                    moved([layout.legend], 0, BOARD_TOP))


def clear_caches() -> None:
    """Forget the cached board layouts and backgrounds."""
    rm.clear_cache()
