"""The turn card: a handover picture made to be read inline in a chat, about 550 px wide.

Drawn at twice that width so it stays sharp when opened; every type size is chosen so the text
is at least 15 px tall once Discord shrinks the picture to half. It shows who must play and what
they decide, the last turn in words, the board zoomed on what that turn changed, and each
player's key numbers. Everything comes from the public view.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from render.core import canvas as cv
from render.core import games
from render.core.inset import MapMarks, crop, cut_words
from render.core.png import to_png
from render.core.standings import lead_line, stage, standings, table_line
from rules.core.lang import tr, trn

WIDTH, PAD = 1100, 32
INSET_W, INSET_H = WIDTH - 2 * PAD, 420
MIN_CROP_W = 560  # board pixels: never zoom in further than about 1.85×, keep some context
BACKGROUND: cv.RGB = (246, 244, 238)
HEADER_BG: cv.RGB = (35, 39, 46)
HEADER_SUB: cv.RGB = (200, 206, 214)
DUE_MARK: cv.RGB = (230, 120, 20)  # the orange of the boards' "to act" tag
RULE: cv.RGB = (190, 188, 180)
MAX_TURN_LINES = 5


@dataclass(frozen=True)
class TurnCard:
    """The words of a handover: who is due with what to decide, and the turn that just ended."""

    due: list[tuple[str, str]]  # (player name, what they must decide)
    turn: list[str] = field(default_factory=list)  # the last turn's public log lines
    opening: bool = False  # the turn lines are the game's set-up: nobody has played yet


def _from_renderer(view: dict[str, Any], name: str) -> Any:
    """Call the game renderer's `focus_box`, `map_box` or `map_marks` on the view (None if it
    has none)."""
    package = games.package(view.get("game"))
    if package is None:
        return None
    finder: Callable[[dict[str, Any]], Any] | None = getattr(package, name, None)
    return finder(view) if finder is not None else None


def focus_box(view: dict[str, Any]) -> cv.Box | None:
    """The board-pixel box around the last move (None when the turn changed no place)."""
    box: cv.Box | None = _from_renderer(view, "focus_box")
    return box


def map_box(view: dict[str, Any]) -> cv.Box | None:
    """Where the map lies on the board (None if the renderer does not say)."""
    box: cv.Box | None = _from_renderer(view, "map_box")
    return box


def map_marks(view: dict[str, Any]) -> MapMarks:
    """Where the map's words and legends lie on the board (none if the renderer does not say)."""
    marks: MapMarks | None = _from_renderer(view, "map_marks")
    return marks or MapMarks()


def crop_box(focus: cv.Box, area: cv.Box, marks: MapMarks | None = None
             ) -> tuple[int, int, int, int]:
    """The part of the map `area` the inset shows: the focus, widened to the inset's shape where
    no word is cut and no legend shows (see `render.core.inset`)."""
    return crop(focus, area, (INSET_W, INSET_H), MIN_CROP_W, marks)


def inset_box(view: dict[str, Any], size: tuple[int, int]) -> tuple[int, int, int, int] | None:
    """The board-pixel box the card's inset shows for a board of `size` (None: no inset)."""
    focus = focus_box(view)
    if focus is None:
        return None
    area = map_box(view) or (0, 0, size[0], size[1])
    return crop_box(focus, area, map_marks(view))


def inset_source(view: dict[str, Any], board: Image.Image
                 ) -> tuple[Image.Image, tuple[int, int, int, int]] | None:
    """The picture the inset is cut from and the box it shows (None: no inset): the board, or,
    where the box's edges would cut words, the board drawn again without them."""
    focus, area, package = focus_box(view), map_box(view), games.package(view.get("game"))
    if focus is None:
        return None
    marks = map_marks(view)
    box = crop_box(focus, area or (0, 0, board.width, board.height), marks)
    if area is None or package is None or not cut_words(box, marks):
        return board, box
    shift = (box[0] - area[0], box[1] - area[1], box[2] - area[0], box[3] - area[1])
    size = (round(area[2] - area[0]), round(area[3] - area[1]))
    with cv.leaving_out({board.size: box, size: shift}):  # the board's pixels, and the map's
        again = package.render(view)
    return Image.open(io.BytesIO(again)).convert("RGB"), box


def _inset(board: Image.Image, box: tuple[int, int, int, int]) -> Image.Image:
    """The map cropped to `box` and scaled to fit the inset (never closer than MIN_CROP_W)."""
    part = board.crop(box)
    scale = min(INSET_W / part.width, INSET_H / part.height, INSET_W / MIN_CROP_W)
    size = (max(1, round(part.width * scale)), max(1, round(part.height * scale)))
    return part.resize(size, Image.Resampling.LANCZOS)


def shown_lines(turn: list[str]) -> list[str]:
    """The turn's latest lines that fit the card: at most MAX_TURN_LINES, about 7 rows."""
    fnt, rows, shown = cv.font(30), 0, list[str]()
    for line in reversed(turn[-MAX_TURN_LINES:]):
        rows += len(cv.wrap_text(line, fnt, WIDTH - 2 * PAD, max_lines=2))
        if rows > 7 and shown:
            break
        shown.insert(0, line)
    return shown


