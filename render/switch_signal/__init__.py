"""The Switch & Signal board: header, track map and where the panels go; its text description."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box
from render.core.inset import MapMarks, moved
from render.core.png import to_png
from render.switch_signal.hand import HAND_COLUMNS as HAND_COLUMNS
from render.switch_signal.hand import draw_hand_icon as draw_hand_icon
from render.switch_signal.hand import hand_cards as hand_cards
from render.switch_signal.layout import TRAIN_R, clear_cache, layout_for
from render.switch_signal.map import GOODS_ORDER, TRAINS, MapPainter, path_points
from render.switch_signal.panels import CARD_EDGE, LOST_BG, Panels, node_ids, ordered
from render.switch_signal.results import render_results as render_results
from render.switch_signal.standings import player_numbers as player_numbers
from render.switch_signal.standings import table_line as table_line
from render.switch_signal.words import (
    colour_count,
    cube_word,
    goods_word,
    hand_words,
    phase_word,
    train_words,
    where,
)
from rules.core.lang import tr, trn

GAME = "switch-and-signal"

WIDTH, HEIGHT = 1600, 1100
HEADER_H, PAD, GAP = 72, 12, 10
SIDE_X = 1110  # tall boards: map left of this, panels right of it
WIDE_MAP_BOTTOM = 792  # wide boards: map above this, panels below it
RECENT_MIN = 34 + 2 * 21 + 4  # the log panel is drawn only with room for two lines
RECENT_ROOM = 34 + 4 * 21 + 4  # tall boards: what the log keeps when the agents need room

HEADER_BG: RGB = (35, 39, 46)
WON_BG: RGB = (16, 96, 62)
HEADER_SUB: RGB = (200, 206, 214)
PROMPT: RGB = (255, 216, 102)
PANEL_BG: RGB = (236, 234, 228)


def is_wide(view: dict[str, Any]) -> bool:
    """True for boards wider than tall enough to take the full width (North America)."""
    board = view.get("board") or {}
    return float(board.get("height") or 1000) / float(board.get("width") or 1000) < 0.8


def map_box(view: dict[str, Any]) -> Box:
    """Where the map goes on the canvas."""
    if is_wide(view):
        return (0, HEADER_H, WIDTH, WIDE_MAP_BOTTOM)
    return (0, HEADER_H, SIDE_X, HEIGHT)


class BoardPainter:
    """Lays out and draws the whole Switch & Signal board."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.image = cv.new_canvas(WIDTH, HEIGHT, PANEL_BG)
        self.draw = ImageDraw.Draw(self.image)
        self.panels = Panels(view, self.draw)
        self.names = self.panels.names

    def paint(self) -> bytes:
        """Draw all parts and return PNG bytes."""
        x0, y0, x1, y1 = (int(v) for v in map_box(self.view))
        self.image.paste(MapPainter(self.view, (x1 - x0, y1 - y0)).paint(), (x0, y0))
        self._header()
        panels = self.panels
        if is_wide(self.view):
            top, bottom = WIDE_MAP_BOTTOM + 8, HEIGHT - PAD
            self.draw.line((0, WIDE_MAP_BOTTOM, WIDTH, WIDE_MAP_BOTTOM), fill=CARD_EDGE)
            panels.departures((PAD, top, 370, bottom))
            panels.goods((380, top, 700, bottom))
            # The agents get a panel of their own, tall enough for their whole texts; the
            # players go above the log.
            box = (710.0, top, 1130.0, bottom)
            panels.agents(box, panels.fit_agents(box[2] - box[0], box[3] - box[1]))
            height = 34 + panels.players_height()
            panels.players_panel((1140, top, WIDTH - PAD, top + height))
            if bottom - top - height - GAP >= RECENT_MIN:
                panels.recent((1140, top + height + GAP, WIDTH - PAD, bottom))
        else:
            x, right = SIDE_X + 10, WIDTH - PAD
            self.draw.line((SIDE_X, HEADER_H, SIDE_X, HEIGHT), fill=CARD_EDGE)
            y = HEADER_H + 10
            panels.departures((x, y, right, y + 222))
            y += 222 + GAP
            ports = len(self.view.get("delivered") or {})
            panels.goods((x, y, right, y + 168 + 24 * ports))
            y += 168 + 24 * ports + GAP
            fit = panels.fit_notes(right - x, HEIGHT - PAD - y - GAP - RECENT_ROOM)
            height = panels.people_height(*fit)
            panels.people((x, y, right, y + height), fit)
            panels.recent((x, y + height + GAP, right, HEIGHT - PAD))
        return to_png(self.image)

    # -- header ------------------------------------------------------------------------------
    def _header(self) -> None:
        """Title, board, turn and phase; whose turn it is (or the outcome) and the prompt."""
        view = self.view
        outcome = view.get("outcome")
        bg = {"won": WON_BG, "lost": LOST_BG}.get(str(outcome), HEADER_BG)
        self.draw.rectangle((0, 0, WIDTH, HEADER_H), fill=bg)
        box = cv.draw_text(self.draw, (PAD + 4, 8), str(view.get("title", "Switch & Signal")),
                           cv.font(28, bold=True), cv.PAPER)
        phase = str(view.get("phase", ""))
        status = tr("{board} · Turn {turn} · {phase}",
                    board=(view.get("board") or {}).get("name", ""), turn=view.get("turn", "?"),
                    phase=phase_word(phase) or phase.capitalize())
        cv.draw_text(self.draw, (box[2] + 18, 14), status, cv.font(22), HEADER_SUB)
        bold = cv.font(22, bold=True)
        if outcome:
            right = tr("★ THE PLAYERS WIN") if outcome == "won" else tr("✖ THE PLAYERS LOSE")
            line, ink = tr("Game over: {reason}.", reason=view.get("reason") or outcome), cv.PAPER
        else:
            due = [self.names.get(int(s), "?") for s in view.get("to_act") or []]
            right = tr("▶ To act: {players}", players=", ".join(due) or "—")
            line, ink = str(view.get("prompt") or ""), PROMPT
        cv.draw_text(self.draw, (WIDTH - PAD - 4, 14), cv.fit_text(right, bold, 560), bold,
                     cv.PAPER, anchor="ra")
        fnt = cv.font(19, bold=bool(outcome))
        cv.draw_text(self.draw, (PAD + 4, 44), cv.fit_text(line, fnt, WIDTH - 3 * PAD), fnt, ink)


