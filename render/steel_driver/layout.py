"""The static layout of a Steel Driver map, computed once per map and cached.

Everything here depends only on the cities (names, coordinates, start hexes) and the links
(ids and ends), never on the state of a game: the projection, the spread-out city positions,
where each cost square sits, where each name goes (`static_labels`: a name keeps its place
from move to move) and where a goods cube would go, fitted around the names.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from render.core import canvas as cv
from render.core.canvas import Box, Point

CITY_R = 14
HEX_R = 17
COST_SIDE = 21
CUBE_SIDE = 13
LABEL_SIZE = 16
SMALL_LABEL_SIZE = 14  # for a name with no clear spot at the full size
MIN_GAP = 68
MARGINS = (44, 34, 118, 30)

# Horizontal stretch per longitude band: the sparse West is squeezed and the crowded East widened,
# so the map fills a wide frame and the Boston-Richmond corridor gets room for its labels.
_BANDS: tuple[tuple[float, float], ...] = ((-100.0, 0.62), (-88.0, 1.0), (180.0, 1.85))
_MID_LAT = 39.0
_CACHE_SIZE = 8

CityKey = tuple[str, float, float, bool]  # name, lon, lat, start hex
LinkKey = tuple[str, Any, Any]  # id, end a, end b
Key = tuple[tuple[int, int], tuple[CityKey, ...], tuple[LinkKey, ...]]
ObstacleKey = tuple[int, int, int]  # orders obstacles as the label pass meets them


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
    xs, ys = [pos[n][0] for n in names], [pos[n][1] for n in names]
    count, hypot = len(names), math.hypot
    for _ in range(rounds):
        moved = False
        for i in range(count):
            for j in range(i + 1, count):
                dx, dy = xs[j] - xs[i], ys[j] - ys[i]
                dist = hypot(dx, dy)
                if 0 < dist < MIN_GAP:
                    push = (MIN_GAP - dist) / 4 / dist
                    xs[i] -= dx * push
                    ys[i] -= dy * push
                    xs[j] += dx * push
                    ys[j] += dy * push
                    moved = True
        if not moved:
            break
    return {n: (xs[i], ys[i]) for i, n in enumerate(names)}


def _meets(a: Box, b: Box) -> bool:
    """True when two boxes share some area (so their overlap_area may be non-zero)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _hull(boxes: list[Box]) -> Box:
    """The smallest box around `boxes`."""
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def _may_hit(segment: tuple[Point, Point], box: Box) -> bool:
    """False only when the segment lies clearly apart from `box` (a cheap pre-check)."""
    (px, py), (qx, qy) = segment
    eps = 1e-6
    return not (max(px, qx) < box[0] - eps or min(px, qx) > box[2] + eps
                or max(py, qy) < box[1] - eps or min(py, qy) > box[3] + eps)


def cost_box(mid: Point) -> Box:
    """Box of the cost square centred on a link midpoint."""
    half = COST_SIDE / 2
    return (mid[0] - half, mid[1] - half, mid[0] + half, mid[1] + half)


@dataclass(frozen=True)
class Candidate:
    """One spot for a city label and the fixed parts of its score."""

    xy: Point
    anchor: str
    box: Box
    rank_score: float
    fixed: tuple[tuple[ObstacleKey, float], ...]  # non-zero overlaps with fixed obstacles
    segments: int
    outside: float


@dataclass
class MapLayout:
    """Static geometry of one map at one size."""

    size: tuple[int, int]
    project: Projection
    pos: dict[str, Point]
    radius: dict[str, int]
    index: dict[str, int]  # a city's place in the view's city order
    ends: list[tuple[Point, Point]]  # per drawn link, in view order
    costs: list[tuple[int, Box]]  # (drawn link index, cost square) in drawing order
    goods_spots: dict[str, Point]
    label_order: list[str] = field(default_factory=list)
    labels: dict[str, tuple[Box, list[Candidate]]] = field(default_factory=dict)
    fixed_labels: list[tuple[str, Point, str, int]] | None = None  # set once by `static_labels`
    base: Image.Image | None = None  # the background: set once by the painter, then read-only

    def marker_box(self, name: str, pad: float = 0) -> Box:
        """Box around a city marker."""
        x, y = self.pos[name]
        r = self.radius[name] + pad
        return (x - r, y - r, x + r, y + r)


