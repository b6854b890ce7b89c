"""Les Agents ferroviaires: three per board, one use each."""

from __future__ import annotations

import pytest

from tests.rules.switch_signal.helpers import Dice, act, at_reveal, due, move, new, ready, train


@pytest.mark.parametrize("board", ["central-europe", "north-america"])
def test_each_board_has_its_three_agents(board: str) -> None:
    m = new(board=board)
    names = [a["id"] for a in m.view()["agents"]]
    expected = {"central-europe": ["logistician", "dispatcher", "conductor"],
                "north-america": ["logistician", "track-guard", "section-chief"]}
    assert names == expected[board]
    assert not any(a["used"] for a in m.view()["agents"])


def test_logistician_rerolls_one_movement_die_once(dice: Dice) -> None:
    m = ready(new(), black1="S6", brown1="S8")
    dice.moves = [2, 4, 1]
    act(m, "move", "move black1")
    assert m.legal(due(m)) == ["keep", "agent logistician", "agent dispatcher"]
    lines = act(m, "agent logistician")
    assert any("rolled again and shows 4" in line for line in lines)
    assert train(m, "black1")["at"] == "PAR"  # only the second result counts
    act(m, "move", "move brown1")  # no pause any more: the Stop token covers the agent
    assert m.state["motion"] is None and m.state["agents"]["logistician"] is True


def test_conductor_stops_one_colour_shown_on_the_card(dice: Dice) -> None:
    m = at_reveal(new(), "11", black1="S6", black2="S5", brown1="S8")  # move black, brown
    dice.moves = [1]
    act(m, "reveal")
    assert "agent conductor black" in m.legal(due(m))
    assert "agent conductor brown" in m.legal(due(m))
    assert "agent conductor grey" not in m.legal(due(m))
    lines = act(m, "agent conductor black")
    assert any("black trains do not move" in line for line in lines)
    act(m, "move brown1", "keep")
    assert train(m, "black1")["at"] == "S6" and train(m, "black2")["at"] == "S5"
    assert m.state["phase"] == "actions"


def test_conductor_cannot_stop_a_colour_once_one_of_its_trains_moved(dice: Dice) -> None:
    m = at_reveal(new(), "8", black1="S6", black2="S5")
    dice.moves = [1]
    act(m, "reveal", "move black1", "keep")
    assert not any(a.startswith("agent conductor") for a in m.legal(due(m)))


def test_dispatcher_is_offered_at_any_point_of_the_turn() -> None:
    m = at_reveal(new(), "9")
    assert "agent dispatcher" in m.legal(due(m))
    act(m, "reveal")
    assert "agent dispatcher" in m.legal(due(m))


def test_track_guard_puts_the_card_under_the_deck_and_resolves_the_next(dice: Dice) -> None:
    m = at_reveal(new(board="north-america"), "9", brown1="S6", black1="S2")
    m.state["deck"] = ["9", "8", "10"]
    act(m, "reveal")
    assert m.legal(due(m))[0] == "resolve" and "agent track-guard" in m.legal(due(m))
    dice.moves = [1]
    lines = act(m, "agent track-guard")
    assert m.state["deck"] == ["10", "9"]
    assert m.state["revealed"][-1] == "8"
    assert any("goes under the deck" in line for line in lines)
    act(m, "move black1", "keep")
    assert train(m, "brown1")["at"] == "S6" and train(m, "black1")["at"] != "S2"
    assert m.state["agents"]["track-guard"] is True


def test_without_the_track_guard_the_card_resolves_as_usual(dice: Dice) -> None:
    m = at_reveal(new(board="north-america"), "9", brown1="S6")
    dice.moves = [1]
    act(m, "reveal", "resolve", "move brown1", "keep")
    assert train(m, "brown1")["at"] != "S6"
    act(m, "done", "reveal")
    assert "resolve" in m.legal(due(m))  # still unused: asked again next turn


def test_section_chief_keeps_one_train_still_the_others_move(dice: Dice) -> None:
    m = at_reveal(new(board="north-america"), "8", black1="S6", black2="S5")
    dice.moves = [1]
    act(m, "reveal", "resolve")
    assert "agent section-chief black1" in m.legal(due(m))
    act(m, "agent section-chief black1")  # black2 is the only one left: it rolls at once
    assert m.state["motion"]["train"] == "black2"
    act(m, "keep")
    assert train(m, "black1")["at"] == "S6" and train(m, "black2")["at"] != "S5"
    assert m.state["phase"] == "actions"


def test_section_chief_may_hold_a_train_of_a_later_colour(dice: Dice) -> None:
    m = at_reveal(new(board="north-america"), "11", black1="S6", brown1="S5", brown2="S2")
    dice.moves = [1, 1]
    act(m, "reveal", "resolve", "agent section-chief brown2", "keep", "keep")
    assert train(m, "brown2")["at"] == "S2" and train(m, "brown1")["at"] != "S5"


def test_each_agent_is_used_only_once(dice: Dice) -> None:
    m = ready(new(), black1="S6")
    act(m, "agent dispatcher")
    assert m.state["agents"]["dispatcher"] is True
    dice.moves = [1, 1, 1]
    act(m, "move", "move black1", "agent logistician")
    move(m, "black1")
    assert m.state["motion"] is None
    assert not any(a.startswith("agent") for a in m.legal(due(m)))
    act(m, "done")
    assert not any(a.startswith("agent") for a in m.legal(due(m)))
