"""The Spike board: header, the map with what a view changes on it, panels; and the same public
view as plain text."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box, Point
from render.core.inset import MapMarks, moved
from render.core.png import to_png
from render.spike import map as sm
from render.spike import marks as mk
from render.spike.panels import (
    CASING,
    RAIL_H,
    Panels,
    good_colour,
    locomotive,
    piece,
    player_colour,
)
from render.spike.standings import player_numbers as player_numbers
from render.spike.text import and_list, names_of, status
from render.spike.text import text_lines as text_lines
from rules.core.lang import term, tr, trn

GAME = "spike"

WIDTH, HEIGHT, PAD = 1600, 1100, 12
MAP_TOP = HEADER_H = 72
MAP_W, MAP_H = 1076, HEIGHT - HEADER_H
SIDE_X0, SIDE_X1 = MAP_W + PAD, WIDTH - PAD
RECENT_MIN = 34 + 2 * 21 + 4

HEADER_BG: RGB = (35, 39, 46)
HEADER_SUB: RGB = (200, 206, 214)
PROMPT: RGB = (255, 216, 102)
PANEL_BG: RGB = (236, 234, 228)
GLOW: RGB = mk.GLOW
PRICE: RGB = (150, 40, 20)

def clear_caches() -> None:
    """Forget the cached map layouts (and rasterised text)."""
    sm.clear_cache()
    cv.clear_text_cache()


class MapPainter:
    """Draws what a view changes over the cached background, and keeps where each name, tag
    and marker went (`boxes`)."""

    def __init__(self, view: dict[str, Any], size: tuple[int, int]) -> None:
        self.view = view
        self.layout = sm.layout_for(view, size)
        self.image = sm.background(self.layout).copy()
        self.draw = ImageDraw.Draw(self.image)
        self.boxes: dict[str, list[Box]] = {}

    def paint(self) -> Image.Image:
        """Track, the last move's rings, cities, trains, names, junction tags and cargo."""
        self.track()
        badges = self.train_spots()
        self.last_move(badges)
        self.markers()
        for spot, p in badges:
            locomotive(self.draw, spot, int(p["seat"]))
        trains = [(x - 16, y - 12, x + 16, y + 12) for (x, y), _ in badges]
        points = [(x - 10, y - 10, x + 10, y + 10) for x, y in self.layout.xy.values()]
        labels = self.labels(trains)
        taken = labels + trains + points
        tags = sm.junction_labels(self.draw, self.layout, self.view, taken, labels)
        self.boxes = {"labels": labels, "trains": trains, "tags": tags}
        dots = [(x - 4, y - 4, x + 4, y + 4) for pid, (x, y) in self.layout.xy.items()
                if not self.layout.points[pid][3]]
        cities = [b for b, pid in zip(points, self.layout.xy, strict=True)
                  if self.layout.points[pid][3]]
        build = self.view.get("build") or {}
        if build.get("head") in self.layout.xy:  # the ring where the build goes on
            x, y = self.layout.xy[str(build["head"])]
            cities.append((x - 18, y - 18, x + 18, y + 18))
        for i in build.get("laid") or []:  # and the band of what it laid so far
            if 0 <= int(i) < len(self.layout.spaces):
                (px, py), (qx, qy) = self.layout.ends(int(i))
                cities += [(px + (qx - px) * t - 9, py + (qy - py) * t - 9,
                            px + (qx - px) * t + 9, py + (qy - py) * t + 9) for t in (.3, .5, .7)]
        names = labels + [self.layout.market, self.layout.legend]
        self.boxes["cargo"] = mk.cargo_tags(self.draw, badges, names, [
            (trains + tags + cities, 4.0), (dots, 0.25)], (0.0, 0.0, *self.layout.size))
        return self.image

    def track(self) -> None:
        """Built spaces thick in their owner's colour with the owner's shape at the middle;
        the spaces of a build in progress in a hatched band under them."""
        layout, draw = self.layout, self.draw
        count = len(layout.spaces)
        owned = [(i, int(s["owner"])) for i, s in enumerate(self.view["board"]["spaces"])
                 if s.get("owner") is not None and i < count]
        build = self.view.get("build") or {}
        for i in build.get("laid") or []:
            if 0 <= int(i) < count:
                mk.hatched_band(draw, *layout.ends(int(i)))
        for width in (11, 7):
            for i, seat in owned:
                cv.polyline(draw, list(layout.ends(i)), CASING if width > 7 else
                            player_colour(seat), width)
        for i, seat in owned:
            piece(draw, layout.mid(i), 13, seat)
        head = build.get("head")
        if head in layout.xy:
            x, y = layout.xy[str(head)]
            draw.ellipse((x - 15, y - 15, x + 15, y + 15), outline=GLOW, width=6)
            draw.ellipse((x - 18, y - 18, x + 18, y + 18), outline=CASING, width=2)

    def last_move(self, badges: list[tuple[Point, dict[str, Any]]]) -> None:
        """Ring what the last move changed with black and white dashes (under the cities,
        trains and names, which stay readable on top)."""
        last = self.view.get("last_move")
        train = next((spot for spot, p in badges if last and p.get("seat") == last.get("seat")),
                     None)
        ends = mk.space_ends(self.layout.spaces)
        mk.draw_rings(self.draw, mk.last_rings(last, ends, self.layout.xy, train))

    def markers(self) -> None:
        """City markers."""
        for pid, (x, y) in self.layout.xy.items():
            if self.layout.points[pid][3]:
                self.draw.ellipse((x - sm.CITY_R, y - sm.CITY_R, x + sm.CITY_R, y + sm.CITY_R),
                                  fill=cv.PAPER, outline=CASING, width=3)

    def labels(self, trains: list[Box]) -> list[Box]:
        """City names, goods and their current prices; a label a train stands on moves to its
        next free place. Return where the labels went."""
        draw, out = self.draw, []
        prices = {str(c["name"]): c.get("price") for c in self.view.get("cities") or []}
        bold, fnt = cv.font(sm.LABEL, bold=True), cv.font(sm.LABEL)
        for label in self.layout.labels.values():
            align, box = next((o for o in label.options if not any(
                cv.boxes_overlap(o[1], t) for t in trains)), label.options[0])
            out.append(box)
            if cv.cut_at_edge(box, self.image.size):
                continue  # a zoom's edge would cut it: none of its parts is drawn
            x0, y0, x1, _ = box
            price = tr("${amount}", amount=prices.get(label.city, "?"))
            good = term(label.good)
            second = 18 + cv.text_width(good, fnt) + 5 + cv.text_width(price, bold)
            left = {"l": x0, "r": x1 - second, "m": (x0 + x1 - second) / 2}[align]
            name_x = {"l": x0, "r": x1, "m": (x0 + x1) / 2}[align]
            cv.draw_text(draw, (name_x, y0 + sm.LINE_H / 2), label.city, bold, cv.INK,
                         halo=sm.LAND_FILL, halo_width=3, anchor=align + "m")
            cy = y0 + sm.LINE_H * 1.5
            end = cv.draw_text(draw, (left + 18, cy), good, fnt, cv.INK, halo=sm.LAND_FILL,
                               halo_width=3, anchor="lm")[2]
            draw.rectangle((left, cy - 7, left + 13, cy + 6), fill=good_colour(label.good),
                           outline=CASING)
            cv.draw_text(draw, (end + 5, cy), price, bold, PRICE, halo=sm.LAND_FILL,
                         halo_width=3, anchor="lm")
        return out

    def train_spots(self) -> list[tuple[Point, dict[str, Any]]]:
        """Where each train goes: on its city (side by side when they share one) or on its
        track space where it covers the least of the labels."""
        layout = self.layout
        taken = [label.box for label in layout.labels.values()]
        groups: dict[Point, list[dict[str, Any]]] = {}
        for p in self.view.get("players") or []:
            train = p.get("train") or {}
            space = train.get("space")
            if train.get("point") in layout.xy:
                spot = layout.xy[str(train["point"])]
            elif space is not None and 0 <= int(space) < len(layout.spaces):
                spot = self._on_space(int(space), taken)
            else:
                continue
            groups.setdefault(spot, []).append(p)
        badges = [((x + (n - (len(group) - 1) / 2) * 32, y), p)
                  for (x, y), group in groups.items() for n, p in enumerate(group)]
        return badges

    def _on_space(self, index: int, taken: list[Box]) -> Point:
        """The spot along a space (away from its ends) where a train covers least."""
        (px, py), (qx, qy) = self.layout.ends(index)
        spots = [(px + (qx - px) * t, py + (qy - py) * t) for t in (0.5, 0.36, 0.64, 0.24, 0.76)]
        return min(spots, key=lambda s: sum(cv.overlap_area(
            (s[0] - 16, s[1] - 12, s[0] + 16, s[1] + 12), o) for o in taken))