def _place_costs(layout: MapLayout, link_ids: list[str]) -> None:
    """Cost squares near each link's midpoint, slid along the link to avoid overlaps."""
    blocked = [layout.marker_box(name, 2) for name in layout.pos]
    placed: list[Box] = []
    order = sorted(range(len(link_ids)),
                   key=lambda i: (math.dist(*layout.ends[i]), link_ids[i]))
    for i in order:
        (ax, ay), (bx, by) = layout.ends[i]
        spots = [cost_box((ax + (bx - ax) * t, ay + (by - ay) * t))
                 for t in (0.5, 0.42, 0.58, 0.34, 0.66)]
        area = _hull(spots)
        near = [o for o in blocked + placed if _meets(area, o)]
        best: tuple[float, Box] | None = None
        for box in spots:
            score = sum(cv.overlap_area(box, o) for o in near)
            if best is None or score < best[0]:
                best = (score, box)
            if score == 0:
                break
        assert best is not None
        placed.append(best[1])
        layout.costs.append((i, best[1]))


def _goods_spot(layout: MapLayout, name: str, ends: list[tuple[str, str]],
               taken: list[Box]) -> Point:
    """Centre for a goods cube beside a city: clear of names, numbers, markers and other cubes
    (`taken`), then as far as it can be from the city's links."""
    x, y = layout.pos[name]
    radius = layout.radius[name]
    angles = []
    for a, b in ends:
        if name in (a, b):
            other = layout.pos[b if a == name else a]
            angles.append(math.degrees(math.atan2(other[1] - y, other[0] - x)))
    best: tuple[float, Point] | None = None
    for step in (0.0, 8.0):
        for angle in (-45.0, -135.0, 45.0, 135.0, -90.0, 90.0, 0.0, 180.0):
            gap = min((abs((angle - a + 180) % 360 - 180) for a in angles), default=180.0)
            dist = (radius + 12 if angle % 90 else radius + 10) + step
            rad = math.radians(angle)
            spot = (x + dist * math.cos(rad), y + dist * math.sin(rad))
            box = cube_box(spot)
            covered = sum(cv.overlap_area(box, o) for o in taken if _meets(box, o))
            score = covered * 1000 - round(gap) + step
            if best is None or score < best[0]:
                best = (score, spot)
    assert best is not None
    return best[1]


# A label's spots, best first: hugging the marker on its right, left, corners, top and bottom,
# then the same a step further out and at the angles between, for the crowded middle of the map.
_SPOT_ANGLES = (0, 180, -45, 45, -135, 135, -90, 90, -22.5, 22.5, -157.5, 157.5, -67.5, 67.5,
                -112.5, 112.5)


def _label_spots(centre: Point, radius: float) -> list[tuple[Point, str]]:
    """Candidate (xy, anchor) pairs for a label around a marker of `radius`."""
    x, y = centre
    spots: list[tuple[Point, str]] = []
    for gap, angles in ((0.0, _SPOT_ANGLES[:8]), (0.0, _SPOT_ANGLES[8:]),
                        (8.0, _SPOT_ANGLES), (17.0, _SPOT_ANGLES)):
        for angle in angles:
            dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
            r = radius + gap + (1 if abs(dy) < 0.5 else 0)
            across = "l" if dx > 0.35 else "r" if dx < -0.35 else "m"
            down = "d" if dy < -0.35 else "a" if dy > 0.35 else "m"
            if abs(abs(angle) - 90) == 45:  # a corner: 3/4 of the radius out along each axis
                dx, dy = math.copysign(0.75, dx), math.copysign(0.75, dy)
            spots.append(((x + r * dx, y + r * dy), across + down))
    return spots


