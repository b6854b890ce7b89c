"""The Switch & Signal board's panels: station clock and departures, goods, agents and players, log.

Each panel draws into a box it is given; `render.switch_signal` chooses the boxes and draws the
header and the map.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box
from render.switch_signal.map import GOODS_ORDER, TRAINS, dashed_path
from render.switch_signal.words import HAND_KINDS as HAND_KINDS
from render.switch_signal.words import cards_held, colour_word, hand_words
from render.switch_signal.words import train_words as train_words
from rules.core.lang import language, tr, trn

LOST_BG: RGB = (128, 30, 30)  # also the header's when the players lose
CARD_BG = cv.CARD_BG
CARD_EDGE = cv.CARD_EDGE
TAG_ACTIVE: RGB = (230, 120, 20)
TAG_OK: RGB = (0, 140, 90)
TOKEN: RGB = (226, 170, 20)
MOTION_INK: RGB = (0, 100, 150)  # the move under way: a darker tone of the map's blue path


def short_agent(agent: str) -> str | None:
    """Each agent's power in a line, for a panel without room for the rulebook's sentences
    (the whole text is under `/game explain`); an agent not listed keeps its whole text."""
    return {
        "logistician": tr("Roll one movement die again; the new roll counts."),
        "dispatcher": tr("This turn, trains may pass goods cities with green lights."),
        "conductor": tr("Trains of one colour on the revealed card do not move."),
        "track-guard": tr("Put the revealed card under the deck; resolve the next."),
        "section-chief": tr("One train of a colour on the card does not move."),
    }.get(agent)


AGENT_IDS = ("logistician", "dispatcher", "conductor", "track-guard", "section-chief")
SHORT_AGENTS = {a: str(short_agent(a)) for a in AGENT_IDS}  # in English, said at import


def ordered(mapping: Any, order: list[str] | tuple[str, ...]) -> list[tuple[str, Any]]:
    """A dict's items in a fixed order (stored states may come back with their keys sorted)."""
    rank = {key: i for i, key in enumerate(order)}
    items = [(str(k), v) for k, v in (mapping or {}).items()]
    return sorted(items, key=lambda kv: (rank.get(kv[0], len(rank)), kv[0]))


def node_ids(view: dict[str, Any]) -> list[str]:
    """Node ids in board order."""
    return [str(n["id"]) for n in (view.get("board") or {}).get("nodes") or []]


