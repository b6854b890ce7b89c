"""Where the turn card's zoom looks: a part of the map around the last move whose edges cut no
word and which shows no legend.

A game package says where its map's words and keys lie (`map_marks`, board pixels). `crop`
tries boxes of the inset's shape, from the smallest that holds the focus upward, and shorter or
narrower ones (a strip under a key), and places each where every word lies wholly inside or
wholly outside and no key shows, as near the focus's centre as it can. On a map too crowded
for that, it takes the nearest box clear of the keys, and the card draws the board again
leaving out the words its edges cut (`canvas.leaving_out`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from render.core.canvas import Box

Crop = tuple[int, int, int, int]
HALO = 2.0  # a word's halo (a key's rim) reaches this far past its glyphs (its box)
GROWTH = 1.15  # each larger box tried is this much wider
STEP_COST = 0.12  # a size larger is worth the focus this much (of the box) further off centre
TRIM_COST = 0.3, 0.45  # and one down to the focus's height, or width (a narrow inset is worse)
MAX_COST = 0.3  # past this (a box 1.3 times as wide), words are left out, the box not grown
STEPS = 4  # shorter (and narrower) boxes tried between the inset's shape and the focus


@dataclass(frozen=True)
class MapMarks:
    """What a zoom must respect on a board, in board pixels."""

    labels: list[Box] = field(default_factory=list)  # every word drawn on the map
    keys: list[Box] = field(default_factory=list)  # legends and panels drawn over the map


def moved(boxes: list[Box], dx: float, dy: float) -> list[Box]:
    """Boxes shifted by (dx, dy): from a map image's pixels to the board's."""
    return [(b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy) for b in boxes]


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _clip(box: Box, area: Box) -> Box:
    return (max(box[0], area[0]), max(box[1], area[1]), min(box[2], area[2]),
            min(box[3], area[3]))


def _clear_of(focus: Box, keys: list[Box]) -> Box:
    """The focus without the part a key covers (the key hides it on the board anyway): of the
    four cuts, the one that keeps the most."""
    for key in keys:
        if not _overlaps(focus, key):
            continue
        x0, y0, x1, y1 = focus
        kx0, ky0 = math.floor(key[0]), math.floor(key[1])  # whole pixels: a box on them
        kx1, ky1 = math.ceil(key[2]), math.ceil(key[3])  # stays clear of the key
        cuts = [(x0, y0, x1, ky0), (x0, ky1, x1, y1), (x0, y0, kx0, y1), (kx1, y0, x1, y1)]
        best = max(cuts, key=lambda b: (b[2] - b[0]) * (b[3] - b[1]) if b[2] > b[0]
                   and b[3] > b[1] else -1.0)
        if best[2] > best[0] and best[3] > best[1]:
            focus = best
    return focus


Ranges = list[tuple[int, int]]
Walls = list[tuple[float, float, Ranges, Ranges]]  # top, bottom, x ranges if within, if across


def _forbidden(x0: float, x1: float) -> tuple[int, int]:
    """The whole numbers strictly between x0 and x1, as an inclusive range."""
    return math.floor(x0) + 1, math.ceil(x1) - 1


def _walls(size: tuple[int, int], span: tuple[int, int], labels: list[Box],
           keys: list[Box]) -> Walls:
    """For each label and key, the left edges in `span` a box of `size` may not take when the
    thing lies within the box's height, and when it reaches across its top or bottom edge."""
    w = size[0]
    out: Walls = []

    def near(ranges: Ranges) -> Ranges:
        return [(lo, hi) for lo, hi in ranges if lo <= hi and hi >= span[0] and lo <= span[1]]

    for kx0, ky0, kx1, ky1 in keys:  # no part of a key may show
        ranges = near([_forbidden(kx0 - w, kx1)])
        if ranges:
            out.append((ky0, ky1, ranges, ranges))
    for lx0, ly0, lx1, ly1 in labels:  # within: no side edge through it; across: beside it
        within = near([_forbidden(lx0, lx1), _forbidden(lx0 - w, lx1 - w)])
        across = near([_forbidden(lx0 - w, lx1)])
        if within or across:
            out.append((ly0, ly1, within, across))
    return out


def _free_x(y: int, h: int, span: tuple[int, int], ideal: int, walls: Walls) -> int | None:
    """The left edge nearest `ideal` in `span` for a box of height h at y that cuts no label
    and touches no key (None if there is none)."""
    bad: Ranges = []
    for top, bottom, within, across in walls:
        if bottom <= y or top >= y + h:
            continue  # above or below the box: any x will do
        bad += within if top >= y and bottom <= y + h else across
    if not bad:
        return ideal
    bad.sort()
    merged: list[list[int]] = []
    for lo, hi in bad:
        if merged and lo <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    tries = {ideal, *span} | {edge for lo, hi in merged for edge in (lo - 1, hi + 1)}
    free = [x for x in tries if span[0] <= x <= span[1]
            and not any(lo <= x <= hi for lo, hi in merged)]
    return min(free, key=lambda x: (abs(x - ideal), x)) if free else None