def render(view: dict[str, Any]) -> bytes:
    """PNG bytes of a Switch & Signal public view."""
    return BoardPainter(view).paint()


def clear_caches() -> None:
    """Forget the cached map layouts (and the static layers drawn with them)."""
    clear_cache()


def focus_box(view: dict[str, Any]) -> tuple[float, float, float, float] | None:
    """The board-pixel box (x0, y0, x1, y1) around what the last move changed, or None:
    the path of the train moving now (and where it stands), else of the last move."""
    move = view.get("motion") or view.get("last_move") or {}
    path = [str(p) for p in move.get("path") or []]
    path += [str(t["at"]) for t in view.get("trains") or []
             if t.get("id") == move.get("train") and t.get("at")]
    x0, y0, x1, y1 = (int(v) for v in map_box(view))
    points = path_points(layout_for(view.get("board") or {}, (x1 - x0, y1 - y0)), path)
    if not points:
        return None
    reach = TRAIN_R + 40  # the train marker on a stop, and the margin round it
    return (max(x0, min(p[0] for p in points) + x0 - reach),
            max(y0, min(p[1] for p in points) + y0 - reach),
            min(x1, max(p[0] for p in points) + x0 + reach),
            min(y1, max(p[1] for p in points) + y0 + reach))


def map_marks(view: dict[str, Any]) -> MapMarks:
    """Where the map's words and its legend lie on the board (for the turn card's zoom)."""
    x0, y0, x1, y1 = (int(v) for v in map_box(view))
    layout = layout_for(view.get("board") or {}, (x1 - x0, y1 - y0))
    with cv.recording() as painted:
        MapPainter(view, (x1 - x0, y1 - y0)).paint()
    return MapMarks(moved(layout.texts + painted, x0, y0), moved([layout.legend], x0, y0))


