"""The Steel Driver board for every eye: companies and the last move told apart by more than hue."""

from __future__ import annotations

import io
import math
from itertools import combinations
from typing import Any

import pytest
from PIL import Image

import render
from render import steel_driver as sd
from render.core import canvas
from render.steel_driver.map import HEX_R, MapPainter
from tests.render.test_steel_driver import sample_view
from tests.render.vision import delta_e, simulate

MAP_SIZE = (sd.WIDTH, sd.MAP_BOTTOM - sd.MAP_TOP)
DEFICIENCIES = ("deuteranopia", "protanopia", "tritanopia")
DISTINCT = 10.0  # CIEDE2000: colours at least this far apart read as different
LAST_RING = HEX_R + 9  # where the dashed last-move ring runs around a city


def _every_company_builds() -> dict[str, Any]:
    """The mid-game sample with a link for UP too, so all six companies are on the map."""
    view = sample_view()
    next(k for k in view["links"] if {k["a"], k["b"]} == {"Chicago", "Omaha"})["owner"] = "up"
    return view


def _board(view: dict[str, Any]) -> Image.Image:
    """The rendered board."""
    return Image.open(io.BytesIO(render.render_board(view))).convert("RGB")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[float, ...]]]:
    """Every text the renderer draws, with its box."""
    seen: list[tuple[str, tuple[float, ...]]] = []
    original = canvas.draw_text

    def spy(draw: Any, xy: Any, text: str, fnt: Any, *args: Any, **kwargs: Any) -> Any:
        box = original(draw, xy, text, fnt, *args, **kwargs)
        seen.append((text, box))
        return box

    monkeypatch.setattr(canvas, "draw_text", spy)
    return seen


@pytest.mark.parametrize("kind", DEFICIENCIES)
def test_companies_that_look_alike_are_told_apart_by_their_letter(
    kind: str, drawn: list[tuple[str, tuple[float, ...]]]
) -> None:
    view = _every_company_builds()
    painter = MapPainter(view, MAP_SIZE)
    image = painter.paint()
    colours = {c["id"]: canvas.colour(c["colour"]) for c in view["companies"]}
    names = {c["id"]: c["name"] for c in view["companies"]}
    owners = {k["id"]: k["owner"] for k in view["links"] if k["owner"]}
    assert set(owners.values()) == set(colours)
    for a, b in combinations(sorted(colours), 2):
        if delta_e(simulate(colours[a], kind), simulate(colours[b], kind)) >= DISTINCT:
            continue
        # Too alike in hue for this eye: every built link carries its owner's letter, the two
        # letters differ, and the legend pairs each letter with the company's name.
        letters = {cid: painter.letters[cid] for cid in (a, b)}
        assert letters[a] != letters[b] and letters[a] == names[a][0], (kind, a, b)
        for link, owner in owners.items():
            if owner not in (a, b):
                continue
            box = painter.cost_boxes[link]
            assert painter.badges[link] == letters[owner]
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            assert any(text == letters[owner] and t[0] <= centre[0] <= t[2]
                       and box[1] <= t[1] and t[3] <= box[3] for text, t in drawn), link
            inside = {image.getpixel((round(x), round(y)))
                      for x in range(int(box[0]) + 2, int(box[2]) - 1)
                      for y in range(int(box[1]) + 2, int(box[3]) - 1)}
            assert colours[owner] in inside and canvas.contrast_ink(colours[owner]) in inside
        for cid in (a, b):
            assert names[cid] in [text for text, _ in drawn]  # the legend's key and the cards


def test_last_move_is_ringed_in_black_and_white_dashes() -> None:
    view = sample_view()  # Cleo just built Cleveland-Detroit
    image = _board(view)
    painter = MapPainter(view, MAP_SIZE)
    marks = {canvas.LAST_DARK, canvas.LAST_LIGHT}
    for kind in ("normal", *DEFICIENCIES):
        seen = (simulate(canvas.LAST_DARK, kind), simulate(canvas.LAST_LIGHT, kind))
        assert delta_e(*seen) > 60, kind  # dark against light for every eye, not hue
    # Around the far side of each end city the outline shows black and white (other track
    # crossing it aside).
    (ax, ay), (bx, by) = painter.pos["Cleveland"], painter.pos["Detroit"]
    heading = math.atan2(by - ay, bx - ax)
    ring = []
    for (x, y), away in (((bx, by), heading), ((ax, ay), heading + math.pi)):
        for step in range(-4, 5):
            angle = away + step * math.pi / 12
            ring.append(image.getpixel((round(x + LAST_RING * math.cos(angle)),
                                        round(y + LAST_RING * math.sin(angle)) + sd.MAP_TOP)))
    assert sum(p in marks for p in ring) >= len(ring) * 2 / 3 and marks <= set(ring), ring
    # With no last move, none of that is drawn.
    plain = _board(sample_view(last_action=None))
    x, y = round(bx + LAST_RING * math.cos(heading)), round(by + LAST_RING * math.sin(heading))
    assert plain.getpixel((x, y + sd.MAP_TOP)) not in marks


def test_a_taken_cube_rings_its_city_and_names_stay_on_top(
    drawn: list[tuple[str, tuple[float, ...]]]
) -> None:
    view = sample_view(phase="final", last_action={"seat": 0, "text": "take philadelphia",
                                                   "links": [], "cities": ["Philadelphia"]})
    marked = _board(view)
    labels = [box for text, box in drawn if text in {"Philadelphia", "Baltimore", "New York"}]
    plain = _board(sample_view(phase="final", last_action=None))
    painter = MapPainter(view, MAP_SIZE)
    x, y = painter.pos["Philadelphia"]
    ring = {marked.getpixel((round(x + LAST_RING * math.cos(a * math.pi / 12)),
                             round(y + LAST_RING * math.sin(a * math.pi / 12)) + sd.MAP_TOP))
            for a in range(24)}
    assert {canvas.LAST_DARK, canvas.LAST_LIGHT} <= ring
    # Every pixel of a nearby name's ink is still ink with the ring drawn: names stay on top.
    assert labels
    for x0, y0, x1, y1 in labels:
        for px in range(int(x0), int(x1)):
            for py in range(int(y0), int(y1)):
                xy = (px, py + sd.MAP_TOP)
                if plain.getpixel(xy) == canvas.INK:
                    assert marked.getpixel(xy) == canvas.INK, xy
