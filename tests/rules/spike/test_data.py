"""The packaged board and cards: sizes, lattice rules and validation on load."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from rules.spike.board import parse_board
from tests.rules.spike.helpers import BOARD


def _raw() -> tuple[dict[str, Any], dict[str, Any]]:
    folder = resources.files("rules.spike").joinpath("data")
    return (json.loads(folder.joinpath("board.json").read_text(encoding="utf-8")),
            json.loads(folder.joinpath("cards.json").read_text(encoding="utf-8")))


def test_board_has_the_proposed_lattice_36_cities_and_12_goods() -> None:
    assert len(BOARD.points) == 160 and len(BOARD.spaces) == 409
    assert len(BOARD.cities) == 36 and len(BOARD.goods) == 12
    for good in BOARD.goods:
        assert len(BOARD.producers(good)) == 3
    assert BOARD.cities["Norfolk"].good == "pigs"  # the rulebook's example


def test_six_rail_kinds_with_white_solid_and_blue_dotted_from_the_rulebook() -> None:
    names = {k.card: k.name for k in BOARD.kinds}
    assert names["white"] == "white-solid" and names["blue"] == "blue-dotted"
    assert len(names) == 6


def test_no_two_spaces_of_one_kind_meet_at_a_point() -> None:
    for p, near in BOARD.adjacent.items():
        kinds = [BOARD.spaces[i].kind for _, i in near]
        assert len(kinds) == len(set(kinds)), p


def test_contracts_three_cards_per_good_and_route_cards_one_per_city() -> None:
    assert len(BOARD.contracts) == 36
    assert all(len(side) == 3 for c in BOARD.contracts for side in c.sides.values())
    assert sorted(r.top for r in BOARD.routes) == sorted(BOARD.cities)


def test_rules_constants_from_the_rulebook() -> None:
    r = BOARD.rules
    assert r["rail_cards_per_kind"] == 10 and r["removed_per_kind_two_players"] == 3
    assert r["speed"] == [1, 2, 3] and r["power"] == [2, 3, 4] and r["cargo"] == [1, 2, 3]
    assert r["upgrade_costs"] == [3, 5] and r["track_per_player"] == 45
    assert r["market_rows"] == [3, 2, 1] and r["display_size"] == 4


def test_notes_record_the_adapted_parts() -> None:
    assert any("PROPOSAL" in n for n in BOARD.notes)
    assert any("passing a city" in n for n in BOARD.notes)


def test_space_between_points_that_are_not_neighbours_is_refused() -> None:
    board, cards = _raw()
    board = copy.deepcopy(board)
    board["spaces"][0]["b"] = "r17c9"
    with pytest.raises(ValueError, match="not neighbours"):
        parse_board(board, cards)


def test_contract_to_a_city_producing_that_good_is_refused() -> None:
    board, cards = _raw()
    cards = copy.deepcopy(cards)
    cards["contracts"][0]["sides"]["a"][0][0] = "Omaha"  # wheat to a wheat city
    with pytest.raises(ValueError, match="produces that good"):
        parse_board(board, cards)


def test_unknown_city_and_missing_contract_card_are_refused() -> None:
    board, cards = _raw()
    bad = copy.deepcopy(cards)
    bad["route_cards"][0]["cities"][0][0] = "Atlantis"
    with pytest.raises(ValueError, match="unknown city"):
        parse_board(board, bad)
    bad = copy.deepcopy(cards)
    bad["contracts"].pop()
    with pytest.raises(ValueError, match="cards 1, 2 and 3"):
        parse_board(board, bad)
