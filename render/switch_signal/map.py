"""The Switch & Signal map: a static layer drawn once per cached layout, then what moves.

The base image (track, spaces, node markers, names and the legend) is drawn from the layout in
`render.switch_signal.layout` and kept with it; a render copies it and adds the switches,
lights, goods, trains and highlights of one view.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box, Point
from render.switch_signal.layout import (
    BADGE_R,
    CODE_SIZE,
    JUNCTION_R,
    PORT,
    SPACE_R,
    MapLayout,
    clear_cache,
    layout_for,
    legend_rows,
    radius,
    square,
    unit,
)
from render.switch_signal.pieces import (
    DISC,
    TRAINS,
    dashed_path,
    light,
    train_marker,
)

__all__ = ["GOODS_ORDER", "TRAINS", "MapPainter", "clear_cache", "dashed_path", "paint_map"]

MAP_BG: RGB = (226, 233, 220)
TRACK: RGB = (96, 92, 86)
OPEN: RGB = (255, 176, 0)
MOTION: RGB = (80, 200, 255)
PENDING: RGB = (255, 120, 0)
HALO: RGB = (250, 250, 246)
CODE_INK: RGB = (120, 20, 20)
GOODS_ORDER = ("yellow", "blue", "red", "white")


def _space(draw: ImageDraw.ImageDraw, c: Point) -> None:
    """A track space."""
    draw.ellipse(square(c, SPACE_R), fill=cv.PAPER, outline=TRACK, width=2)


def _node(draw: ImageDraw.ImageDraw, layout: MapLayout, nid: str) -> None:
    """A node marker: junction dot, goods city disc, port badge or start square."""
    c, kind, fill = layout.pos[nid], layout.kind[nid], layout.fill[nid]
    r = radius(kind)
    if kind == "junction":
        draw.ellipse(square(c, r), fill=DISC)
    elif kind == "city":
        draw.ellipse(square(c, r + 2), fill=DISC)
        draw.ellipse(square(c, r - 1), fill=fill, outline=cv.PAPER, width=2)
    elif kind == "port":
        draw.rounded_rectangle(square(c, r), radius=6, fill=fill, outline=DISC, width=2)
        cv.draw_text(draw, c, "⚓", cv.font(22, True), cv.PAPER, anchor="mm")
    else:
        draw.rounded_rectangle(square(c, r), radius=4, fill=cv.PAPER, outline=DISC, width=2)


def _legend(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The key to the map's symbols."""
    cv.rounded_box(draw, box, (252, 252, 249), (160, 160, 156), 8)
    fnt = cv.font(16)
    for i, row in enumerate(legend_rows()):
        y, x = box[1] + 7 + 24 * i + 12, box[0] + 26
        if i == 0:
            draw.ellipse(square((x, y), 9), fill=cv.colour("blue"), outline=DISC, width=2)
        elif i == 1:
            draw.rounded_rectangle(square((x, y), 9), radius=3, fill=PORT, outline=DISC)
        elif i == 2:
            draw.rounded_rectangle(square((x, y), 10), radius=3, fill=cv.PAPER, outline=DISC,
                                   width=2)
            cv.draw_text(draw, (x, y), "7", cv.font(16, True), cv.INK, anchor="mm")
        elif i == 3:
            draw.line((x - 16, y, x + 16, y), fill=TRACK, width=4)
            draw.ellipse(square((x, y), JUNCTION_R), fill=DISC)
        elif i in (4, 5):
            draw.line((x - 16, y, x + 16, y), fill=TRACK, width=4)
            if i == 4:
                draw.line((x - 14, y, x + 14, y), fill=OPEN, width=6)
            else:
                draw.line((x, y - 8, x, y + 8), fill=DISC, width=5)
        elif i == 6:
            light(draw, (x - 10, y), False)
            light(draw, (x + 10, y), True)
        elif i == 7:
            train_marker(draw, (x, y), (1.0, 0.0), "grey", "1", None, 0.75)
        else:
            dashed_path(draw, [(x - 13, y), (x + 13, y)], 8, 8.0)
        cv.draw_text(draw, (box[0] + 52, y), row, fnt, cv.INK, anchor="lm")


def _background(layout: MapLayout) -> Image.Image:
    """Track, spaces, signal stalks, node markers, names and the legend: drawn once."""
    if layout.base is None or cv.leaving_words_out():
        image = cv.new_canvas(layout.size[0], layout.size[1], MAP_BG)
        draw = ImageDraw.Draw(image)
        for a, b in layout.ends.values():
            draw.line((layout.pos[a], layout.pos[b]), fill=TRACK, width=5)
        for spot, foot in layout.signals.values():
            draw.line((spot, foot), fill=TRACK, width=2)
        for c in layout.spaces.values():
            _space(draw, c)
        with cv.recording() as texts:
            for nid in layout.pos:
                _node(draw, layout, nid)
            for text, xy, anchor, size, bold, ink in layout.labels:
                cv.draw_text(draw, xy, text, cv.font(size, bold), ink, HALO, 3, anchor)
            _legend(draw, layout.legend)
        if cv.leaving_words_out():
            return image  # some words left out: not the layer to keep
        layout.texts = texts
        layout.base = image
    return layout.base


