"""Deroulement d'un tour: the rulebook's worked turn, departure cards, deployments, refills."""

from __future__ import annotations

import json

import pytest

from tests.rules.switch_signal.helpers import Dice, act, at_reveal, due, new, ready, train


def test_rulebook_worked_example_turn(dice: Dice) -> None:
    """EXEMPLE D'UN TOUR DE JEU, step by step."""
    m = at_reveal(new(), "1", hand={"signal": 1, "switch": 2, "move": 3},
                  grey1="J_TLS-MAR:1>MAR", brown1="PAR-J_BRU:2>J_BRU")
    s = m.state
    s["switches"]["J_ORL"] = ["J_TLS", "S2"]
    s["switches"]["J_BRU"] = ["J_COL", "PAR"]
    seat = due(m)
    # The card: deploy a train, then move every black train, then every grey train.
    dice.starts = [(3, 3)]
    dice.moves = [4, 1, 3, 4]
    lines = act(m, "reveal")
    assert any("deploy 1 train; move black, then grey" in line for line in lines)
    lines = act(m, "deploy black")  # black: the fastest trains
    assert any("3 + 3 = 6: black train 1 enters at Calais (6)" in line for line in lines)
    act(m, "move black1", "keep")  # 4: Calais -> Paris in 3 points, forced stop, no time lost
    assert train(m, "black1")["at"] == "PAR" and s["clock"] == 7
    act(m, "move grey1", "keep")
    assert s["phase"] == "actions"
    assert sum(s["hands"][seat].values()) == 6
    # 1. Load a cube onto the train in Paris with a card of choice (here a move card).
    act(m, "load black1", "discard move")
    assert train(m, "black1")["cargo"] == "blue" and s["goods"]["PAR"] == 1
    # 2. A green disc moves to Paris; every city still has a green light.
    act(m, "signal", "green par-orl", "from par-dij-1")
    assert {"par-s6", "par-orl"} <= set(s["greens"])
    # 3. Throw a switch so that the train may pass.
    act(m, "switch", "junction orl", "open par-tls")
    # 4. Move the black train: it rolls 3 and runs 3 spaces in its direction of travel.
    act(m, "move", "move black1", "keep", "go orl")
    assert train(m, "black1")["at"] == "J_ORL-J_TLS:1" and s["clock"] == 7
    # 5. Throw the switch just behind the black train, then move brown: 4, stopped by a red
    #    light after 3 spaces, so 1 point is lost and 1 time token removed.
    act(m, "switch", "junction orl", "open s2-tls")
    assert s["switches"]["J_ORL"] == ["J_TLS", "S2"]
    lines = act(m, "move", "move brown1", "keep")
    assert train(m, "brown1")["at"] == "J_BRU-J_COL:2"
    assert s["clock"] == 6
    assert any("red light, Brussels–Cologne track light (L29), with 1 movement point unused"
               in x for x in lines)
    # Finally draw 5 action cards; the next player clockwise reveals the next card.
    assert sum(s["hands"][seat].values()) == 0
    act(m, "done")
    assert sum(s["hands"][seat].values()) == 5
    assert due(m) == (seat + 1) % 2 and s["phase"] == "reveal"


def test_first_card_deploys_black_brown_grey_and_rerolls_taken_spaces(dice: Dice) -> None:
    m = new(seed=3)
    dice.starts = [(3, 3), (3, 3), (4, 4), (1, 1)]
    lines = act(m, "reveal")
    assert train(m, "black1")["at"] == "S6"
    assert train(m, "brown1")["at"] == "S8"
    assert train(m, "grey1")["at"] == "S2"
    assert m.state["clock"] == 7
    assert any("is taken, so the start is tried again" in line for line in lines)
    assert m.state["phase"] == "actions"


def test_deployed_colour_is_chosen_and_moves_with_its_colour(dice: Dice) -> None:
    m = at_reveal(new(), "3", grey1="S2")  # deploy 1, move black
    dice.starts = [(2, 3)]
    dice.moves = [2]
    act(m, "reveal")
    assert m.legal(due(m))[:3] == ["deploy black", "deploy brown", "deploy grey"]
    act(m, "deploy black", "move black1", "keep")
    assert train(m, "black1")["at"] == "S5-J_NIC:2"
    assert train(m, "grey1")["at"] == "S2"  # grey is not on the card


def test_two_deploy_icons_need_two_colours(dice: Dice) -> None:
    m = at_reveal(new(), "6")
    dice.starts = [(1, 1), (1, 2)]
    act(m, "reveal", "deploy grey")
    assert "deploy grey" not in m.legal(due(m))
    act(m, "deploy brown")
    assert train(m, "grey1")["at"] == "S2" and train(m, "brown1")["at"] == "S3"


def test_active_player_orders_trains_of_a_colour_each_with_its_own_roll(dice: Dice) -> None:
    m = at_reveal(new(), "8", black1="S6", black2="S5", grey1="S2")  # move black
    dice.moves = [1, 2]
    act(m, "reveal")
    assert m.legal(due(m))[:2] == ["move black1", "move black2"]
    act(m, "move black2", "keep", "move black1", "keep")
    assert train(m, "black2")["at"] == "S5-J_NIC:1"
    assert train(m, "black1")["at"] == "S6-PAR:2"
    assert train(m, "grey1")["at"] == "S2"


def test_trains_in_the_depot_do_not_move(dice: Dice) -> None:
    m = at_reveal(new(), "9")  # move brown: none on the network
    lines = act(m, "reveal")
    assert m.state["phase"] == "actions"
    assert any("No brown train" in line for line in lines)


