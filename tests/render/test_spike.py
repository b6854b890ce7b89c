"""Tests of the Spike board renderer, on public views of matches played with random moves."""

from __future__ import annotations

import copy
import io
import math
import random
import re
from functools import cache
from typing import Any

import pytest
from PIL import Image

import rules
from render import spike
from render.core import canvas
from render.spike import map as sm
from render.spike import marks as mk
from render.spike.panels import player_colour
from rules.core.match import Match

NAMES = ["Ann", "Bob", "Cleo", "Dmitri"]
MAP_SIZE = (spike.MAP_W, spike.MAP_H)


def play(players: int = 3, steps: int | None = None, seed: int = 1,
         options: dict[str, str] | None = None) -> Match:
    """A match advanced by random legal moves (to the end when `steps` is None)."""
    # The positions these tests look at were picked in version-1 games (placement by region
    # first); the drawing does not depend on the version.
    match = rules.new_match("spike", NAMES[:players], 3, options, rules_version=1)
    rng = random.Random(seed)
    done = 0
    while match.to_act() and (steps is None or done < steps):
        seat = match.to_act()[0]
        match.act(seat, rng.choice(match.legal(seat)))
        done += 1
    return match


@cache
def _cached(players: int, steps: int | None, seed: int, expert: bool) -> dict[str, Any]:
    """A public view, computed once per test session."""
    options = {"expert_contracts": "yes", "expert_routes": "yes"} if expert else None
    return play(players, steps, seed, options).view(None)


def view(players: int = 3, steps: int | None = 150, seed: int = 1,
         expert: bool = False) -> dict[str, Any]:
    """A fresh copy of a public view (tests may change it)."""
    return copy.deepcopy(_cached(players, steps, seed, expert))


