"""Options: board side, layouts, every difficulty adjustment, location-token variants, solo."""

from __future__ import annotations

import pytest

import rules
from rules.switch_signal import SwitchSignal
from rules.switch_signal.board import load_board
from tests.rules.switch_signal.helpers import Dice, act, at_reveal, due, new, train


def _track_greens(m: SwitchSignal) -> list[str]:
    board = m.table().board
    return [g for g in m.state["greens"] if board.signals[g].city is None]


def _check_layout(m: SwitchSignal, track: int) -> None:
    """One green on each city and port, `track` greens on open track, every switch valid."""
    board = m.table().board
    for city in (n.id for n in board.nodes.values() if n.kind in ("city", "port")):
        assert sum(board.signals[g].city == city for g in m.state["greens"]) == 1
    assert len(_track_greens(m)) == track
    for j, pair in m.state["switches"].items():
        assert tuple(pair) in [tuple(sorted(p)) for p in board.switch_pairs(j)]


def test_defaults_are_the_first_game() -> None:
    m = new()
    assert m.options["board"] == "central-europe" and m.state["phase"] == "reveal"
    assert m.state["clock"] == 7 and len(m.state["deck"]) == 17 and m.state["deck"][0] == "start"
    assert len(m.state["greens"]) == 8
    _check_layout(m, 3)
    assert m.state["goods"] == {"AMS": 2, "PAR": 2, "NUE": 2, "BER": 2}
    assert all(sum(h.values()) == 5 for h in m.state["hands"])


def test_north_america_board() -> None:
    m = new(board="north-america")
    assert len(m.state["greens"]) == 9
    _check_layout(m, 3)
    assert set(m.state["delivered"]) == {"NYC", "SFO"}
    assert m.view()["board"]["pass_through"] is True


@pytest.mark.parametrize("board", ["central-europe", "north-america"])
def test_random_layout_follows_the_set_up_rules(board: str) -> None:
    layouts = set()
    for seed in range(5):
        m = new(seed=seed, board=board, layout="random")
        _check_layout(m, 3)
        layouts.add(tuple(m.state["greens"]))
    assert len(layouts) > 1


def test_arrange_layout_lets_the_first_player_place_discs_then_start() -> None:
    m = new(layout="arrange")
    assert m.state["phase"] == "arrange"
    assert m.legal(due(m)) == ["signal", "switch", "start"]
    act(m, "signal", "green par-orl")
    assert m.legal(due(m)) == ["from par-s6", "cancel"]  # a city's disc stays in that city
    act(m, "from par-s6", "signal", "green s2-orl-1")
    assert "from ams-bru" not in m.legal(due(m))
    act(m, "from par-dij-1", "switch", "junction tls", "open s3-s4")
    _check_layout(m, 3)
    assert sum(m.state["hands"][due(m)].values()) == 5  # no card was paid
    act(m, "start")
    assert m.state["phase"] == "reveal" and "reveal" in m.legal(due(m))


@pytest.mark.parametrize("tokens", ["7", "8", "9", "10"])
def test_time_tokens(tokens: str) -> None:
    assert new(time_tokens=tokens).state["clock"] == int(tokens)


@pytest.mark.parametrize("removed", range(7))
def test_removed_departure_cards(removed: int) -> None:
    m = new(removed_cards=str(removed))
    assert len(m.state["deck"]) == 1 + 18 - removed
    assert m.view()["departure"]["removed_at_setup"] == removed


@pytest.mark.parametrize(("board", "greens"), [("central-europe", 9), ("north-america", 10)])
def test_extra_green_disc(board: str, greens: int) -> None:
    m = new(board=board, extra_green="yes")
    assert len(m.state["greens"]) == greens
    _check_layout(m, 4)
    _check_layout(new(board=board, extra_green="yes", layout="random"), 4)


def test_ten_goods_puts_three_cubes_on_each_city() -> None:
    m = new(goods="10", board="north-america")
    assert set(m.state["goods"].values()) == {3}
    assert m.view()["goods_goal"] == 10


def test_location_tokens_shuffled_onto_the_start_spaces(dice: Dice) -> None:
    m = new(seed=4, location_tokens="shuffled-spaces")
    spaces = m.state["tokens"]["spaces"]
    assert sorted(map(int, spaces)) == list(range(2, 13))
    assert sorted(spaces.values()) == sorted(load_board("central-europe").of_kind("start"))
    assert spaces != {str(n): f"S{n}" for n in range(2, 13)}
    dice.starts = [(3, 4), (1, 1), (6, 6)]
    act(m, "reveal")
    assert train(m, "black1")["at"] == spaces["7"]
    assert train(m, "grey1")["at"] == spaces["12"]
    nodes = {n["id"]: n["number"] for n in m.view()["board"]["nodes"]}
    assert nodes[spaces["7"]] == 7


def test_location_tokens_instead_of_start_dice(dice: Dice) -> None:
    m = new(seed=5, location_tokens="no-start-dice")
    opening = list(m.state["tokens"]["opening"])
    assert len(opening) == 3 and len(set(opening)) == 3
    act(m, "reveal")  # no start dice are rolled (the fixture would fail)
    for colour, number in zip(("black1", "brown1", "grey1"), opening):
        assert train(m, colour)["at"] == f"S{number}"
    top = m.state["tokens"]["pile"][0]
    at_reveal(m, "9", black1="S2")
    act(m, "reveal")
    at_reveal(m, "2")
    act(m, "reveal", "deploy brown")
    assert train(m, "brown1")["at"] == f"S{top}"
    assert len(m.state["tokens"]["pile"]) == 10


def test_solo_and_player_counts() -> None:
    solo = new(1)
    assert solo.to_act() == [0]
    assert len(new(4).state["hands"]) == 4
    with pytest.raises(rules.IllegalAction):
        new(5)
    with pytest.raises(rules.IllegalAction):
        new(2, board="moon")

