"""Spike for every eye: seats, the rail kinds of empty spaces, the build in progress and the
last move stay apart in simulated dichromacy, by colour or by a cue that is not hue."""

from __future__ import annotations

import io
import math
from functools import cache
from typing import Any

from PIL import Image

import rules
from render import spike
from render.core import canvas
from render.spike import map as sm
from render.spike import marks as mk
from render.spike.panels import CASING, PLAYER_COLOURS, player_colour
from tests.render.vision import KINDS, delta_e, simulate

RGB = tuple[int, int, int]
APART = 10.0
MAP_SIZE = (spike.MAP_W, spike.MAP_H)


@cache
def _fresh_view() -> dict[str, Any]:
    """A public view before any track or train is on the board."""
    return rules.new_match("spike", ["Ann", "Bob", "Cleo", "Dmitri"], 3).view(None)


def _rail_colours() -> dict[str, RGB]:
    """Each rail kind as an empty space shows it on the map (faded toward the land)."""
    layout = sm.layout_for(_fresh_view(), MAP_SIZE)
    return {kind[1]: sm.faint_look(kind)[1] for kind in layout.kinds.values()}


def _apart(a: RGB, b: RGB) -> float:
    """The smallest distance between two colours over every kind of vision."""
    return min(delta_e(simulate(a, kind), simulate(b, kind)) for kind in KINDS)


def test_seats_stay_apart_from_each_other() -> None:
    seats = [rgb for _, rgb in PLAYER_COLOURS]
    for i, a in enumerate(seats):
        for b in seats[i + 1:]:
            assert _apart(a, b) >= APART, (a, b)


def test_the_build_in_progress_is_apart_from_every_seat_rail_kind_and_the_land() -> None:
    others = [rgb for _, rgb in PLAYER_COLOURS] + list(_rail_colours().values())
    others += [sm.LAND_FILL, CASING, canvas.LAST_LIGHT]
    for other in others:
        assert _apart(mk.GLOW, other) >= APART, other
    assert _apart(mk.GLOW, mk.HATCH) >= 3 * APART  # the hatching shows to every eye


def test_the_last_move_dashes_are_black_and_white_to_every_eye() -> None:
    assert _apart(canvas.LAST_DARK, canvas.LAST_LIGHT) >= 5 * APART


def _clear_space(view: dict[str, Any], kind: str) -> int:
    """A space of a rail kind whose middle is far from every city and its name."""
    layout = sm.layout_for(view, MAP_SIZE)
    cities = [xy for pid, xy in layout.xy.items() if layout.points[pid][3]]
    names = [label.box for label in layout.labels.values()] + [layout.market, layout.legend]
    for index, (_, _, code) in enumerate(layout.spaces):
        x, y = layout.mid(index)
        if layout.kinds[code][1] != kind or any(math.dist((x, y), c) < 50 for c in cities):
            continue
        if not any(canvas.boxes_overlap((x - 35, y - 35, x + 35, y + 35), b) for b in names):
            return index
    raise AssertionError(f"no clear {kind} space")


def _across(image: Image.Image, layout: sm.MapLayout, index: int, t: float) -> list[RGB]:
    """The pixels across a space at fraction t of its length, from 8 px one side to the other."""
    (ax, ay), (bx, by) = layout.ends(index)
    length = math.dist((ax, ay), (bx, by))
    nx, ny = -(by - ay) / length, (bx - ax) / length
    x, y = ax + (bx - ax) * t, ay + (by - ay) * t
    out: list[RGB] = []
    for step in range(-16, 17):
        r, g, b = image.getpixel((round(x + nx * step / 2), round(y + ny * step / 2)
                                  + spike.MAP_TOP))  # type: ignore[misc]
        out.append((r, g, b))
    return out


def test_a_seat_that_looks_like_a_rail_kind_is_told_apart_by_casing_and_shape() -> None:
    rails = _rail_colours()
    alike = [(seat, kind) for seat, (_, rgb) in enumerate(PLAYER_COLOURS)
             for kind, rail_rgb in rails.items() if _apart(rgb, rail_rgb) < APART]
    assert alike  # colour alone does not do it (orange and yellow, teal and green, ...)
    for seat, kind in alike:
        view = _fresh_view()
        index = _clear_space(view, kind)
        layout = sm.layout_for(view, MAP_SIZE)
        empty = Image.open(io.BytesIO(spike.render(view))).convert("RGB")
        built = {**view, "board": {**view["board"], "spaces": [
            {**s, "owner": seat if s["index"] == index else s.get("owner")}
            for s in view["board"]["spaces"]]}}
        image = Image.open(io.BytesIO(spike.render(built))).convert("RGB")
        # Built: the seat's colour cased in black on both sides, at least 9 px across.
        line = _across(image, layout, index, 0.3)
        colour = [i for i, p in enumerate(line) if p == player_colour(seat)]
        assert colour and CASING in line[:colour[0]] and CASING in line[colour[-1] + 1:]
        assert sum(1 for p in line if p in (CASING, player_colour(seat))) >= 16  # 8+ px
        # ... with the seat's shape on it: its dark outline crosses the middle of the line.
        (ax, ay), (bx, by) = layout.ends(index)
        length = math.dist((ax, ay), (bx, by))
        mx, my = layout.mid(index)
        along = [image.getpixel((round(mx + (bx - ax) / length * d),
                                 round(my + (by - ay) / length * d) + spike.MAP_TOP))
                 for d in range(-9, 10)]
        assert CASING in along
        # Empty: no casing and no seat colour anywhere across it.
        empty_line = _across(empty, layout, index, 0.3)
        assert CASING not in empty_line and player_colour(seat) not in empty_line