def _png(data: bytes) -> Image.Image:
    """Decode PNG bytes to RGB."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


def _board_xy(point: tuple[float, float]) -> tuple[int, int]:
    """A map point in board pixels."""
    return round(point[0]), round(point[1]) + spike.MAP_TOP


CASES = [(3, 150, 1, False, "play"), (3, None, 1, False, "over"), (4, 90, 3, False, "play"),
         (2, None, 5, False, "over"), (4, 2, 1, False, "setup"), (4, 0, 1, True, "setup")]


@pytest.mark.parametrize(("players", "steps", "seed", "expert", "phase"), CASES)
def test_renders_png_of_expected_size(players: int, steps: int | None, seed: int,
                                      expert: bool, phase: str) -> None:
    v = view(players, steps, seed, expert)
    assert v["phase"] == phase
    if phase == "over":
        assert v["winners"] and all(p["route_card"] for p in v["players"])
    data = spike.render(v)
    assert _png(data).size == (spike.WIDTH, spike.HEIGHT)
    assert len(data) < 600 * 1024


def test_cached_background_is_not_polluted_between_views() -> None:
    views = [view(), view(3, None), view(4, 90, 3), view()]
    first = [spike.render(v) for v in views]
    assert first[0] == first[3]
    assert len(set(first[:3])) == 3
    spike.clear_caches()
    assert [spike.render(v) for v in views[2::-1]] == first[2::-1]


def test_reloaded_match_draws_the_same() -> None:
    match = play(3, 120, seed=4)
    again = rules.load_match(match.to_json())
    assert again.view(None) == match.view(None)
    assert spike.render(again.view(None)) == spike.render(match.view(None))
    assert spike.text_lines(again.view(None)) == spike.text_lines(match.view(None))


def _clear_space(v: dict[str, Any]) -> int:
    """An unbuilt space whose middle is far from every label, city and train."""
    layout = sm.layout_for(v, MAP_SIZE)
    trains = [layout.mid(p["train"]["space"]) if p["train"]["space"] is not None else
              layout.xy[p["train"]["point"]] for p in v["players"] if p["train"]["point"]
              or p["train"]["space"] is not None]
    for space in v["board"]["spaces"]:
        x, y = layout.mid(space["index"])
        near = [label.box for label in layout.labels.values()] + [
            (tx - 40, ty - 40, tx + 40, ty + 40) for tx, ty in trains]
        if space["owner"] is None and not any(
                canvas.boxes_overlap((x - 30, y - 30, x + 30, y + 30), box) for box in near):
            return int(space["index"])
    raise AssertionError("no clear space")


def test_track_owner_changes_pixels_on_its_space() -> None:
    v = view()
    index = _clear_space(v)
    layout = sm.layout_for(v, MAP_SIZE)
    before = _png(spike.render(v))
    v["board"]["spaces"][index]["owner"] = 1
    after = _png(spike.render(v))
    x, y = _board_xy(layout.mid(index))
    assert after.getpixel((x, y)) == player_colour(1)
    assert before.getpixel((x, y)) != player_colour(1)
    v["board"]["spaces"][index]["owner"] = 2
    other = _png(spike.render(v))
    assert other.getpixel((x, y)) == player_colour(2)
    # Only the map near that space changed.
    reach = layout.spacing
    diff = [(px, py) for px in range(0, spike.MAP_W, 5)
            for py in range(spike.MAP_TOP, spike.HEIGHT, 5)
            if before.getpixel((px, py)) != after.getpixel((px, py))]
    assert len(diff) > 10
    assert all(abs(px - x) < reach and abs(py - y) < reach for px, py in diff)


def test_build_in_progress_glows_and_head_is_ringed() -> None:
    v = view(4, 90, 3)
    build = v["build"]
    assert build and build["laid"] and build["head"]
    v["to_act"] = []  # no junction name tags over the glow (they have their own test)
    image = _png(spike.render(v))
    layout = sm.layout_for(v, MAP_SIZE)
    trains = [layout.xy[p["train"]["point"]] for p in v["players"] if p["train"]["point"]]
    labels = [label.box for label in layout.labels.values()]
    spots = []
    for index in build["laid"]:
        (ax, ay), (bx, by) = layout.ends(index)
        dx, dy = bx - ax, by - ay
        length = (dx * dx + dy * dy) ** 0.5
        for t in (0.3, 0.5, 0.7):  # beside the track, inside the glow
            spot = (ax + dx * t - dy / length * 9, ay + dy * t + dx / length * 9)
            if all(abs(spot[0] - x) > 70 or abs(spot[1] - y) > 30 for x, y in trains) and not any(
                    canvas.boxes_overlap((*spot, *spot), box, 3) for box in labels):
                spots.append(spot)
    assert spots
    side = spots[0]
    assert image.getpixel(_board_xy(side)) == spike.GLOW
    # Hatched, not plain: the band alternates its colour with light stripes along each side.
    for index in build["laid"]:
        seen = [image.getpixel(p) for p in _beside(layout, index, 9)]
        assert seen.count(spike.GLOW) > 5 and seen.count(mk.HATCH) > 2
    hx, hy = layout.xy[build["head"]]
    ring = [image.getpixel(_board_xy((hx + 12 * math.cos(a * math.pi / 4),
                                      hy + 12 * math.sin(a * math.pi / 4)))) for a in range(8)]
    assert ring.count(spike.GLOW) >= 3
    v["build"] = None
    assert _png(spike.render(v)).getpixel(_board_xy(side)) != spike.GLOW


def test_train_is_drawn_in_its_city() -> None:
    v = view()
    player = next(p for p in v["players"] if p["train"]["point"])
    layout = sm.layout_for(v, MAP_SIZE)
    x, y = layout.xy[player["train"]["point"]]
    image = _png(spike.render(v))
    seat = int(player["seat"])
    assert player_colour(seat) in {image.getpixel(_board_xy((x + dx, y - 4))) for dx in (-11, 11)}


def test_labels_stay_clear_of_each_other_markers_and_panels() -> None:
    layout = sm.layout_for(view(), MAP_SIZE)
    boxes = [label.box for label in layout.labels.values()]
    assert len(boxes) == 36
    panels = [layout.market, layout.legend]
    cities = [(x - sm.CITY_R, y - sm.CITY_R, x + sm.CITY_R, y + sm.CITY_R)
              for pid, (x, y) in layout.xy.items() if layout.points[pid][3]]
    for i, box in enumerate(boxes):
        assert 0 <= box[0] and box[2] <= MAP_SIZE[0] and 0 <= box[1] and box[3] <= MAP_SIZE[1]
        others = boxes[i + 1:] + panels + cities
        assert not any(canvas.boxes_overlap(box, other) for other in others)
    for x, y in layout.xy.values():
        for panel in panels:
            assert not panel[0] <= x <= panel[2] or not panel[1] <= y <= panel[3]


def test_text_lines_mention_players_money_and_state() -> None:
    v = view()
    lines = spike.text_lines(v)
    text = "\n".join(lines)
    assert lines[0].startswith("Spike: Round")
    assert lines[1].startswith("To act: ")
    for p in v["players"]:
        assert f"{p['name']} (" in text and f"${p['money']}," in text
        assert f"{p['tracks_left']} track left" in text
    assert "Goods market: $3: " in text and "Rail card display: " in text
    over = spike.text_lines(view(3, None))
    assert over[1].startswith("Winner")
    assert any("route card" in line for line in over)


def test_different_views_differ() -> None:
    v = view()
    base = spike.render(v)
    changed = copy.deepcopy(v)
    changed["recent"] = changed["recent"] + ["Someone does something new."]
    assert spike.render(changed) != base
    changed = copy.deepcopy(v)
    changed["players"][0]["money"] += 5
    assert spike.render(changed) != base
    changed = copy.deepcopy(v)
    changed["cities"][0]["price"] = 3 if changed["cities"][0]["price"] != 3 else 1
    assert spike.render(changed) != base


def test_hidden_hand_changes_neither_image_nor_text() -> None:
    match = play(3, 150)
    other = rules.load_match(match.to_json())
    seat, hand = max(enumerate(p["hand"] for p in other.state["players"]),
                     key=lambda item: sum(item[1].values()))
    total = sum(hand.values())
    assert total >= 2
    codes = list(hand)
    shuffled = {code: 0 for code in codes}
    for i in range(total):  # the same number of cards, of other kinds
        shuffled[codes[(i * 5 + 1) % len(codes)]] += 1
    assert shuffled != hand
    other.state["players"][seat]["hand"] = shuffled
    assert other.view(seat)["you"]["hand"] != match.view(seat)["you"]["hand"]
    assert other.view(None) == match.view(None)
    assert spike.render(other.view(None)) == spike.render(match.view(None))
    assert spike.text_lines(other.view(None)) == spike.text_lines(match.view(None))


def _tag_pixels(image: Image.Image, centre: tuple[float, float], reach: int = 90) -> int:
    """Pixels of the junction tag colour within `reach` of a map point."""
    x, y = _board_xy(centre)
    return sum(1 for px in range(max(x - reach, 0), min(x + reach, spike.MAP_W))
               for py in range(max(y - reach, spike.MAP_TOP), min(y + reach, spike.HEIGHT))
               if image.getpixel((px, py)) == sm.JUNCTION_TAG)


def test_junctions_of_the_decision_are_named_on_the_board() -> None:
    from tests.rules.spike.helpers import act, own, ready, set_hand, turn_to

    m = ready(3, ["Raleigh", "Omaha", "Chicago"])
    own(m, 0, "Raleigh", "r9c12", "Norfolk", "r8c13")
    turn_to(m, 0)
    set_hand(m, 0, white=5, blue=5, red=5, green=5, yellow=5, black=5)
    act(m, "build")
    v = m.view(None)
    assert sm.decision_points(v) == ["r8c13", "r9c12"]  # the junctions of the network
    act(m, "from norfolk")
    v = m.view(None)
    points = sm.decision_points(v)
    names = {p["id"]: p["name"] for p in v["board"]["points"]}
    assert points and all(names[p] in " ".join(c.label for c in m.choices(0)) for p in points)
    layout = sm.layout_for(v, MAP_SIZE)
    image = _png(spike.render(v))
    assert all(_tag_pixels(image, layout.xy[p]) > 300 for p in points)
    v["to_act"] = []
    plain = _png(spike.render(v))
    assert not any(_tag_pixels(plain, layout.xy[p]) for p in points)


def test_text_names_track_spaces_by_their_ends() -> None:
    from tests.rules.spike.helpers import act, own, ready, turn_to

    m = ready(2, ["Raleigh", "Omaha"])
    own(m, 0, "Raleigh", "r9c12", "Norfolk")
    turn_to(m, 0)
    act(m, "restart", "raleigh ne")
    text = "\n".join(spike.text_lines(m.view(None)))
    assert "train is on the Raleigh–Raleigh NE track" in text
    assert not re.search(r"\br\d+c\d+\b", text)


def _built_game() -> tuple[Match, list[int]]:
    """P0 has just built Kansas City–Topeka; P1 is due."""
    from tests.rules.spike.helpers import build, ready, set_hand, space

    m = ready(2, ["Kansas City", "Omaha"])
    set_hand(m, 0, white=4, blue=4, red=4, green=4, yellow=4, black=4)
    build(m, "Kansas City", "r6c1", "Topeka")
    return m, [space("Kansas City", "r6c1"), space("r6c1", "Topeka")]


def _beside(layout: sm.MapLayout, index: int, offset: float) -> list[tuple[int, int]]:
    """Board pixels along a space's middle half, `offset` to either side of it."""
    (ax, ay), (bx, by) = layout.ends(index)
    length = math.dist((ax, ay), (bx, by))
    nx, ny = -(by - ay) / length, (bx - ax) / length
    return [_board_xy((ax + (bx - ax) * t / 40 + nx * side * offset,
                       ay + (by - ay) * t / 40 + ny * side * offset))
            for t in range(10, 31) for side in (-1, 1)]


