"""Branch Line's board: the county map with every link and who holds it, the players, the log.

A render package as `render/<game>/` would hold it, kept under tests/ and added to the renderer
registry at run time (`render.core.games.register`). It draws only from the public view, with
the shared helpers of `render.core`; `GAME` and `render` are all the registry needs, the other
functions add the board in words, the turn card's zoom and the players' numbers.
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box, Point
from render.core.png import to_png
from render.core.standings import counted

GAME = "branch-line"

WIDTH, HEIGHT, PAD = 1200, 800, 12
HEADER_H = 72
MAP: Box = (0, HEADER_H, 800, HEIGHT)
SIDE_X0, SIDE_X1 = 800 + PAD, WIDTH - PAD
HEADER_BG: RGB = (35, 39, 46)
PROMPT: RGB = (255, 216, 102)
LAND: RGB = (214, 228, 196)
PANEL_BG: RGB = (236, 234, 228)
FREE: RGB = (150, 150, 140)
SEATS: tuple[RGB, ...] = tuple(cv.colour(c) for c in ("blue", "orange", "purple", "green"))


def _names(view: dict[str, Any]) -> dict[int, str]:
    return {int(p["seat"]): str(p["name"]) for p in view.get("players") or []}


def _stations(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {str(s["id"]): s for s in view.get("stations") or []}


def _point(station: dict[str, Any]) -> Point:
    """Where a station lies on the board (its x, y are percent of the map, with a margin)."""
    x0, y0, x1, y1 = MAP
    return (x0 + 60 + (x1 - x0 - 120) * float(station["x"]) / 100,
            y0 + 40 + (y1 - y0 - 80) * float(station["y"]) / 100)


def _route_words(view: dict[str, Any], player: dict[str, Any]) -> str:
    stations = _stations(view)
    return "–".join(str(stations[s]["name"]) for s in player.get("route") or [])


class BoardPainter:
    """Draws the header, the map and the side panels."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.image = cv.new_canvas(WIDTH, HEIGHT, PANEL_BG)
        self.draw = ImageDraw.Draw(self.image)
        self.names = _names(view)

    def paint(self) -> bytes:
        self._header()
        self._map()
        bottom = self._players()
        box = (SIDE_X0, bottom + 8, SIDE_X1, HEIGHT - PAD)
        cv.recent_lines(self.draw, box, cv.section(self.draw, box, "Recent"),
                        [str(r) for r in self.view.get("recent") or []])
        return to_png(self.image)

    def _header(self) -> None:
        """Title and turn; who acts (or who won); the prompt."""
        view, draw = self.view, self.draw
        draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER_BG)
        title = f"{view.get('title', 'Branch Line')} · Turn {view.get('turn', '?')}"
        cv.draw_text(draw, (PAD + 4, 8), title, cv.font(26, bold=True), cv.PAPER)
        if view.get("over"):
            winners = " and ".join(self.names.get(int(s), "?") for s in view.get("winners") or [])
            right, line = f"★ Won by {winners}", (view.get("recent") or [""])[-1]
        else:
            due = ", ".join(self.names.get(int(s), "?") for s in view.get("to_act") or [])
            right, line = f"▶ To act: {due}", str(view.get("prompt") or "")
        bold = cv.font(22, bold=True)
        cv.draw_text(draw, (WIDTH - PAD - 4, 12), cv.fit_text(right, bold, 520), bold, cv.PAPER,
                     anchor="ra")
        fnt = cv.font(18)
        cv.draw_text(draw, (PAD + 4, 44), cv.fit_text(str(line), fnt, WIDTH - 3 * PAD), fnt,
                     PROMPT)

    def _map(self) -> None:
        """Links (free thin and grey, held thick in the holder's colour and numbered), the last
        claim dashed, then the stations and their names on top."""
        draw, stations = self.draw, _stations(self.view)
        draw.rectangle(MAP, fill=LAND)
        last = (self.view.get("last_move") or {}).get("link")
        for link in self.view.get("links") or []:
            a, b = _point(stations[link["a"]]), _point(stations[link["b"]])
            owner = link.get("owner")
            if owner is None:
                cv.polyline(draw, [a, b], FREE, 4)
                continue
            cv.polyline(draw, [a, b], SEATS[int(owner) % len(SEATS)], 12)
            if link["id"] == last:
                cv.dashed_line(draw, [a, b], 4)
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)  # the holder's seat number: not hue only
            draw.ellipse((mid[0] - 13, mid[1] - 13, mid[0] + 13, mid[1] + 13), fill=cv.PAPER,
                         outline=cv.INK, width=2)
            cv.draw_text(draw, mid, str(int(owner) + 1), cv.font(16, bold=True), cv.INK,
                         anchor="mm")
        for station in stations.values():
            x, y = _point(station)
            draw.ellipse((x - 11, y - 11, x + 11, y + 11), fill=cv.PAPER, outline=cv.INK, width=3)
            cv.draw_text(draw, (x, y - 16), str(station["name"]), cv.font(18, bold=True), cv.INK,
                         halo=cv.PAPER, anchor="md")

    def _players(self) -> float:
        """One card per player: colour and seat, name, route, links held; return its bottom."""
        draw = self.draw
        players = self.view.get("players") or []
        box = (SIDE_X0, HEADER_H + 8, SIDE_X1, HEADER_H + 8 + 40 + 62 * len(players))
        y = cv.section(draw, box, "Players")
        winners = {int(s) for s in self.view.get("winners") or []}
        for p in players:
            seat = int(p["seat"])
            colour = SEATS[seat % len(SEATS)]
            draw.ellipse((box[0] + 10, y + 2, box[0] + 34, y + 26), fill=colour)
            cv.draw_text(draw, (box[0] + 22, y + 14), str(seat + 1), cv.font(15, bold=True),
                         cv.contrast_ink(colour), anchor="mm")
            star = " ★" if seat in winners else ""
            name = cv.fit_text(f"{p['name']}{star}", cv.font(18, bold=True), 300)
            cv.draw_text(draw, (box[0] + 44, y + 2), name, cv.font(18, bold=True), cv.INK)
            words = f"route {_route_words(self.view, p)} · {counted(p.get('links', 0), 'link')}"
            cv.draw_text(draw, (box[0] + 44, y + 28), cv.fit_text(words, cv.font(16), 320),
                         cv.font(16), cv.MUTED)
            y += 62
        return box[3]


