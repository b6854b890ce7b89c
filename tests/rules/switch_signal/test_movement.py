"""Regles de deplacement, one test per rule, on the Central Europe board (first-game layout)."""

from __future__ import annotations

from rules.switch_signal import SwitchSignal
from tests.rules.switch_signal.helpers import Dice, act, due, move, new, ready, train


def clock(m: SwitchSignal) -> int:
    """Time tokens left."""
    return int(m.state["clock"])


def test_calais_to_paris_is_three_points_and_a_city_stop_costs_no_time(dice: Dice) -> None:
    m = ready(new(), black1="S6")
    dice.moves = [4]
    lines = move(m, "black1")
    assert train(m, "black1")["at"] == "PAR"
    assert clock(m) == 7  # regle 9: the 4th point is not paid for
    assert any("Black train 1 moved 3 spaces" in line for line in lines)


def test_each_train_rolls_its_own_colour_die(dice: Dice) -> None:
    m = ready(new(), black1="S6", grey1="S5")
    dice.moves = [1, 1]
    move(m, "grey1")
    move(m, "black1")
    assert dice.colours == ["grey", "black"]


def test_train_keeps_its_direction_and_green_track_lights_cost_nothing(dice: Dice) -> None:
    m = ready(new(), black1="PAR-J_DIJ:1>J_DIJ")
    assert "par-dij-1" in m.state["greens"]
    dice.moves = [2]
    move(m, "black1")
    assert train(m, "black1")["at"] == "PAR-J_DIJ:3"
    assert train(m, "black1")["heading"] == "J_DIJ"
    assert clock(m) == 7


def test_red_light_stops_the_train_and_costs_one_token_per_unused_point(dice: Dice) -> None:
    m = ready(new(), grey1="S2")
    assert "s2-orl-1" not in m.state["greens"]
    dice.moves = [3]
    lines = move(m, "grey1")
    assert train(m, "grey1")["at"] == "S2-J_ORL:1"
    assert clock(m) == 5
    assert any("red light, Brest–Orléans track light (L20)" in line for line in lines)


def test_open_switch_lets_the_train_through_at_no_cost(dice: Dice) -> None:
    m = ready(new(), black1="PAR-J_DIJ:3>J_DIJ")
    assert m.state["switches"]["J_DIJ"] == ["J_LYO", "PAR"]
    dice.moves = [2]
    move(m, "black1")
    assert train(m, "black1")["at"] == "J_DIJ-J_LYO:2"
    assert train(m, "black1")["heading"] == "J_LYO"
    assert clock(m) == 7


def test_closed_switch_branch_stops_the_train(dice: Dice) -> None:
    m = ready(new(), black1="PAR-J_DIJ:3>J_DIJ")
    m.state["switches"]["J_DIJ"] = ["J_BAS", "J_LYO"]
    dice.moves = [2]
    lines = move(m, "black1")
    assert train(m, "black1")["at"] == "PAR-J_DIJ:3"
    assert clock(m) == 5
    assert any("Dijon switch (branch closed)" in line for line in lines)


def test_the_switch_decides_the_way_out_of_a_junction(dice: Dice) -> None:
    m = ready(new(), black1="J_DIJ-J_LYO:1>J_DIJ")
    m.state["switches"]["J_DIJ"] = ["J_BAS", "J_LYO"]
    dice.moves = [1]
    move(m, "black1")
    assert train(m, "black1")["at"] == "J_DIJ-J_BAS:1"
    assert train(m, "black1")["heading"] == "J_BAS"
    assert clock(m) == 7


def test_one_train_per_space_no_overtaking(dice: Dice) -> None:
    m = ready(new(), brown1="J_TLS-MAR:3>MAR", black1="J_TLS-MAR:1>MAR")
    dice.moves = [3]
    lines = move(m, "black1")
    assert train(m, "black1")["at"] == "J_TLS-MAR:2"
    assert train(m, "brown1")["at"] == "J_TLS-MAR:3"
    assert clock(m) == 5
    assert any("behind brown train 1" in line for line in lines)