def test_last_move_is_ringed_with_dashes_under_the_names() -> None:
    m, built = _built_game()
    v = m.view(None)
    assert v["last_move"]["built"] == built and v["build"] is None
    layout = sm.layout_for(v, MAP_SIZE)
    ringed = _png(spike.render(v))
    plain_view = copy.deepcopy(v)
    plain_view["last_move"] = None
    plain = _png(spike.render(plain_view))
    for index in built:
        spots = _beside(layout, index, mk.RING_OFFSET)
        seen = {ringed.getpixel(s) for s in spots}
        assert canvas.LAST_DARK in seen and canvas.LAST_LIGHT in seen
        assert canvas.LAST_DARK not in {plain.getpixel(s) for s in spots}
    # Every pixel of a city name or price drawn without the ring is still there with it.
    for city in ("Kansas City", "Topeka"):
        x0, y0, x1, y1 = (round(c) for c in layout.labels[city].box)
        ink = [(x, y + spike.MAP_TOP) for x in range(x0, x1) for y in range(y0, y1)
               if plain.getpixel((x, y + spike.MAP_TOP)) in (canvas.INK, spike.PRICE)]
        assert len(ink) > 50
        assert all(ringed.getpixel(p) == plain.getpixel(p) for p in ink)
    text = "\n".join(spike.text_lines(v))
    assert ("Last move (P0, ringed with dashes): P0 builds 2 track from Kansas City to Topeka"
            in text)
    assert "Track laid: Kansas City" in text and "r6c1" not in text


