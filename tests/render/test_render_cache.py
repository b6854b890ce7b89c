"""The render caches (map layout, background, glyph tiles) and the PNG writer change nothing."""

from __future__ import annotations

import copy
import io
import math
import random
from typing import Any

from PIL import Image, ImageChops, ImageDraw

import render
from render import steel_driver as sd
from render.core import canvas
from render.core.canvas import Box
from render.core.png import to_png
from render.steel_driver.layout import cost_box, layout_for
from render.steel_driver.map import MapPainter
from tests.render.test_steel_driver import auction_view, over_view, sample_view

MAP_SIZE = (sd.WIDTH, sd.MAP_BOTTOM - sd.MAP_TOP)


def _rgb(data: bytes) -> Image.Image:
    """Decode PNG bytes to RGB."""
    return Image.open(io.BytesIO(data)).convert("RGB")


def _track_points(view: dict[str, Any], link_id: str) -> list[tuple[int, int]]:
    """Board pixels along the middle of a link, away from its cost square."""
    painter = MapPainter(view, MAP_SIZE)
    link = next(k for k in view["links"] if k["id"] == link_id)
    (ax, ay), (bx, by) = painter.pos[link["a"]], painter.pos[link["b"]]
    square = painter.cost_boxes[link_id]
    points = []
    for step in range(30, 71, 2):
        x, y = ax + (bx - ax) * step / 100, ay + (by - ay) * step / 100
        if not canvas.boxes_overlap((x, y, x, y), square, pad=3):
            points.append((round(x), round(y) + sd.MAP_TOP))
    return points


def test_cached_base_is_not_polluted_by_earlier_views() -> None:
    render.clear_caches()
    view_a = sample_view()
    link = next(k for k in view_a["links"] if k["owner"] == "nyc" and k["a"] == "Chicago")
    view_b = copy.deepcopy(view_a)
    next(k for k in view_b["links"] if k["id"] == link["id"])["owner"] = None
    view_b["round"] = 3
    png_a = render.render_board(view_a)
    png_b = render.render_board(view_b)  # same map, rendered right after A
    image_a, image_b = _rgb(png_a), _rgb(png_b)
    points = _track_points(view_a, link["id"])
    assert len(points) >= 5
    nyc = canvas.colour(next(c for c in view_a["companies"] if c["id"] == "nyc")["colour"])
    assert sum(image_a.getpixel(p) == nyc for p in points) >= 5
    assert all(image_b.getpixel(p) != nyc for p in points)
    assert sum(image_a.getpixel(p) != image_b.getpixel(p) for p in points) >= 5
    # Either order, warm or cold caches: the same view gives the same bytes.
    assert render.render_board(view_a) == png_a
    assert render.render_board(view_b) == png_b
    render.clear_caches()
    assert render.render_board(view_b) == png_b
    assert render.render_board(view_a) == png_a


def test_goods_and_glows_do_not_leak_between_views() -> None:
    render.clear_caches()
    views = [sample_view(), auction_view(), over_view(), sample_view()]
    first = [render.render_board(v) for v in views]
    assert first[0] == first[3]
    render.clear_caches()
    assert [render.render_board(v) for v in reversed(views)] == first[::-1]


def test_cached_text_matches_imagedraw() -> None:
    rng = random.Random(7)
    texts = ["St. Louis", "▶ To act: Ann", "$120", "5", "gjpqy ÅÉ", "Very Long Name 3"]
    anchors = [h + v for h in "lmr" for v in "amsd"]
    for _ in range(300):
        text, anchor = rng.choice(texts), rng.choice(anchors)
        fnt = canvas.font(rng.choice([16, 17, 22, 28]), rng.random() < 0.5)
        xy = (rng.uniform(-8, 200), rng.uniform(-8, 60))
        if rng.random() < 0.3:
            xy = (round(xy[0]), round(xy[1] * 2) / 2)
        halo = (255, 255, 255) if rng.random() < 0.4 else None
        fill = rng.choice([canvas.INK, canvas.PAPER, canvas.colour("red")])
        plain = Image.new("RGB", (220, 80), (246, 241, 228))
        cached = plain.copy()
        if halo:
            ImageDraw.Draw(plain).text(xy, text, font=fnt, fill=fill, anchor=anchor,
                                       stroke_width=3, stroke_fill=halo)
        else:
            ImageDraw.Draw(plain).text(xy, text, font=fnt, fill=fill, anchor=anchor)
        for image in (cached.copy(), cached):  # a miss, then a hit
            canvas.draw_text(ImageDraw.Draw(image), xy, text, fnt, fill, halo, 3, anchor)
        assert ImageChops.difference(plain, cached).getbbox() is None, (text, anchor, xy)


def test_png_writer_round_trips() -> None:
    image = Image.new("RGB", (37, 11), (10, 20, 30))
    ImageDraw.Draw(image).line((0, 0, 36, 10), fill=(250, 0, 120), width=3)
    data = to_png(image)
    Image.open(io.BytesIO(data)).verify()  # chunk CRCs
    assert ImageChops.difference(_rgb(data), image).getbbox() is None
    assert to_png(image) == data


def _plain_costs(painter: MapPainter) -> dict[str, Box]:
    """Cost squares by the plain algorithm: every obstacle for every spot."""
    layout = painter.layout
    blocked = [layout.marker_box(name, 2) for name in painter.pos]
    placed: list[Box] = []
    out = {}
    ends = dict(zip([str(k["id"]) for k in painter.links], layout.ends, strict=True))
    for link_id in sorted(ends, key=lambda i: (math.dist(*ends[i]), i)):
        (ax, ay), (bx, by) = ends[link_id]
        best = None
        for t in (0.5, 0.42, 0.58, 0.34, 0.66):
            box = cost_box((ax + (bx - ax) * t, ay + (by - ay) * t))
            score = sum(canvas.overlap_area(box, o) for o in blocked + placed)
            if best is None or score < best[0]:
                best = (score, box)
            if score == 0:
                break
        assert best is not None
        placed.append(best[1])
        out[link_id] = best[1]
    return out


def test_layout_shortcuts_match_the_plain_algorithm() -> None:
    crowded = sample_view()
    for city in crowded["cities"]:
        city["goods"] = "black"
    for view in (sample_view(), auction_view(), crowded):
        painter = MapPainter(view, MAP_SIZE)
        painter.paint()
        assert painter.cost_boxes == _plain_costs(painter)
    assert layout_for(crowded, MAP_SIZE) is layout_for(sample_view(), MAP_SIZE)