class Panels:
    """Draws the Switch & Signal panels of one view onto the board's canvas."""

    def __init__(self, view: dict[str, Any], draw: ImageDraw.ImageDraw) -> None:
        self.view = view
        self.draw = draw
        self.names = {int(p["seat"]): str(p.get("name", "?")) for p in view.get("players") or []}
        self.places = {str(n["id"]): str(n.get("name", n["id"]))
                       for n in (view.get("board") or {}).get("nodes") or []}

    # -- panel helpers -----------------------------------------------------------------------
    def _section(self, box: Box, title: str) -> float:
        """A rounded panel with a heading; return the y where content starts."""
        return cv.section(self.draw, box, title)

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
        said = colour_word(colour)
        w = cv.text_width(said, fnt) + 14
        fill = TRAINS.get(colour, cv.PAPER)
        cv.rounded_box(self.draw, (x, y - 11, x + w, y + 11), fill, cv.INK, 6)
        cv.draw_text(self.draw, (x + w / 2, y), said, fnt, cv.contrast_ink(fill), anchor="mm")
        return x + w + 5

    def _line(self, x: float, y: float, right: float, text: str, bold: bool = False,
              ink: RGB = cv.INK) -> float:
        """One fitted line of 17 px text; return the next line's y."""
        fnt = cv.font(17, bold)
        cv.draw_text(self.draw, (x, y), cv.fit_text(text, fnt, right - x), fnt, ink)
        return y + 23

    # -- panels ------------------------------------------------------------------------------
    def departures(self, box: Box) -> None:
        """The station clock, the departure deck, the current card and the last move."""
        view = self.view
        x0, _, x1, _ = box
        y = self._section(box, tr("Station clock"))
        clock = view.get("clock") or {}
        tokens, size = int(clock.get("tokens", 0)), int(clock.get("size", 0))
        for i in range(size):
            c = (x0 + 22 + i * 27, y + 11)
            fill = TOKEN if i < tokens else CARD_BG
            self.draw.ellipse((c[0] - 11, c[1] - 11, c[0] + 11, c[1] + 11), fill=fill,
                              outline=cv.INK if i < tokens else CARD_EDGE, width=2)
        cv.draw_text(self.draw, (x1 - 10, y + 11), tr("{n}/{size} left", n=tokens, size=size),
                     cv.font(17, True), cv.INK, anchor="rm")
        y += 30
        dep = view.get("departure") or {}
        y = self._line(x0 + 10, y, x1 - 10, tr("Departure cards: {n} left", n=dep.get("deck", 0)),
                       True)
        if dep.get("last_card") and not view.get("outcome"):
            self._tag(x1 - 10, y - 12, tr("LAST CARD"), LOST_BG, "r")
        y = self._line(x0 + 10, y, x1 - 10, tr("{removed} removed · {aside} set aside · {n} "
                                               "revealed", removed=dep.get("removed_at_setup", 0),
                                               aside=dep.get("set_aside", 0),
                                               n=len(dep.get("revealed") or [])), ink=cv.MUTED)
        current = dep.get("current")
        revealed = list(dep.get("revealed") or [])
        if not current:
            last = tr("Last card: {card}", card=revealed[-1]) if revealed \
                else tr("No card revealed yet")
            self._move_line(self._line(x0 + 10, y + 2, x1 - 10, last) + 4, box)
            return
        y += 2
        card_end = cv.draw_text(self.draw, (x0 + 10, y), tr("Card {card}",
                                card=current.get("card")), cv.font(17, True), cv.INK)[2]
        # A longer word for "Card" pushes the icons on (English pictures are kept as they were
        # drawn: there "Card start" still runs under its first icon).
        start = x0 + 90 if language() == "en" else max(x0 + 90, card_end + 8)
        x = start
        bold = cv.font(16, bold=True)
        for word, colours in ((tr("deploy"), current.get("deploy")),
                              (tr("move"), current.get("moves"))):
            if colours:
                wide = cv.text_width(word, cv.font(17)) + 5 + sum(
                    cv.text_width(colour_word(str(c)), bold) + 19 for c in colours)
                if x > start and x + wide > x1 - 6:  # no room left: the next line
                    x, y = start, y + 27
                x = cv.draw_text(self.draw, (x, y), word, cv.font(17), cv.INK)[2] + 5
                for colour in colours:
                    chip = cv.text_width(colour_word(str(colour)), bold) + 14
                    # Past the panel's edge: the next line. (English pictures are kept as
                    # they were drawn, where a long card may still run past the edge.)
                    if x + chip > x1 - 6 and x > start and language() != "en":
                        x, y = start, y + 27
                    x = self._chip(x, y + 11, "any" if colour == "any" else str(colour))
                x += 6
        y += 27
        state = []
        if current.get("deploys_left"):
            state.append(trn("{n} deploy left", "{n} deploys left",
                             int(current["deploys_left"])))
        if current.get("moving_colour"):
            state.append(tr("moving {colour}", colour=colour_word(current["moving_colour"])))
        if current.get("moves_left"):
            state.append(tr("then {colours}", colours=", ".join(
                colour_word(str(c)) for c in current["moves_left"])))
        if current.get("halted"):
            state.append(tr("halted: {colours}", colours=", ".join(
                colour_word(str(c)) for c in current["halted"])))
        if state:
            y = self._line(x0 + 10, y, x1 - 10, " · ".join(state), ink=cv.MUTED)
        self._move_line(y, box)

    def _move_line(self, y: float, box: Box) -> None:
        """The current movement (in the blue of its path), else the last one after a sample of
        its dashed mark on the map."""
        motion, last = self.view.get("motion"), self.view.get("last_move")
        x, ink = box[0] + 10, cv.INK
        if motion:
            text = tr("Moving {train}: rolled {die}, {n} left", train=train_words(
                motion.get("train")), die=motion.get("die"), n=motion.get("points_left"))
            ink = MOTION_INK
        elif last:
            dashed_path(self.draw, [(x + 4, y + 11), (x + 26, y + 11)], 6, 7.0)
            x += 38
            text = tr("Last move: {train} rolled\u00a0{die}", train=train_words(last.get("train")),
                      die=last.get("die"))
        else:
            return
        for line in cv.wrap_text(text, cv.font(17, True), box[2] - 10 - x, max_lines=2):
            y = self._line(x, y, box[2] - 10, line, True, ink)

    def goods(self, box: Box) -> None:
        """Goods delivered against the goal, cubes left per city, ports and the depot."""
        view = self.view
        x0, _, x1, _ = box
        y = self._section(box, tr("Goods"))
        done, goal = int(view.get("delivered_total", 0)), int(view.get("goods_goal", 8)) or 1
        label = tr("{n}/{goal} delivered", n=done, goal=goal)
        end = cv.draw_text(self.draw, (x1 - 10, y), label, cv.font(17, True), cv.INK,
                           anchor="ra")[0]
        bar = (x0 + 10, y + 4, end - 12, y + 18)
        cv.rounded_box(self.draw, bar, (224, 224, 218), CARD_EDGE, 6)
        if done:
            fill = bar[0] + (bar[2] - bar[0]) * min(1.0, done / goal)
            cv.rounded_box(self.draw, (bar[0], bar[1], fill, bar[3]), TAG_OK, None, 6)
        y += 28
        fnt = cv.font(17)
        cities = [(c, int(n)) for c, n in ordered(view.get("goods"), node_ids(view))]
        colours = {str(n["id"]): n.get("goods_colour") for n in
                   (view.get("board") or {}).get("nodes") or []}
        half = (x1 - x0 - 20) / 2
        for i, (city, n) in enumerate(cities):
            x, cy = x0 + 10 + (i % 2) * half, y + (i // 2) * 24
            cv.swatch(self.draw, (x + 7, cy + 11), 14, cv.colour(colours.get(city)), cv.INK)
            text = tr("{city} {n}", city=self.places.get(city, city), n=n)
            cv.draw_text(self.draw, (x + 20, cy), cv.fit_text(text, fnt, half - 26), fnt, cv.INK)
        y += 24 * ((len(cities) + 1) // 2) + 2
        for port, have in ordered(view.get("delivered"), node_ids(view)):
            x = cv.draw_text(self.draw, (x0 + 10, y), self.places.get(str(port), str(port)),
                             cv.font(17, True), cv.INK)[2] + 10
            for colour in GOODS_ORDER:
                cv.swatch(self.draw, (x + 7, y + 11), 14, cv.colour(colour), cv.INK)
                x = cv.draw_text(self.draw, (x + 17, y), str(have.get(colour, 0)), fnt,
                                 cv.INK)[2] + 10
            y += 24
        x = cv.draw_text(self.draw, (x0 + 10, y), tr("Trains in depot"), cv.font(17, True),
                         cv.INK)[2] + 10
        for colour, n in ordered(view.get("depot"), tuple(TRAINS)):
            cv.rounded_box(self.draw, (x, y + 2, x + 18, y + 20),
                           TRAINS.get(colour, cv.colour(colour)), cv.INK, 4)
            x = cv.draw_text(self.draw, (x + 22, y), str(n), fnt, cv.INK)[2] + 12

    def _agent_notes(self, width: float, short: bool) -> list[list[str]]:
        """Each available agent's power wrapped whole to the panel (the rulebook's words, or
        with `short` a line of them); none for used agents."""
        fnt = cv.font(16)
        notes = []
        for a in self.view.get("agents") or []:
            text = str(a.get("text", ""))
            text = (short_agent(str(a.get("id"))) or text) if short else text
            notes.append([] if a.get("used") else cv.wrap_text(text, fnt, width - 30, 99))
        return notes

    def agents_height(self, notes: list[list[str]]) -> float:
        """Height of the rail agents with these notes, heading included."""
        return (34 + 25 * len(notes) + 20 * sum(len(n) for n in notes)
                + 25 * bool(self.view.get("dispatcher_active")))

    def players_height(self, inline: bool = False) -> float:
        """Height of the player rows and the action card piles under them."""
        players = list(self.view.get("players") or [])
        shown = 0 if inline else sum(1 for p in players if p.get("shown"))
        return 25 * len(players) + 22 * shown + 33

    def people_height(self, notes: list[list[str]], inline: bool = False) -> float:
        """Height of the agents-and-players panel with these agent notes."""
        return self.agents_height(notes) + 10 + self.players_height(inline)

    def fit_notes(self, width: float, height: float) -> tuple[list[list[str]], bool]:
        """The agents' whole texts if the panel fits `height`, else their short ones; shown
        hands go inline if still too tall. Never a sentence cut short."""
        for short, inline in ((False, False), (True, False), (True, True)):
            notes = self._agent_notes(width, short)
            if self.people_height(notes, inline) <= height:
                break
        return notes, inline

    def fit_agents(self, width: float, height: float) -> list[list[str]]:
        """The agents' whole texts if their own panel fits `height`, else their short ones."""
        notes = self._agent_notes(width, False)
        return notes if self.agents_height(notes) + 8 <= height else \
            self._agent_notes(width, True)

    def agents(self, box: Box, notes: list[list[str]]) -> float:
        """Rail agents (used or still available) with their notes; return the y under them."""
        return self._agents(box, self._section(box, tr("Rail agents")), notes)

    def players_panel(self, box: Box) -> None:
        """Each player's hand size (and shown hand), who acts, the action card piles."""
        self._players(box[0], self._section(box, tr("Players")), box[2], False)

    def people(self, box: Box, fit: tuple[list[list[str]], bool]) -> None:
        """Rail agents (used or still available), then each player's hand."""
        x0, _, x1, _ = box
        notes, inline = fit
        y = self.agents(box, notes)
        self.draw.line((x0 + 10, y + 4, x1 - 10, y + 4), fill=CARD_EDGE)
        self._players(x0, y + 10, x1, inline)

    def _agents(self, box: Box, y: float, notes: list[list[str]]) -> float:
        """The agents from y down; return the y under them."""
        view = self.view
        x0, _, x1, _ = box
        for agent, lines in zip(view.get("agents") or [], notes, strict=False):
            used = bool(agent.get("used"))
            ink = cv.MUTED if used else cv.INK
            end = cv.draw_text(self.draw, (x0 + 10, y), str(agent.get("name", "?")),
                               cv.font(17, True), ink)[2]
            self._tag(x1 - 10, y + 11, tr("used") if used else tr("available"),
                      (190, 190, 186) if used else TAG_OK, "r")
            if used:
                self.draw.line((x0 + 10, y + 11, end, y + 11), fill=ink, width=2)
            y += 25
            for line in lines:
                cv.draw_text(self.draw, (x0 + 20, y - 2), line, cv.font(16), cv.MUTED)
                y += 20
        if view.get("dispatcher_active"):
            self._tag(x0 + 10, y + 11, tr("Dispatcher at work this turn"), TAG_ACTIVE)
            y += 25
        return y

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
            shows = hand_words(hand) if isinstance(hand, dict) else ""
            right = shows if inline and shows else cards_held(p.get("hand_size", 0))
            left = cv.draw_text(self.draw, (x1 - 10, y), right, fnt, (40, 90, 160) if
                                inline and shows else cv.INK, anchor="ra")[0]
            name = cv.fit_text(self.names.get(seat, "?"), bold, min((x1 - x0) / 2, left - x0 - 40))
            end = cv.draw_text(self.draw, (x0 + 30, y), name, bold if seat == active else fnt,
                               cv.INK)[2]
            if seat == active and seat not in due and end + 70 < left:
                self._tag(end + 8, y + 11, tr("active"), TAG_ACTIVE)
            y += 25
            if shows and not inline:
                cv.draw_text(self.draw, (x0 + 30, y - 3), cv.fit_text(
                    tr("shows {hand}", hand=shows), fnt, x1 - x0 - 40), fnt, (40, 90, 160))
                y += 22
        piles = view.get("action_cards") or {}
        discard = sum(int(n) for n in (piles.get("discard") or {}).values())
        return self._line(x0 + 10, y + 2, x1 - 10, tr("Action cards: {n} to draw · {discarded} "
                                                      "discarded", n=piles.get("draw_pile", 0),
                                                      discarded=discard), ink=cv.MUTED)

    def recent(self, box: Box) -> None:
        """The last log lines that fit, newest at the bottom."""
        y = self._section(box, tr("Recent"))
        cv.recent_lines(self.draw, box, y, list(self.view.get("recent") or []),
                        per_entry=3, bottom=4)