def paint_map(view: dict[str, Any], size: tuple[int, int]) -> tuple[Image.Image, sm.MapLayout]:
    """The map of a Spike view at `size`, and its layout (for panels drawn onto it)."""
    painter = MapPainter(view, size)
    return painter.paint(), painter.layout


class BoardPainter:
    """Lays out and draws the whole Spike board."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.image = cv.new_canvas(WIDTH, HEIGHT, PANEL_BG)
        self.draw = ImageDraw.Draw(self.image)
        self.panels = Panels(view, self.draw)

    def paint(self) -> bytes:
        """Draw all parts and return PNG bytes."""
        image, layout = paint_map(self.view, (MAP_W, MAP_H))
        self.image.paste(image, (0, MAP_TOP))
        m = layout.market
        self.panels.market((m[0], m[1] + MAP_TOP, m[2], m[3] + MAP_TOP))
        self._header()
        y = self.panels.players(HEADER_H + 8, (SIDE_X0, SIDE_X1), HEIGHT - PAD - 8 - RAIL_H)
        y = self.panels.rail_cards(y + 8, (SIDE_X0, SIDE_X1))
        if HEIGHT - PAD - y - 8 >= RECENT_MIN:
            self.panels.recent((SIDE_X0, y + 8, SIDE_X1, HEIGHT - PAD))
        return to_png(self.image)

    def _header(self) -> None:
        """Title, round and turn; whose turn it is (or the winners); the prompt."""
        view, draw = self.view, self.draw
        draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER_BG)
        box = cv.draw_text(draw, (PAD + 4, 8), str(view.get("title") or "Spike"),
                           cv.font(28, bold=True), cv.PAPER)
        cv.draw_text(draw, (box[2] + 18, 14), cv.fit_text(status(view), cv.font(22), 760),
                     cv.font(22), HEADER_SUB)
        if view.get("phase") == "over":
            winners = names_of(view, view.get("winners"))
            right = "★ " + trn("Winner: {players}", "Winners: {players}", len(winners),
                               players=and_list(winners))
            ink: RGB = (120, 230, 160)
        else:
            right = "▶ " + tr("To act: {players}", players=and_list(names_of(view,
                                                                             view.get("to_act"))))
            ink = cv.PAPER
        bold = cv.font(22, bold=True)
        cv.draw_text(draw, (WIDTH - PAD - 4, 14), cv.fit_text(right, bold, WIDTH / 2 - 120), bold,
                     ink, anchor="ra")
        if view.get("phase") == "over":
            prompt = tr("Game over: {reason}.",
                        reason=view.get("end_reason") or tr("the game has ended"))
        else:
            prompt = str(view.get("prompt") or "")
        fnt = cv.font(19)
        cv.draw_text(draw, (PAD + 4, 44), cv.fit_text(prompt, fnt, WIDTH - 3 * PAD), fnt, PROMPT)


def map_box(view: dict[str, Any]) -> Box:
    """Where the map lies on the board."""
    return (0.0, float(MAP_TOP), float(MAP_W), float(MAP_TOP + MAP_H))


def focus_box(view: dict[str, Any]) -> Box | None:
    """The board-pixel box (x0, y0, x1, y1) around what the last move changed (the build in
    progress while there is one), or None."""
    layout = sm.layout_for(view, (MAP_W, MAP_H))
    build, count = view.get("build") or {}, len(layout.spaces)
    shapes = [list(layout.ends(int(i))) for i in build.get("laid") or [] if 0 <= int(i) < count]
    shapes += [[layout.xy[str(build["head"])]]] if build.get("head") in layout.xy else []
    if not shapes:
        last = view.get("last_move") or {}
        train = next((p.get("train") or {} for p in view.get("players") or []
                      if p.get("seat") == last.get("seat")), {})
        spot = (layout.xy.get(str(train.get("point"))) or (layout.mid(int(train["space"]))
                if train.get("space") is not None and int(train["space"]) < count else None))
        shapes = mk.last_rings(last, mk.space_ends(layout.spaces), layout.xy, spot)
    box = mk.bounds(shapes)
    if box is None:
        return None
    return (max(0.0, box[0]), max(float(MAP_TOP), box[1] + MAP_TOP), min(float(MAP_W), box[2]),
            min(float(MAP_TOP + MAP_H), box[3] + MAP_TOP))


def map_marks(view: dict[str, Any]) -> MapMarks:
    """Where the map's words, its legend and the goods market drawn on it lie on the board (for
    the turn card's zoom; the cached background holds no word outside the legend)."""
    with cv.recording() as painted:
        _, layout = paint_map(view, (MAP_W, MAP_H))
    return MapMarks(moved(painted, 0, MAP_TOP), moved([layout.legend, layout.market], 0, MAP_TOP))


def render(view: dict[str, Any]) -> bytes:
    """PNG bytes of a Spike public view."""
    return BoardPainter(view).paint()
