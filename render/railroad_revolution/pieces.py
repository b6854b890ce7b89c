"""What moves on the Railroad Revolution board: the players' pieces, and the last move.

The last move (the view's `last_move`: rail spaces, cities, telegraph sections, market side) is
ringed by a thick outline of black and white dashes, told apart by its pattern and lightness
rather than by hue; whatever the ring crosses (a city's label, a space's triangles or number,
the legend) is drawn again on top, so it never covers names or numbers.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from render.core import canvas as cv
from render.core.canvas import Box, Point
from render.railroad_revolution.map import LINK, BoardLayout, background, draw_city, layout_for
from render.railroad_revolution.panels import SPACE, STATION, legend, piece, space_icon
from render.railroad_revolution.said import action_word
from rules.core.lang import tr

LAST_DARK, LAST_LIGHT = cv.LAST_DARK, cv.LAST_LIGHT
LAST_WIDTH = 5
SPACE_RING = SPACE / 2 + 6  # half the side of the ring around a rail space


def dashed_outline(draw: ImageDraw.ImageDraw, points: list[Point], width: int = LAST_WIDTH,
                   dash: float = 10.0) -> None:
    """The last-move outline with this board's default width and dash."""
    cv.dashed_outline(draw, points, width, dash)


def box_points(box: Box) -> list[Point]:
    """The corners of a box, clockwise."""
    x0, y0, x1, y1 = box
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def circle_points(centre: Point, radius: float) -> list[Point]:
    """A circle as a 24-sided polygon (so its dashes are even)."""
    x, y = centre
    return [(x + radius * math.cos(math.pi * i / 12), y + radius * math.sin(math.pi * i / 12))
            for i in range(24)]


