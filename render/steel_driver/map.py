"""The Steel Driver map: projection, links with costs, cities, goods, highlights and labels.

Companies are told apart by more than hue: every built link carries a badge with its owner's
letter (B for B&O, A for ATSF) where its cost stood, and the legend keys letter to company.
The last move is ringed with black-and-white dashes, as on the other boards.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box, Point
from render.core.usa_outline import BORDERS, LAKES, LAND
from render.steel_driver.layout import (
    CITY_R,
    COST_SIDE,
    HEX_R,
    LABEL_SIZE,
    MapLayout,
    Projection,
    layout_for,
    static_labels,
)
from rules.core.lang import tr

__all__ = ["CITY_R", "COST_SIDE", "HEX_R", "LABEL_SIZE", "MapPainter", "Projection", "badge",
           "company_letters", "paint_map"]

SEA: RGB = (205, 225, 238)
LAND_FILL: RGB = (246, 241, 228)
LAKE_EDGE: RGB = (170, 196, 214)
BORDER: RGB = (196, 186, 166)
UNBUILT: RGB = (150, 146, 140)
COST_BLUE: RGB = (28, 92, 190)
TRANS_GLOW: RGB = (110, 196, 240)
CASING: RGB = (28, 28, 32)
LAST_WIDTH = 4
LAST_RING = HEX_R + 9  # from a city's centre to its dashed last-move ring

LEGEND_SIZE = 16


class MapPainter:
    """Draws the map part of a Steel Driver view onto its own image.

    The static layout (projection, city spread, cost squares, label candidates) and the
    background come from a cache shared by every view of the same map; only what a view
    changes (track, glows, goods, labels near goods) is drawn per render."""

    def __init__(self, view: dict[str, Any], size: tuple[int, int]) -> None:
        self.view = view
        self.size = size
        self.layout: MapLayout = layout_for(view, size)
        self.image = _background(self.layout).copy()
        self.draw = ImageDraw.Draw(self.image)
        cities: list[dict[str, Any]] = list(view.get("cities") or [])
        self.cities = {str(c["name"]): c for c in cities}
        self.project = self.layout.project
        self.pos = self.layout.pos
        self.colours = {
            str(c["id"]): cv.colour(c.get("colour")) for c in view.get("companies") or []
        }
        self.links: list[dict[str, Any]] = [
            link
            for link in view.get("links") or []
            if link.get("a") in self.pos and link.get("b") in self.pos
        ]
        last = view.get("last_action") or {}
        trans = view.get("transcontinental") or {}
        self.last_links = set(last.get("links") or [])
        self.last_cities = set(last.get("cities") or [])
        self.link_ends = {str(k.get(end)) for k in self.links if k.get("id") in self.last_links
                          for end in ("a", "b")}  # ringed with their link already
        self.trans_links = set(trans.get("links") or [])
        self.cubes: dict[str, Box] = {}
        # The acting company's cities: where the current choice builds from or takes goods.
        active = view.get("active_company")
        by_id = {str(c["id"]): c for c in view.get("companies") or []}
        company = by_id.get(str(active), {}) if active else {}
        self.reach = {str(c) for c in company.get("network") or []}
        self.reach_colour = self.colours.get(str(active), cv.INK)
        name = company.get("name", "?")
        note = (tr("{company} takes goods from", company=name) if view.get("phase") == "final"
                else tr("{company} builds from", company=name))
        self.reach_note = note if self.reach else ""
        self.cost_boxes: dict[str, Box] = {
            str(self.links[i].get("id")): box for i, box in self.layout.costs
        }
        self.letters = company_letters(view)
        self.badges: dict[str, str] = {}  # built link id to the owner's letter drawn on it
        self.legend_box: Box | None = None

    def paint(self) -> Image.Image:
        """Draw everything over the cached background and return the map image."""
        self._links()
        self._cities()
        self._labels()
        self._legend()
        return self.image

    def _links(self) -> None:
        """Glows, dashed last-move outlines, then track (thin grey or thick company colour),
        then the cost squares and owner badges."""
        ends = self.layout.ends
        for link, line in zip(self.links, ends, strict=True):
            if link.get("id") in self.trans_links:
                cv.polyline(self.draw, line, TRANS_GLOW, 22)
        for link, line in zip(self.links, ends, strict=True):
            if link.get("id") in self.last_links:
                cv.dashed_outline(self.draw, stadium(line, LAST_RING), LAST_WIDTH, 10.0)
        for link, line in zip(self.links, ends, strict=True):
            if not link.get("owner"):
                self.draw.line(line, fill=UNBUILT, width=2)
        for link, line in zip(self.links, ends, strict=True):
            owner = link.get("owner")
            if owner:
                cv.polyline(self.draw, line, CASING, 10)
                cv.polyline(self.draw, line, self.colours.get(str(owner), UNBUILT), 6)
        self._costs()

    def _costs(self) -> None:
        """Cost squares (placed by the layout); a built link's square shows its owner's
        letter on the owner's colour instead, so the owner reads without telling hues."""
        digits = cv.font(16, bold=True)
        for i, box in self.layout.costs:
            link = self.links[i]
            owner = link.get("owner")
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1)
            if cv.cut_at_edge(box, self.image.size):
                continue  # a zoom's edge would cut the square: the link shows without it
            if owner:
                letter = self.letters.get(str(owner), "?")
                badge(self.draw, box, self.colours.get(str(owner), UNBUILT), letter)
                self.badges[str(link.get("id"))] = letter
                continue
            self.draw.rectangle(box, fill=COST_BLUE, outline=(255, 255, 255), width=2)
            cv.draw_text(self.draw, centre, str(link.get("cost", "")), digits, cv.PAPER,
                         anchor="mm")

    def _cities(self) -> None:
        """City markers (hexagons for start cities) with their value, rings and goods cubes."""
        digits = cv.font(16, bold=True)
        for name, city in self.cities.items():
            x, y = self.pos[name]
            hexed = bool(city.get("hex_start"))
            radius = HEX_R if hexed else CITY_R
            if name in self.last_cities and name not in self.link_ends:
                cv.dashed_outline(self.draw, circle(self.pos[name], LAST_RING), LAST_WIDTH, 10.0)
            if name in self.reach:
                self._reach_ring((x, y), radius + 5)
            fill = cv.colour(city.get("colour"), (200, 200, 200))
            if hexed:
                self.draw.polygon(cv.hexagon((x, y), radius), fill=fill, outline=CASING, width=2)
            else:
                box = (x - radius, y - radius, x + radius, y + radius)
                self.draw.ellipse(box, fill=fill, outline=CASING, width=2)
            value = city.get("value")
            if value is not None:
                cv.draw_text(self.draw, (x, y), str(value), digits, cv.contrast_ink(fill),
                             anchor="mm")
            goods = city.get("goods")
            if goods:
                centre = self.layout.goods_spots[name]
                outline = (235, 235, 235) if goods == "black" else CASING
                cube = cv.swatch(self.draw, centre, 13, cv.colour(goods), outline)
                self.draw.rectangle(
                    (cube[0] - 1, cube[1] - 1, cube[2] + 1, cube[3] + 1), outline=CASING
                )
                self.cubes[name] = cube

    def _reach_ring(self, centre: Point, radius: float) -> None:
        """A ring in the acting company's colour, cased so pale colours still show."""
        x, y = centre
        self.draw.ellipse((x - radius - 2, y - radius - 2, x + radius + 2, y + radius + 2),
                          fill=CASING)
        self.draw.ellipse((x - radius, y - radius, x + radius, y + radius),
                          fill=self.reach_colour)

    def _labels(self) -> None:
        """City names in their fixed places (see layout.static_labels)."""
        for name, xy, anchor, size in static_labels(self.layout):
            cv.draw_text(self.draw, xy, name, cv.font(size, bold=True), cv.INK,
                         halo=(255, 255, 255), anchor=anchor)

    def _legend(self) -> None:
        """A small key in the empty Atlantic corner: markers, costs, each company's track and
        badge (two a row), the transcontinental, the last-move dashes and goods."""
        fnt = cv.font(LEGEND_SIZE)
        companies = list(self.view.get("companies") or [])
        pairs = [companies[i:i + 2] for i in range(0, len(companies), 2)]
        rows: list[tuple[str, Any]] = [("hex", tr("start city (value $)")),
                                       ("dot", tr("city (value $)")),
                                       ("cost", tr("link cost (cubes)"))]
        rows += [("companies", pair) for pair in pairs]
        rows += [("trans", tr("transcontinental")), ("last", tr("last move")),
                 ("cube", tr("goods cube"))]
        rows += [("reach", self.reach_note)] if self.reach_note else []
        texts = [str(row) for kind, row in rows if kind != "companies"]
        names = [str(c.get("name", c.get("id"))) for c in companies]
        column = 40 + max((cv.text_width(n, fnt) for n in names), default=0) + 12
        width = max(40 + max(cv.text_width(t, fnt) for t in texts) + 14, 2 * column + 4)
        line_h = 23
        x0, y1 = self.size[0] - 12 - width, self.size[1] - 12
        y0 = y1 - line_h * len(rows) - 12
        self.legend_box = (x0, y0, x0 + width, y1)
        cv.rounded_box(self.draw, self.legend_box, (252, 252, 250), (170, 170, 170), 8)
        kx = x0 + 22
        for i, (kind, row) in enumerate(rows):
            cy = y0 + 6 + line_h * i + line_h / 2
            if kind == "companies":
                for j, company in enumerate(row):
                    self._key(x0 + j * column, cy, company, fnt)
                continue
            if kind == "hex":  # neutral: start cities come in every region's colour
                self.draw.polygon(cv.hexagon((kx, cy), 11), fill=cv.PAPER, outline=CASING,
                                  width=2)
            elif kind == "dot":
                self.draw.ellipse((kx - 9, cy - 9, kx + 9, cy + 9), fill=cv.PAPER,
                                  outline=CASING, width=2)
            elif kind == "cost":
                self.draw.rectangle((kx - 9, cy - 9, kx + 9, cy + 9), fill=COST_BLUE)
            elif kind == "trans":
                self.draw.line((kx - 14, cy, kx + 14, cy), fill=TRANS_GLOW, width=14)
                self.draw.line((kx - 14, cy, kx + 14, cy), fill=CASING, width=8)
                self.draw.line((kx - 14, cy, kx + 14, cy), fill=UNBUILT, width=4)
            elif kind == "last":
                cv.dashed_outline(self.draw, circle((kx, cy), 9), 3, 5.0)
                self.draw.ellipse((kx - 5, cy - 5, kx + 5, cy + 5), fill=cv.PAPER,
                                  outline=CASING)
            elif kind == "cube":
                cv.swatch(self.draw, (kx, cy), 13, cv.colour("white"))
            else:
                self._reach_ring((kx, cy), 11)
                self.draw.ellipse((kx - 7, cy - 7, kx + 7, cy + 7), fill=cv.colour("white"),
                                  outline=CASING)
            cv.draw_text(self.draw, (x0 + 40, cy), str(row), fnt, cv.INK, anchor="lm")

    def _key(self, x: float, cy: float, company: dict[str, Any], fnt: Any) -> None:
        """One company in the legend: a stretch of its track with its badge, then its name."""
        cid = str(company.get("id"))
        fill = self.colours.get(cid, UNBUILT)
        cv.polyline(self.draw, [(x + 12, cy), (x + 32, cy)], CASING, 10)
        cv.polyline(self.draw, [(x + 12, cy), (x + 32, cy)], fill, 6)
        badge(self.draw, (x + 13, cy - 9, x + 31, cy + 9), fill, self.letters.get(cid, "?"), 15)
        cv.draw_text(self.draw, (x + 40, cy), str(company.get("name", cid)), fnt, cv.INK,
                     anchor="lm")


