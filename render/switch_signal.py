"""The Switch & Signal board: header, track map, clock and departures, goods, agents, players."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render import canvas as cv
from render.canvas import RGB, Box
from render.switch_signal_map import GOODS_ORDER, TRAINS, MapPainter

WIDTH, HEIGHT = 1600, 1100
HEADER_H, PAD, GAP = 72, 12, 10
SIDE_X = 1110  # tall boards: map left of this, panels right of it
WIDE_MAP_BOTTOM = 792  # wide boards: map above this, panels below it

HEADER_BG: RGB = (35, 39, 46)
WON_BG: RGB = (16, 96, 62)
LOST_BG: RGB = (128, 30, 30)
HEADER_SUB: RGB = (200, 206, 214)
PROMPT: RGB = (255, 216, 102)
PANEL_BG: RGB = (236, 234, 228)
CARD_BG: RGB = (253, 253, 251)
CARD_EDGE: RGB = (176, 176, 170)
TAG_ACTIVE: RGB = (230, 120, 20)
TAG_OK: RGB = (0, 140, 90)
TOKEN: RGB = (226, 170, 20)
PHASES = {"arrange": "Arranging the board", "reveal": "Reveal a departure card",
          "depart": "Departures", "actions": "Action cards", "over": "Game over"}
HAND_KINDS = ("signal", "switch", "move")


def _count(n: object, word: str) -> str:
    """"1 card", "2 cards"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def ordered(mapping: Any, order: list[str] | tuple[str, ...]) -> list[tuple[str, Any]]:
    """A dict's items in a fixed order (stored states may come back with their keys sorted)."""
    rank = {key: i for i, key in enumerate(order)}
    items = [(str(k), v) for k, v in (mapping or {}).items()]
    return sorted(items, key=lambda kv: (rank.get(kv[0], len(rank)), kv[0]))


