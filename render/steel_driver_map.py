"""The Steel Driver map: projection, links with costs, cities, goods, highlights and labels."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from render import canvas as cv
from render.canvas import RGB, Box, Point
from render.usa_outline import BORDERS, LAKES, LAND

SEA: RGB = (205, 225, 238)
LAND_FILL: RGB = (246, 241, 228)
LAKE_EDGE: RGB = (170, 196, 214)
BORDER: RGB = (196, 186, 166)
UNBUILT: RGB = (150, 146, 140)
COST_BLUE: RGB = (28, 92, 190)
TRANS_GLOW: RGB = (110, 196, 240)
LAST_GLOW: RGB = (255, 92, 190)
CASING: RGB = (28, 28, 32)

CITY_R = 14
HEX_R = 17
COST_SIDE = 21
LABEL_SIZE = 16
MIN_GAP = 68
LEGEND_SIZE = 16

# Horizontal stretch per longitude band: the sparse West is squeezed and the crowded East widened,
# so the map fills a wide frame and the Boston-Richmond corridor gets room for its labels.
_BANDS: tuple[tuple[float, float], ...] = ((-100.0, 0.62), (-88.0, 1.0), (180.0, 1.85))
_MID_LAT = 39.0


def _warp(lon: float) -> float:
    """Warped x (in degrees at the mid latitude) for a longitude."""
    start, x = -100.0, 0.0
    if lon < start:
        return (lon - start) * _BANDS[0][1]
    for end, factor in _BANDS[1:]:
        if lon <= end:
            return x + (lon - start) * factor
        x += (end - start) * factor
        start = end
    return x


class Projection:
    """Maps (lon, lat) to pixels so that every city fits the frame with the given margins."""

    def __init__(
        self, points: list[Point], size: tuple[int, int], margins: tuple[int, int, int, int]
    ) -> None:
        left, top, right, bottom = margins
        raw = [self._raw(lon, lat) for lon, lat in points]
        xs, ys = [p[0] for p in raw], [p[1] for p in raw]
        span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
        avail_x, avail_y = size[0] - left - right, size[1] - top - bottom
        self.scale = min(avail_x / span_x, avail_y / span_y)
        self.x0 = left + (avail_x - span_x * self.scale) / 2 - min(xs) * self.scale
        self.y0 = top + (avail_y - span_y * self.scale) / 2 - min(ys) * self.scale

    @staticmethod
    def _raw(lon: float, lat: float) -> Point:
        """Unscaled warped equirectangular coordinates."""
        return (_warp(lon) * math.cos(math.radians(_MID_LAT)), -lat)

    def __call__(self, lon: float, lat: float) -> Point:
        """Pixel position of (lon, lat)."""
        x, y = self._raw(lon, lat)
        return (self.x0 + x * self.scale, self.y0 + y * self.scale)


def _relax(pos: dict[str, Point], rounds: int = 40) -> dict[str, Point]:
    """Push cities that sit closer than MIN_GAP apart, a little at a time (deterministic)."""
    names = sorted(pos)
    at = {n: list(pos[n]) for n in names}
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                dx, dy = at[b][0] - at[a][0], at[b][1] - at[a][1]
                dist = math.hypot(dx, dy)
                if 0 < dist < MIN_GAP:
                    push = (MIN_GAP - dist) / 4 / dist
                    at[a][0] -= dx * push
                    at[a][1] -= dy * push
                    at[b][0] += dx * push
                    at[b][1] += dy * push
                    moved = True
        if not moved:
            break
    return {n: (at[n][0], at[n][1]) for n in names}


def _cost_box(mid: Point) -> Box:
    """Box of the cost square centred on a link midpoint."""
    half = COST_SIDE / 2
    return (mid[0] - half, mid[1] - half, mid[0] + half, mid[1] + half)


class MapPainter:
    """Draws the map part of a Steel Driver view onto its own image."""

    def __init__(self, view: dict[str, Any], size: tuple[int, int]) -> None:
        self.view = view
        self.size = size
        self.image = cv.new_canvas(size[0], size[1], SEA)
        self.draw = ImageDraw.Draw(self.image)
        cities: list[dict[str, Any]] = list(view.get("cities") or [])
        self.cities = {str(c["name"]): c for c in cities}
        self.project = Projection(
            [(float(c["lon"]), float(c["lat"])) for c in cities] or [(-100.0, 40.0), (-80, 30)],
            size,
            (44, 34, 118, 30),
        )
        self.pos = _relax(
            {n: self.project(float(c["lon"]), float(c["lat"])) for n, c in self.cities.items()}
        )
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
        self.obstacles: list[Box] = []
        self.cost_boxes: dict[str, Box] = {}

    def paint(self) -> Image.Image:
        """Draw everything and return the map image."""
        self._background()
        self._links()
        self._cities()
        self._labels()
        self._legend()
        return self.image

    def _ring(self, ring: tuple[tuple[float, float], ...]) -> list[Point]:
        """Project a (lon, lat) ring."""
        return [self.project(lon, lat) for lon, lat in ring]

    def _background(self) -> None:
        """Sea, land, lakes and borders."""
        self.draw.polygon(self._ring(LAND), fill=LAND_FILL, outline=LAKE_EDGE)
        for lake in LAKES:
            self.draw.polygon(self._ring(lake), fill=SEA, outline=LAKE_EDGE)
        for border in BORDERS:
            self.draw.line(self._ring(border), fill=BORDER, width=2, joint="curve")

    def _ends(self, link: dict[str, Any]) -> tuple[Point, Point]:
        """Pixel positions of both ends of a link."""
        return self.pos[str(link["a"])], self.pos[str(link["b"])]

    def _links(self) -> None:
        """Glows, then track (thin grey or thick company colour), then the cost squares."""
        for link in self.links:
            ends = self._ends(link)
            if link.get("id") in self.trans_links:
                cv.polyline(self.draw, ends, TRANS_GLOW, 22)
        for link in self.links:
            if link.get("id") in self.last_links:
                cv.polyline(self.draw, self._ends(link), LAST_GLOW, 20)
        for link in self.links:
            if not link.get("owner"):
                self.draw.line(self._ends(link), fill=UNBUILT, width=2)
        for link in self.links:
            owner = link.get("owner")
            if owner:
                ends = self._ends(link)
                cv.polyline(self.draw, ends, CASING, 10)
                cv.polyline(self.draw, ends, self.colours.get(str(owner), UNBUILT), 6)
        self._costs()

    def _marker_box(self, name: str, pad: float = 0) -> Box:
        """Box around a city marker."""
        x, y = self.pos[name]
        r = (HEX_R if self.cities[name].get("hex_start") else CITY_R) + pad
        return (x - r, y - r, x + r, y + r)

    def _costs(self) -> None:
        """Cost squares near each link's midpoint, slid along the link to avoid overlaps."""
        digits = cv.font(16, bold=True)
        blocked = [self._marker_box(name, 2) for name in self.pos]
        placed: list[Box] = []

        def length(link: dict[str, Any]) -> float:
            return math.dist(*self._ends(link))

        for link in sorted(self.links, key=lambda k: (length(k), str(k.get("id")))):
            (ax, ay), (bx, by) = self._ends(link)
            best: tuple[float, Box] | None = None
            for t in (0.5, 0.42, 0.58, 0.34, 0.66):
                box = _cost_box((ax + (bx - ax) * t, ay + (by - ay) * t))
                score = sum(cv.overlap_area(box, o) for o in blocked + placed)
                if best is None or score < best[0]:
                    best = (score, box)
                if score == 0:
                    break
            assert best is not None
            box = best[1]
            placed.append(box)
            self.cost_boxes[str(link.get("id"))] = box
            owner = link.get("owner")
            ring = self.colours.get(str(owner), COST_BLUE) if owner else (255, 255, 255)
            self.draw.rectangle(box, fill=COST_BLUE, outline=ring, width=2)
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1)
            self.draw.text(centre, str(link.get("cost", "")), font=digits, fill=cv.PAPER,
                           anchor="mm")
        self.obstacles.extend(placed)

    def _goods_spot(self, name: str, radius: float) -> Point:
        """Centre for a goods cube beside a city, away from the city's links."""
        x, y = self.pos[name]
        angles = []
        for link in self.links:
            if name in (link["a"], link["b"]):
                other = self.pos[str(link["b"] if link["a"] == name else link["a"])]
                angles.append(math.degrees(math.atan2(other[1] - y, other[0] - x)))
        best: tuple[float, float] | None = None
        for angle in (-45.0, -135.0, 45.0, 135.0, -90.0, 90.0, 0.0, 180.0):
            gap = min((abs((angle - a + 180) % 360 - 180) for a in angles), default=180.0)
            if best is None or round(gap) > round(best[0]):
                best = (gap, angle)
        assert best is not None
        rad = math.radians(best[1])
        dist = radius + 12 if best[1] % 90 else radius + 10
        return (x + dist * math.cos(rad), y + dist * math.sin(rad))

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
            fill = cv.colour(city.get("colour"), (200, 200, 200))
            if hexed:
                self.draw.polygon(cv.hexagon((x, y), radius), fill=fill, outline=CASING, width=2)
            else:
                box = (x - radius, y - radius, x + radius, y + radius)
                self.draw.ellipse(box, fill=fill, outline=CASING, width=2)
            value = city.get("value")
            if value is not None:
                self.draw.text(
                    (x, y), str(value), font=digits, fill=cv.contrast_ink(fill), anchor="mm"
                )
            self.obstacles.append((x - radius, y - radius, x + radius, y + radius))
            goods = city.get("goods")
            if goods:
                centre = self._goods_spot(name, radius)
                outline = (235, 235, 235) if goods == "black" else CASING
                cube = cv.swatch(self.draw, centre, 13, cv.colour(goods), outline)
                self.draw.rectangle(
                    (cube[0] - 1, cube[1] - 1, cube[2] + 1, cube[3] + 1), outline=CASING
                )
                self.obstacles.append(cube)

    def _crowding(self, name: str) -> int:
        """How many other cities lie close to this one."""
        x, y = self.pos[name]
        return sum(1 for ox, oy in self.pos.values() if 0 < math.hypot(ox - x, oy - y) < 110)

    def _labels(self) -> None:
        """Place each city name where it overlaps least; crowded cities choose first."""
        fnt = cv.font(LABEL_SIZE, bold=True)
        placed: list[Box] = []
        segments = [self._ends(link) for link in self.links]
        width, height = self.size
        for name in sorted(self.pos, key=lambda n: (-self._crowding(n), n)):
            x, y = self.pos[name]
            radius = (HEX_R if self.cities[name].get("hex_start") else CITY_R) + 3
            diag = radius * 0.75
            candidates: list[tuple[Point, str]] = [
                ((x + radius + 1, y), "lm"),
                ((x - radius - 1, y), "rm"),
                ((x + diag, y - diag), "ld"),
                ((x + diag, y + diag), "la"),
                ((x - diag, y - diag), "rd"),
                ((x - diag, y + diag), "ra"),
                ((x, y - radius), "md"),
                ((x, y + radius), "ma"),
            ]
            best: tuple[float, Point, str, Box] | None = None
            for rank, (xy, anchor) in enumerate(candidates):
                box = cv.text_box(xy, name, fnt, anchor)
                box = (box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2)
                score = rank * 2.0
                score += sum(cv.overlap_area(box, o) for o in self.obstacles) * 12
                score += sum(cv.overlap_area(box, o) for o in placed) * 20
                score += sum(40 for p, q in segments if cv.segment_hits_box(p, q, box))
                outside = max(0.0, -box[0]) + max(0.0, box[2] - width)
                outside += max(0.0, -box[1]) + max(0.0, box[3] - height)
                score += outside * 400
                if best is None or score < best[0]:
                    best = (score, xy, anchor, box)
            assert best is not None
            _, xy, anchor, box = best
            placed.append(box)
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
        ]
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
            else:
                cv.swatch(self.draw, (kx, cy), 13, cv.colour("white"))
            self.draw.text((x0 + 40, cy), row, font=fnt, fill=cv.INK, anchor="lm")


def paint_map(view: dict[str, Any], size: tuple[int, int]) -> Image.Image:
    """Render the map of a Steel Driver view at `size`."""
    return MapPainter(view, size).paint()