def _place(size: tuple[int, int], focus: Box, area: Box, labels: list[Box],
           keys: list[Box]) -> Crop | None:
    """A box of `size` holding the focus inside the area, cutting no label and clear of every
    key, nearest the focus's centre (None if there is none)."""
    w, h = size
    xs = (max(math.ceil(area[0]), math.ceil(focus[2]) - w),
          min(math.floor(focus[0]), math.floor(area[2]) - w))
    ys = (max(math.ceil(area[1]), math.ceil(focus[3]) - h),
          min(math.floor(focus[1]), math.floor(area[3]) - h))
    if xs[0] > xs[1] or ys[0] > ys[1]:
        return None
    ix = min(max(round((focus[0] + focus[2] - w) / 2), xs[0]), xs[1])
    iy = min(max(round((focus[1] + focus[3] - h) / 2), ys[0]), ys[1])
    reach = (xs[0], ys[0], xs[1] + w, ys[1] + h)
    walls = _walls(size, xs, [b for b in labels if _overlaps(b, reach)],
                   [k for k in keys if _overlaps(k, reach)])
    # Which labels a box meets changes only where an edge passes a label's top or bottom:
    # the best height is the ideal one or next to such a change.
    tops = {iy, *ys}
    for ly0, ly1, _, _ in walls:
        for edge in (ly0, ly1, ly0 - h, ly1 - h):
            tops.update((math.floor(edge), math.ceil(edge)))
    best: tuple[int, int, int] | None = None
    for y in sorted((t for t in tops if ys[0] <= t <= ys[1]), key=lambda t: (abs(t - iy), t)):
        if best is not None and abs(y - iy) >= best[0]:
            break
        x = _free_x(y, h, xs, ix, walls)
        if x is not None and (best is None or abs(x - ix) + abs(y - iy) < best[0]):
            best = (abs(x - ix) + abs(y - iy), x, y)
    return None if best is None else (best[1], best[2], best[1] + w, best[2] + h)


def _sizes(focus: Box, area: Box, shape: tuple[int, int],
           min_w: float) -> list[tuple[float, tuple[int, int]]]:
    """Box sizes to try with what each costs, cheapest first: the inset's shape growing to the
    whole map (a step larger, STEP_COST more), and at each width shorter or narrower boxes down
    to the focus (a zoom as close in a flatter inset, up to TRIM_COST more)."""
    aspect = shape[0] / shape[1]
    aw, ah = area[2] - area[0], area[3] - area[1]
    fw, fh = focus[2] - focus[0], focus[3] - focus[1]
    w = max(fw, min_w, fh * aspect)
    out: list[tuple[float, tuple[int, int]]] = []
    for step in range(99):
        full = (math.ceil(min(w, aw)), math.ceil(min(w / aspect, ah)))
        out.append((STEP_COST * step, full))
        for i in range(1, STEPS + 1):
            cost = STEP_COST * step + TRIM_COST[0] * i / STEPS
            out.append((cost, (full[0], math.ceil(full[1] - (full[1] - fh) * i / STEPS))))
            cost = STEP_COST * step + TRIM_COST[1] * i / STEPS
            out.append((cost, (math.ceil(full[0] - (full[0] - fw) * i / STEPS), full[1])))
        if w >= aw or w / aspect >= ah:
            break
        w *= GROWTH
    seen: set[tuple[int, int]] = set()
    sizes = []
    for cost, size in sorted(out):
        if size not in seen and size[0] <= aw and size[1] <= ah:
            seen.add(size)
            sizes.append((cost, size))
    return sizes


def _off_centre(box: Crop, focus: Box) -> float:
    """How far the focus's centre lies from the box's, as a share of the box."""
    return (abs((box[0] + box[2] - focus[0] - focus[2]) / 2) / (box[2] - box[0])
            + abs((box[1] + box[3] - focus[1] - focus[3]) / 2) / (box[3] - box[1]))


def crop(focus: Box, area: Box, shape: tuple[int, int], min_w: float,
         marks: MapMarks | None = None) -> Crop:
    """The part of the map `area` to show for `focus`: whole words only, no key, the inset's
    `shape` when it can be, at least `min_w` wide when the map allows."""
    marks = marks or MapMarks()
    keys = [(k[0] - HALO, k[1] - HALO, k[2] + HALO, k[3] + HALO) for k in marks.keys
            if _overlaps(k, area)]
    focus = _clear_of(_clip(focus, area), keys)
    labels = [_clip((b[0] - HALO, b[1] - HALO, b[2] + HALO, b[3] + HALO), area)
              for b in marks.labels if _overlaps(b, area) and not any(
                  k[0] <= (b[0] + b[2]) / 2 <= k[2] and k[1] <= (b[1] + b[3]) / 2 <= k[3]
                  for k in keys)]  # a key's own words go with it
    sizes = _sizes(focus, area, shape, min_w)
    best: tuple[float, Crop] | None = None
    for cost, size in sizes:
        if cost > MAX_COST or best is not None and cost >= best[0]:
            break  # no cheaper box is left to find
        found = _place(size, focus, area, labels, keys)
        if found is not None:
            best = min(best or (math.inf, found), (cost + _off_centre(found, focus), found))
    if best is not None:
        return best[1]
    # A crowded map: the nearest box clear of the keys; the picture leaves out the words its
    # edges cut (see `cut_words`).
    for _, size in sizes:
        found = _place(size, focus, area, [], keys)
        if found is not None:
            return found
    return (math.floor(focus[0]), math.floor(focus[1]), math.ceil(focus[2]), math.ceil(focus[3]))


def cut_words(box: Box, marks: MapMarks) -> list[Box]:
    """The words on the map that cross an edge of `box` (a picture of it leaves them out)."""
    return [b for b in marks.labels if _overlaps(b, box) and not (
        b[0] >= box[0] and b[1] >= box[1] and b[2] <= box[2] and b[3] <= box[3])]
