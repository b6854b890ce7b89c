"""Tests of the Switch & Signal board renderer, on views from real (randomly played) matches."""

from __future__ import annotations

import copy
import io
import math
import random
from typing import Any

import pytest
from PIL import Image

import rules
from render import switch_signal as ss
from render import switch_signal_map as ssm
from render.switch_signal_layout import STEP, layout_for
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
    assert image.getpixel((ss.WIDTH // 2, 4)) == (ss.LOST_BG if view["outcome"] == "lost"
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
    hidden = match.view(None)
    match.state["shown"][0] = True
    shown = match.view(None)
    assert ss.render(shown) != ss.render(hidden)
    hand = match.state["hands"][0]
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