class MapPainter:
    """Draws one view's map over the cached background."""

    def __init__(self, view: dict[str, Any], size: tuple[int, int]) -> None:
        self.view = view
        self.board: dict[str, Any] = view.get("board") or {}
        self.layout = layout_for(self.board, size)
        self.image = _background(self.layout).copy()
        self.draw = ImageDraw.Draw(self.image)
        self.train_xy: dict[str, Point] = {}
        self.occupied: set[str] = set()

    def paint(self) -> Image.Image:
        """Draw everything that changes and return the map image."""
        last = self.view.get("last_move") or {}
        motion = self.view.get("motion") or {}
        self._glow(list(last.get("path") or []), None)
        self._glow(list(motion.get("path") or []), MOTION)
        self._switches()
        self._lights()
        choosing = (self.view.get("pending") or {}).get("kind") == "signal"
        self._goods()
        if not choosing:
            self._codes()
        self._trains()
        self._names_over_trains()
        if choosing:  # the codes to choose from go over the trains
            self._codes()
        self._numbers()
        self._pending()
        return self.image

    def place(self, at: str) -> Point | None:
        """Pixel position of a node or track space id."""
        return self.layout.pos.get(at) or self.layout.spaces.get(at)

    def _glow(self, path: list[str], ink: RGB | None) -> None:
        """Highlight a movement path (through the junctions it passes), then redraw its stops:
        in `ink` (the move under way), or in black and white dashes (the last move)."""
        lay = self.layout
        points = path_points(lay, path)
        if not points:
            return
        if ink is None:
            for p in points:  # a round black end at each stop, so a one-stop move shows too
                self.draw.ellipse(square(p, 15), fill=cv.LAST_DARK)
            dashed_path(self.draw, points, 14, 12.0)  # over the track: the dashes show whole
        else:
            if len(points) > 1:
                cv.polyline(self.draw, points, ink, 22)
            for p in points:
                self.draw.ellipse(square(p, 16), fill=ink)
            cv.polyline(self.draw, points, TRACK, 5)
        for at in path:
            if at in lay.spaces:
                _space(self.draw, lay.spaces[at])
        for nid in lay.pos:
            if lay.pos[nid] in points:
                _node(self.draw, lay, nid)

    def _switches(self) -> None:
        """Each junction's open route in amber through its dot; a disc across closed branches."""
        lay = self.layout
        for jid, switch in sorted((self.board.get("switches") or {}).items()):
            if jid not in lay.pos:
                continue
            c = lay.pos[jid]
            opened = [str(n) for n in switch.get("open") or []]
            route: list[Point] = []
            for other in (b if a == jid else a for a, b in lay.ends.values() if jid in (a, b)):
                ux, uy = unit(c, lay.pos[other])
                if other in opened:
                    route.append((c[0] + ux * 19, c[1] + uy * 19))
                    continue
                m = (c[0] + ux * 14, c[1] + uy * 14)
                self.draw.line(((m[0] - uy * 9, m[1] + ux * 9), (m[0] + uy * 9, m[1] - ux * 9)),
                               fill=DISC, width=5)
            if len(route) == 2:
                cv.polyline(self.draw, [route[0], c, route[1]], DISC, 11)
                cv.polyline(self.draw, [route[0], c, route[1]], OPEN, 7)
            self.draw.ellipse(square(c, 4), fill=DISC)

    def _lights(self) -> None:
        """Red and green signal spots."""
        for signal in self.board.get("signals") or []:
            spot = self.layout.signals.get(str(signal.get("id")))
            if spot:
                light(self.draw, spot[0], bool(signal.get("green")))

    def _codes(self) -> None:
        """The short code (L1, L2...) beside each light a player may have to name."""
        fnt = cv.font(CODE_SIZE, True)
        shown = light_codes_to_show(self.view)
        for signal in self.board.get("signals") or []:
            sid = str(signal.get("id"))
            c = self.layout.codes.get(sid)
            if c is None or sid not in shown:
                continue
            cv.draw_text(self.draw, c, str(signal.get("code", "")), fnt, CODE_INK, HALO, 3, "mm")

    def _numbers(self) -> None:
        """Start-space numbers (location tokens may change them); a badge when a train is on."""
        fnt = cv.font(16, True)
        for node in self.board.get("nodes") or []:
            nid = str(node.get("id"))
            if node.get("kind") == "start" and nid in self.layout.pos:
                number = node.get("number")
                c = self.layout.pos[nid]
                if nid in self.occupied:
                    c = self.layout.badges.get(nid, c)
                    self.draw.ellipse(square(c, BADGE_R), fill=cv.PAPER, outline=DISC, width=2)
                cv.draw_text(self.draw, c, "?" if number is None else str(number), fnt, cv.INK,
                             anchor="mm")

    def _goods(self) -> None:
        """Cubes waiting in each city; cubes delivered to each port beside slots still needed."""
        lay = self.layout
        for city, count in sorted((self.view.get("goods") or {}).items()):
            box = lay.trays.get(str(city))
            if box is None:
                continue
            for i in range(min(int(count), 3)):
                cv.swatch(self.draw, (box[0] + 7 + 16 * i, box[1] + 8), 13,
                          lay.fill.get(str(city), cv.PAPER), DISC)
        need = 1 if self.board.get("pass_through") else 2
        for port, have in sorted((self.view.get("delivered") or {}).items()):
            box = lay.trays.get(str(port))
            if box is None:
                continue
            rows = round((box[3] - box[1]) / 16)
            down = box[1] > lay.pos[str(port)][1]
            for col, goods in enumerate(GOODS_ORDER):
                for row in range(min(rows, max(need, int(have.get(goods, 0))))):
                    y = box[1] + 8 + 16 * row if down else box[3] - 8 - 16 * row
                    c = (box[0] + 8 + 16 * col, y)
                    if row < int(have.get(goods, 0)):
                        cv.swatch(self.draw, c, 13, cv.colour(goods), DISC)
                    else:
                        edge = cv.MUTED if goods == "white" else cv.colour(goods)
                        self.draw.rectangle(square(c, 6), fill=HALO, outline=edge, width=2)

    def _facing(self, at: str, heading: str | None) -> Point | None:
        """Unit vector of where a train heads, or None when it has no heading."""
        lay = self.layout
        if heading is None or heading not in lay.pos:
            return None
        seg = at.split(":")[0]
        if seg in lay.ends and ":" in at:
            a, b = lay.ends[seg]
            return unit(lay.pos[a], lay.pos[b]) if heading == b else unit(lay.pos[b], lay.pos[a])
        here = self.place(at)
        return unit(here, lay.pos[heading]) if here and here != lay.pos[heading] else None

    def _trains(self) -> None:
        """Every train on the network."""
        seen: dict[str, int] = {}
        for train in self.view.get("trains") or []:
            at = train.get("at")
            xy = self.place(str(at)) if at else None
            if xy is None:
                continue
            n = seen[str(at)] = seen.get(str(at), -1) + 1
            self.occupied.add(str(at))
            xy = (xy[0] + 10 * n, xy[1] - 10 * n)
            tid = str(train.get("id", ""))
            tag = tid[-1] if tid[-1:].isdigit() else tid[:1].upper()
            train_marker(self.draw, xy, self._facing(str(at), train.get("heading")),
                         str(train.get("colour")), tag, train.get("cargo"))
            self.train_xy[tid] = xy

    def _names_over_trains(self) -> None:
        """The few names the layout could not keep clear of every train go back on top."""
        near = [square(xy, 23) for xy in self.train_xy.values()]
        for text, xy, anchor, size, bold, ink in self.layout.labels:
            fnt = cv.font(size, bold)
            if any(cv.boxes_overlap(cv.text_box(xy, text, fnt, anchor), b) for b in near):
                cv.draw_text(self.draw, xy, text, fnt, ink, HALO, 3, anchor)

    def _pending(self) -> None:
        """A ring round what the active player is choosing (signal, junction or train)."""
        pending = self.view.get("pending") or {}
        signal = self.layout.signals.get(str(pending.get("target")))
        spots = [signal[0] if signal else None, self.layout.pos.get(str(pending.get("junction"))),
                 self.train_xy.get(str(pending.get("train")))]
        for c in spots:
            if c is not None:
                self.draw.ellipse(square(c, 19), outline=PENDING, width=4)


