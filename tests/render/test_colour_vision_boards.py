"""Colour vision on the Switch & Signal, Railroad Revolution and Trains boards.

For each common dichromacy, the colours a player must tell apart (players' pieces, trains,
lights, workers) are at least 10 CIEDE2000 apart as that reader sees them, and each also
carries a cue that is not hue at all (a shape, a mark or a letter), checked here on the pixels.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest
from PIL import Image, ImageDraw

from render.core import canvas as cv
from render.railroad_revolution import panels as rp
from render.switch_signal import pieces as sp
from render.trains import map as tm
from tests.render.vision import closest_pair, delta_e, simulate

RGB = tuple[int, int, int]
DEFICIENCIES = ("deuteranopia", "protanopia", "tritanopia")
BG: RGB = (226, 233, 220)  # the Switch & Signal map, under the pieces drawn here

PALETTES: dict[str, dict[str, RGB]] = {
    "switch & signal trains": dict(sp.TRAINS),
    "switch & signal lights": {"red": sp.RED, "green": sp.GREEN},
    "railroad revolution players": dict(rp.PLAYER_RGB),
    "railroad revolution workers": dict(rp.WORKERS),
    "trains players": {name: cv.colour(name) for name in tm.PLAYER_COLOURS},
    "last-move mark": {"dark": cv.LAST_DARK, "light": cv.LAST_LIGHT},
}


@pytest.mark.parametrize("kind", DEFICIENCIES)
@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_colours_to_tell_apart_stay_apart(palette: str, kind: str) -> None:
    distance, a, b = closest_pair(PALETTES[palette], kind)
    assert distance >= 10, f"{palette}: {a} and {b} look alike with {kind} ({distance:.1f})"


Paint = Callable[[ImageDraw.ImageDraw], object]


def _mask(paint: Paint, size: int = 60) -> set[tuple[int, int]]:
    """Pixels a drawing changes on a plain background (its shape, whatever its colours)."""
    image = Image.new("RGB", (size, size), BG)
    paint(ImageDraw.Draw(image))
    return {(x, y) for x in range(size) for y in range(size) if image.getpixel((x, y)) != BG}


def _paper(paint: Paint, size: int = 30) -> set[tuple[int, int]]:
    """Pixels a drawing leaves white: the mark inside a coloured piece."""
    image = Image.new("RGB", (size, size), BG)
    paint(ImageDraw.Draw(image))
    return {(x, y) for x in range(size) for y in range(size) if min(_rgb(image, (x, y))) > 230}


def _rgb(image: Image.Image, xy: tuple[int, int]) -> RGB:
    """One pixel of an RGB image."""
    px = image.getpixel(xy)
    assert isinstance(px, tuple)
    return (int(px[0]), int(px[1]), int(px[2]))


def test_red_and_green_lights_carry_different_marks() -> None:
    red = _paper(lambda d: sp.light(d, (15, 15), False))
    green = _paper(lambda d: sp.light(d, (15, 15), True))
    assert red and green
    assert len(red ^ green) >= 8  # a white bar against a white dot


def test_each_train_colour_has_its_own_outline() -> None:
    shapes = {c: _mask(partial(sp.train_marker, c=(30, 30), facing=(1.0, 0.0), colour=c, tag="",
                               cargo=None)) for c in sp.TRAINS}
    names = sorted(shapes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert len(shapes[a] ^ shapes[b]) >= 20, (a, b)


def test_trains_keep_apart_in_lightness_too() -> None:
    # Lightness survives every dichromacy: black, brown and grey trains differ in it.
    for kind in DEFICIENCIES:
        seen = sorted(cv.luminance(simulate(rgb, kind)) for rgb in sp.TRAINS.values())
        assert all(b - a > 0.08 for a, b in zip(seen, seen[1:], strict=False)), kind


@pytest.mark.parametrize("game", ["railroad revolution", "trains"])
def test_every_player_colour_has_its_own_shape(game: str) -> None:
    if game == "trains":
        seats = range(len(tm.PLAYER_COLOURS))
        shapes = [_mask(partial(tm.piece, centre=(30, 30), size=24, seat=s)) for s in seats]
    else:
        names = list(rp.PLAYER_RGB)
        shapes = [_mask(partial(rp.piece, centre=(30, 30), size=24, colour=n, seat=0))
                  for n in names]
    for i, a in enumerate(shapes):
        for b in shapes[i + 1:]:
            assert len(a ^ b) >= 40


def test_workers_carry_their_initial() -> None:
    initials = {name[:1].upper() for name in rp.WORKERS}
    assert len(initials) == len(rp.WORKERS)


def test_lights_stand_out_from_the_map_for_every_reader() -> None:
    for kind in ("normal", *DEFICIENCIES):
        for rgb in (sp.RED, sp.GREEN):
            assert delta_e(simulate(rgb, kind), simulate(BG, kind)) >= 20, (kind, rgb)