def legend_entry(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """"last move" at the end of the legend's last row."""
    x, y = box[2] - 118, box[1] + 69
    dashed_outline(draw, box_points((x, y - 9, x + 18, y + 9)), 3, 6.0)
    cv.draw_text(draw, (x + 28, y), tr("last move"), cv.font(16), cv.INK, anchor="lm")


def _space(draw: ImageDraw.ImageDraw, layout: BoardLayout, sid: str) -> Box:
    """Ring a rail space, then draw its square, triangles and number again on top."""
    (x, y), triangles, market, start = layout.spaces[sid]
    h = SPACE_RING
    box = (x - h, y - h, x + h, y + h)
    dashed_outline(draw, box_points(box))
    space_icon(draw, (x, y), SPACE, layout.terrain.get(triangles, (180, 180, 180)), triangles,
               market, start)
    if sid in layout.numbers:
        cv.draw_text(draw, (x, y), str(layout.numbers[sid]), cv.font(14, bold=True), cv.PAPER,
                     halo=(28, 28, 32), halo_width=2, anchor="mm")
    return box


def paint_last(draw: ImageDraw.ImageDraw, layout: BoardLayout, view: dict[str, Any]) -> None:
    """Ring every place the last move changed (before the pieces go on top)."""
    last = view.get("last_move") or {}
    rings: list[Box] = []
    for sid in last.get("rails") or []:
        if str(sid) in layout.spaces:
            rings.append(_space(draw, layout, str(sid)))
    for cid in last.get("stations") or []:
        place = layout.cities.get(str(cid))
        if place is not None:
            r = 20 + 8
            dashed_outline(draw, circle_points(place.centre, r))
            rings.append((place.centre[0] - r - 5, place.centre[1] - r - 5,
                          place.centre[0] + r + 5, place.centre[1] + r + 5))
    for number in last.get("offices") or []:
        sec = layout.sections.get(int(number))
        if sec is not None:
            x0, y0, x1, y1 = sec.box
            dashed_outline(draw, box_points((x0 + 3, y0 + 3, x1 - 3, y1 - 3)), 4)
            for (x, y), vp in layout.links:  # the link VP discs on the section's edges
                if x0 - 20 <= x <= x1 + 20:
                    draw.ellipse((x - 15, y - 15, x + 15, y + 15), fill=LINK, outline=cv.PAPER,
                                 width=2)
                    cv.draw_text(draw, (x, y + 1), str(vp), cv.font(16, bold=True), cv.PAPER,
                                 anchor="mm")
    for place in layout.cities.values():  # names and numbers stay on top of every ring
        if any(cv.boxes_overlap(place.label, ring) or cv.boxes_overlap(
                (place.centre[0] - 22, place.centre[1] - 22, place.centre[0] + 22,
                 place.centre[1] + 22), ring) for ring in rings):
            draw_city(draw, place)
    if any(cv.boxes_overlap(layout.legend, ring) for ring in rings):
        legend(draw, layout.legend, layout.terrain)
        legend_entry(draw, layout.legend)


def last_places(layout: BoardLayout, view: dict[str, Any]) -> list[Box]:
    """Board-layer boxes of what the last move touched: rail spaces, cities with their station
    slots, telegraph sections."""
    last = view.get("last_move") or {}
    out = [(x - SPACE_RING, y - SPACE_RING, x + SPACE_RING, y + SPACE_RING)
           for x, y in (layout.spaces[str(s)][0] for s in last.get("rails") or []
                        if str(s) in layout.spaces)]
    reach = 20 + STATION + 6  # a city's disc and the station slots around it
    out += [(x - reach, y - reach, x + reach, y + reach)
            for x, y in (layout.cities[str(c)].centre for c in last.get("stations") or []
                         if str(c) in layout.cities)]
    out += [layout.sections[int(n)].box for n in last.get("offices") or []
            if int(n) in layout.sections]
    return out


def focus_box(view: dict[str, Any], size: tuple[int, int], top: float) -> Box | None:
    """The box (board layer drawn at height `top`) round the last move, 40 px to spare,
    clipped to the board; None without a last move on the board."""
    boxes = last_places(layout_for(view, size), view)
    if not boxes:
        return None
    return (max(0.0, min(b[0] for b in boxes) - 40), max(top, min(b[1] for b in boxes) + top - 40),
            min(float(size[0]), max(b[2] for b in boxes) + 40),
            min(top + size[1], max(b[3] for b in boxes) + top + 40))


def last_words(view: dict[str, Any], places: dict[str, str], names: dict[int, str]) -> list[str]:
    """The last move in words (alt text), naming places as the log does."""
    last = view.get("last_move")
    if not last:
        return []
    done = [tr("rail on {space}", space=places.get(str(s), s)) for s in last.get("rails") or []]
    done += [tr("station in {city}", city=places.get(str(c), c))
             for c in last.get("stations") or []]
    done += [tr("office in telegraph section {section}", section=n)
             for n in last.get("offices") or []]
    if last.get("market"):
        done.append(tr("the top market side") if last["market"] == "top" else
                    tr("the bottom market side"))
    who, said = names.get(int(last["player"]), "?"), ", ".join(done) or tr("nothing built")
    if last.get("action"):
        return [tr("Last move ({player}, {action}; ringed with dashes): {done}.", player=who,
                   action=action_word(str(last["action"])), done=said)]
    return [tr("Last move ({player}; ringed with dashes): {done}.", player=who, done=said)]


def _buildings(draw: ImageDraw.ImageDraw, holders: list[Any], first_taken: bool,
               slots: list[Point], colours: dict[int, str]) -> None:
    """Stations or offices in their places; the First slot stays empty unless it is taken."""
    spots = slots if first_taken else slots[1:]
    for holder, spot in zip(holders, spots, strict=False):
        seat = int(holder) if isinstance(holder, int) else -1  # -1: a neutral building
        piece(draw, spot, STATION - 2, colours.get(seat), seat)


def paint_board(view: dict[str, Any], size: tuple[int, int],
                colours: dict[int, str]) -> Image.Image:
    """The map and telegraph line of a view: the cached background, the last move, every
    piece."""
    layout = layout_for(view, size)
    image = background(layout).copy()
    draw = ImageDraw.Draw(image)
    legend_entry(draw, layout.legend)
    paint_last(draw, layout, view)
    board = view.get("board") or {}
    for space in board.get("spaces") or []:
        seats = sorted(int(s) for s in space.get("rails") or [])
        if str(space["id"]) in layout.spaces and seats:
            spots = layout.space_spots(str(space["id"]), len(seats))
            for seat, (spot, size_) in zip(seats, spots, strict=False):
                piece(draw, spot, size_, colours.get(seat), seat)
    for city in board.get("cities") or []:
        place = layout.cities.get(str(city["id"]))
        if place is not None:
            _buildings(draw, list(city.get("stations") or []),
                       city.get("first_station") is not None, place.slots, colours)
    for sec in (board.get("telegraph") or {}).get("sections") or []:
        where = layout.sections.get(int(sec["section"]))
        if where is not None:
            _buildings(draw, list(sec.get("offices") or []), sec.get("first_office") is not None,
                       where.slots, colours)
    return image