def test_legend_shows_built_track_the_build_and_the_last_move() -> None:
    v = view()
    layout = sm.layout_for(v, MAP_SIZE)
    image = _png(spike.render(v))
    x0, y0, x1, y1 = (round(c) for c in layout.legend)
    colours = {image.getpixel((x, y + spike.MAP_TOP)) for x in range(x0, x1)
               for y in range(y0 + 80, y1)}
    assert {canvas.LAST_DARK, canvas.LAST_LIGHT, mk.GLOW, mk.HATCH, player_colour(0)} <= colours


def test_focus_box_covers_the_last_move_or_the_build_in_progress() -> None:
    m, built = _built_game()
    v = m.view(None)
    layout = sm.layout_for(v, MAP_SIZE)
    box = spike.focus_box(v)
    assert box is not None
    assert 0 <= box[0] < box[2] <= spike.MAP_W
    assert spike.MAP_TOP <= box[1] < box[3] <= spike.MAP_TOP + spike.MAP_H
    for index in built:
        for x, y in layout.ends(index):
            y += spike.MAP_TOP
            assert box[0] + 30 <= x <= box[2] - 30 and box[1] + 30 <= y <= box[3] - 30
    assert box[2] - box[0] < spike.MAP_W / 2  # around the move, not the whole map
    busy = view(4, 90, 3)
    box = spike.focus_box(busy)
    assert box is not None
    layout = sm.layout_for(busy, MAP_SIZE)
    for index in busy["build"]["laid"]:
        for x, y in layout.ends(index):
            assert box[0] <= x <= box[2] and box[1] <= y + spike.MAP_TOP <= box[3]
    v["last_move"] = None
    assert spike.focus_box(v) is None
    assert spike.focus_box({}) is None and spike.focus_box(view(4, 0, 1, True)) is None


