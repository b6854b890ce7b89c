"""Tests of the Switch & Signal board renderer, on views from real (randomly played) matches."""

from __future__ import annotations

import copy
import io
import math
import random
from typing import Any

import pytest
from PIL import Image, ImageDraw

import rules
from render import switch_signal as ss
from render.core import canvas as cv
from render.switch_signal import map as ssm
from render.switch_signal.layout import BADGE_R, STEP, MapLayout, layout_for, train_outline, unit
from render.switch_signal.panels import LOST_BG
from rules.core.lang import speaking
from rules.core.match import Match

BOARDS = ["central-europe", "north-america"]
NAMES = ["Ann", "Bob", "Cleo"]


def play(board: str, seed: int, steps: int, **options: str) -> Match:
    """A match on `board` after `steps` random legal decisions (or at its end)."""
    match = rules.new_match("switch-and-signal", NAMES, seed, {"board": board, **options})
    rng = random.Random(seed)
    for _ in range(steps):
        if not match.to_act():
            break
        seat = match.to_act()[0]
        match.act(seat, rng.choice(match.legal(seat)))
    return match


def mid_view(board: str) -> dict[str, Any]:
    """A public view some turns in, with trains on the network."""
    return play(board, 3, 60).view(None)


def over_view(board: str) -> dict[str, Any]:
    """A public view of a finished match (random play loses)."""
    view = play(board, 2, 5000).view(None)
    assert view["phase"] == "over" and view["outcome"] is not None
    return view