def path_points(lay: MapLayout, path: list[str]) -> list[Point]:
    """Pixel points of a movement path, with the node between two tracks it passes through."""
    points: list[Point] = []
    for i, at in enumerate(path):
        xy = lay.pos.get(at) or lay.spaces.get(at)
        if xy is None:
            continue
        if i and ":" in at and ":" in path[i - 1]:  # two tracks: through their shared node
            a, b = lay.ends.get(at.split(":")[0], ("", ""))
            c, d = lay.ends.get(path[i - 1].split(":")[0], ("", ""))
            shared = ({a, b} & {c, d}) - {""}
            if shared and at.split(":")[0] != path[i - 1].split(":")[0]:
                points.append(lay.pos[min(shared)])
        points.append(xy)
    return points


def light_codes_to_show(view: dict[str, Any]) -> set[str]:
    """Lights whose codes are drawn: those the signal being played can name, else every one."""
    signals = (view.get("board") or {}).get("signals") or []
    pending = view.get("pending") or {}
    if pending.get("kind") != "signal":
        return {str(g.get("id")) for g in signals}
    step, area = pending.get("step"), pending.get("area")
    if step == "source":
        return {str(g.get("id")) for g in signals if g.get("green")}
    return {str(g.get("id")) for g in signals if not g.get("green")
            and (step != "target" or area is None  # rules version 2: every red light at once
                 or (g.get("city") is not None) == (area == "city"))}


def paint_map(view: dict[str, Any], size: tuple[int, int]) -> Image.Image:
    """Render the map of a Switch & Signal view at `size`."""
    return MapPainter(view, size).paint()