def _plan_labels(layout: MapLayout) -> None:
    """Candidate spots per city label, and the order in which labels choose."""
    fixed: list[tuple[ObstacleKey, Box]] = [((0, k, 0), box) for k, (_, box) in
                                            enumerate(layout.costs)]
    fixed += [((1, j, 0), layout.marker_box(name)) for name, j in layout.index.items()]

    def crowding(name: str) -> int:
        x, y = layout.pos[name]
        return sum(1 for ox, oy in layout.pos.values() if 0 < math.hypot(ox - x, oy - y) < 110)

    layout.label_order = sorted(layout.pos, key=lambda n: (-crowding(n), n))
    for name in layout.label_order:
        layout.labels[name] = _candidates(layout, name, LABEL_SIZE, fixed)


def _candidates(layout: MapLayout, name: str, size: int,
                fixed: list[tuple[ObstacleKey, Box]]) -> tuple[Box, list[Candidate]]:
    """The spots for one city's name at a font size, with their fixed scores."""
    fnt = cv.font(size, bold=True)
    width, height = layout.size
    spots = _label_spots(layout.pos[name], layout.radius[name] + 3)
    boxes = []
    for xy, anchor in spots:
        box = cv.text_box(xy, name, fnt, anchor)
        boxes.append((box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2))
    area = _hull(boxes)
    near = sorted((key, o) for key, o in fixed if _meets(area, o))
    segments = [s for s in layout.ends if _may_hit(s, area)]
    candidates = []
    for rank, ((xy, anchor), box) in enumerate(zip(spots, boxes, strict=True)):
        hits = tuple((key, a) for key, o in near if (a := cv.overlap_area(box, o)) > 0)
        crossed = sum(40 for p, q in segments if _may_hit((p, q), box)
                      and cv.segment_hits_box(p, q, box))
        outside = max(0.0, -box[0]) + max(0.0, box[2] - width)
        outside += max(0.0, -box[1]) + max(0.0, box[3] - height)
        candidates.append(Candidate(xy, anchor, box, rank * 2.0, hits, crossed, outside))
    return area, candidates


def cube_box(centre: Point) -> Box:
    """Box of a goods cube drawn at `centre`, with its dark casing."""
    half = CUBE_SIDE / 2 + 1
    return (centre[0] - half, centre[1] - half, centre[0] + half, centre[1] + half)


def static_labels(layout: MapLayout) -> list[tuple[str, Point, str, int]]:
    """Each label's (name, xy, anchor, font size): chosen once per map from its cities and
    links only, so no move ever shifts a name.

    A spot over a cost digit, a marker or another name, or nearer another city than its own,
    loses to any spot clear of them; then the least of a cost square's edge is covered (a
    crowded name tries a smaller font); crossing track costs a little, as the halo keeps a
    name readable over a line. Goods cubes are fitted around the names afterwards."""
    if layout.fixed_labels is None:
        squares = [box for _, box in layout.costs]
        digits = [digit_box(box) for box in squares]
        placed: list[Box] = []
        chosen: list[tuple[str, Point, str, int]] = []
        for name in layout.label_order:
            markers = [layout.marker_box(other, 2) for other in layout.pos if other != name]
            best: tuple[float, Candidate, int] | None = None
            for size, extra in ((LABEL_SIZE, 0.0), (SMALL_LABEL_SIZE, 200.0)):
                area, candidates = (layout.labels[name] if size == LABEL_SIZE
                                    else _candidates(layout, name, size, []))
                hard = [o for o in markers + digits + placed if _meets(area, o)]
                soft = [o for o in squares if _meets(area, o)]
                for cand in candidates:
                    covered = sum(cv.overlap_area(cand.box, o) for o in hard) + cand.outside
                    covered += 400 * _nearer_other(layout, name, cand.box)
                    edges = sum(cv.overlap_area(cand.box, o) for o in soft)
                    score = covered * 10000 + edges * 30 + cand.segments + cand.rank_score + extra
                    if best is None or score < best[0]:
                        best = (score, cand, size)
                if best is not None and best[0] < 30:
                    break  # clear of everything at the full size
            assert best is not None
            placed.append(best[1].box)
            chosen.append((name, best[1].xy, best[1].anchor, best[2]))
        layout.fixed_labels = chosen
    return layout.fixed_labels


