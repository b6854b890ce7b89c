"""What marks a turn on the Spike map: the last move ringed with black and white dashes, the
build in progress in a hatched band, their legend samples, and the box around them.

Both marks are told from the players' colours and the rail kinds by pattern, not hue: the
last move is a dashed outline (as on every other board), the build a band of diagonal hatching.
Geometry here takes plain points, so the map layout and the legend both use it.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import ImageDraw

from render.core import canvas as cv
from render.core.canvas import RGB, Box, Point
from rules.core.lang import term, tr

RING_OFFSET = 13  # from a space's centre line to its ring: clear of the track's casing
RING_WIDTH = 4
RING_DASH = 10.0
CITY_RING = 19
TRAIN_RING = (23, 18)  # half width and height of the ring around a train badge
GLOW: RGB = (120, 0, 150)  # purple: far from every seat, rail kind and the land, to every eye
HATCH: RGB = (250, 236, 255)
EDGE: RGB = (28, 28, 32)  # the pieces' casing
BAND = 22
FOCUS_MARGIN = 40

Segment = tuple[Point, Point]


def chains(edges: list[tuple[str, str]]) -> list[list[str]]:
    """Split a set of spaces (point pairs) into runs of points, each space in one run; a run
    ends where the spaces fork or stop."""
    adjacent: dict[str, list[str]] = {}
    for a, b in edges:
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    used: set[frozenset[str]] = set()
    out: list[list[str]] = []
    # Start at the ends and forks first, so a simple path comes out as one run.
    starts = sorted(adjacent, key=lambda p: len(adjacent[p]) == 2)
    for start in starts:
        for nxt in adjacent[start]:
            if frozenset((start, nxt)) in used:
                continue
            run, here, step = [start], start, nxt
            while True:
                used.add(frozenset((here, step)))
                run.append(step)
                here = step
                onward = [q for q in adjacent[here] if frozenset((here, q)) not in used]
                if len(adjacent[here]) != 2 or not onward:
                    break
                step = onward[0]
            out.append(run)
    return out


def _unit(p: Point, q: Point) -> Point:
    length = math.hypot(q[0] - p[0], q[1] - p[1]) or 1.0
    return (q[0] - p[0]) / length, (q[1] - p[1]) / length


def ring_around(points: list[Point], d: float = RING_OFFSET) -> list[Point]:
    """A closed outline `d` away from a polyline all round (square ends, mitred bends)."""
    if len(points) < 2:
        x, y = points[0]
        return [(x - d, y - d), (x + d, y - d), (x + d, y + d), (x - d, y + d)]
    units = [_unit(p, q) for p, q in zip(points, points[1:], strict=False)]
    normals = [(-uy, ux) for ux, uy in units]

    def side(sign: float) -> list[Point]:
        (x0, y0), (ux, uy), (nx, ny) = points[0], units[0], normals[0]
        out = [(x0 - ux * d + sign * nx * d, y0 - uy * d + sign * ny * d)]
        for i in range(1, len(points) - 1):
            (ax, ay), (bx, by) = normals[i - 1], normals[i]
            mx, my = ax + bx, ay + by
            norm = math.hypot(mx, my)
            if norm < 1e-6:  # the path doubles back: no sensible mitre
                continue
            mx, my = mx / norm, my / norm
            reach = d / max(mx * bx + my * by, 0.35)
            out.append((points[i][0] + sign * mx * reach, points[i][1] + sign * my * reach))
        (x1, y1), (ux, uy), (nx, ny) = points[-1], units[-1], normals[-1]
        out.append((x1 + ux * d + sign * nx * d, y1 + uy * d + sign * ny * d))
        return out

    return side(1.0) + side(-1.0)[::-1]


def circle(centre: Point, radius: float, steps: int = 24) -> list[Point]:
    """A circle as a polygon (for a dashed ring around a city)."""
    x, y = centre
    return [(x + radius * math.cos(2 * math.pi * i / steps),
             y + radius * math.sin(2 * math.pi * i / steps)) for i in range(steps)]


def box_ring(centre: Point, half: tuple[float, float]) -> list[Point]:
    """A rectangle around a point (the ring around a train badge)."""
    (x, y), (w, h) = centre, half
    return [(x - w, y - h), (x + w, y - h), (x + w, y + h), (x - w, y + h)]


def last_rings(last: dict[str, Any] | None, ends: dict[int, tuple[str, str]],
               xy: dict[str, Point], train: Point | None) -> list[list[Point]]:
    """The outlines that ring the last move: its track and train path (by runs of spaces), the
    cities where it acted (unless a ringed run already ends there) and an upgraded train."""
    if not last:
        return []
    spaces = [int(i) for i in [*(last.get("built") or []), *(last.get("moved") or [])]]
    edges = list(dict.fromkeys(ends[i] for i in spaces if i in ends))
    rings = [ring_around([xy[p] for p in run]) for run in chains(edges)]
    touched = {p for edge in edges for p in edge}
    rings += [circle(xy[str(p)], CITY_RING) for p in last.get("cities") or []
              if str(p) in xy and str(p) not in touched]
    if last.get("upgraded") and train is not None:
        rings.append(box_ring(train, TRAIN_RING))
    return rings


def draw_rings(draw: ImageDraw.ImageDraw, rings: list[list[Point]]) -> None:
    """Black and white dashes along each outline."""
    for ring in rings:
        cv.dashed_outline(draw, ring, RING_WIDTH, RING_DASH)


def hatched_band(draw: ImageDraw.ImageDraw, p: Point, q: Point, width: int = BAND) -> None:
    """The build in progress: a wide band under a space, crossed by dark diagonal hatching (a
    pattern no seat's track or printed rail kind has)."""
    cv.polyline(draw, [p, q], GLOW, width)
    (ux, uy), length = _unit(p, q), math.dist(p, q)
    nx, ny, h = -uy, ux, width / 2 - 1
    t = 4.0
    while t < length - 2:
        a = (p[0] + ux * (t - h * 0.6) + nx * h, p[1] + uy * (t - h * 0.6) + ny * h)
        b = (p[0] + ux * (t + h * 0.6) - nx * h, p[1] + uy * (t + h * 0.6) - ny * h)
        draw.line([a, b], fill=HATCH, width=3)
        t += 10.0


def bounds(shapes: list[list[Point]], margin: float = FOCUS_MARGIN) -> Box | None:
    """The box around every point of the shapes, grown by `margin` (None without points)."""
    xs = [x for shape in shapes for x, _ in shape]
    ys = [y for shape in shapes for _, y in shape]
    if not xs:
        return None
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


def cargo_spots(train: Point, w: float, h: float) -> list[Point]:
    """Top-left corners for a w x h cargo tag around a train badge, nearest first."""
    x, y = train
    spots = [(x + 17, y - h / 2), (x - 17 - w, y - h / 2), (x - w / 2, y + 14),
             (x - w / 2, y - 14 - h)]
    for reach in (24.0, 48.0, 72.0):
        spots += [(x + 17 + reach, y - h / 2), (x - 17 - w - reach, y - h / 2),
                  (x - w / 2, y + 14 + reach), (x - w / 2, y - 14 - h - reach),
                  (x + 17, y + 2 + reach), (x - 17 - w, y + 2 + reach),
                  (x + 17, y - 2 - h - reach), (x - 17 - w, y - 2 - h - reach)]
    return spots


def place_tag(anchor: Point, size: tuple[float, float], spots: list[Point], names: list[Box],
              soft: list[tuple[list[Box], float]], frame: Box) -> Box:
    """Where a tag of `size` goes near `anchor`: the best of `spots` (top-left corners, the
    preferred first), or, when each covers a name or leaves the frame, the nearest place
    around that does not. `soft` lists boxes best not covered, with weights."""
    w, h = size
    ax, ay = anchor
    first = [(x, y, x + w, y + h) for x, y in spots]
    best = _cheapest(anchor, first, names, soft, frame)
    if _hard(best, names, frame) > 0:
        grid = [(ax + dx - w / 2, ay + dy - h / 2, ax + dx + w / 2, ay + dy + h / 2)
                for dx in range(-int(w / 2) - 90, int(w / 2) + 91, 10)
                for dy in range(-100, 101, 8)]
        best = _cheapest(anchor, [best, *grid], names, soft, frame)
    return best


def _hard(b: Box, names: list[Box], frame: Box) -> float:
    """How much of tag box `b` covers a name or leaves the frame (0: none)."""
    return (b[2] - b[0]) * (b[3] - b[1]) - cv.overlap_area(b, frame) + sum(
        cv.overlap_area(b, o) for o in names)


def _cheapest(anchor: Point, boxes: list[Box], names: list[Box],
              soft: list[tuple[list[Box], float]], frame: Box) -> Box:
    """The candidate with the least cost (covered names, then covered soft boxes, then distance;
    the first on a tie)."""
    # Boxes away from every candidate cannot overlap one: leave them out of the sums (the same
    # result, a fraction of the work on a crowded map).
    reach = (min(b[0] for b in boxes), min(b[1] for b in boxes),
             max(b[2] for b in boxes), max(b[3] for b in boxes))
    near = [o for o in names if cv.boxes_overlap(o, reach)]
    weighted = [(o, weight) for group, weight in soft for o in group
                if cv.boxes_overlap(o, reach)]

    def cost(b: Box) -> float:
        return (_hard(b, near, frame) * 1000 + sum(weight * cv.overlap_area(b, o)
                                                   for o, weight in weighted)
                + 3 * math.dist(anchor, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)))

    return min(boxes, key=cost)