def text_lines(view: dict[str, Any]) -> list[str]:
    """The same public information as the picture, as plain sentences."""
    board = view.get("board") or {}
    places = {str(n["id"]): str(n.get("name", n["id"])) for n in board.get("nodes") or []}
    names = {int(p["seat"]): str(p.get("name", "?")) for p in view.get("players") or []}
    phase = str(view.get("phase", ""))
    said = phase_word(phase) or phase
    lines = [tr("{title}, {board} board, turn {turn}: {phase}.",
                title=view.get("title", "Switch & Signal"), board=board.get("name", ""),
                turn=view.get("turn", "?"), phase=said[:1].lower() + said[1:])]
    if view.get("outcome"):
        reason = view.get("reason") or view["outcome"]
        lines.append(tr("Game over: the players win ({reason}).", reason=reason)
                     if view["outcome"] == "won"
                     else tr("Game over: the players lose ({reason}).", reason=reason))
    elif view.get("prompt"):
        due = ", ".join(names.get(int(s), "?") for s in view.get("to_act") or [])
        lines.append(tr("To act: {players}. {prompt}", players=due, prompt=view["prompt"]))
    clock = view.get("clock") or {}
    lines.append(tr("Station clock: {n} of {size} time tokens left.", n=clock.get("tokens", 0),
                    size=clock.get("size", 0)))
    dep = view.get("departure") or {}
    text = tr("Departure cards: {n} left ({removed} removed at set-up, {aside} set aside).",
              n=dep.get("deck", 0), removed=dep.get("removed_at_setup", 0),
              aside=dep.get("set_aside", 0))
    lines.append(tr("{text} This is the last card.", text=text) if dep.get("last_card")
                 else text)
    current = dep.get("current")
    if current:
        lines.append(tr("Departure card {card}: {text}.", card=current.get("card"),
                        text=current.get("text", "")))
    elif dep.get("revealed"):
        lines.append(tr("Last departure card revealed: {card}.", card=dep["revealed"][-1]))
    moved = [f"{n['name']} {n['number']}" for n in board.get("nodes") or []
             if n.get("kind") == "start" and n.get("number") != n.get("printed_number")]
    if moved:
        lines.append(tr("Location tokens change start numbers: {spaces}.",
                        spaces=", ".join(moved)))
    order = node_ids(view)
    goods = ", ".join(f"{places.get(c, c)} {n}" for c, n in ordered(view.get("goods"), order))
    lines.append(tr("Goods delivered: {n} of {goal}. Goods cubes waiting: {goods}.",
                    n=view.get("delivered_total", 0), goal=view.get("goods_goal", 8),
                    goods=goods))
    for port, have in ordered(view.get("delivered"), order):
        got = ", ".join(goods_word(c, n) for c, n in ordered(have, GOODS_ORDER) if n) \
            or tr("nothing yet")
        lines.append(tr("Delivered to {port}: {goods}.", port=places.get(port, port), goods=got))
    for t in view.get("trains") or []:
        if t.get("at"):
            lines.append(_train_line(board, places, t))
    depot = ", ".join(colour_count(c, n) for c, n in ordered(view.get("depot"), tuple(TRAINS)))
    lines.append(tr("Trains in the depot: {trains}.", trains=depot))
    switches = board.get("switches") or {}
    lines.append(tr("Switches (junction: open branches): {switches}.", switches="; ".join(
        f"{places.get(j, j)} " + "–".join(sorted(places.get(str(n), str(n))
                                                  for n in s.get("open") or []))
        for j, s in ordered(switches, order))))
    signals = board.get("signals") or []
    greens = ", ".join(str(g.get("name", g["id"])) for g in signals if g.get("green"))
    lines.append(tr("Green lights: {lights}; every other light is red.",
                    lights=greens or tr("none")))
    for a in view.get("agents") or []:
        lines.append(tr("Rail agent {agent}: used. {text}", agent=a.get("name"),
                        text=a.get("text", "")) if a.get("used")
                     else tr("Rail agent {agent}: available. {text}", agent=a.get("name"),
                             text=a.get("text", "")))
    if view.get("dispatcher_active"):
        lines.append(tr("The Dispatcher is at work this turn."))
    for p in view.get("players") or []:
        held = trn("{player}: {n} action card", "{player}: {n} action cards",
                   int(p.get("hand_size", 0)), player=p.get("name"))
        hand = p.get("hand") if p.get("shown") else None
        if isinstance(hand, dict):
            held = tr("{held} (shown: {hand})", held=held, hand=hand_words(hand))
        lines.append(held + ".")
    piles = view.get("action_cards") or {}
    discard = sum(int(n) for n in (piles.get("discard") or {}).values())
    lines.append(tr("Action cards: {n} to draw, {discarded} discarded.",
                    n=piles.get("draw_pile", 0), discarded=discard))
    for now, move in ((True, view.get("motion")), (False, view.get("last_move"))):
        if move:
            path = tr(" to ").join(where(board, str(p)) for p in move.get("path") or [])
            train, die = train_words(move.get("train")), move.get("die")
            lines.append(tr("Moving now: {train} rolled {die}: {path}.", train=train, die=die,
                            path=path) if now
                         else tr("Last move: {train} rolled {die}: {path}.", train=train,
                                 die=die, path=path))
    lines += [tr("Recent: {line}", line=line) for line in view.get("recent") or []]
    return lines


def _train_line(board: dict[str, Any], places: dict[str, str], t: dict[str, Any]) -> str:
    """"Black train 1 at Paris, heading for Lyon, carrying a red cube."."""
    name = train_words(t.get("id"))
    name = name[:1].upper() + name[1:]
    text = tr("{train} at {place}", train=name, place=where(board, t.get("at")))
    if t.get("heading"):
        text = tr("{text}, heading for {city}", text=text,
                  city=places.get(t["heading"], t["heading"]))
    if t.get("cargo"):
        return tr("{text}, carrying a {cube}.", text=text, cube=cube_word(t["cargo"]))
    return text + "."