def test_head_on_collision_costs_two_per_point_and_sends_the_mover_home(dice: Dice) -> None:
    m = ready(new(), brown1="J_TLS-MAR:3>J_TLS", black1="J_TLS-MAR:1>MAR")
    train(m, "black1")["cargo"] = "blue"
    m.state["goods"]["PAR"] = 1
    dice.moves = [3]
    lines = move(m, "black1")
    assert train(m, "black1")["at"] is None and train(m, "black1")["cargo"] is None
    assert train(m, "brown1")["at"] == "J_TLS-MAR:3"
    assert m.state["goods"]["PAR"] == 2  # the cube goes back to its city
    assert clock(m) == 3  # 2 unused points x 2
    assert any("Head-on collision" in line for line in lines)


def test_a_train_on_a_start_space_faces_out_so_running_into_it_is_head_on(dice: Dice) -> None:
    m = ready(new(), grey1="S6", black1="S6-PAR:1>S6")
    dice.moves = [3]
    move(m, "black1")
    assert train(m, "black1")["at"] is None
    assert train(m, "grey1")["at"] == "S6"
    assert clock(m) == 1  # 3 unused points x 2


def test_a_train_in_a_city_blocks_without_collision(dice: Dice) -> None:
    m = ready(new(), brown1="PAR", black1="S6-PAR:2>PAR")
    dice.moves = [2]
    move(m, "black1")
    assert train(m, "black1")["at"] == "S6-PAR:2"
    assert clock(m) == 5


def test_entering_a_start_space_costs_two_tokens_whatever_is_left(dice: Dice) -> None:
    m = ready(new(), black1="S6-PAR:1>S6")
    train(m, "black1")["cargo"] = "blue"
    m.state["goods"]["PAR"] = 1
    dice.moves = [5]
    lines = move(m, "black1")
    assert train(m, "black1")["at"] is None
    assert m.state["goods"]["PAR"] == 2
    assert clock(m) == 5
    assert any("start space Calais" in line for line in lines)


def test_leaving_a_city_goes_only_through_a_green_light(dice: Dice) -> None:
    m = ready(new(), black1="PAR")
    m.state["greens"].append("par-orl")
    dice.moves = [2]
    act(m, "move", "move black1", "keep")
    assert m.legal(due(m)) == ["go s6", "go orl"]
    act(m, "go orl")
    assert train(m, "black1")["at"] == "PAR-J_ORL:2"
    assert train(m, "black1")["heading"] == "J_ORL"


def test_a_single_green_exit_is_taken_without_asking(dice: Dice) -> None:
    m = ready(new(), black1="PAR", grey1="S2")
    dice.moves = [1]
    move(m, "black1")
    assert train(m, "black1")["at"] == "S6-PAR:2"
    assert train(m, "black1")["heading"] == "S6"


def test_a_train_that_cannot_leave_its_city_loses_every_point(dice: Dice) -> None:
    m = ready(new(), black1="PAR")
    m.state["greens"].remove("par-s6")  # impossible in play; checks regle 3 on its own
    dice.moves = [3]
    move(m, "black1")
    assert train(m, "black1")["at"] == "PAR"
    assert clock(m) == 4


def test_marseille_takes_the_cube_and_sends_the_train_home(dice: Dice) -> None:
    m = ready(new(), black1="J_LYO-MAR:2>MAR")
    train(m, "black1")["cargo"] = "red"
    dice.moves = [5]
    lines = move(m, "black1")
    assert train(m, "black1")["at"] is None and train(m, "black1")["cargo"] is None
    assert m.state["delivered"]["MAR"]["red"] == 1
    assert clock(m) == 7  # regle 9: unused points at a port cost nothing
    assert any("delivers a red cube to Marseille" in line for line in lines)


def test_an_empty_train_reaching_marseille_also_returns_to_the_depot(dice: Dice) -> None:
    m = ready(new(), black1="J_LYO-MAR:3>MAR")
    dice.moves = [2]
    move(m, "black1")
    assert train(m, "black1")["at"] is None
    assert sum(m.state["delivered"]["MAR"].values()) == 0
    assert clock(m) == 7


def test_a_red_port_entrance_stops_the_train(dice: Dice) -> None:
    m = ready(new(), black1="J_TLS-MAR:3>MAR")
    dice.moves = [3]
    move(m, "black1")
    assert train(m, "black1")["at"] == "J_TLS-MAR:4"
    assert clock(m) == 5


