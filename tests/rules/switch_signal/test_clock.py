"""Les jetons Temps: every way to lose time, the clock running out, the end of the game."""

from __future__ import annotations

import pytest

from tests.rules.switch_signal.helpers import Dice, act, at_reveal, due, move, new, ready, train


def test_rulebook_clock_example_two_left_three_owed(dice: Dice) -> None:
    """2 tokens left, 3 owed: remove the 2, set a card aside, put back only 6."""
    m = ready(new(), black1="S2")
    m.state["clock"] = 2
    deck = list(m.state["deck"])
    dice.moves = [4]  # one space, then the red light s2-orl-1: 3 points unused
    lines = move(m, "black1")
    assert m.state["clock"] == 6
    assert m.state["deck"] == deck[1:]  # the top card is set aside unseen
    assert m.state["set_aside"] == 1
    assert any("set aside unseen" in line for line in lines)
    assert not any(deck[0] in line.split() for line in lines)


def test_removing_the_last_token_exactly_sets_a_card_aside(dice: Dice) -> None:
    m = ready(new(), grey1="S2")
    m.state["clock"] = 2
    dice.moves = [3]  # 2 points unused
    move(m, "grey1")
    assert m.state["clock"] == 7
    assert m.state["set_aside"] == 1


def test_a_big_debt_can_empty_the_clock_twice(dice: Dice) -> None:
    m = ready(new(), grey1="S6", black1="S6-PAR:1>S6")
    m.state["clock"] = 1
    dice.moves = [5]  # head-on at once: 5 points x 2 = 10 tokens
    move(m, "black1")
    assert m.state["set_aside"] == 2
    assert m.state["clock"] == 5  # 1, then 7, then 2 more from a fresh 7


def test_the_clock_refills_to_the_chosen_number_of_tokens(dice: Dice) -> None:
    m = ready(new(time_tokens="10"), grey1="S2")
    assert m.state["clock"] == 10
    m.state["clock"] = 1
    dice.moves = [2]
    move(m, "grey1")
    assert m.state["clock"] == 10


def test_impossible_deployment_costs_two_tokens(dice: Dice) -> None:
    m = at_reveal(new(), "2", black1="S6")
    dice.starts = [(3, 3)]
    act(m, "reveal", "deploy black")
    assert train(m, "black2")["at"] is None
    assert m.state["clock"] == 5


def test_empty_depot_costs_two_tokens_per_missing_train(dice: Dice) -> None:
    spots = ["S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10"]
    trains = {f"{c}{k}": spots[3 * i + k - 1] for i, c in enumerate(("black", "brown", "grey"))
              for k in (1, 2, 3)}
    m = at_reveal(new(), "6", None, **trains)  # two deploy icons, then move grey
    dice.moves = [1, 1, 1]
    act(m, "reveal")
    assert m.state["clock"] == 3
    while m.state["phase"] == "depart":
        act(m, m.legal(due(m))[0] if "keep" not in m.legal(due(m)) else "keep")


def test_clock_running_out_in_the_last_turn_loses_at_once(dice: Dice) -> None:
    m = ready(new(), black1="S2")
    m.state["deck"] = []
    m.state["clock"] = 2
    dice.moves = [4]
    lines = move(m, "black1")
    assert m.state["outcome"] == "lost" and m.over
    assert m.winners() == []
    assert any("no departure card is left" in line for line in lines)


def test_the_game_is_lost_when_the_last_cards_turn_ends() -> None:
    m = ready(new(), black1="S6")
    m.state["deck"] = []
    lines = act(m, "done")
    assert m.state["outcome"] == "lost" and m.over and m.to_act() == []
    assert m.winners() == [] and m.scores() == [0.0, 0.0]
    assert any("players lose" in line for line in lines)


def test_revealing_the_last_card_announces_the_last_turn(dice: Dice) -> None:
    m = at_reveal(new(), "8")
    m.state["deck"] = ["8"]
    lines = act(m, "reveal")
    assert any("last departure card" in line for line in lines)
    assert m.state["phase"] == "actions"
    act(m, "done")
    assert m.state["outcome"] == "lost"


def test_delivering_the_eighth_cube_wins_at_once(dice: Dice) -> None:
    m = ready(new(), black1="J_LYO-MAR:3>MAR", brown1="S6")
    m.state["delivered"]["MAR"] = {"yellow": 2, "blue": 2, "red": 2, "white": 1}
    train(m, "black1")["cargo"] = "white"
    dice.moves = [2]
    lines = move(m, "black1")
    assert m.state["outcome"] == "won" and m.over
    assert m.winners() == [0, 1] and m.scores() == [8.0, 8.0]
    assert any("win together" in line for line in lines)


@pytest.mark.parametrize(("delivered", "won"), [
    ({"yellow": 3, "blue": 3, "red": 2, "white": 1}, True),
    ({"yellow": 3, "blue": 2, "red": 2, "white": 1}, False),
])
def test_ten_goods_needs_two_of_each_colour_and_two_more(dice: Dice, delivered: dict[str, int],
                                                         won: bool) -> None:
    m = ready(new(goods="10"), black1="J_LYO-MAR:3>MAR")
    assert m.state["goods"] == {"AMS": 3, "PAR": 3, "NUE": 3, "BER": 3}
    m.state["delivered"]["MAR"] = delivered
    train(m, "black1")["cargo"] = "white"
    dice.moves = [2]
    move(m, "black1")
    assert (m.state["outcome"] == "won") is won


def test_north_america_needs_one_of_each_colour_in_both_ports(dice: Dice) -> None:
    m = ready(new(board="north-america"), black1="J_SAC-SFO:2>SFO")
    full = {"yellow": 1, "blue": 1, "red": 1, "white": 1}
    m.state["delivered"] = {"NYC": dict(full), "SFO": dict(full, blue=0)}
    train(m, "black1")["cargo"] = "blue"
    dice.moves = [2]
    move(m, "black1")
    assert m.state["outcome"] == "won"


def test_north_america_ten_goods_needs_one_more_cube_in_each_port(dice: Dice) -> None:
    m = ready(new(board="north-america", goods="10"), black1="J_SAC-SFO:2>SFO")
    full = {"yellow": 1, "blue": 1, "red": 1, "white": 1}
    m.state["delivered"] = {"NYC": dict(full, red=2), "SFO": dict(full)}
    train(m, "black1")["cargo"] = "blue"
    dice.moves = [2]
    move(m, "black1")
    assert m.state["delivered"]["SFO"]["blue"] == 2
    assert m.state["outcome"] == "won"