def _nodes(view: dict[str, Any]) -> list[str]:
    """Node ids in board order."""
    return [str(n["id"]) for n in (view.get("board") or {}).get("nodes") or []]


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
        self.names = {int(p["seat"]): str(p.get("name", "?")) for p in view.get("players") or []}
        self.places = {str(n["id"]): str(n.get("name", n["id"]))
                       for n in (view.get("board") or {}).get("nodes") or []}

    def paint(self) -> bytes:
        """Draw all parts and return PNG bytes."""
        x0, y0, x1, y1 = (int(v) for v in map_box(self.view))
        self.image.paste(MapPainter(self.view, (x1 - x0, y1 - y0)).paint(), (x0, y0))
        self._header()
        if is_wide(self.view):
            top, bottom = WIDE_MAP_BOTTOM + 8, HEIGHT - PAD
            self.draw.line((0, WIDE_MAP_BOTTOM, WIDTH, WIDE_MAP_BOTTOM), fill=CARD_EDGE)
            self._departures((PAD, top, 370, bottom))
            self._goods((380, top, 700, bottom))
            box = (710.0, top, 1130.0, bottom)
            self._people(box, self._fit_notes(box[2] - box[0], box[3] - box[1]))
            self._recent((1140, top, WIDTH - PAD, bottom))
        else:
            x, right = SIDE_X + 10, WIDTH - PAD
            self.draw.line((SIDE_X, HEADER_H, SIDE_X, HEIGHT), fill=CARD_EDGE)
            y = HEADER_H + 10
            self._departures((x, y, right, y + 222))
            y += 222 + GAP
            ports = len(self.view.get("delivered") or {})
            self._goods((x, y, right, y + 168 + 24 * ports))
            y += 168 + 24 * ports + GAP
            fit = self._fit_notes(right - x, HEIGHT - PAD - y - GAP - 230)
            height = self._people_height(*fit)
            self._people((x, y, right, y + height), fit)
            self._recent((x, y + height + GAP, right, HEIGHT - PAD))
        return cv.to_png(self.image)

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
        status = f"{(view.get('board') or {}).get('name', '')} · Turn {view.get('turn', '?')} · "
        cv.draw_text(self.draw, (box[2] + 18, 14), status + PHASES.get(phase, phase.capitalize()),
                     cv.font(22), HEADER_SUB)
        bold = cv.font(22, bold=True)
        if outcome:
            right = "★ THE PLAYERS WIN" if outcome == "won" else "✖ THE PLAYERS LOSE"
            line, ink = f"Game over: {view.get('reason') or outcome}.", cv.PAPER
        else:
            due = [self.names.get(int(s), "?") for s in view.get("to_act") or []]
            right = "▶ To act: " + (", ".join(due) or "—")
            line, ink = str(view.get("prompt") or ""), PROMPT
        cv.draw_text(self.draw, (WIDTH - PAD - 4, 14), cv.fit_text(right, bold, 560), bold,
                     cv.PAPER, anchor="ra")
        fnt = cv.font(19, bold=bool(outcome))
        cv.draw_text(self.draw, (PAD + 4, 44), cv.fit_text(line, fnt, WIDTH - 3 * PAD), fnt, ink)

    # -- panel helpers -----------------------------------------------------------------------
    def _section(self, box: Box, title: str) -> float:
        """A rounded panel with a heading; return the y where content starts."""
        cv.rounded_box(self.draw, box, CARD_BG, CARD_EDGE, 10)
        cv.draw_text(self.draw, (box[0] + 10, box[1] + 7), title, cv.font(18, bold=True), cv.INK)
        return box[1] + 34

    def _tag(self, x: float, y: float, text: str, fill: RGB, anchor: str = "l") -> float:
        """A small rounded label centred on y; return its far edge."""
        fnt = cv.font(16, bold=True)
        w = cv.text_width(text, fnt) + 12
        x = x - w if anchor == "r" else x
        cv.rounded_box(self.draw, (x, y - 11, x + w, y + 11), fill, None, 6)
        cv.draw_text(self.draw, (x + w / 2, y), text, fnt, cv.contrast_ink(fill), anchor="mm")
        return x if anchor == "r" else x + w

    def _chip(self, x: float, y: float, colour: str) -> float:
        """A train-colour chip ("any" on white); return its right edge."""
        fnt = cv.font(16, bold=True)
        w = cv.text_width(colour, fnt) + 14
        fill = TRAINS.get(colour, cv.PAPER)
        cv.rounded_box(self.draw, (x, y - 11, x + w, y + 11), fill, cv.INK, 6)
        cv.draw_text(self.draw, (x + w / 2, y), colour, fnt, cv.contrast_ink(fill), anchor="mm")
        return x + w + 5

    def _line(self, x: float, y: float, right: float, text: str, bold: bool = False,
              ink: RGB = cv.INK) -> float:
        """One fitted line of 17 px text; return the next line's y."""
        fnt = cv.font(17, bold)
        cv.draw_text(self.draw, (x, y), cv.fit_text(text, fnt, right - x), fnt, ink)
        return y + 23

    # -- panels ------------------------------------------------------------------------------
    def _departures(self, box: Box) -> None:
        """The station clock, the departure deck, the current card and the last move."""
        view = self.view
        x0, _, x1, _ = box
        y = self._section(box, "Station clock")
        clock = view.get("clock") or {}
        tokens, size = int(clock.get("tokens", 0)), int(clock.get("size", 0))
        for i in range(size):
            c = (x0 + 22 + i * 27, y + 11)
            fill = TOKEN if i < tokens else CARD_BG
            self.draw.ellipse((c[0] - 11, c[1] - 11, c[0] + 11, c[1] + 11), fill=fill,
                              outline=cv.INK if i < tokens else CARD_EDGE, width=2)
        cv.draw_text(self.draw, (x1 - 10, y + 11), f"{tokens}/{size} left", cv.font(17, True),
                     cv.INK, anchor="rm")
        y += 30
        dep = view.get("departure") or {}
        y = self._line(x0 + 10, y, x1 - 10, f"Departure cards: {dep.get('deck', 0)} left", True)
        if dep.get("last_card") and not view.get("outcome"):
            self._tag(x1 - 10, y - 12, "LAST CARD", LOST_BG, "r")
        y = self._line(x0 + 10, y, x1 - 10, f"{dep.get('removed_at_setup', 0)} removed"
                       f" · {dep.get('set_aside', 0)} set aside · "
                       f"{len(dep.get('revealed') or [])} revealed", ink=cv.MUTED)
        current = dep.get("current")
        revealed = list(dep.get("revealed") or [])
        if not current:
            last = f"Last card: {revealed[-1]}" if revealed else "No card revealed yet"
            self._move_line(self._line(x0 + 10, y + 2, x1 - 10, last) + 4, box)
            return
        y += 2
        cv.draw_text(self.draw, (x0 + 10, y), f"Card {current.get('card')}", cv.font(17, True),
                     cv.INK)
        x = x0 + 90
        for word, colours in (("deploy", current.get("deploy")), ("move", current.get("moves"))):
            if colours:
                x = cv.draw_text(self.draw, (x, y), word, cv.font(17), cv.INK)[2] + 5
                for colour in colours:
                    x = self._chip(x, y + 11, "any" if colour == "any" else str(colour))
                x += 6
        y += 27
        state = []
        if current.get("deploys_left"):
            state.append(f"{_count(current['deploys_left'], 'deploy')} left")
        if current.get("moving_colour"):
            state.append(f"moving {current['moving_colour']}")
        if current.get("moves_left"):
            state.append("then " + ", ".join(str(c) for c in current["moves_left"]))
        if current.get("halted"):
            state.append("halted: " + ", ".join(str(c) for c in current["halted"]))
        if state:
            y = self._line(x0 + 10, y, x1 - 10, " · ".join(state), ink=cv.MUTED)
        self._move_line(y, box)

    def _move_line(self, y: float, box: Box) -> None:
        """The last (or current) movement, in the map's highlight colour."""
        motion, last = self.view.get("motion"), self.view.get("last_move")
        if motion:
            text = (f"Moving {motion.get('train')}: rolled {motion.get('die')}, "
                    f"{motion.get('points_left')} left")
        elif last:
            text = f"Last move: {last.get('train')} rolled {last.get('die')} (pink)"
        else:
            return
        self._line(box[0] + 10, y, box[2] - 10, text, True, (196, 40, 130))

    def _goods(self, box: Box) -> None:
        """Goods delivered against the goal, cubes left per city, ports and the depot."""
        view = self.view
        x0, _, x1, _ = box
        y = self._section(box, "Goods")
        done, goal = int(view.get("delivered_total", 0)), int(view.get("goods_goal", 8)) or 1
        label = f"{done}/{goal} delivered"
        end = cv.draw_text(self.draw, (x1 - 10, y), label, cv.font(17, True), cv.INK,
                           anchor="ra")[0]
        bar = (x0 + 10, y + 4, end - 12, y + 18)
        cv.rounded_box(self.draw, bar, (224, 224, 218), CARD_EDGE, 6)
        if done:
            fill = bar[0] + (bar[2] - bar[0]) * min(1.0, done / goal)
            cv.rounded_box(self.draw, (bar[0], bar[1], fill, bar[3]), TAG_OK, None, 6)
        y += 28
        fnt = cv.font(17)
        cities = [(c, int(n)) for c, n in ordered(view.get("goods"), _nodes(view))]
        colours = {str(n["id"]): n.get("goods_colour") for n in
                   (view.get("board") or {}).get("nodes") or []}
        half = (x1 - x0 - 20) / 2
        for i, (city, n) in enumerate(cities):
            x, cy = x0 + 10 + (i % 2) * half, y + (i // 2) * 24
            cv.swatch(self.draw, (x + 7, cy + 11), 14, cv.colour(colours.get(city)), cv.INK)
            text = f"{self.places.get(city, city)} {n}"
            cv.draw_text(self.draw, (x + 20, cy), cv.fit_text(text, fnt, half - 26), fnt, cv.INK)
        y += 24 * ((len(cities) + 1) // 2) + 2
        for port, have in ordered(view.get("delivered"), _nodes(view)):
            x = cv.draw_text(self.draw, (x0 + 10, y), self.places.get(str(port), str(port)),
                             cv.font(17, True), cv.INK)[2] + 10
            for colour in GOODS_ORDER:
                cv.swatch(self.draw, (x + 7, y + 11), 14, cv.colour(colour), cv.INK)
                x = cv.draw_text(self.draw, (x + 17, y), str(have.get(colour, 0)), fnt,
                                 cv.INK)[2] + 10
            y += 24
        x = cv.draw_text(self.draw, (x0 + 10, y), "Trains in depot", cv.font(17, True),
                         cv.INK)[2] + 10
        for colour, n in ordered(view.get("depot"), tuple(TRAINS)):
            cv.rounded_box(self.draw, (x, y + 2, x + 18, y + 20),
                           TRAINS.get(colour, cv.colour(colour)), cv.INK, 4)
            x = cv.draw_text(self.draw, (x + 22, y), str(n), fnt, cv.INK)[2] + 12

    def _agent_notes(self, width: float, most: int) -> list[list[str]]:
        """Each agent's rules text wrapped to at most `most` lines (none for used agents)."""
        fnt = cv.font(16)
        return [[] if a.get("used") or not most else
                cv.wrap_text(str(a.get("text", "")), fnt, width - 30, max_lines=most)
                for a in self.view.get("agents") or []]

    def _people_height(self, notes: list[list[str]], inline: bool = False) -> float:
        """Height of the agents-and-players panel with these agent notes."""
        players = list(self.view.get("players") or [])
        shown = 0 if inline else sum(1 for p in players if p.get("shown"))
        return (34 + 25 * len(notes) + 20 * sum(len(n) for n in notes) + 10
                + 25 * bool(self.view.get("dispatcher_active")) + 25 * len(players)
                + 22 * shown + 33)

    def _fit_notes(self, width: float, height: float) -> tuple[list[list[str]], bool]:
        """The longest agent notes that fit `height`; shown hands go inline if still too tall."""
        for most in (2, 1, 0):
            notes = self._agent_notes(width, most)
            if self._people_height(notes) <= height:
                return notes, False
        return notes, True

    def _people(self, box: Box, fit: tuple[list[list[str]], bool]) -> None:
        """Rail agents (used or still available), then each player's hand."""
        view = self.view
        x0, _, x1, _ = box
        y = self._section(box, "Rail agents")
        notes, inline = fit
        for agent, lines in zip(view.get("agents") or [], notes, strict=False):
            used = bool(agent.get("used"))
            ink = cv.MUTED if used else cv.INK
            end = cv.draw_text(self.draw, (x0 + 10, y), str(agent.get("name", "?")),
                               cv.font(17, True), ink)[2]
            self._tag(x1 - 10, y + 11, "used" if used else "available",
                      (190, 190, 186) if used else TAG_OK, "r")
            if used:
                self.draw.line((x0 + 10, y + 11, end, y + 11), fill=ink, width=2)
            y += 25
            for line in lines:
                cv.draw_text(self.draw, (x0 + 20, y - 2), line, cv.font(16), cv.MUTED)
                y += 20
        if view.get("dispatcher_active"):
            self._tag(x0 + 10, y + 11, "Dispatcher at work this turn", TAG_ACTIVE)
            y += 25
        self.draw.line((x0 + 10, y + 4, x1 - 10, y + 4), fill=CARD_EDGE)
        self._players(x0, y + 10, x1, inline)

    def _players(self, x0: float, y: float, x1: float, inline: bool) -> float:
        """Each player's hand size (and hand, if shown), who acts, the action card piles."""
        view = self.view
        due = {int(s) for s in view.get("to_act") or []}
        active = view.get("active_player")
        bold, fnt = cv.font(17, True), cv.font(17)
        for p in view.get("players") or []:
            seat = int(p["seat"])
            if seat in due:
                cv.draw_text(self.draw, (x0 + 10, y), "▶", bold, TAG_ACTIVE)
            hand = p.get("hand") if p.get("shown") else None
            shows = ", ".join(f"{hand.get(k, 0)} {k}" for k in HAND_KINDS) \
                if isinstance(hand, dict) else ""
            right = shows if inline and shows else _count(p.get("hand_size", 0), "card")
            left = cv.draw_text(self.draw, (x1 - 10, y), right, fnt, (40, 90, 160) if
                                inline and shows else cv.INK, anchor="ra")[0]
            name = cv.fit_text(self.names.get(seat, "?"), bold, min((x1 - x0) / 2, left - x0 - 40))
            end = cv.draw_text(self.draw, (x0 + 30, y), name, bold if seat == active else fnt,
                               cv.INK)[2]
            if seat == active and seat not in due and end + 70 < left:
                self._tag(end + 8, y + 11, "active", TAG_ACTIVE)
            y += 25
            if shows and not inline:
                cv.draw_text(self.draw, (x0 + 30, y - 3), cv.fit_text("shows " + shows, fnt,
                             x1 - x0 - 40), fnt, (40, 90, 160))
                y += 22
        piles = view.get("action_cards") or {}
        discard = sum(int(n) for n in (piles.get("discard") or {}).values())
        return self._line(x0 + 10, y + 2, x1 - 10, f"Action cards: {piles.get('draw_pile', 0)} "
                          f"to draw · {discard} discarded", ink=cv.MUTED)

    def _recent(self, box: Box) -> None:
        """The last log lines that fit, newest at the bottom."""
        y = self._section(box, "Recent")
        fnt = cv.font(16)
        room = int((box[3] - y - 4) // 21)
        shown: list[str] = []
        for entry in reversed(self.view.get("recent") or []):
            lines = cv.wrap_text(str(entry), fnt, box[2] - box[0] - 20, max_lines=3)
            if len(shown) + len(lines) > room:
                break
            shown = lines + shown
        for line in shown:
            cv.draw_text(self.draw, (box[0] + 10, y), line, fnt, cv.INK)
            y += 21


def render(view: dict[str, Any]) -> bytes:
    """PNG bytes of a Switch & Signal public view."""
    return BoardPainter(view).paint()


def _where(board: dict[str, Any], at: str | None) -> str:
    """Readable name of a node or track space id ("Paris-Dijon track, space 2 of 3")."""
    places = {str(n["id"]): str(n.get("name", n["id"])) for n in board.get("nodes") or []}
    seg, _, index = str(at or "").partition(":")
    for s in board.get("segments") or []:
        if s.get("id") == seg and index:
            a, b = places.get(s["a"], s["a"]), places.get(s["b"], s["b"])
            return f"{a}-{b} track, space {index} of {len(s.get('spaces') or [])}"
    return places.get(seg, seg) if at else "the depot"


def text_lines(view: dict[str, Any]) -> list[str]:
    """The same public information as the picture, as plain sentences."""
    board = view.get("board") or {}
    places = {str(n["id"]): str(n.get("name", n["id"])) for n in board.get("nodes") or []}
    names = {int(p["seat"]): str(p.get("name", "?")) for p in view.get("players") or []}
    phase = str(view.get("phase", ""))
    lines = [f"{view.get('title', 'Switch & Signal')}, {board.get('name', '')} board, turn "
             f"{view.get('turn', '?')}: {PHASES.get(phase, phase).lower()}."]
    if view.get("outcome"):
        verdict = "win" if view["outcome"] == "won" else "lose"
        lines.append(f"Game over: the players {verdict} ({view.get('reason') or view['outcome']}).")
    elif view.get("prompt"):
        due = ", ".join(names.get(int(s), "?") for s in view.get("to_act") or [])
        lines.append(f"To act: {due}. {view['prompt']}")
    clock = view.get("clock") or {}
    lines.append(f"Station clock: {clock.get('tokens', 0)} of {clock.get('size', 0)} time tokens "
                 "left.")
    dep = view.get("departure") or {}
    text = (f"Departure cards: {dep.get('deck', 0)} left ({dep.get('removed_at_setup', 0)} "
            f"removed at set-up, {dep.get('set_aside', 0)} set aside).")
    lines.append(text + (" This is the last card." if dep.get("last_card") else ""))
    current = dep.get("current")
    if current:
        lines.append(f"Departure card {current.get('card')}: {current.get('text', '')}.")
    elif dep.get("revealed"):
        lines.append(f"Last departure card revealed: {dep['revealed'][-1]}.")
    moved = [f"{n['name']} {n['number']}" for n in board.get("nodes") or []
             if n.get("kind") == "start" and n.get("number") != n.get("printed_number")]
    if moved:
        lines.append("Location tokens change start numbers: " + ", ".join(moved) + ".")
    order = _nodes(view)
    goods = ", ".join(f"{places.get(c, c)} {n}" for c, n in ordered(view.get("goods"), order))
    lines.append(f"Goods delivered: {view.get('delivered_total', 0)} of "
                 f"{view.get('goods_goal', 8)}. Goods cubes waiting: {goods}.")
    for port, have in ordered(view.get("delivered"), order):
        got = ", ".join(f"{n} {c}" for c, n in ordered(have, GOODS_ORDER) if n) or "nothing yet"
        lines.append(f"Delivered to {places.get(port, port)}: {got}.")
    for t in view.get("trains") or []:
        if t.get("at"):
            text = f"Train {t.get('id')} at {_where(board, t.get('at'))}"
            if t.get("heading"):
                text += f", heading for {places.get(t['heading'], t['heading'])}"
            lines.append(text + (f", carrying a {t['cargo']} cube." if t.get("cargo") else "."))
    depot = ", ".join(f"{n} {c}" for c, n in ordered(view.get("depot"), tuple(TRAINS)))
    lines.append(f"Trains in the depot: {depot}.")
    switches = board.get("switches") or {}
    lines.append("Switches (junction: open branches): " + "; ".join(
        f"{places.get(j, j)} {s.get('label', '')}" for j, s in ordered(switches, order)) + ".")
    signals = board.get("signals") or []
    lines.append("Green lights: " + (", ".join(str(g["id"]) for g in signals if g.get("green"))
                                     or "none") + "; every other signal spot is red.")
    for a in view.get("agents") or []:
        state = "used" if a.get("used") else "available"
        lines.append(f"Rail agent {a.get('name')}: {state}. {a.get('text', '')}")
    if view.get("dispatcher_active"):
        lines.append("The Dispatcher is at work this turn.")
    for p in view.get("players") or []:
        text = f"{p.get('name')}: {_count(p.get('hand_size', 0), 'action card')}"
        hand = p.get("hand") if p.get("shown") else None
        if isinstance(hand, dict):
            text += " (shown: " + ", ".join(f"{hand.get(k, 0)} {k}" for k in HAND_KINDS) + ")"
        lines.append(text + ".")
    piles = view.get("action_cards") or {}
    discard = sum(int(n) for n in (piles.get("discard") or {}).values())
    lines.append(f"Action cards: {piles.get('draw_pile', 0)} to draw, {discard} discarded.")
    for label, move in (("Moving now", view.get("motion")), ("Last move", view.get("last_move"))):
        if move:
            path = " to ".join(_where(board, str(p)) for p in move.get("path") or [])
            lines.append(f"{label}: {move.get('train')} rolled {move.get('die')}: {path}.")
    lines += [f"Recent: {line}" for line in view.get("recent") or []]
    return lines
