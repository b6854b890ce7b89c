"""Tests of the Trains board renderer, on public views of matches played with random moves."""

from __future__ import annotations

import copy
import io
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

import rules
from render import trains
from render.core import canvas
from render.trains import map as tm
from rules.core.lang import speaking
from rules.core.match import Match
from tests.french import english_words
from tests.render.test_french_cards import Inked
from tests.render.test_french_cards import inked as inked  # the fixture: every text inked
from tests.rules.harness import lively

NAMES = ["Ann", "Bob", "Cleo", "Dmitri"]
MAP_SIZE = (trains.MAP_W, trains.MAP_H)


def play(map_id: str, players: int = 3, steps: int | None = None, seed: int = 1) -> Match:
    """A match advanced by random legal moves (to the end when `steps` is None)."""
    match = rules.new_match("trains", NAMES[:players], 3, {"map": map_id})
    rng = random.Random(seed)
    done = 0
    while match.to_act() and (steps is None or done < steps):
        seat = match.to_act()[0]
        match.act(seat, lively(rng, match.legal(seat)))
        done += 1
    return match


@cache
def _cached(map_id: str, players: int, steps: int | None) -> dict[str, Any]:
    """A public view, computed once per test session."""
    return play(map_id, players, steps).view(None)


def view(map_id: str = "tokyo", players: int = 3, steps: int | None = 200) -> dict[str, Any]:
    """A fresh copy of a public view (tests may change it)."""
    return copy.deepcopy(_cached(map_id, players, steps))