def test_multicolour_icon_lets_the_player_choose_even_an_empty_colour(dice: Dice) -> None:
    m = at_reveal(new(), "14", black1="S6")  # one multicolour train
    act(m, "reveal")
    assert m.legal(due(m))[:3] == ["colour black", "colour brown", "colour grey"]
    act(m, "colour grey")
    assert m.state["phase"] == "actions"
    assert train(m, "black1")["at"] == "S6"


def test_two_multicolour_icons_need_two_different_colours(dice: Dice) -> None:
    m = at_reveal(new(), "15", black1="S6", grey1="S2")
    dice.moves = [1, 1]
    act(m, "reveal", "colour grey", "move grey1", "keep")
    assert "colour grey" not in m.legal(due(m))
    act(m, "colour black", "move black1", "keep")
    assert m.state["phase"] == "actions"


def test_three_multicolour_icons_move_every_train_on_the_network(dice: Dice) -> None:
    m = at_reveal(new(), "16", black1="S6", brown1="S8", grey1="S2")
    dice.moves = [1, 1, 1]
    act(m, "reveal", "colour brown", "move brown1", "keep", "colour grey", "move grey1", "keep")
    assert m.legal(due(m))[0] == "move black1"  # the last colour is forced
    act(m, "move black1", "keep")
    assert all(train(m, t)["at"] != start for t, start in
               (("black1", "S6"), ("brown1", "S8"), ("grey1", "S2")))


def test_load_needs_one_card_an_empty_train_and_a_cube() -> None:
    m = ready(new(), hand={"signal": 0, "switch": 0, "move": 1}, black1="PAR", brown1="AMS",
              grey1="S6")
    train(m, "brown1")["cargo"] = "blue"
    assert [a for a in m.legal(due(m)) if a.startswith("load")] == ["load black1"]
    act(m, "load black1")  # a single kind of card in hand: no question asked
    assert train(m, "black1")["cargo"] == "blue" and m.state["goods"]["PAR"] == 1
    assert m.state["hands"][due(m)]["move"] == 0
    assert "load black1" not in m.legal(due(m))  # only empty trains can be loaded


def test_signal_card_keeps_a_green_on_every_city() -> None:
    m = ready(new(), hand={"signal": 1, "switch": 0, "move": 0})
    act(m, "signal", "green par-orl")
    sources = m.legal(due(m))
    assert "from par-s6" in sources  # another entrance of Paris itself
    assert "from ams-bru" not in sources  # Amsterdam's only green
    assert {"from par-dij-1", "from stu-nue-1", "from han-ber-2"} <= set(sources)
    act(m, "from par-s6")
    assert "par-orl" in m.state["greens"] and "par-s6" not in m.state["greens"]
    assert m.state["action_discard"]["signal"] == 1


def test_switch_card_offers_every_other_setting() -> None:
    m = ready(new())
    act(m, "switch", "junction tls")
    settings = [a for a in m.legal(due(m)) if a.startswith("open")]
    assert len(settings) == 5  # a 4-way junction: six pairs, one is the current
    assert "open mar-orl" not in settings
    act(m, "open mar-s3")
    assert m.state["switches"]["J_TLS"] == ["MAR", "S3"]


def test_any_two_cards_make_an_action_of_choice(dice: Dice) -> None:
    m = ready(new(), hand={"signal": 2, "switch": 0, "move": 0}, black1="S6")
    assert "move" not in m.legal(due(m)) and "wild move" in m.legal(due(m))
    dice.moves = [1]
    act(m, "wild move", "move black1", "keep")  # the only pair is taken without asking
    assert m.state["hands"][due(m)] == {"signal": 0, "switch": 0, "move": 0}
    assert train(m, "black1")["at"] == "S6-PAR:1"


def test_wild_action_asks_which_two_cards(dice: Dice) -> None:
    m = ready(new(), hand={"signal": 1, "switch": 1, "move": 1})
    act(m, "wild switch")
    assert m.legal(due(m)) == ["discard signal switch", "discard signal move",
                               "discard switch move", "cancel"]
    act(m, "discard signal move", "junction dij", "open bas-lyo")
    assert m.state["hands"][due(m)] == {"signal": 0, "switch": 1, "move": 0}


def test_cancel_changes_nothing() -> None:
    m = ready(new())
    before = json.dumps(m.state, sort_keys=True)
    act(m, "signal", "green par-orl", "cancel")
    act(m, "wild switch", "discard signal move", "cancel")
    assert json.dumps(m.state, sort_keys=True) == before


@pytest.mark.parametrize(("kept", "after"), [(0, 5), (1, 6), (3, 8), (6, 10), (10, 10)])
def test_draw_five_up_to_a_hand_of_ten(kept: int, after: int) -> None:
    m = ready(new(), hand={"signal": kept, "switch": 0, "move": 0})
    seat = due(m)
    act(m, "done")
    assert sum(m.state["hands"][seat].values()) == after


def test_discards_are_reshuffled_when_the_action_deck_runs_out() -> None:
    m = ready(new())
    seat = due(m)
    m.state["hands"][seat] = {"signal": 0, "switch": 0, "move": 0}
    m.state["action_deck"] = ["move", "move"]
    m.state["action_discard"] = {"signal": 4, "switch": 0, "move": 0}
    act(m, "done")
    assert m.state["hands"][seat] == {"signal": 3, "switch": 0, "move": 2}
    assert m.state["action_discard"] == {"signal": 0, "switch": 0, "move": 0}
    assert m.state["action_deck"] == ["signal"]


def test_turns_pass_clockwise_and_solo_takes_every_turn() -> None:
    m = ready(new(3))
    first = due(m)
    act(m, "done")
    assert due(m) == (first + 1) % 3
    solo = ready(new(1))
    act(solo, "done")
    assert due(solo) == 0 and solo.state["turn"] == 3