def company_letters(view: dict[str, Any]) -> dict[str, str]:
    """Each company's badge letter: the first of its name (B&O: B), longer where two would
    share one."""
    names = {str(c.get("id")): str(c.get("name") or c.get("id") or "?")
             for c in view.get("companies") or []}
    out: dict[str, str] = {}
    for size in (1, 2, 3):
        taken = [n[:size].upper() for cid, n in names.items() if cid not in out]
        for cid, name in names.items():
            if cid not in out and (taken.count(name[:size].upper()) == 1 or size == 3):
                out[cid] = name[:size].upper()
    return out


def badge(draw: ImageDraw.ImageDraw, box: Box, fill: RGB, letter: str, size: int = 16) -> None:
    """A built link's square: the owner's colour, cased in black, with its letter."""
    draw.rectangle((box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1), fill=CASING)
    draw.rectangle(box, fill=fill)
    fnt = cv.font(size if len(letter) < 2 else size - 5, bold=True)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1)
    cv.draw_text(draw, centre, letter, fnt, cv.contrast_ink(fill), anchor="mm")


def stadium(line: tuple[Point, Point], radius: float) -> list[Point]:
    """A link's outline: round ends `radius` out around both cities, straight sides between,
    so even a short link's mark shows clear of its end markers."""
    (ax, ay), (bx, by) = line
    heading = math.atan2(by - ay, bx - ax)
    points = []
    for (x, y), start in (((bx, by), heading - math.pi / 2), ((ax, ay), heading + math.pi / 2)):
        points += [(x + radius * math.cos(start + math.pi * k / 12),
                    y + radius * math.sin(start + math.pi * k / 12)) for k in range(13)]
    return points