def test_europe_cities_stop_every_train_without_the_dispatcher(dice: Dice) -> None:
    m = ready(new(), black1="S6-PAR:1>PAR")
    m.state["greens"].append("par-orl")
    dice.moves = [5]
    move(m, "black1")
    assert train(m, "black1")["at"] == "PAR"
    assert m.state["motion"] is None


def test_north_america_trains_may_pass_through_a_green_city(dice: Dice) -> None:
    m = ready(new(board="north-america"), black1="J_CHY-DEN:1>DEN")
    m.state["greens"].append("den-abq")
    dice.moves = [3]
    act(m, "move", "move black1", "keep")
    assert m.legal(due(m)) == ["stop", "go abq"]
    act(m, "go abq")
    assert train(m, "black1")["at"] == "DEN-J_ABQ:2"
    assert clock(m) == 7


def test_north_america_a_train_may_choose_to_stop_in_a_city(dice: Dice) -> None:
    m = ready(new(board="north-america"), black1="J_CHY-DEN:1>DEN")
    m.state["greens"].append("den-abq")
    dice.moves = [3]
    act(m, "move", "move black1", "keep", "stop")
    assert train(m, "black1")["at"] == "DEN"
    assert clock(m) == 7
    assert "load black1" in m.legal(due(m))


def test_north_america_city_without_another_green_exit_is_a_free_stop(dice: Dice) -> None:
    m = ready(new(board="north-america"), black1="J_CHY-DEN:1>DEN")
    dice.moves = [4]
    move(m, "black1")
    assert train(m, "black1")["at"] == "DEN"
    assert m.state["motion"] is None and clock(m) == 7


def test_north_america_empty_train_may_pass_through_a_port(dice: Dice) -> None:
    m = ready(new(board="north-america"), black1="J_SAC-SFO:2>SFO")
    m.state["greens"].append("sfo-bar")
    dice.moves = [3]
    act(m, "move", "move black1", "keep")
    assert m.legal(due(m)) == ["stop", "go bar"]
    act(m, "go bar")
    assert train(m, "black1")["at"] == "SFO-J_BAR:2"


def test_north_america_port_delivery_one_cube_of_each_colour_per_port(dice: Dice) -> None:
    m = ready(new(board="north-america"), black1="J_SAC-SFO:2>SFO", brown1="J_SAC-SFO:1>SFO")
    train(m, "black1")["cargo"] = "yellow"
    train(m, "brown1")["cargo"] = "yellow"
    dice.moves = [2, 2]
    move(m, "black1")
    assert m.state["delivered"]["SFO"]["yellow"] == 1 and train(m, "black1")["at"] is None
    move(m, "brown1")  # San Francisco already has yellow: brown1 keeps its cube and stops
    assert train(m, "brown1")["at"] == "SFO" and train(m, "brown1")["cargo"] == "yellow"
    assert m.state["delivered"]["SFO"]["yellow"] == 1


def test_dispatcher_lets_trains_pass_through_european_cities(dice: Dice) -> None:
    m = ready(new(), black1="S6-PAR:1>PAR")
    m.state["greens"].append("par-orl")
    act(m, "agent dispatcher")
    dice.moves = [4]
    act(m, "move", "move black1", "keep")
    assert m.legal(due(m)) == ["stop", "go orl"]
    act(m, "go orl")
    assert train(m, "black1")["at"] == "PAR-J_ORL:2"
    assert m.state["agents"]["dispatcher"] is True


def test_dispatcher_does_not_open_marseille(dice: Dice) -> None:
    m = ready(new(), black1="J_LYO-MAR:3>MAR")
    act(m, "agent dispatcher")
    dice.moves = [3]
    move(m, "black1")
    assert train(m, "black1")["at"] is None


def test_dispatcher_lasts_only_for_the_turn(dice: Dice) -> None:
    m = ready(new(), black1="S6")
    act(m, "agent dispatcher")
    assert m.state["dispatcher"] is True
    act(m, "done")
    assert m.state["dispatcher"] is False
    assert "agent dispatcher" not in m.legal(due(m))


def test_head_on_collision_just_beyond_a_junction(dice: Dice) -> None:
    m = ready(new(), black1="PAR-J_DIJ:3>J_DIJ", brown1="J_DIJ-J_LYO:1>J_DIJ")
    dice.moves = [2]
    move(m, "black1")
    assert train(m, "black1")["at"] is None
    assert clock(m) == 3  # both points unused, twice over
