"""The Steel Driver map: projection, links with costs, cities, goods, highlights and labels."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render import canvas as cv
from render.canvas import RGB, Box, Point
from render.steel_driver_layout import (
    CITY_R,
    COST_SIDE,
    HEX_R,
    LABEL_SIZE,
    MapLayout,
    Projection,
    layout_for,
    place_labels,
)
from render.usa_outline import BORDERS, LAKES, LAND

__all__ = ["CITY_R", "COST_SIDE", "HEX_R", "LABEL_SIZE", "MapPainter", "Projection", "paint_map"]

SEA: RGB = (205, 225, 238)
LAND_FILL: RGB = (246, 241, 228)
LAKE_EDGE: RGB = (170, 196, 214)
BORDER: RGB = (196, 186, 166)
UNBUILT: RGB = (150, 146, 140)
COST_BLUE: RGB = (28, 92, 190)
TRANS_GLOW: RGB = (110, 196, 240)
LAST_GLOW: RGB = (255, 92, 190)
CASING: RGB = (28, 28, 32)

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
        self.trans_links = set(trans.get("links") or [])
        self.cubes: dict[str, Box] = {}
        # The acting company's cities: where the current choice builds from or takes goods.
        active = view.get("active_company")
        by_id = {str(c["id"]): c for c in view.get("companies") or []}
        company = by_id.get(str(active), {}) if active else {}
        self.reach = {str(c) for c in company.get("network") or []}
        self.reach_colour = self.colours.get(str(active), cv.INK)
        verb = "takes goods from" if view.get("phase") == "final" else "builds from"
        self.reach_note = f"{company.get('name', '?')} {verb}" if self.reach else ""
        self.cost_boxes: dict[str, Box] = {
            str(self.links[i].get("id")): box for i, box in self.layout.costs
        }

    def paint(self) -> Image.Image:
        """Draw everything over the cached background and return the map image."""
        self._links()
        self._cities()
        self._labels()
        self._legend()
        return self.image

    def _links(self) -> None:
        """Glows, then track (thin grey or thick company colour), then the cost squares."""
        ends = self.layout.ends
        for link, line in zip(self.links, ends, strict=True):
            if link.get("id") in self.trans_links:
                cv.polyline(self.draw, line, TRANS_GLOW, 22)
        for link, line in zip(self.links, ends, strict=True):
            if link.get("id") in self.last_links:
                cv.polyline(self.draw, line, LAST_GLOW, 20)
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
        """Cost squares (placed by the layout), ringed in the owner's colour once built."""
        digits = cv.font(16, bold=True)
        for i, box in self.layout.costs:
            link = self.links[i]
            owner = link.get("owner")
            ring = self.colours.get(str(owner), COST_BLUE) if owner else (255, 255, 255)
            self.draw.rectangle(box, fill=COST_BLUE, outline=ring, width=2)
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1)
            cv.draw_text(self.draw, centre, str(link.get("cost", "")), digits, cv.PAPER,
                         anchor="mm")

    def _cities(self) -> None:
        """City markers (hexagons for start cities) with their value, rings and goods cubes."""
        digits = cv.font(16, bold=True)
        for name, city in self.cities.items():
            x, y = self.pos[name]
            hexed = bool(city.get("hex_start"))
            radius = HEX_R if hexed else CITY_R
            if name in self.last_cities:
                ring = radius + 6
                self.draw.ellipse((x - ring, y - ring, x + ring, y + ring), fill=LAST_GLOW)
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
        """City names where they overlap least (see steel_driver_layout.place_labels)."""
        fnt = cv.font(LABEL_SIZE, bold=True)
        for name, xy, anchor in place_labels(self.layout, self.cubes):
            cv.draw_text(self.draw, xy, name, fnt, cv.INK, halo=(255, 255, 255), anchor=anchor)

    def _legend(self) -> None:
        """A small key in the empty Pacific corner."""
        fnt = cv.font(LEGEND_SIZE)
        rows = [
            "start city (value $)",
            "city (value $)",
            "link cost (cubes)",
            "built track",
            "transcontinental",
            "last move",
            "goods cube",
        ] + ([self.reach_note] if self.reach_note else [])
        line_h = 23
        width = 40 + max(cv.text_width(r, fnt) for r in rows) + 14
        x0, y1 = self.size[0] - 12 - width, self.size[1] - 12
        y0 = y1 - line_h * len(rows) - 12
        cv.rounded_box(self.draw, (x0, y0, x0 + width, y1), (252, 252, 250), (170, 170, 170), 8)
        for i, row in enumerate(rows):
            cy = y0 + 6 + line_h * i + line_h / 2
            kx = x0 + 22
            if i == 0:
                self.draw.polygon(cv.hexagon((kx, cy), 10), fill=cv.colour("red"), outline=CASING)
            elif i == 1:
                self.draw.ellipse((kx - 9, cy - 9, kx + 9, cy + 9), fill=cv.colour("orange"),
                                  outline=CASING)
            elif i == 2:
                self.draw.rectangle((kx - 9, cy - 9, kx + 9, cy + 9), fill=COST_BLUE)
            elif i in (3, 4, 5):
                glow = {4: TRANS_GLOW, 5: LAST_GLOW}.get(i)
                if glow:
                    self.draw.line((kx - 14, cy, kx + 14, cy), fill=glow, width=14)
                self.draw.line((kx - 14, cy, kx + 14, cy), fill=CASING, width=8)
                self.draw.line((kx - 14, cy, kx + 14, cy), fill=cv.colour("blue"), width=4)
            elif i == 6:
                cv.swatch(self.draw, (kx, cy), 13, cv.colour("white"))
            else:
                self._reach_ring((kx, cy), 11)
                self.draw.ellipse((kx - 7, cy - 7, kx + 7, cy + 7), fill=cv.colour("white"),
                                  outline=CASING)
            cv.draw_text(self.draw, (x0 + 40, cy), row, fnt, cv.INK, anchor="lm")


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
