"""The shared result in the public view: won or lost, goods of the goal, what ended it."""

from __future__ import annotations

import random

import pytest

from rules.switch_signal import SwitchSignal
from tests.rules.switch_signal.helpers import Dice, act, due, move, new, ready, train

LOSSES = ("time ran out (the clock emptied during the last departure card's turn)",
          "the last departure card's turn ended with goods still missing")


@pytest.mark.parametrize("seed", range(6))
def test_random_play_loses_and_the_view_says_why(seed: int) -> None:
    rng = random.Random(seed)
    m = SwitchSignal(["Ann", "Bob", "Cy"], seed, {"goods": rng.choice(["8", "10"])})
    while not m.over:
        assert m.view(None)["result"] is None
        seat = due(m)
        m.act(seat, rng.choice(m.legal(seat)))
    view = m.view(None)
    result = view["result"]
    assert view["outcome"] == result["outcome"] == "lost" and not result["won"]
    assert result["goal"] == (10 if m.options["goods"] == "10" else 8)
    assert result["delivered"] == view["delivered_total"] < result["goal"]
    assert result["ended_by"] in LOSSES and result["reason"] == m.state["reason"]
    ran_out = any("clock is empty and no departure card" in t for _, t in m.lines)
    assert (result["ended_by"] == LOSSES[0]) is ran_out
    assert result["turns"] == view["turn"] and view["winners"] == []


def test_clock_running_out_on_the_last_card_is_time(dice: Dice) -> None:
    m = ready(new(), black1="S2")
    m.state["deck"] = []
    m.state["clock"] = 2
    dice.moves = [4]
    move(m, "black1")
    assert m.view(None)["result"]["ended_by"] == LOSSES[0]


def test_the_last_cards_turn_ending_is_the_last_departure() -> None:
    m = ready(new(), black1="S6")
    m.state["deck"] = []
    act(m, "done")
    result = m.view(None)["result"]
    assert result["ended_by"] == LOSSES[1] and result["delivered"] == 0


def test_delivering_the_last_cube_is_a_win_with_every_good(dice: Dice) -> None:
    m = ready(new(), black1="J_LYO-MAR:3>MAR", brown1="S6")
    m.state["delivered"]["MAR"] = {"yellow": 2, "blue": 2, "red": 2, "white": 1}
    train(m, "black1")["cargo"] = "white"
    dice.moves = [2]
    assert m.view(None)["result"] is None
    move(m, "black1")
    view = m.view(None)
    assert view["result"] == {"outcome": "won", "won": True, "delivered": 8, "goal": 8,
                              "ended_by": "every goods cube was delivered",
                              "reason": "every goods cube has been delivered", "turns": 2,
                              "set_aside": 0}
    assert view["winners"] == [0, 1]