def test_no_tag_or_train_covers_a_name_a_price_or_a_panel() -> None:
    covered = 0
    for players, seed in ((3, 2), (4, 7), (2, 8)):
        match = rules.new_match("spike", NAMES[:players], seed)
        rng = random.Random(seed)
        for step in range(1, 301):
            if not match.to_act():
                break
            seat = match.to_act()[0]
            match.act(seat, rng.choice(match.legal(seat)))
            if step % 20:
                continue
            painter = spike.MapPainter(match.view(None), MAP_SIZE)
            painter.paint()
            names = painter.boxes["labels"] + [painter.layout.market, painter.layout.legend]
            marks = painter.boxes["cargo"] + painter.boxes["tags"] + painter.boxes["trains"]
            covered += len(painter.boxes["cargo"]) + len(painter.boxes["tags"])
            for mark in marks:
                assert not any(canvas.boxes_overlap(mark, name) for name in names), mark
    assert covered > 20  # the check saw plenty of tags


# -- in French ---------------------------------------------------------------------------------
def test_french_labels_stay_clear_and_every_word_drawn_is_french() -> None:
    from rules.core.lang import speaking
    from tests.french import english_words

    with speaking("fr"):
        layout = sm.layout_for(view(), MAP_SIZE)
        boxes = [label.box for label in layout.labels.values()]
        assert len(boxes) == 36
        panels = [layout.market, layout.legend]
        for i, box in enumerate(boxes):
            assert 0 <= box[0] and box[2] <= MAP_SIZE[0] and 0 <= box[1] and box[3] <= MAP_SIZE[1]
            assert not any(canvas.boxes_overlap(box, other) for other in boxes[i + 1:] + panels)
        for players, steps, seed, expert, _ in CASES[:4]:
            options = {"expert_contracts": "yes", "expert_routes": "yes"} if expert else None
            shown = play(players, steps, seed, options).view(None)  # said in French
            png = _png(spike.render(shown))
            assert png.size == (spike.WIDTH, spike.HEIGHT)
            words = " ".join(spike.text_lines(shown) + spike.player_numbers(shown))
            names = frozenset([n.lower() for n in NAMES] + ["no"])  # "Memphis NO": nord-ouest
            assert english_words(re.sub(r"`[^`]*`", "", words), names) == []
            assert "carte" in words


def test_french_tags_and_trains_cover_no_name_and_the_legend_fits() -> None:
    from rules.core.lang import speaking

    with speaking("fr"):
        for players, seed in ((3, 2), (4, 7)):
            match = rules.new_match("spike", NAMES[:players], seed)
            rng = random.Random(seed)
            for step in range(1, 201):
                if not match.to_act():
                    break
                seat = match.to_act()[0]
                match.act(seat, rng.choice(match.legal(seat)))
                if step % 40:
                    continue
                painter = spike.MapPainter(match.view(None), MAP_SIZE)
                painter.paint()
                names = painter.boxes["labels"] + [painter.layout.market, painter.layout.legend]
                marks = painter.boxes["cargo"] + painter.boxes["tags"] + painter.boxes["trains"]
                for mark in marks:
                    assert not any(canvas.boxes_overlap(mark, name) for name in names), mark
        legend = sm.layout_for(view(), MAP_SIZE).legend
        texts = ["voie posée", "construction", "dernier coup"]
        placed = sm._legend_marks(legend, texts)
        for (x, text, fnt), after in zip(placed, [m[0] for m in placed[1:]] + [legend[2]],
                                         strict=True):
            assert x + 40 + canvas.text_width(text, fnt) <= after