def _png(data: bytes) -> Image.Image:
    """Decode PNG bytes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


@pytest.mark.parametrize("board", BOARDS)
def test_size_bytes_and_determinism(board: str) -> None:
    view = mid_view(board)
    data = ss.render(view)
    assert _png(data).size == (ss.WIDTH, ss.HEIGHT)
    assert len(data) < 1024 * 1024
    assert ss.render(copy.deepcopy(view)) == data
    ssm.clear_cache()  # a fresh layout draws the same picture
    assert ss.render(view) == data


@pytest.mark.parametrize("board", BOARDS)
def test_finished_game_shows_the_outcome(board: str) -> None:
    view = over_view(board)
    image = _png(ss.render(view))
    assert image.size == (ss.WIDTH, ss.HEIGHT)
    assert image.getpixel((ss.WIDTH // 2, 4)) == (LOST_BG if view["outcome"] == "lost"
                                                  else ss.WON_BG)
    won = copy.deepcopy(view)
    won.update(outcome="won", reason="every goods cube has been delivered")
    assert _png(ss.render(won)).getpixel((ss.WIDTH // 2, 4)) == ss.WON_BG
    text = " ".join(ss.text_lines(view))
    assert "Game over" in text and str(view["reason"]) in text


@pytest.mark.parametrize("options", [
    {"layout": "random", "location_tokens": "shuffled-spaces", "goods": "10"},
    {"time_tokens": "10", "removed_cards": "0", "extra_green": "yes"},
    {"layout": "arrange", "location_tokens": "no-start-dice"},
])
@pytest.mark.parametrize("board", BOARDS)
def test_options_render(board: str, options: dict[str, str]) -> None:
    for steps in (0, 40):
        view = play(board, 5, steps, **options).view(None)
        assert _png(ss.render(view)).size == (ss.WIDTH, ss.HEIGHT)
        assert ss.text_lines(view)


def test_layout_is_cached_by_static_board_data() -> None:
    early, late = play("central-europe", 3, 5).view(None), mid_view("central-europe")
    assert early["trains"] != late["trains"]
    size = (1110, 1028)
    assert layout_for(early["board"], size) is layout_for(late["board"], size)


@pytest.mark.parametrize("board", BOARDS)
def test_every_space_has_room(board: str) -> None:
    view = mid_view(board)
    box = ss.map_box(view)
    layout = layout_for(view["board"], (int(box[2] - box[0]), int(box[3] - box[1])))
    for seg in view["board"]["segments"]:
        a, b = layout.pos[seg["a"]], layout.pos[seg["b"]]
        assert math.dist(a, b) / (len(seg["spaces"]) + 1) > STEP - 1.5, seg["id"]
    points = list(layout.pos.values())
    assert min(math.dist(p, q) for i, p in enumerate(points) for q in points[i + 1:]) > 40
    for x, y in points + list(layout.spaces.values()):
        assert 0 < x < layout.size[0] and 0 < y < layout.size[1]


def _train_on_track(view: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """A train on a track space, and a free space on another segment far from it."""
    train = next(t for t in view["trains"] if t["at"] and ":" in t["at"])
    taken = {t["at"] for t in view["trains"]}
    seg = next(s for s in view["board"]["segments"]
               if s["id"] != train["at"].split(":")[0]
               and all(sp["id"] not in taken for sp in s["spaces"])
               and math.dist(s["spaces"][0]["xy"], train["xy"]) > 150)
    return train, seg["spaces"][0]["id"]


@pytest.mark.parametrize("board", BOARDS)
def test_moving_a_train_changes_pixels_near_it(board: str) -> None:
    view = mid_view(board)
    view["last_move"] = view["motion"] = view["pending"] = None
    train, target = _train_on_track(view)
    before = _png(ss.render(view))
    old = train["at"]
    train["at"] = target
    after = _png(ss.render(view))
    box = ss.map_box(view)
    layout = layout_for(view["board"], (int(box[2] - box[0]), int(box[3] - box[1])))

    def changed(at: str) -> int:
        x, y = layout.spaces[at]
        spots = [(round(x + dx + box[0]), round(y + dy + box[1]))
                 for dx in range(-8, 9, 2) for dy in range(-8, 9, 2)]
        return sum(before.getpixel(p) != after.getpixel(p) for p in spots)

    assert changed(old) > 20 and changed(target) > 20


def test_heading_and_cargo_change_the_picture() -> None:
    view = mid_view("central-europe")
    train = next(t for t in view["trains"] if t["at"] and ":" in t["at"])
    base = ss.render(view)
    seg = next(s for s in view["board"]["segments"] if s["id"] == train["at"].split(":")[0])
    flipped = copy.deepcopy(view)
    turned = next(t for t in flipped["trains"] if t["id"] == train["id"])
    turned["heading"] = seg["a"] if train["heading"] == seg["b"] else seg["b"]
    assert ss.render(flipped) != base
    turned["cargo"] = "red"
    assert ss.render(flipped) != base


def test_text_lines_mention_clock_goods_and_hands() -> None:
    view = mid_view("north-america")
    text = "\n".join(ss.text_lines(view))
    clock = view["clock"]
    assert f"Station clock: {clock['tokens']} of {clock['size']} time tokens" in text
    assert "Goods delivered: 0 of 8" in text and "Chicago 2" in text
    assert "Delivered to New York" in text and "Delivered to San Francisco" in text
    for p in view["players"]:
        assert f"{p['name']}: {p['hand_size']} action cards" in text
    assert all(isinstance(line, str) and line for line in ss.text_lines(view))


def test_shown_hand_is_drawn_and_listed() -> None:
    match = play("central-europe", 3, 60)
    seat = next(i for i, shown in enumerate(match.state["shown"])
                if not shown and any(match.state["hands"][i].values()))
    hidden = match.view(None)
    match.state["shown"][seat] = True
    shown = match.view(None)
    assert ss.render(shown) != ss.render(hidden)
    hand = match.state["hands"][seat]
    expected = ", ".join(f"{hand[k]} {k}" for k in ("signal", "switch", "move"))
    assert f"(shown: {expected})" in "\n".join(ss.text_lines(shown))


@pytest.mark.parametrize("board", BOARDS)
def test_hidden_hand_does_not_change_the_picture(board: str) -> None:
    match = play(board, 3, 60)
    other = rules.load_match(match.to_json())
    seat = next(i for i, shown in enumerate(other.state["shown"]) if not shown)
    hand = other.state["hands"][seat]
    kinds = [k for k, n in hand.items() if n]
    target = next(k for k in hand if k != kinds[0])
    hand[kinds[0]] -= 1  # same size, different cards
    hand[target] += 1
    assert other.view(seat) != match.view(seat)
    assert other.view(None) == match.view(None)
    assert ss.render(other.view(None)) == ss.render(match.view(None))
    assert ss.text_lines(other.view(None)) == ss.text_lines(match.view(None))


def test_sparse_view_renders() -> None:
    view = mid_view("central-europe")
    for key in ("departure", "clock", "goods", "delivered", "agents", "recent", "last_move"):
        view.pop(key)
    view["players"] = [{"seat": i, "name": f"A very long Discord name {i}", "hand_size": 7,
                        "shown": True, "hand": {"signal": 3, "switch": 2, "move": 2}}
                       for i in range(4)]
    view["recent"] = ["A very long log line that goes on and on " * 5] * 8
    assert _png(ss.render(view)).size == (ss.WIDTH, ss.HEIGHT)


def test_minimal_view_renders() -> None:
    assert _png(ss.render({"game": "switch-and-signal"})).size == (ss.WIDTH, ss.HEIGHT)
    assert ss.text_lines({"game": "switch-and-signal"})


def _signal_choice(steps: int) -> Match:
    """A Central Europe match at the menu, choosing a red light, or choosing a green disc."""
    match = rules.new_match("switch-and-signal", NAMES, 7)
    match.state.update(phase="actions", pending=None, current=None)
    match.state["hands"][match.to_act()[0]] = {"signal": 2, "switch": 0, "move": 0}
    for _ in range(steps):  # `signal`, then the first red light offered
        match.act(match.to_act()[0], match.legal(match.to_act()[0])[0])
    return match


def test_light_codes_are_drawn_for_the_lights_a_player_can_name() -> None:
    menu, target = _signal_choice(0).view(None), _signal_choice(1).view(None)
    choosing = _signal_choice(2).view(None)  # which green disc moves: only greens matter now
    everyone = {g["id"] for g in menu["board"]["signals"]}
    assert ssm.light_codes_to_show(menu) == everyone
    red = {g["id"] for g in target["board"]["signals"] if not g["green"]}
    assert ssm.light_codes_to_show(target) == red
    green = {g["id"] for g in choosing["board"]["signals"] if g["green"]}
    assert ssm.light_codes_to_show(choosing) == green
    box = ss.map_box(menu)
    layout = layout_for(menu["board"], (int(box[2] - box[0]), int(box[3] - box[1])))
    city = next(g["id"] for g in menu["board"]["signals"] if g["city"] and not g["green"])
    x, y = layout.codes[city]
    area = (int(x - 10), int(y - 6 + box[1]), int(x + 10), int(y + 6 + box[1]))
    shown, hidden = _png(ss.render(menu)).crop(area), _png(ss.render(choosing)).crop(area)
    assert shown.getcolors(4096) != hidden.getcolors(4096)  # the code is gone when not offered
    assert any(px == ssm.CODE_INK for _, px in shown.getcolors(4096) or [])


def test_text_names_lights_trains_and_spaces_as_the_board_shows_them() -> None:
    view = mid_view("central-europe")
    text = "\n".join(ss.text_lines(view))
    for g in view["board"]["signals"]:
        assert f" {g['id']}," not in text and f" {g['id']};" not in text
        if g["green"]:
            assert f"{g['name']}" in text and f"({g['code']})" in g["name"]
    for t in view["trains"]:
        assert f"{t['id']} " not in text
        if t["at"]:
            assert t["place"] in text  # the same words as the log lines


def _rgb(image: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    """One pixel of an RGB image."""
    px = image.getpixel(xy)
    assert isinstance(px, tuple)
    return (int(px[0]), int(px[1]), int(px[2]))


def _layout(view: dict[str, Any]) -> tuple[tuple[float, float, float, float], MapLayout]:
    """Where the map goes on the board, and its layout."""
    box = ss.map_box(view)
    return box, layout_for(view["board"], (int(box[2] - box[0]), int(box[3] - box[1])))


def _covers(poly: list[tuple[float, float]], box: tuple[float, float, float, float]) -> bool:
    """True if the filled polygon covers any whole pixel inside the box."""
    x0, y0 = math.ceil(box[0]), math.ceil(box[1])
    mask = Image.new("1", (max(1, math.floor(box[2]) - x0), max(1, math.floor(box[3]) - y0)), 0)
    ImageDraw.Draw(mask).polygon([(x - x0, y - y0) for x, y in poly], fill=1)
    return mask.getbbox() is not None


def _stands(layout: MapLayout) -> list[tuple[str, str, tuple[float, float]]]:
    """Every place a train may stand, with where it heads (either way) and its centre."""
    out = []
    for sid, c in layout.spaces.items():
        a, b = layout.ends[sid.split(":")[0]]
        out += [(sid, b, c), (sid, a, c)]
    for n, kind in layout.kind.items():
        if kind != "junction":
            out += [(n, b if n == a else a, layout.pos[n])
                    for a, b in layout.ends.values() if n in (a, b)]
    return out


def _outline(layout: MapLayout, at: str, heading: str, colour: str) -> list[tuple[float, float]]:
    """The outline of a train standing at `at` heading for `heading`."""
    c = layout.pos.get(at) or layout.spaces[at]
    a, b = layout.ends.get(at.split(":")[0], (at, heading))
    facing = unit(layout.pos[a], layout.pos[b]) if ":" in at and heading == b else \
        unit(layout.pos[b], layout.pos[a]) if ":" in at else unit(c, layout.pos[heading])
    return train_outline(c, facing, colour)


@pytest.mark.parametrize("board", BOARDS)
def test_no_train_covers_a_start_number(board: str) -> None:
    view = mid_view(board)
    _, layout = _layout(view)
    stands = _stands(layout)
    for node in (n for n in view["board"]["nodes"] if n["kind"] == "start"):
        nid, (x, y) = node["id"], layout.pos[node["id"]]
        number = cv.text_box((x, y), str(node["number"]), cv.font(16, True), "mm")
        bx, by = layout.badges[nid]
        badge = (bx - BADGE_R, by - BADGE_R, bx + BADGE_R, by + BADGE_R)
        for at, heading, _ in stands:
            for colour in ssm.TRAINS:
                poly = _outline(layout, at, heading, colour)
                # On its start space a train hides the square: the number moves to its badge.
                assert not _covers(poly, badge if at == nid else number), (nid, at, colour)
        assert not _covers([(x - 19, y - 19), (x + 19, y - 19), (x + 19, y + 19),
                            (x - 19, y + 19)], badge)  # nor one not yet heading anywhere


def test_badge_of_an_occupied_start_space_shows_its_number_in_the_clear() -> None:
    view = mid_view("central-europe")
    view["last_move"] = view["motion"] = view["pending"] = None
    box, layout = _layout(view)
    node = next(n for n in view["board"]["nodes"] if n["kind"] == "start")
    train = next(t for t in view["trains"] if t["colour"] == "grey")
    other = next(b if a == node["id"] else a for a, b in layout.ends.values() if node["id"] in
                 (a, b))
    train.update(at=node["id"], heading=other)
    image = _png(ss.render(view))
    bx, by = layout.badges[node["id"]]
    crop = image.crop((round(bx + box[0] - 8), round(by + box[1] - 8), round(bx + box[0] + 8),
                       round(by + box[1] + 8)))
    colours = {rgb for _, rgb in crop.getcolors(1024) or []}
    assert cv.INK in colours  # the number
    assert ssm.TRAINS["grey"] not in colours  # and no part of the train


@pytest.mark.parametrize("board", BOARDS)
def test_trains_never_hide_a_name(board: str) -> None:
    view = mid_view(board)
    view["last_move"] = view["motion"] = view["pending"] = None
    for t in view["trains"]:
        t["at"] = t["heading"] = None
    bare = _png(ss.render(view))
    box, layout = _layout(view)
    clashes = []
    for text, xy, anchor, size, bold, _ink in layout.labels:
        label = cv.text_box(xy, text, cv.font(size, bold), anchor)
        clashes += [(at, heading, label) for at, heading, _ in _stands(layout)
                    if _covers(_outline(layout, at, heading, "black"), label)]
    assert len({c[2] for c in clashes}) <= 3  # the layout keeps nearly every name clear
    train = view["trains"][0]
    for at, heading, label in clashes:  # ... and the few others are drawn over the train
        train.update(at=at, heading=heading)
        image = _png(ss.render(view))
        x0, y0, x1, y1 = (round(v) for v in label)
        ink = [(x + round(box[0]), y + round(box[1])) for x in range(x0, x1)
               for y in range(y0, y1)]
        ink = [p for p in ink if max(_rgb(bare, p)) < 90]
        assert ink and all(image.getpixel(p) == bare.getpixel(p) for p in ink), (at, label)


def test_last_move_is_black_and_white_dashes() -> None:
    view = mid_view("central-europe")
    view["motion"] = view["pending"] = None
    for t in view["trains"]:
        t["at"] = None
    box, layout = _layout(view)
    a, b = next((layout.spaces[s.split(":")[0] + ":1"], layout.spaces[s.split(":")[0] + ":2"])
                for s in layout.spaces if s.endswith(":2"))
    view["last_move"] = {"train": "black1", "die": 2,
                         "path": [k for k, v in layout.spaces.items() if v in (a, b)]}
    image = _png(ss.render(view))
    mid = ((a[0] + b[0]) / 2 + box[0], (a[1] + b[1]) / 2 + box[1])
    band = {image.getpixel((round(mid[0] + d * (b[0] - a[0]) / 40), round(mid[1] + d * (b[1] -
                                                                                      a[1]) / 40)))
            for d in range(-8, 9)}
    assert {cv.LAST_DARK, cv.LAST_LIGHT} <= band  # told apart by pattern, by every eye


@pytest.mark.parametrize("board", BOARDS)
def test_focus_box_holds_the_last_move(board: str) -> None:
    view = mid_view(board)
    frame = ss.map_box(view)
    _, layout = _layout(view)
    for key, other in (("last_move", "motion"), ("motion", "last_move")):
        v = copy.deepcopy(view)
        moved = next(t for t in v["trains"] if t["at"])
        v[other] = None
        v[key] = v.get(key) or {"train": moved["id"], "die": 1, "path": [moved["at"]]}
        box = ss.focus_box(v)
        assert box is not None
        assert frame[0] <= box[0] < box[2] <= frame[2] and frame[1] <= box[1] < box[3] <= frame[3]
        for x, y in ssm.path_points(layout, v[key]["path"]):
            x, y = x + frame[0], y + frame[1]
            assert box[0] == frame[0] or x - box[0] >= 40
            assert box[1] == frame[1] or y - box[1] >= 40
            assert box[2] == frame[2] or box[2] - x >= 40
            assert box[3] == frame[3] or box[3] - y >= 40
    view["last_move"] = view["motion"] = None
    assert ss.focus_box(view) is None
    assert ss.focus_box({"game": "switch-and-signal"}) is None


# -- in French --------------------------------------------------------------------------------
@pytest.mark.parametrize("board", BOARDS)
def test_french_board_keeps_names_and_numbers_clear(board: str) -> None:
    with speaking("fr"):
        test_trains_never_hide_a_name(board)
        test_no_train_covers_a_start_number(board)
        test_every_space_has_room(board)


def _panels(view: dict[str, Any]) -> list[tuple[float, float]]:
    """The x ranges the panels of a board take (below or beside the map)."""
    if ss.is_wide(view):
        return [(ss.PAD, 370), (380, 700), (710, 1130), (1140, ss.WIDTH - ss.PAD)]
    return [(ss.SIDE_X + 10, ss.WIDTH - ss.PAD)]


@pytest.mark.parametrize("board", BOARDS)
def test_french_words_fit_their_panels(board: str) -> None:
    cards = [{"card": "start", "deploy": ["black", "brown", "grey"], "moves": []},
             {"card": "6", "deploy": ["any", "any"], "moves": ["grey"]},
             {"card": "15", "deploy": [], "moves": ["any", "any"]},
             {"card": "16", "deploy": [], "moves": ["any", "any", "any"]}]
    with speaking("fr"):
        views = [play(board, 3, 0).view(None), mid_view(board), over_view(board)]
        base = mid_view(board)
        for card in cards:
            view = copy.deepcopy(base)
            view["departure"]["current"] = {**card, "text": "", "deploys_left": 1,
                                            "moves_left": ["any"], "moving_colour": "grey",
                                            "halted": ["black"]}
            view["players"][0].update(shown=True, hand={"signal": 3, "switch": 2, "move": 4})
            views.append(view)
        for view in views:
            with cv.recording() as texts:
                ss.render(view)
            top = ss.WIDE_MAP_BOTTOM if ss.is_wide(view) else ss.HEADER_H
            for x0, y0, x1, y1 in texts:
                assert x1 <= ss.WIDTH and y1 <= ss.HEIGHT, (x0, y0, x1, y1)
                if y0 < top or (not ss.is_wide(view) and x0 < ss.SIDE_X):
                    continue  # the header and the map
                inside = [(a, b) for a, b in _panels(view) if a <= x0 < b]
                assert inside and x1 <= inside[0][1] + 1, (board, view["departure"], x0, x1)
