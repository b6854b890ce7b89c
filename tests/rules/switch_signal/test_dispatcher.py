"""The Dispatcher at any moment of the turn (rules version 9): « Vous pouvez utiliser la
gestionnaire n'importe quand pendant votre tour », after a roll included."""

from __future__ import annotations

from rules.switch_signal import SwitchSignal
from rules.switch_signal.planner import Planner
from tests.rules.switch_signal.helpers import Dice, act, due, new, ready, train

V9 = 9


def at_calais(version: int = V9, *, logistician_used: bool = True) -> SwitchSignal:
    """Black train 1 on the Calais start space, a green way on out of Paris towards Dijon."""
    m = ready(new(version=version), black1="S6")
    m.state["greens"].append("par-dij")
    m.state["agents"]["logistician"] = logistician_used
    return m


def test_a_train_that_stops_in_a_goods_city_with_points_left_waits_for_the_dispatcher(
        dice: Dice) -> None:
    # The case: the Logistician is spent, so the roll and the move are one step.
    m = at_calais()
    dice.moves = [5]
    lines = act(m, "move", "move black1")
    assert train(m, "black1")["at"] == "PAR"
    assert m.legal(due(m)) == ["stop", "agent dispatcher"]
    assert "reaches Paris with 2 points left" in m.prompt(due(m))
    assert m.state["clock"] == 7 and not any("stands at" in line for line in lines)
    lines = act(m, "agent dispatcher")
    assert any("calls the Dispatcher" in line for line in lines)
    assert m.legal(due(m)) == ["stop", "go dij"]
    act(m, "go dij")
    assert train(m, "black1")["at"].startswith("PAR-J_DIJ:")
    assert m.state["motion"] is None and m.state["agents"]["dispatcher"] is True
    assert m.state["clock"] == 7


def test_stopping_there_costs_nothing_and_keeps_the_dispatcher(dice: Dice) -> None:
    m = at_calais()
    dice.moves = [5]
    act(m, "move", "move black1", "stop")
    assert train(m, "black1")["at"] == "PAR" and m.state["motion"] is None
    assert m.state["clock"] == 7  # regle 9: a stop in a city costs no time
    assert m.state["agents"]["dispatcher"] is False
    assert "agent dispatcher" in m.legal(due(m))


def test_typing_a_way_on_before_calling_her_says_what_to_do(dice: Dice) -> None:
    m = at_calais()
    dice.moves = [5]
    act(m, "move", "move black1")
    before = m.to_json()
    why = m.refusal(due(m), "go dijon")
    assert why is not None and "call the Dispatcher first" in why and "`stop`" in why
    assert m.to_json() == before


def test_no_pause_where_she_could_not_help(dice: Dice) -> None:
    m = ready(new(version=V9), black1="S6")  # Paris's only green is the way the train came in
    m.state["agents"]["logistician"] = True
    dice.moves = [5]
    act(m, "move", "move black1")
    assert train(m, "black1")["at"] == "PAR" and m.state["motion"] is None
    m = at_calais()
    m.state["agents"]["dispatcher"] = True  # already used this game
    dice.moves = [5]
    act(m, "move", "move black1")
    assert train(m, "black1")["at"] == "PAR" and m.state["motion"] is None


def test_games_started_under_version_8_keep_the_stop(dice: Dice) -> None:
    m = at_calais(version=8)
    dice.moves = [5]
    act(m, "move", "move black1")
    assert train(m, "black1")["at"] == "PAR" and m.state["motion"] is None
    assert "agent dispatcher" in m.legal(due(m))  # still there for the rest of the turn


def test_the_planner_calls_her_when_going_on_pays(dice: Dice) -> None:
    m = at_calais()
    m.state["trains"]["black1"]["cargo"] = "blue"  # loaded: Marseille lies on through Dijon
    dice.moves = [5]
    act(m, "move", "move black1")
    seat = due(m)
    assert Planner().choose(m.view(seat), m.legal(seat)) == "agent dispatcher"