class _Painter:
    """Stacks the card's parts top to bottom on a tall canvas, then trims it."""

    def __init__(self, view: dict[str, Any], card: TurnCard) -> None:
        self.view, self.card = view, card
        self.image = cv.new_canvas(WIDTH, 2400, BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self.y = 0.0

    def text(self, text: str, size: int, *, bold: bool = False, fill: cv.RGB = cv.INK,
             lines: int = 3, indent: int = 0) -> None:
        """Wrapped text at the current height."""
        fnt = cv.font(size, bold=bold)
        for line in cv.wrap_text(text, fnt, WIDTH - 2 * PAD - indent, max_lines=lines):
            cv.draw_text(self.draw, (PAD + indent, self.y), line, fnt, fill)
            self.y += size * 1.3

    def header(self) -> None:
        """Dark bar: the game's title and where the game stands."""
        self.draw.rectangle((0, 0, WIDTH, 64), fill=HEADER_BG)
        title = " · ".join(t for t in (str(self.view.get("title") or tr("Game")),
                                       stage(self.view)) if t)
        fnt = cv.font(32, bold=True)
        cv.draw_text(self.draw, (PAD, 13), cv.fit_text(title, fnt, WIDTH - 2 * PAD), fnt,
                     cv.PAPER)
        self.y = 80

    def due(self) -> None:
        """Who plays now (large) and what they must decide."""
        for name, asks in self.card.due[:3]:
            top = self.y
            fnt = cv.font(44, bold=True)
            label = cv.fit_text(tr("Next: {player}", player=name), fnt, WIDTH - 2 * PAD - 24)
            self.draw.rectangle((0, top - 8, 12, top + 58), fill=DUE_MARK)
            cv.draw_text(self.draw, (PAD, top), label, fnt, cv.INK)
            self.y = top + 66
            if asks:
                self.text(asks[:1].upper() + asks[1:], 30, lines=3)
            self.y += 6
        if len(self.card.due) > 3:
            more = len(self.card.due) - 3
            self.text(trn("… and {n} more player.", "… and {n} more players.", more), 30)

    def last_turn(self) -> None:
        """The turn that just ended, in the log's words: its latest lines when it is long (they
        say where it ended, next to the inset of the last move)."""
        if not self.card.turn:
            return
        self.rule()
        self.text(tr("Set-up") if self.card.opening else tr("Last turn"), 30, bold=True,
                  fill=cv.MUTED, lines=1)
        shown = shown_lines(self.card.turn)
        earlier = len(self.card.turn) - len(shown)
        if earlier:  # the same card goes to Discord and the terminal: no command of either
            self.text(trn("… {n} earlier line in the log", "… {n} earlier lines in the log",
                          earlier), 26, fill=cv.MUTED, lines=1)
        for line in shown:
            self.text(line, 30, lines=2)

    def inset(self, board: Image.Image) -> None:
        """The board around what changed, framed (nothing when the turn changed no place)."""
        source = inset_source(self.view, board)
        if source is None:
            return
        picture = _inset(*source)
        self.y += 10
        x = (WIDTH - picture.width) // 2
        top = round(self.y)
        self.draw.rectangle((x - 3, top - 3, x + picture.width + 2, top + picture.height + 2),
                            fill=RULE)
        self.image.paste(picture, (x, top))
        self.y = top + picture.height + 16

    def players(self) -> None:
        """One line per player: name in bold, then the numbers that matter in this game.

        Above them who leads in the game's own measure (a cooperative game: the table's
        goods and time); below, in grey, how near the end is.
        """
        self.rule()
        due = {name for name, _ in self.card.due}
        team, lead = table_line(self.view), lead_line(self.view)
        if lead or team:
            self.text(lead or team, 28, bold=True, lines=2)
        bold, plain = cv.font(30, bold=True), cv.font(28)
        rows = [(cv.fit_text(("▶ " if name in due else "") + name, bold, 330), words)
                for _, name, words in standings(self.view)]
        x = PAD + max([cv.text_width(label, bold) for label, _ in rows] + [200.0]) + 24
        for label, words in rows:
            cv.draw_text(self.draw, (PAD, self.y), label, bold, cv.INK)
            for line in cv.wrap_text(words, plain, WIDTH - PAD - x, max_lines=2):
                cv.draw_text(self.draw, (x, self.y + 2), line, plain, cv.INK)
                self.y += 38
            self.y += 4
        if lead and team:
            self.y += 4
            self.text(team, 26, fill=cv.MUTED, lines=2)

    def rule(self) -> None:
        """A thin separator line."""
        self.y += 8
        self.draw.line((PAD, self.y, WIDTH - PAD, self.y), fill=RULE, width=2)
        self.y += 14

    def finish(self) -> bytes:
        """Trim to the content and encode."""
        height = round(self.y + PAD - 10)
        return to_png(self.image.crop((0, 0, WIDTH, height)))


def render_turn_card(view: dict[str, Any], card: TurnCard, board_png: bytes) -> bytes:
    """PNG bytes of the turn card for a public view, given the PNG of its full board."""
    board = Image.open(io.BytesIO(board_png)).convert("RGB")
    painter = _Painter(view, card)
    painter.header()
    painter.due()
    painter.last_turn()
    painter.inset(board)
    painter.players()
    return painter.finish()


def turn_card_alt(card: TurnCard) -> str:
    """Alt text: the same words as the picture, without the board."""
    due = ""
    for name, asks in card.due:
        said = tr("Next: {player}, {asks}", player=name, asks=asks) if asks else \
            tr("Next: {player}", player=name)
        due = tr("{earlier}; {later}", earlier=due, later=said) if due else said
    shown = shown_lines(card.turn)
    earlier = len(card.turn) - len(shown)
    turn = " ".join(([trn("({n} earlier in the log.)", "({n} earlier in the log.)", earlier)]
                     if earlier else []) + shown)
    # A decision that ends its sentence gets no second full stop before the last turn.
    if not turn:
        return due if len(due) <= 1000 else due[:999] + "…"
    text = tr("{due}. Set-up: {turn}", due=due.rstrip("."), turn=turn) if card.opening \
        else tr("{due}. Last turn: {turn}", due=due.rstrip("."), turn=turn)
    return text if len(text) <= 1000 else text[:999] + "…"