def cargo_tags(draw: ImageDraw.ImageDraw, badges: list[tuple[Point, dict[str, Any]]],
               names: list[Box], soft: list[tuple[list[Box], float]], frame: Box) -> list[Box]:
    """Each train's cargo in a tag beside it, never over a name or price (see `place_tag`); a
    tag pushed away gets a leader to its train. Return where the tags went."""
    fnt, out = cv.font(16, bold=True), list[Box]()
    for (x, y), p in badges:
        text = " ".join(term(str(g)) for g in (p.get("train") or {}).get("cargo") or [])
        if not text:
            continue
        w, h = cv.text_width(text, fnt) + 10, 22
        box = place_tag((x, y), (w, h), cargo_spots((x, y), w, h), names + out, soft, frame)
        out.append(box)
        near = (min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3]))
        if math.dist(near, (x, y)) > 20:
            draw.line((x, y, *near), fill=EDGE, width=2)
        draw.rounded_rectangle(box, radius=5, fill=cv.PAPER, outline=EDGE, width=2)
        cv.draw_text(draw, (box[0] + 5, box[1] + h / 2), text, fnt, cv.INK, anchor="lm")
    return out


def space_ends(spaces: list[tuple[str, str, str]]) -> dict[int, tuple[str, str]]:
    """Track space index to its two end points (from the layout's (a, b, kind) list)."""
    return {i: (a, b) for i, (a, b, _) in enumerate(spaces)}



def words(view: dict[str, Any], names: dict[int, str], spaces: dict[int, str]) -> str | None:
    """"Last move (Ann, ringed with dashes): …" in words, or None before any move."""
    last = view.get("last_move")
    if not last:
        return None
    who = names.get(int(last.get("seat", -1)), "?")
    # What the player did, up to the display refills, round changes or game end it caused.
    done: list[str] = []
    for line in last.get("lines") or []:
        if not str(line).startswith(who):
            break
        done.append(str(line))
    said = " ".join(done)
    built = [spaces.get(int(i), str(i)) for i in last.get("built") or []]
    moved = [spaces.get(int(i), str(i)) for i in last.get("moved") or []]
    parts = [said] if said else []
    if built:
        parts.append(tr("Track laid: {spaces}.", spaces=", ".join(built)))
    if moved:
        parts.append(tr("Train ran along: {spaces}.", spaces=", ".join(moved)))
    ringed = built or moved or last.get("cities") or last.get("upgraded")
    said = " ".join(parts) or tr("nothing changed on the board.")
    if ringed:
        return tr("Last move ({player}, ringed with dashes): {what}", player=who, what=said)
    return tr("Last move ({player}): {what}", player=who, what=said)
