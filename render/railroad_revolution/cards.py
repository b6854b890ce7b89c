"""Railroad Revolution player cards: each player's name, score, assets, workers, trains,
milestones and buildings, as many rows as the card holds (long lines wrap, never cut short).
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box
from render.railroad_revolution.panels import (
    MET,
    TAG_ACTIVE,
    TAG_WIN,
    WORKERS,
    chip_width,
    goal_words,
    logo_pieces,
    piece,
    seat_colours,
    seat_names,
    tag,
    worker_chip,
)
from render.railroad_revolution.said import action_word, initial, marked_train
from rules.core.lang import tr, trn

Run = list[tuple[str, str, str]]  # a card line: (kind, text, extra) with kind text/bold/chip/slot
_INKS: dict[str, RGB] = {"ink": cv.INK, "muted": cv.MUTED, "met": MET}


def draw_run(draw: ImageDraw.ImageDraw | None, x: float, y: float, run: Run,
             right: float) -> float:
    """Draw a card line from x, centred on y (without `draw`, only measure it); return its end:
    text cut to fit, worker chips, empty manager slots (a ring in the colour it takes)."""
    y = round(y)  # whole pixels: Pillow cannot round a chip's corners at some fractions
    for kind, text, extra in run:
        if kind == "chip" and x + chip_width(initial(text) + extra) > right:
            kind, text, extra = "text", "…", "muted"  # no room for another chip
        if kind == "chip":
            x = (worker_chip(draw, x, y, text, extra) if draw
                 else x + chip_width(initial(text) + extra)) + 3
        elif kind == "slot":
            if draw:
                ring = WORKERS.get(text, (200, 200, 200))
                cv.rounded_box(draw, (x, y - 10, x + 22, y + 10), cv.PAPER, ring, 10, 3)
                cv.draw_text(draw, (x + 11, y), "?" if text == "any" else initial(text),
                             cv.font(16), cv.MUTED, anchor="mm")
            x += 25
        else:
            fnt = cv.font(16, bold=kind == "bold")
            shown = cv.fit_text(text, fnt, right - x)
            if draw:
                cv.draw_text(draw, (x, y), shown, fnt, _INKS[extra], anchor="lm")
            x += cv.text_width(shown, fnt) + 6
    return x


def _met(cond: dict[str, Any]) -> bool:
    return int(cond.get("have") or 0) >= int(cond.get("min") or 0)


class Panels:
    """Draws the player cards of one view."""

    def __init__(self, view: dict[str, Any], draw: ImageDraw.ImageDraw) -> None:
        self.view = view
        self.draw = draw
        self.names = seat_names(view)
        self.colours = seat_colours(view)

    def height(self, width: float, pitch: float = 21.0) -> float:
        """How tall the cards of every player are at `width` with their rows `pitch` apart."""
        players = list(self.view.get("players") or [])
        return sum(53 + pitch * (len(self._rows(p, width - 20)) - 1) + 6 for p in players) - 6

    def players(self, box: Box) -> int:
        """One card per player, top to bottom; return how many rows did not fit."""
        players = list(self.view.get("players") or [])
        free = box[3] - box[1] - 6 * (len(players) - 1)
        # Each card as tall as its rows at 21 px, the spare shared evenly; short of room, each
        # card's rows close up towards 19 px alike (a busy card borrows from a quiet one)
        # before any row is left off.
        gaps = [len(self._rows(p, box[2] - box[0] - 20)) - 1 for p in players]
        pitch = max(19.0, min(21.0, (free - 53 * len(players)) / max(1, sum(gaps))))
        spare = (free - sum(53 + pitch * g for g in gaps)) / max(1, len(players))
        left, y0 = 0, box[1]
        for player, gap in zip(players, gaps, strict=True):
            height = 53 + pitch * gap + spare
            left += self.player((box[0], y0, box[2], y0 + height), player)
            y0 += height + 6
        return left

    def player(self, box: Box, p: dict[str, Any]) -> int:
        """Name, score and state of one player, as many rows as fit; return how many did not."""
        active = int(p["seat"]) in {int(s) for s in self.view.get("to_act") or []}
        cv.rounded_box(self.draw, box, cv.CARD_BG, TAG_ACTIVE if active else cv.CARD_EDGE, 10,
                       3 if active else 1)
        x0, x1, y = box[0] + 10, box[2] - 10, box[1] + 16
        self._title(x0, y, x1, p, active)
        rows = self._rows(p, x1 - x0)
        # Rows close up (to 19 px, still clear of the 22-px worker chips' text) before any
        # is left off; the first row keeps its gap under the name.
        room = box[3] - 12 - (y + 25)
        pitch = max(19.0, min(21.0, room / max(1, len(rows) - 1)))
        for i, row in enumerate(rows):
            y += pitch if i else 25
            if y + 8 > box[3]:
                return len(rows) - i
            draw_run(self.draw, x0, y, row, x1)
        return 0

    def _title(self, x0: float, y: float, x1: float, p: dict[str, Any], active: bool) -> None:
        """Piece, name, tags (winner, to act, turns left, first player) and score."""
        view, draw, seat = self.view, self.draw, int(p["seat"])
        piece(draw, (x0 + 10, y), 20, self.colours.get(seat), seat)
        bold, small = cv.font(18, bold=True), cv.font(16, bold=True)
        right = cv.draw_text(draw, (x1, y), tr("{vp} VP", vp=p.get("score", 0)), bold, cv.INK,
                             anchor="rm")[0] - 8
        left = int(p.get("turns_left") or 0)
        tags = [(text, fill) for text, fill, on in (
            (tr("★ winner"), TAG_WIN, seat in {int(s) for s in view.get("winners") or []}),
            (tr("▶ to act"), TAG_ACTIVE, active),
            (trn("{n} turn left", "{n} turns left", left), (150, 40, 40),
             p.get("turns_left") is not None and not view.get("over")),
            (tr("1st player"), cv.MUTED, view.get("first") == seat)) if on]
        room = right - x0 - 28 - sum(cv.text_width(t, small) + 20 for t, _ in tags)
        name = cv.fit_text(self.names.get(seat, "?"), bold, max(80.0, room))
        end = cv.draw_text(draw, (x0 + 26, y), name, bold, cv.INK, anchor="lm")[2]
        for text, fill in tags:
            if end + 20 + cv.text_width(text, small) <= right:
                end = tag(draw, end + 8, y, text, fill)

    def _rows(self, p: dict[str, Any], width: float) -> list[Run]:
        """The card's lines: assets, workers, trains, pieces, milestones, completed, built."""
        workers = p.get("workers") or {}
        rows: list[Run] = [[("text", trn(
            "${money} · {n} share · {workers} workers available",
            "${money} · {n} shares · {workers} workers available", int(p.get("shares") or 0),
            money=str(p.get("money", 0)), workers=workers.get("available", 0)), "ink")]]
        stock: Run = [("text", tr("Stock"), "muted")]
        stock += [("chip", str(c), str(n)) for c, n in (workers.get("stock") or {}).items()
                  if n] or [("text", "—", "muted")]
        placed: Run = [("text", tr("Placed"), "muted")]
        by_action: dict[str, dict[str, int]] = {}
        for w in workers.get("board") or []:
            colours = by_action.setdefault(str(w.get("action")), {})
            colours[str(w.get("colour"))] = colours.get(str(w.get("colour")), 0) + 1
        for i, (action, colours) in enumerate(by_action.items()):
            placed += [("text", ("· " if i else "") + action_word(action), "ink")]
            placed += [("chip", c, str(n) if n > 1 else "") for c, n in colours.items()]
        placed += [] if by_action else [("text", "—", "muted")]
        fits = draw_run(None, 0, 0, stock + placed, 1e9) + 12 <= width
        rows += [stock + [("text", "·", "muted"), *placed]] if fits else \
            [stock, *split_run(placed, width)]
        trains = list(p.get("trains") or [])
        up = sum(1 for t in trains if t.get("face_up"))
        kinds: dict[str, int] = {}
        for t in trains:  # a no-break space keeps each type with its side when wrapped
            side = marked_train(str(t.get("type")), bool(t.get("face_up")))
            kinds[side] = kinds.get(side, 0) + 1
        rows += wrapped(tr("Trains {n} ({up} face up, 8 VP each): {kinds}", n=len(trains),
                           up=up, kinds=", ".join(k + (f"\u00a0×{n}" if n > 1 else "")
                                                  for k, n in kinds.items())), "ink", width)
        rows.append([("text", tr("Left {buildings} buildings, {rails} rails ({logo} before "
                                 "logo)", buildings=p.get("buildings_left", 0),
                                 rails=p.get("rails_left", 0), logo=logo_pieces(p)), "ink")])
        for m in p.get("milestones") or []:
            # In the words of the choices that offer a tile ("A1 (12 VP): connect 2 level-3"),
            # each condition with how far the player is, then a ring per manager to promote.
            needed = list(m.get("managers_needed") or [])
            run: Run = [("bold", tr("Milestone {pile} ({vp} VP)", pile=m.get("pile", "?"),
                                    vp=m.get("vp", 0)), "ink")]
            run += [("text", "· " + goal_words(c), "met" if _met(c) else "ink")
                    for c in m.get("conditions") or []]
            run += [("bold", tr("ready"), "met")] if m.get("conditions_met") else []
            run.append(("text", "· " + (tr("manager") if len(needed) == 1 else tr("managers")),
                        "muted"))
            run += [("chip", str(have), "") if have else ("slot", str(need), "") for need, have
                    in zip(needed, m.get("managers") or [], strict=False)]
            rows += split_run(run, width)
        done = [tr("{pile} ({vp} VP)", pile=str(c.get("id", "?")).upper(), vp=c.get("vp", 0))
                for c in p.get("completed") or []]
        if done:  # nothing to say before the first
            rows += wrapped(tr("Completed: {milestones}", milestones=", ".join(done)), "met",
                            width)
        rows += wrapped(tr("Built {stations}, {offices} · {cities} cities linked ({level5} of "
                           "level 5)",
                           stations=trn("{n} station", "{n} stations",
                                        len(p.get("stations") or [])),
                           offices=trn("{n} office", "{n} offices", len(p.get("offices") or [])),
                           cities=len(p.get("connected") or []),
                           level5=p.get("level5_connected", 0)), "ink", width)
        return rows


def split_run(run: Run, width: float) -> list[Run]:
    """A card line as rows that fit `width`, broken before its "· " parts (later rows
    indented)."""
    parts: list[Run] = []
    for item in run:
        if not parts or (item[0] != "chip" and item[1].startswith("· ")):
            parts.append([])
        parts[-1].append(item)
    rows: list[Run] = []
    for part in parts:
        if rows and draw_run(None, 0, 0, rows[-1] + part, 1e9) <= width:
            rows[-1] += part
        elif rows:  # a new row: no "·" needed before its first part
            kind, text, extra = part[0]
            rows.append([("text", "", "ink"), (kind, text.removeprefix("· "), extra), *part[1:]])
        else:
            rows.append(part)
    return rows


def wrapped(text: str, ink: str, width: float) -> list[Run]:
    """A line of card text as rows that fit `width` (later rows indented), never cut short."""
    fnt = cv.font(16)
    lines = cv.wrap_text(text, fnt, width - 6)  # room for the indent of later rows
    return [[("text", line, ink)] if i == 0 else [("text", "", ink), ("text", line, ink)]
            for i, line in enumerate(lines)]