def render(view: dict[str, Any]) -> bytes:
    """PNG bytes of a Branch Line public view."""
    return BoardPainter(view).paint()


def map_box(view: dict[str, Any]) -> Box:
    """Where the map lies on the board."""
    return MAP


def focus_box(view: dict[str, Any]) -> Box | None:
    """The board around the link claimed last (None before the first claim)."""
    link = (view.get("last_move") or {}).get("link")
    if not link:
        return None
    stations = _stations(view)
    (ax, ay), (bx, by) = (_point(stations[s]) for s in str(link).split("-"))
    return (min(ax, bx) - 60, min(ay, by) - 60, max(ax, bx) + 60, max(ay, by) + 60)


def player_numbers(view: dict[str, Any]) -> list[str]:
    """Each player's links and route, for the turn card."""
    return [f"{counted(p.get('links', 0), 'link')}, route {_route_words(view, p)}"
            for p in view.get("players") or []]


def text_lines(view: dict[str, Any]) -> list[str]:
    """The board in sentences: turn, who acts, each player, who holds which link."""
    names, stations = _names(view), _stations(view)
    lines = [f"{view.get('title', 'Branch Line')}, turn {view.get('turn', '?')}."]
    if view.get("over"):
        winners = " and ".join(names.get(int(s), "?") for s in view.get("winners") or [])
        lines.append(f"Game over: won by {winners}.")
    elif view.get("prompt"):
        lines.append(f"To act: {view['prompt']}")
    for p in view.get("players") or []:
        lines.append(f"{p['name']} (seat {int(p['seat']) + 1}): route {_route_words(view, p)}, "
                     f"{counted(p.get('links', 0), 'link')}.")
    held: dict[str, list[str]] = {}
    for link in view.get("links") or []:
        who = "free" if link.get("owner") is None else names.get(int(link["owner"]), "?")
        held.setdefault(who, []).append(
            f"{stations[link['a']]['name']}–{stations[link['b']]['name']}")
    lines += [f"Links {'still free' if who == 'free' else 'of ' + who}: {', '.join(links)}."
              for who, links in held.items()]
    lines += [f"Recent: {line}" for line in (view.get("recent") or [])[-3:]]
    return lines