def digit_box(square: Box) -> Box:
    """The middle of a cost square, where its digit is printed."""
    x, y = (square[0] + square[2]) / 2, (square[1] + square[3]) / 2
    return (x - 6, y - 8, x + 6, y + 8)


def _nearer_other(layout: MapLayout, name: str, box: Box) -> bool:
    """True when some other city's marker is nearer to `box` than the city it names."""

    def gap(city: str) -> float:
        x, y = layout.pos[city]
        dx = max(box[0] - x, 0.0, x - box[2])
        dy = max(box[1] - y, 0.0, y - box[3])
        return math.hypot(dx, dy) - layout.radius[city]

    own = gap(name)
    return any(gap(other) < own for other in layout.pos if other != name)


def label_boxes(layout: MapLayout) -> dict[str, Box]:
    """Each city label's box as drawn (the text's ink box)."""
    return {name: cv.text_box(xy, name, cv.font(size, bold=True), anchor)
            for name, xy, anchor, size in static_labels(layout)}


def _build(key: Key) -> MapLayout:
    """Compute the layout for a cache key."""
    size, city_keys, link_keys = key
    project = Projection([(lon, lat) for _, lon, lat, _ in city_keys]
                         or [(-100.0, 40.0), (-80, 30)], size, MARGINS)
    cities = {name: (lon, lat, hexed) for name, lon, lat, hexed in city_keys}
    pos = _relax({n: project(lon, lat) for n, (lon, lat, _) in cities.items()})
    drawn = [(i, a, b) for i, a, b in link_keys if a in pos and b in pos]
    layout = MapLayout(
        size=size, project=project, pos=pos,
        radius={n: HEX_R if hexed else CITY_R for n, (_, _, hexed) in cities.items()},
        index={n: j for j, n in enumerate(cities)},
        ends=[(pos[str(a)], pos[str(b)]) for _, a, b in drawn], costs=[], goods_spots={},
    )
    _place_costs(layout, [i for i, _, _ in drawn])
    _plan_labels(layout)
    taken = list(label_boxes(layout).values())
    taken += [box for _, box in layout.costs]
    pairs = [(str(a), str(b)) for _, a, b in drawn]
    for name in cities:  # each cube clear of the others already placed, in the view's order
        others = [layout.marker_box(o, 1) for o in cities if o != name]
        layout.goods_spots[name] = _goods_spot(layout, name, pairs, taken + others)
        taken.append(cube_box(layout.goods_spots[name]))
    return layout


# Renders may run in worker threads: only single (atomic) dict operations touch the cache, so
# at worst two threads build the same layout once each.
_LAYOUTS: cv.LayoutCache[Key, MapLayout] = cv.LayoutCache(_CACHE_SIZE)


def layout_for(view: dict[str, Any], size: tuple[int, int]) -> MapLayout:
    """The (cached) layout of a view's map at `size`."""
    cities = tuple(
        (str(c["name"]), float(c["lon"]), float(c["lat"]), bool(c.get("hex_start")))
        for c in view.get("cities") or []
    )
    links = tuple((str(k.get("id")), k.get("a"), k.get("b")) for k in view.get("links") or [])
    key: Key = (size, cities, links)
    return _LAYOUTS.get(key, _build)


def clear_cache() -> None:
    """Forget every cached layout."""
    _LAYOUTS.clear()
