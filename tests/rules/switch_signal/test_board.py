"""Both track networks and the card data: printed counts, worked-example facts, validation."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from rules.switch_signal.board import board_file, load_board, parse_board
from rules.switch_signal.cards import load_cards, parse_cards
from tests.rules.switch_signal.helpers import new


def _raw(name: str) -> dict[str, Any]:
    text = resources.files("rules.switch_signal").joinpath(f"data/{name}").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@pytest.mark.parametrize(("board", "version", "discs", "spaces"), [
    ("central-europe", 3, 26, 130), ("north-america", 3, 28, 151),
    ("central-europe", 4, 26, 78), ("north-america", 4, 28, 79)])
def test_networks_have_the_printed_counts(board: str, version: int, discs: int,
                                          spaces: int) -> None:
    b = load_board(board, version)
    junctions = b.of_kind("junction")
    assert sum(len(b.at_node(j)) - 2 for j in junctions) == discs  # 30 discs in the box
    assert sum(s.spaces for s in b.segments.values()) == spaces
    assert sorted(b.nodes[s].number or 0 for s in b.of_kind("start")) == list(range(2, 13))
    assert len(b.of_kind("city")) == 4
    assert len(b.of_kind("port")) == (1 if board == "central-europe" else 2)
    for city in b.of_kind("city") + b.of_kind("port"):
        for seg in b.at_node(city):
            assert b.signal_in(seg.id, seg.gap_at(city)) is not None


def test_calais_is_start_six_two_spaces_from_paris() -> None:
    b = load_board("central-europe")
    assert b.nodes[b.start_space(6)].name == "Calais"
    assert b.between("S6", "PAR").spaces == 2
    assert "par-s6" in b.first_game.greens


def test_view_gives_coordinates_for_everything_drawn() -> None:
    view = new().view()
    board = view["board"]
    assert board["width"] == 1000 and board["height"] > 0
    assert all(0 <= n["x"] <= 1000 and 0 <= n["y"] <= board["height"] for n in board["nodes"])
    assert all(len(sp["xy"]) == 2 for s in board["segments"] for sp in s["spaces"])
    assert all(len(sig["xy"]) == 2 for sig in board["signals"])
    assert sum(sig["green"] for sig in board["signals"]) == 8
    assert set(board["switches"]["J_TLS"]) == {"open", "label", "discs"}
    assert board["switches"]["J_TLS"]["discs"] == 2
    json.dumps(view)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["segments"].append({"a": "PAR", "b": "S6", "track_spaces": 1}), "twice"),
    (lambda d: d["nodes"]["S6"].update(number=5), "numbered 2-12"),
    (lambda d: d["signals"].pop(0), "has no signal"),
    (lambda d: d["segments"][0].update(track_spaces=0), "needs track spaces"),
    (lambda d: d["first_game"]["switches"].pop("J_TLS"), "switch setting of J_TLS"),
    (lambda d: d["first_game"]["greens"].pop(), "three track greens"),
    (lambda d: d["nodes"]["PAR"].update(type="castle"), "unknown type"),
    (lambda d: d["agents"].append("wizard"), "three known agents"),
])
def test_bad_board_data_is_refused_clearly(change: Any, message: str) -> None:
    data = copy.deepcopy(_raw(board_file("central-europe", 1)))
    change(data)
    with pytest.raises(ValueError, match=message):
        parse_board(data, "central_europe.json")


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["departure_cards"][0].update(moves=["pink"]), "icon pink"),
    (lambda d: d["movement_dice"].update(black=[1, 2]), "six faces"),
    (lambda d: d["departure_cards"].append({"id": "1", "deploy": [], "moves": []}), "twice"),
    (lambda d: d["agents"].pop("conductor"), "agent texts"),
])
def test_bad_card_data_is_refused_clearly(change: Any, message: str) -> None:
    data = copy.deepcopy(_raw("cards.json"))
    change(data)
    with pytest.raises(ValueError, match=message):
        parse_cards(data)


def test_card_data_matches_the_rulebook() -> None:
    c = load_cards()
    assert c.action_cards == {"signal": 27, "switch": 27, "move": 27}
    assert c.dice["black"] == (2, 3, 3, 4, 4, 5)
    assert c.dice["brown"] == (1, 2, 2, 3, 3, 4)
    assert c.dice["grey"] == (1, 1, 1, 2, 2, 3)
    assert (c.hand_size, c.draw, c.hand_limit, c.time_tokens) == (5, 5, 10, 7)
    assert len(c.departures) == 18 and c.removed == 2
    assert sum(len(d.deploy) == 2 for d in c.departures.values()) == 1
    assert sum(d.moves.count("any") == 3 for d in c.departures.values()) == 1