def _png(data: bytes) -> Image.Image:
    """Decode PNG bytes to RGB."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


CASES = [("tokyo", 3, 200), ("osaka", 4, 200), ("tokyo", 2, None), ("osaka", 3, None),
         ("osaka", 2, 1)]


@pytest.mark.parametrize(("map_id", "players", "steps"), CASES)
def test_renders_png_of_expected_size(map_id: str, players: int, steps: int | None) -> None:
    v = view(map_id, players, steps)
    if steps is None:
        assert v["phase"] == "over" and v["winners"]
    elif steps == 1:
        assert v["phase"] == "start"
    else:
        assert v["phase"] == "turn"
    data = trains.render(v)
    assert _png(data).size == (trains.WIDTH, trains.HEIGHT)
    assert len(data) < 1024 * 1024


def test_cached_background_is_not_polluted_between_views() -> None:
    tokyo, osaka, over = view("tokyo"), view("osaka", 4), view("tokyo", 2, None)
    first = [trains.render(v) for v in (tokyo, osaka, over, tokyo)]
    assert first[0] == first[3]
    assert len(set(first[:3])) == 3
    tm.clear_cache()
    assert [trains.render(v) for v in (over, osaka, tokyo)] == first[2::-1]


def _board_xy(point: tuple[float, float]) -> tuple[int, int]:
    """A map point in board pixels."""
    return round(point[0]), round(point[1]) + trains.MAP_TOP


def test_cube_changes_pixels_on_its_hex() -> None:
    v = view()
    target = next(h for h in v["hexes"] if h["terrain"] == "plain" and not h["cubes"])
    before = _png(trains.render(v))
    target["cubes"] = [1]
    after = _png(trains.render(v))
    layout = tm.layout_for(v, MAP_SIZE)
    x, y = _board_xy(layout.cube_spots(target["id"], 1)[0])
    assert after.getpixel((x, y)) == tm.player_colour(1)
    assert before.getpixel((x, y)) != tm.player_colour(1)
    changed = [(dx, dy) for dx in range(-12, 13) for dy in range(-12, 13)
               if before.getpixel((x + dx, y + dy)) != after.getpixel((x + dx, y + dy))]
    assert len(changed) > 150
    # Nothing changed far from that hex (the map part of the board).
    cx, cy = _board_xy(layout.centres[target["id"]])
    diff = [(px, py) for px in range(0, trains.MAP_W, 7)
            for py in range(trains.MAP_TOP, trains.MAP_TOP + trains.MAP_H, 7)
            if before.getpixel((px, py)) != after.getpixel((px, py))]
    assert diff and all(abs(px - cx) < layout.radius and abs(py - cy) < layout.radius
                        for px, py in diff)


def test_four_cubes_each_in_their_colour() -> None:
    v = view("osaka", 4)
    target = next(h for h in v["hexes"] if h["terrain"] == "city")
    target["cubes"] = [3, 0, 2, 1]
    image = _png(trains.render(v))
    spots = tm.layout_for(v, MAP_SIZE).cube_spots(target["id"], 4)
    for seat, spot in enumerate(spots):  # drawn in seat order
        assert image.getpixel(_board_xy(spot)) == tm.player_colour(seat)
    assert len({tm.player_colour(s) for s in range(4)}) == 4


def test_station_pawn_fills_a_slot() -> None:
    v = view()
    city = next(h for h in v["hexes"] if h["terrain"] == "city" and h["stations"] == 0)
    slot = tm.layout_for(v, MAP_SIZE).slot_boxes(city["id"])[0]
    centre = _board_xy(((slot[0] + slot[2]) / 2, (slot[1] + slot[3]) / 2))
    assert _png(trains.render(v)).getpixel(centre) == canvas.PAPER
    city["stations"] = 1
    assert _png(trains.render(v)).getpixel(centre) == tm.CASING


def test_different_views_differ() -> None:
    v = view()
    base = trains.render(v)
    changed = copy.deepcopy(v)
    changed["turn"]["coins"] += 3
    assert trains.render(changed) != base
    changed = copy.deepcopy(v)
    changed["recent"] = changed["recent"] + ["Someone does something new."]
    assert trains.render(changed) != base


def test_text_lines_mention_players_scores_and_winners() -> None:
    for v in (view(), view("osaka", 4), view("tokyo", 2, None)):
        text = "\n".join(trains.text_lines(v))
        for player in v["players"]:
            assert f"{player['name']} (" in text
            assert f"{player['score']} VP" in text
            assert f"{player['cubes_left']} rails left" in text
        for pile in v["supply"]:
            assert pile["name"] in text
        if v["phase"] == "over":
            winners = [v["players"][s]["name"] for s in v["winners"]]
            assert "Winner" in text and all(name in text for name in winners)
        else:
            assert v["prompt"] in text


def test_long_names_and_crowded_turn_render() -> None:
    v = view("tokyo", 4)
    for player in v["players"]:
        player["name"] = f"A Very Long Discord Display Name {player['seat']}"
        player["vp_tokens"] = 12
    cards = [(p["card"], p["name"]) for p in v["supply"]]
    v["turn"]["play"] = [{"card": c, "name": n, "applied": i % 2 == 0, "as": None}
                         for i, (c, n) in enumerate(cards * 2)]
    v["turn"]["gained"] = [c for c, _ in cards]
    v["pending"] = {"kind": "info_take", "card": cards[-1][0], "revealed": ["normal-train"] * 4}
    v["recent"] = ["A very long log line that goes on and on " * 5] * 8
    for h in v["hexes"]:
        if h["terrain"] != "sea":
            h["cubes"] = [0, 1, 2, 3]
    data = trains.render(v)
    assert _png(data).size == (trains.WIDTH, trains.HEIGHT) and len(data) < 1024 * 1024


def _other_cards(hand: list[str], match: Match) -> list[str]:
    """The same number of cards and VP, but other cards wherever a card gives no VP."""
    cards = match.cards  # type: ignore[attr-defined]
    swap = {c: ("limited-express-train" if c == "express-train" else "express-train")
            for c in hand if cards[c].vp == 0}
    return [swap.get(c, c) for c in hand]


@pytest.mark.parametrize("map_id", ["tokyo", "osaka"])
def test_hidden_hands_do_not_change_the_render(map_id: str) -> None:
    match = play(map_id, 3, 150, seed=5)
    twin = copy.deepcopy(match)
    assert twin.view(None) == match.view(None)
    for seat in range(3):  # hands live in the state, never in the public view
        hand = twin.state["players"][seat]["hand"]
        twin.state["players"][seat]["hand"] = _other_cards(hand, twin)
        assert twin.state["players"][seat]["hand"] != match.state["players"][seat]["hand"]
        assert twin.view(seat)["you"]["hand"] != match.view(seat)["you"]["hand"]
    assert twin.view(None) == match.view(None)
    assert trains.render(twin.view(None)) == trains.render(match.view(None))
    assert trains.text_lines(twin.view(None)) == trains.text_lines(match.view(None))


def test_renders_only_from_the_view() -> None:
    source = "".join(p.read_text() for p in Path(trains.__file__).parent.glob("*.py"))
    # Only the words' language machinery comes from rules/ (rules.core.lang), never a game.
    assert "import rules" not in source
    assert all(line.startswith("from rules.core.lang import ") for line in source.splitlines()
               if "from rules" in line)
    assert "ImageFont.truetype" not in source and "load_default" not in source



def test_rails_are_listed_by_the_labels_moves_use() -> None:
    v = view()
    text = "\n".join(trains.text_lines(v))
    rails = [where for spots in tm.rails_by_seat(v).values() for where in spots]
    assert rails
    for where in rails:  # "Urawa (B7)" or "D4"
        label = where.split("(")[-1].rstrip(")")
        assert label == label.upper() and where in text


def _ink(image: Image.Image, box: tuple[int, int, int, int]) -> set[tuple[int, int]]:
    """Pixels of the coordinate ink inside a box."""
    part = image.convert("RGB").crop(box)
    return {(i, j) for i in range(part.width) for j in range(part.height)
            if part.getpixel((i, j)) == tm.COORD}


def test_a_space_shows_its_label_in_upper_case() -> None:
    v = view()
    plain = next(h for h in v["hexes"] if h["terrain"] == "plain" and not h["cubes"])
    layout = tm.layout_for(v, MAP_SIZE)
    x, y = layout.centres[plain["id"]]
    r = layout.radius
    top = round(y + r * 0.5) + trains.MAP_TOP
    box = (round(x - r / 2), top, round(x + r / 2), top + round(r * 0.4))
    drawn = _ink(_png(trains.render(v)), box)
    expected = {}
    for text in (plain["coord"].upper(), plain["coord"].lower()):
        alone = canvas.new_canvas(trains.WIDTH, trains.HEIGHT, tm.TERRAIN["plain"])
        canvas.draw_text(ImageDraw.Draw(alone), (x, y + r * 0.68 + trains.MAP_TOP), text,
                         canvas.font(tm.LABEL_SIZE), tm.COORD, anchor="mm")
        expected[text] = _ink(alone, box)
    assert drawn and drawn == expected[plain["coord"].upper()] != expected[plain["coord"]]


def _rail_laid() -> dict[str, Any]:
    """The public view right after a player laid a rail (random moves, then Lay Rails)."""
    match = play("tokyo", 3, 60)
    rng = random.Random(5)
    while not (match.view(None)["last_move"] or {}).get("rails") or match.log[-1][1][:4] != "lay ":
        seat = match.to_act()[0]
        legal = match.legal(seat)
        board = [a for a in legal if a.startswith(("lay ", "play lay-rails"))]
        match.act(seat, rng.choice(board or legal))
    return match.view(None)


def test_last_rail_is_ringed_without_covering_its_hex() -> None:
    v = _rail_laid()
    space = v["last_move"]["rails"][-1]
    assert space == _hex_of_last_line(v)
    plain = copy.deepcopy(v)
    plain["last_move"] = None
    with_mark = tm.paint_map(v, MAP_SIZE)
    without = tm.paint_map(plain, MAP_SIZE)
    layout = tm.layout_for(v, MAP_SIZE)
    (cx, cy), r = layout.centres[space], layout.radius
    ring = [(round(x), round(y)) for x, y in tm.corners((cx, cy), r - 11.5)]
    band = [(x + dx, y + dy) for x, y in ring for dx in range(-6, 7) for dy in range(-6, 7)]
    assert sum(with_mark.getpixel(p) != without.getpixel(p) for p in band) > 200
    # Black and white dashes, not a hue: both extremes of lightness appear on the ring.
    assert {with_mark.getpixel(p) for p in band} >= {tm.LAST_DARK, tm.LAST_LIGHT}
    # The middle of the hex (its name, its cubes) is untouched.
    inner = [(round(cx + dx), round(cy + dy)) for dx in range(-int(r * 0.4), int(r * 0.4))
             for dy in range(-int(r * 0.45), int(r * 0.45))]
    assert all(with_mark.getpixel(p) == without.getpixel(p) for p in inner)
    # Elsewhere on the map nothing moved.
    far = [(x, y) for x in range(0, MAP_SIZE[0], 9) for y in range(0, MAP_SIZE[1] - 40, 9)
           if abs(x - cx) > r + 8 or abs(y - cy) > r + 8]
    assert all(with_mark.getpixel(p) == without.getpixel(p) for p in far)


def _hex_of_last_line(v: dict[str, Any]) -> str:
    """The space the newest log line says a rail was laid on, as the view names spaces."""
    line = next(t for t in reversed(v["recent"]) if " lays a rail on " in t)
    label = line.split(" lays a rail on ")[1].split(" for ")[0]
    return next(str(h["id"]) for h in v["hexes"] if label in (h["label"], h["coord"].upper()))


def test_last_move_in_words() -> None:
    v = _rail_laid()
    words = " ".join(trains.text_lines(v))
    assert "Last move" in words and v["last_move"]["rails"][-1].upper() in words.upper()


# -- in French ------------------------------------------------------------------------------------
def _french_view(map_id: str, players: int, steps: int | None) -> dict[str, Any]:
    """A public view of a match played with random moves, made while speaking French."""
    match = play(map_id, players, steps)
    with speaking("fr"):
        return match.view(None)


@pytest.mark.parametrize(("map_id", "players", "steps"), [("tokyo", 3, 200), ("osaka", 4, None),
                                                          ("osaka", 2, 1)])
def test_the_french_board_keeps_its_words_inside_their_boxes(
        map_id: str, players: int, steps: int | None, inked: Inked) -> None:
    v = _french_view(map_id, players, steps)
    tm.clear_cache()  # the map layer (legend included) drawn afresh, so its words are seen
    with speaking("fr"):
        data = trains.render(v)
        lines = trains.text_lines(v)
    assert _png(data).size == (trains.WIDTH, trains.HEIGHT)
    board = [(t, box) for t, box, size in inked if size == (trains.WIDTH, trains.HEIGHT)]
    layer = [(t, box) for t, box, size in inked if size == MAP_SIZE]
    assert board and layer
    for text, (x0, y0, x1, y1) in board:
        assert 0 <= x0 and x1 <= trains.WIDTH and 0 <= y0 and y1 <= trains.HEIGHT, text
    legend_top = MAP_SIZE[1] - tm.LEGEND_H - 2
    legend = sorted((box, t) for t, box in layer if box[1] >= legend_top)
    assert "D4 : rangée D, col. 4".replace(" :", "\u00a0:") in [t for _, t in legend]
    assert all(box[2] <= MAP_SIZE[0] - tm.MARGIN for box, _ in legend)
    for (a, _), (b, _) in zip(legend, legend[1:], strict=False):
        assert a[2] <= b[0], (a, b)  # left to right, never on top of each other
    names = " ".join([*(str(p["name"]) for p in v["players"]),
                      *(str(h["name"]) for h in v["hexes"])]).replace("-", " ")
    allowed = frozenset(english_words(names))
    assert not [line for line in lines if english_words(line, allowed)]
    assert not [t for t, _ in board + layer if english_words(t, allowed)]