def circle(centre: Point, radius: float) -> list[Point]:
    """A circle as a 24-sided polygon (so its dashes are even)."""
    x, y = centre
    return [(x + radius * math.cos(math.pi * i / 12), y + radius * math.sin(math.pi * i / 12))
            for i in range(24)]


def _ring(layout: MapLayout, ring: tuple[tuple[float, float], ...]) -> list[Point]:
    """Project a (lon, lat) ring."""
    return [layout.project(lon, lat) for lon, lat in ring]


def _background(layout: MapLayout) -> Image.Image:
    """Sea, land, lakes and borders: drawn once per layout, then only ever copied."""
    if layout.base is None:
        image = cv.new_canvas(layout.size[0], layout.size[1], SEA)
        draw = ImageDraw.Draw(image)
        draw.polygon(_ring(layout, LAND), fill=LAND_FILL, outline=LAKE_EDGE)
        for lake in LAKES:
            draw.polygon(_ring(layout, lake), fill=SEA, outline=LAKE_EDGE)
        for border in BORDERS:
            draw.line(_ring(layout, border), fill=BORDER, width=2, joint="curve")
        layout.base = image
    return layout.base


def paint_map(view: dict[str, Any], size: tuple[int, int]) -> Image.Image:
    """Render the map of a Steel Driver view at `size`."""
    return MapPainter(view, size).paint()
