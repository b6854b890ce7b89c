"""The Steel Driver board: header, map, company boxes, players, auction, build order and log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box
from render.core.png import to_png
from render.steel_driver.layout import clear_cache
from render.steel_driver.map import badge, company_letters, paint_map
from render.steel_driver.standings import player_numbers as player_numbers
from render.steel_driver.text import money as _money
from render.steel_driver.text import phase_name as _phase
from render.steel_driver.text import score as _score
from render.steel_driver.text import text_lines as text_lines
from render.steel_driver.zoom import MAP_BOTTOM, MAP_TOP, WIDTH
from render.steel_driver.zoom import focus_box as focus_box
from render.steel_driver.zoom import map_box as map_box
from render.steel_driver.zoom import map_marks as map_marks
from rules.core.lang import tr, trn

GAME = "steel-driver"

HEIGHT = 1100
HEADER_H = MAP_TOP
COMPANY_TOP, COMPANY_H = MAP_BOTTOM + 8, 180
BOTTOM_TOP = COMPANY_TOP + COMPANY_H + 8
PAD = 12
CARD_FONT, CARD_LINE = 16, 19  # a card's body: room for five shareholders' names

HEADER_BG: RGB = (35, 39, 46)
HEADER_SUB: RGB = (200, 206, 214)
PROMPT: RGB = (255, 216, 102)
PANEL_BG: RGB = (236, 234, 228)
CARD_BG = cv.CARD_BG
CARD_EDGE = cv.CARD_EDGE
PASSED_BG: RGB = (222, 222, 218)
TAG_ACTIVE: RGB = (230, 120, 20)
TAG_WIN: RGB = (0, 140, 90)

GOODS_ORDER = {"red": 0, "orange": 1, "silver": 2, "black": 3, "white": 4}


def _names(view: dict[str, Any]) -> dict[int, str]:
    """Seat number to player name."""
    players = view.get("players") or []
    return {int(p["seat"]): str(p.get("name", tr("Seat {seat}", seat=p["seat"])))
            for p in players}


def _join(items: list[str]) -> str:
    """Comma-separated items, or a dash for none."""
    return ", ".join(items) if items else "—"





class BoardPainter:
    """Lays out and draws the whole Steel Driver board."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.image = cv.new_canvas(WIDTH, HEIGHT, PANEL_BG)
        self.draw = ImageDraw.Draw(self.image)
        self.names = _names(view)
        self.companies: dict[str, dict[str, Any]] = {
            str(c["id"]): c for c in view.get("companies") or []
        }
        self.letters = company_letters(view)

    def paint(self) -> bytes:
        """Draw all parts and return PNG bytes."""
        self.image.paste(paint_map(self.view, (WIDTH, MAP_BOTTOM - MAP_TOP)), (0, MAP_TOP))
        self.draw.line((0, MAP_BOTTOM, WIDTH, MAP_BOTTOM), fill=CARD_EDGE, width=1)
        self._header()
        self._companies()
        self._players((PAD, BOTTOM_TOP, 470, HEIGHT - PAD))
        self._middle((482, BOTTOM_TOP, 1080, HEIGHT - PAD))
        self._recent((1092, BOTTOM_TOP, WIDTH - PAD, HEIGHT - PAD))
        return to_png(self.image)

    # -- header ------------------------------------------------------------------------------
    def _header(self) -> None:
        """Title, round and phase; whose turn it is (or the winners) and the prompt."""
        view = self.view
        self.draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER_BG)
        title = cv.font(28, bold=True)
        box = cv.draw_text(self.draw, (PAD + 4, 8), str(view.get("title", "Steel Driver")), title,
                           cv.PAPER)
        phase = str(view.get("phase", ""))
        status = tr("Round {round}/{rounds} · {phase}", round=view.get("round", "?"),
                    rounds=view.get("rounds", "?"), phase=_phase(phase))
        cv.draw_text(self.draw, (box[2] + 18, 14), status, cv.font(22), HEADER_SUB)
        if phase == "over":
            winners = [self.names.get(int(s), "?") for s in view.get("winners") or []]
            right = trn("Winner: {players}", "Winners: {players}", len(winners),
                        players=_join(winners))
            right, ink = "★ " + right, (120, 230, 160)
        else:
            due = [self.names.get(int(s), "?") for s in view.get("to_act") or []]
            right, ink = "▶ " + tr("To act: {players}", players=_join(due)), cv.PAPER
        bold = cv.font(22, bold=True)
        right = cv.fit_text(right, bold, WIDTH / 2 - 40)
        cv.draw_text(self.draw, (WIDTH - PAD - 4, 14), right, bold, ink, anchor="ra")
        prompt = str(view.get("prompt") or "")
        if not prompt and phase == "over":
            scores = list(view.get("scores") or [])
            ranked = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
            prompt = tr("Final scores: {scores}", scores=" · ".join(
                f"{self.names.get(seat, '?')} {_score(scores[seat])}" for seat in ranked
            ))
        if prompt:
            fnt = cv.font(19)
            cv.draw_text(self.draw, (PAD + 4, 44), cv.fit_text(prompt, fnt, WIDTH - 3 * PAD), fnt,
                         PROMPT)

    # -- companies ---------------------------------------------------------------------------
    def _companies(self) -> None:
        """One box per company, in the order the view lists them."""
        count = max(1, len(self.companies))
        gap = 10
        width = (WIDTH - 2 * PAD - gap * (count - 1)) / count
        for i, company in enumerate(self.companies.values()):
            x = PAD + i * (width + gap)
            self._company((x, COMPANY_TOP, x + width, COMPANY_TOP + COMPANY_H), company)

    def _company_tag(self, company: dict[str, Any]) -> tuple[str, bool]:
        """Short status word for a company's header band, and whether it is the big one (the
        final value)."""
        view = self.view
        auction = view.get("auction") or {}
        if auction and auction.get("company") == company.get("id"):
            return tr("AUCTION"), False
        if view.get("active_company") == company.get("id"):
            return "▶ " + (tr("TAKES") if view.get("phase") == "final" else tr("BUILDS")), False
        if company.get("final_value") is not None:
            return tr("Final ${amount}", amount=company["final_value"]), True
        if company.get("passed"):
            return tr("PASSED"), False
        return "", False

    def _company(self, box: Box, company: dict[str, Any]) -> None:
        """A company card: its badge and name, status, and what it holds."""
        x0, y0, x1, y1 = box
        fill = cv.colour(company.get("colour"))
        ink = cv.contrast_ink(fill)
        passed = bool(company.get("passed"))
        active = self.view.get("active_company") == company.get("id")
        auctioned = (self.view.get("auction") or {}).get("company") == company.get("id")
        body = PASSED_BG if passed else CARD_BG
        cv.rounded_box(self.draw, box, body, CARD_EDGE, 10)
        self.draw.rounded_rectangle((x0, y0, x1, y0 + 34), radius=10, fill=fill,
                                    corners=(True, True, False, False))
        letter = self.letters.get(str(company.get("id")), "?")
        badge(self.draw, (x0 + 8, y0 + 7, x0 + 28, y0 + 27), fill, letter, 16)
        name = cv.font(22, bold=True)
        cv.draw_text(self.draw, (x0 + 36, y0 + 17), str(company.get("name", "?")), name, ink,
                     anchor="lm")
        tag, big = self._company_tag(company)
        if tag:
            cv.draw_text(self.draw, (x1 - 10, y0 + 17), tag, cv.font(19 if big else 16, bold=True),
                         ink, anchor="rm")
        if active or auctioned:
            self.draw.rounded_rectangle(box, radius=10, outline=cv.INK, width=4)
        fnt = cv.font(CARD_FONT)
        muted = cv.MUTED if passed else cv.INK
        width = x1 - x0 - 20
        controller = company.get("controller")
        owner = self.names.get(int(controller), "?") if controller is not None else "—"
        # Goods are only taken in the final scoring, when no share or rail is left to buy or
        # build: then the goods row takes the place of what is left (and of a share line).
        goods = self.view.get("phase") in ("final", "over") or bool(company.get("goods"))
        holders = [(seat, n) for seat, n in enumerate(company.get("shares") or []) if n]
        shares, small = self._named_lines(
            [seat for seat, _ in holders],
            lambda names: tr("Shares: {holders}", holders=_join(
                [f"{names[s]}\u00a0{n}" for s, n in holders])),
            width, 4 if goods else 3, CARD_FONT)
        lines = [(tr("Cubes {n} · Profit ${amount}", n=company.get("cubes", 0),
                     amount=company.get("profit", 0)), fnt),
                 (tr("Controller: {player}", player=owner), fnt),
                 *((line, small) for line in shares)]
        if not goods:
            lines.append((tr("{shares}, {rails} left", shares=trn(
                "{n} share", "{n} shares", int(company.get("shares_left", 0))), rails=trn(
                "{n} rail", "{n} rails", int(company.get("rails_left", 0)))), fnt))
        y = y0 + 40
        for line, face in lines:
            cv.draw_text(self.draw, (x0 + 10, y), cv.fit_text(line, face, width), face, muted)
            y += CARD_LINE
        if goods:
            self._goods_row((x0 + 10, y, x1 - 10), company, fnt, muted)

    def _named_lines(self, seats: list[int], words: Callable[[dict[int, str]], str],
                     width: float, most: int, size: int) -> tuple[list[str], Any]:
        """Text naming players, wrapped in up to `most` lines, and its font: in full names at
        `size` if they fit, else first names (when that tells the players apart), else a
        point smaller."""
        full = {seat: self.names.get(seat, "?") for seat in seats}
        first = {seat: name.split(" ")[0] for seat, name in full.items()}
        tries = [(full, size), (first, size), (first, size - 1)]
        if len(set(first.values())) < len(first):
            tries = tries[:1]
        lines: list[str] = []
        fnt = cv.font(size)
        for names, points in tries:
            fnt = cv.font(points)
            text = words(names)
            lines = cv.wrap_text(text, fnt, width, max_lines=most)
            if " ".join(lines).split() == text.split():
                break  # all of it shown
        return lines, fnt

    def _goods_row(
        self, span: tuple[float, float, float], company: dict[str, Any], fnt: Any, ink: RGB
    ) -> None:
        """Goods cubes held: a square per colour with its count."""
        x, y, right = span
        goods = {str(k): int(v) for k, v in (company.get("goods") or {}).items() if v}
        if not goods:
            cv.draw_text(self.draw, (x, y), tr("Goods: none"), fnt, cv.MUTED)
            return
        counts = sum(cv.text_width(str(n), fnt) + 26 for n in goods.values())
        heading = tr("Goods")
        if x + cv.text_width(heading, fnt) + 8 + counts <= right:
            x = cv.draw_text(self.draw, (x, y), heading, fnt, ink)[2] + 8
        for name in sorted(goods, key=lambda g: (GOODS_ORDER.get(g, 9), g)):
            outline = (235, 235, 235) if name == "black" else cv.INK
            cv.swatch(self.draw, (x + 7, y + 10), 14, cv.colour(name), outline)
            x = cv.draw_text(self.draw, (x + 17, y), str(goods[name]), fnt, ink)[2] + 9

    # -- bottom strip ------------------------------------------------------------------------
    def _section(self, box: Box, title: str) -> float:
        """A rounded panel with a heading; return the y where content starts."""
        return cv.section(self.draw, box, title)

    def _tag(self, x: float, y: float, text: str, fill: RGB) -> float:
        """A small rounded label; return its right edge."""
        fnt = cv.font(16, bold=True)
        w = cv.text_width(text, fnt) + 12
        cv.rounded_box(self.draw, (x, y - 10, x + w, y + 11), fill, None, 6)
        cv.draw_text(self.draw, (x + w / 2, y), text, fnt, cv.PAPER, anchor="mm")
        return x + w

    def _players(self, box: Box) -> None:
        """Players' cubes and cash, who is due, the active player, scores and winners: the
        figures in right-aligned columns, the name in the room left of them."""
        view = self.view
        y = self._section(box, tr("Players"))
        to_act = {int(s) for s in view.get("to_act") or []}
        winners = {int(s) for s in view.get("winners") or []}
        scores = list(view.get("scores") or [])
        show_scores = view.get("phase") in ("final", "over")
        players = list(view.get("players") or [])
        row_h = min(22.0, (box[3] - y - 4) / max(1, len(players)))
        fnt, bold = cv.font(17), cv.font(17, bold=True)
        columns = ["cubes", "cash"] + (["score"] if show_scores else [])
        rights: list[float] = []
        right = box[2] - 10
        for key in reversed(columns):  # each column as wide as its widest figure
            rights.insert(0, right)
            right -= max((cv.text_width(self._figure(p, scores, key), fnt) for p in players),
                         default=0.0) + 14
        for player in players:
            seat = int(player["seat"])
            cy = y + row_h / 2
            if seat in to_act:
                cv.draw_text(self.draw, (box[0] + 10, cy), "▶", bold, TAG_ACTIVE, anchor="lm")
            elif seat in winners:
                cv.draw_text(self.draw, (box[0] + 9, cy), "★", bold, TAG_WIN, anchor="lm")
            tag = (tr("winner"), TAG_WIN) if seat in winners else (
                (tr("active player"), TAG_ACTIVE)
                if view.get("phase") == "auction" and view.get("active_player") == seat else None)
            name_font = bold if seat in to_act else fnt
            room = right - 8 - (box[0] + 32)
            name = self.names.get(seat, "?")
            if tag and cv.text_width(name, name_font) + 8 + self._tag_width(tag[0]) > room:
                tag = None  # no room: the ★ or ▶ before the name says it
            if tag:
                room -= 8 + self._tag_width(tag[0])
            end = cv.draw_text(self.draw, (box[0] + 32, cy), cv.fit_text(name, name_font, room),
                               name_font, cv.INK, anchor="lm")[2]
            if tag:
                self._tag(end + 8, cy, *tag)
            for key, edge in zip(columns, rights, strict=True):
                cv.draw_text(self.draw, (edge, cy), self._figure(player, scores, key), fnt,
                             cv.INK, anchor="rm")
            y += row_h

    @staticmethod
    def _figure(player: dict[str, Any], scores: list[Any], key: str) -> str:
        """One figure of a player's row: "6 cubes", "$40" or "score 120"."""
        seat = int(player["seat"])
        if key == "cubes":
            return trn("{n} cube", "{n} cubes", int(player.get("cubes", 0)))
        if key == "cash":
            return _money(player.get("cash", 0))
        return tr("score {score}", score=_score(scores[seat])) if seat < len(scores) else ""

    @staticmethod
    def _tag_width(text: str) -> float:
        """Width of a small rounded label (see _tag)."""
        return cv.text_width(text, cv.font(16, bold=True)) + 12

    def _chips(self, x: float, y: float, right: float, ids: list[str]) -> None:
        """Company chips in a row (the active company outlined)."""
        fnt = cv.font(16, bold=True)
        if not ids:
            cv.draw_text(self.draw, (x, y), "—", fnt, cv.MUTED, anchor="lm")
        for cid in ids:
            company = self.companies.get(cid, {})
            label = str(company.get("name", cid))
            w = cv.text_width(label, fnt) + 14
            if x + w > right:
                cv.draw_text(self.draw, (x, y), "…", fnt, cv.INK, anchor="lm")
                return
            fill = cv.colour(company.get("colour"))
            active = self.view.get("active_company") == cid
            cv.rounded_box(self.draw, (x, y - 12, x + w, y + 12), fill, cv.INK,
                           6, 3 if active else 1)
            cv.draw_text(self.draw, (x + w / 2, y), label, fnt, cv.contrast_ink(fill),
                         anchor="mm")
            x += w + 6

    def _middle(self, box: Box) -> None:
        """The auction, the build order and pass rows, and the transcontinental."""
        view = self.view
        phase = view.get("phase")
        y = self._section(box, tr("Auction & build order"))
        fnt, bold = cv.font(17), cv.font(17, bold=True)
        x0, x1 = box[0] + 10, box[2] - 10
        auction = view.get("auction")
        if auction:
            company = self.companies.get(str(auction.get("company")), {})
            bidder = auction.get("high_bidder")
            seats = [int(s) for s in auction.get("in") or []]

            def words(names: dict[int, str]) -> str:
                """The auction in a line, with these names."""
                high = _money(auction.get("high_bid", 0))
                if bidder is not None:
                    high = tr("{amount} by {player}", amount=high, player=names[int(bidder)])
                bidders = _join([names[s] for s in seats])
                return tr("{company}: high bid {bid} · in: {players}",
                          company=company.get("name", "?"), bid=high, players=bidders)

            end = cv.draw_text(self.draw, (x0, y), tr("Auction"), bold, cv.INK)[2]
            # three lines at most: with the order and the transcontinental, the panel is full
            named = seats + [int(bidder)] if bidder is not None else seats
            shown, face = self._named_lines(named, words, x1 - end - 8, 3, 17)
            for line in shown:
                cv.draw_text(self.draw, (end + 8, y), line, face, cv.INK)
                y += 22
            y += 6
        elif phase == "auction":
            cv.draw_text(self.draw, (x0, y), tr("No auction running"), fnt, cv.MUTED)
            y += 28
        rows = [(tr("Order"), view.get("order"))]
        if phase != "auction" or view.get("pass_row"):
            rows.append((tr("Passed"), view.get("pass_row")))
        for label, ids in rows:
            end = cv.draw_text(self.draw, (x0, y + 13), label, bold, cv.INK, anchor="lm")[2]
            self._chips(max(end + 10, x0 + 74), y + 13, x1, [str(i) for i in ids or []])
            y += 31
        trans = view.get("transcontinental")
        if trans:
            builder = self.companies.get(str(trans.get("builder")), {}).get("name", "?")
            others = [self.companies.get(str(c), {}).get("name", "?")
                      for c in trans.get("companies") or []]
            text = tr("Transcontinental by {company} · bonus: {companies}", company=builder,
                      companies=_join(others))
            cv.draw_text(self.draw, (x0, y + 2), cv.fit_text(text, fnt, x1 - x0), fnt, cv.INK)

    def _recent(self, box: Box) -> None:
        """The last few log lines that fit, newest at the bottom."""
        y = self._section(box, tr("Recent"))
        cv.recent_lines(self.draw, box, y, list(self.view.get("recent") or []),
                        per_entry=2, bottom=0)


def render(view: dict[str, Any]) -> bytes:
    """PNG bytes of a Steel Driver public view."""
    return BoardPainter(view).paint()


def clear_caches() -> None:
    """Forget the cached map layouts (and the backgrounds drawn with them)."""
    clear_cache()

