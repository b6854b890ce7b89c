"""What a newcomer reads: labels with costs, names from the board, reasons for refusals."""

from __future__ import annotations

import random
import re

import pytest

import rules
from rules.switch_signal import SwitchSignal
from rules.switch_signal.board import load_board
from rules.switch_signal.names import fold
from tests.rules.switch_signal.helpers import Dice, act, at_reveal, due, new, ready

TRAIN_ID = re.compile(r"\b(black|brown|grey)\d\b")
SIGNAL_ID = re.compile(r"\b[a-z]{2,3}\d*-[a-z]{1,3}\d*(-\d)?\b")
ENGLISH = {"was", "bar"}  # node labels that are also words


def labels(m: rules.Match) -> dict[str, str]:
    """Canonical action -> label, for the seat due."""
    return {c.action: c.label for c in m.choices(due(m))}


def refused(m: rules.Match, text: str) -> str:
    """The refusal a due seat gets for `text`."""
    with pytest.raises(rules.IllegalAction) as err:
        m.act(due(m), text)
    return str(err.value)


def _no_ids(text: str, node_labels: set[str]) -> None:
    """No train id, light id or node label that the board does not show."""
    assert not TRAIN_ID.search(text), text
    assert not SIGNAL_ID.search(text), text
    words = set(re.split(r"[^a-z0-9]+", fold(text).lower()))
    assert not (words & node_labels), text


@pytest.mark.parametrize("board", ["central-europe", "north-america"])
def test_labels_prompts_and_log_lines_name_only_what_the_board_shows(board: str) -> None:
    node_labels = {n.label for n in load_board(board).nodes.values()} - ENGLISH
    for seed in range(3):
        rng = random.Random(seed)
        m = rules.new_match("switch-and-signal", ["Ann", "Bob"], seed, {"board": board})
        while not m.over:
            seat = m.to_act()[0]
            _no_ids(m.prompt(seat), node_labels)
            for choice in m.choices(seat):
                assert 0 < len(choice.label) <= 100
                _no_ids(choice.label, node_labels)
            m.act(seat, rng.choice(m.legal(seat)))
        for _, line in m.lines:
            _no_ids(line, node_labels)


def test_menu_labels_say_what_each_card_play_does_and_costs() -> None:
    m = ready(new(), hand={"signal": 2, "switch": 1, "move": 2}, black1="PAR")
    words = labels(m)
    assert words["signal"] == "Play a signal card (you have 2): move a green disc onto a red light"
    assert words["wild switch"] == ("Wild switch: spend any 2 cards to turn one junction to open "
                                    "two other branches")
    assert words["load black1"] == "Load black train 1 in Paris: any 1 card, takes a blue cube"
    # An empty train stands in a goods city: ending the turn reminds that it could load.
    assert words["done"] == ("End turn: draw 5 action cards (you hold 5, limit 10) ⚠ black "
                             "train 1 could load in Paris")
    assert "Dispatcher (once per game)" in words["agent dispatcher"]


def test_step_labels_name_lights_junctions_branches_and_dice() -> None:
    m = ready(new(), hand={"signal": 2, "switch": 2, "move": 2}, black1="PAR")
    act(m, "switch")
    assert labels(m)["junction orl"] == "Orléans junction (now open Paris–Toulouse)"
    act(m, "junction orl")
    assert labels(m)["open s2-tls"] == "Open Brest–Toulouse at Orléans (closes Paris)"
    act(m, "cancel", "signal")
    assert labels(m)["green s2-orl-1"] == "Turn green: Brest–Orléans track light (L20)"
    act(m, "green s2-orl-1")
    assert labels(m)["from han-ber-2"] == \
        "Take the disc from Hannover–Berlin track light (L34): it turns red"
    act(m, "cancel", "move")
    assert labels(m)["move black1"].startswith("Move black train 1 (Paris), black die 2–5 ⚠ ")


def test_movement_labels_show_points_and_the_cost_of_a_start_space(dice: Dice) -> None:
    m = ready(new(), black1="PAR")
    m.state["greens"].append("par-orl")
    dice.moves = [4]
    act(m, "move", "move black1")
    assert labels(m)["keep"] == "Keep the 4: black train 1 moves up to 4 spaces"
    act(m, "keep")
    words = labels(m)
    assert words["go s6"] == ("Black train 1 leaves Paris for Calais (4 points left), a start "
                              "space ⚠ costs 2 time tokens")
    assert m.prompt(due(m)) == "P0: choose which way black train 1 leaves Paris (4 points)." \
        .replace("P0", m.players[due(m)])


def test_departure_labels_show_the_card_and_the_dice() -> None:
    m = at_reveal(new(), "6")
    act(m, "reveal")
    words = labels(m)
    assert words["deploy black"] == \
        "Deploy a black train (3 in the depot): the start dice pick its space"
    assert "Conductor (once per game): the grey trains stay put this turn" in \
        words["agent conductor grey"]


def test_full_names_short_labels_and_old_texts_are_all_accepted() -> None:
    for text in ("junction toulouse", "junction tls", "toulouse", "Toulouse junction"):
        m = ready(new())
        act(m, "switch", text)
        assert m.state["pending"]["junction"] == "J_TLS", text
    for text in ("junction orléans", "junction orleans"):
        m = ready(new())
        act(m, "switch", text)
        assert m.state["pending"]["junction"] == "J_ORL"
    for text in ("open brest toulouse", "toulouse brest", "open s2-tls"):
        m = ready(new())
        act(m, "switch", "orleans", text)
        assert sorted(m.state["switches"]["J_ORL"]) == ["J_TLS", "S2"], text
    for text in ("L20", "green l20", "brest orleans", "Brest–Orléans track light", "s2-orl-1"):
        m = ready(new())
        act(m, "signal", text)
        assert m.state["pending"]["target"] == "s2-orl-1", text
    m = ready(new(), black1="PAR")
    act(m, "signal", "Paris entrance from Orléans")
    assert m.state["pending"]["target"] == "par-orl"
    for text in ("move black train 1", "black 1", "move black1"):
        m = ready(new(), black1="PAR")
        act(m, "move", text)
        assert m.state["pending"] is None and m.state["motion"]["train"] == "black1"


def test_a_light_code_never_picks_a_longer_code() -> None:
    """`L2` is Paris entrance from Orléans, never L20-L29 by prefix."""
    m = ready(new())
    act(m, "signal", "green ams-s9")
    assert "`L2` can't be played: Paris entrance from Orléans (L2) is red" in refused(m, "L2")
    assert m.state["pending"]["step"] == "source"


def test_refusals_say_what_the_player_has_and_needs() -> None:
    m = ready(new(), hand={"signal": 0, "switch": 1, "move": 0}, grey1="PAR-J_DIJ:2>J_DIJ")
    assert "you have no signal card (you hold 1 switch card)" in refused(m, "signal")
    assert "you have 1 card; a wild action needs 2" in refused(m, "wild move")
    assert "play a switch card first" in refused(m, "junction toulouse")
    assert "play a signal card (`signal` or `wild signal`) first to change Brest–Orléans " \
        "track light (L20)" in refused(m, "green L20")
    assert "play a move card first (`move` or `wild move`) to move grey train 1" in \
        refused(m, "move grey train 1")
    assert "grey train 1 is at Paris–Dijon track, 2nd space from Paris, not in a goods city" \
        in refused(m, "load grey 1")
    assert "the Track guard works only on the North America board" in refused(m, "track guard")
    m.state["agents"]["logistician"] = True
    assert "Logistician has already been used" in refused(m, "logistician")


def test_refusals_inside_a_card_name_the_step_and_the_rule() -> None:
    m = ready(new(), hand={"signal": 2, "switch": 2, "move": 2})
    act(m, "signal")
    assert "Paris entrance from Calais (L1) is already green" in refused(m, "L1")
    act(m, "green par-orl")
    assert "Amsterdam would be left without a green light" in refused(m, "from L8")
    act(m, "cancel", "switch", "junction orl")
    assert "Orléans junction is already open Paris–Toulouse" in refused(m, "open paris toulouse")
    assert "Marseille is not a branch of Orléans junction (its branches: Brest, Paris, " \
        "Toulouse)" in refused(m, "open marseille paris")
    assert "choose the branches to open first, or `cancel`" in refused(m, "signal")


def test_refusals_during_departures_and_moves(dice: Dice) -> None:
    m = at_reveal(new(), "6")
    for tid in ("black1", "black2", "black3"):
        m.state["trains"][tid]["at"] = f"S{int(tid[-1]) + 1}"
    act(m, "reveal")
    assert "no black train is left in the depot" in refused(m, "deploy black")
    assert "finish departure card 6 first" in refused(m, "signal")
    m = ready(new(), black1="PAR")
    m.state["greens"].append("par-dij")
    dice.moves = [3]
    act(m, "move", "move black1", "keep")
    assert "the light toward Orléans is red" in refused(m, "go orleans")
    assert "Berlin is not next to Paris" in refused(m, "go berlin")
    assert m.state["motion"] is not None
    act(m, "go dijon")


def test_private_lines_are_sentences_about_the_seat_only() -> None:
    m = ready(new(3), hand={"signal": 2, "switch": 0, "move": 1})
    seat = due(m)
    lines = m.private_lines(seat)
    assert lines[0] == "Your hand (3 cards): 2 × Signal, 1 × Move."
    assert not any("{" in line or "'" in line or "kind" in line for line in lines)
    other = (seat + 1) % 3
    before = m.private_lines(other)
    m.state["hands"][seat] = {"signal": 0, "switch": 3, "move": 0}
    assert m.private_lines(other) == before
    act(m, "switch")
    assert "You are playing the switch action, paid with switch" in m.private_lines(seat)[-1]


def test_a_red_light_is_one_decision_grouped_by_where_it_stands() -> None:
    m = ready(new(), hand={"signal": 2, "switch": 2, "move": 2})
    act(m, "signal")
    seat = due(m)
    offered = [c for c in m.choices(seat) if c.action.startswith("green ")]
    assert len(offered) > 25  # more than one menu holds: the bot shows the groups first
    assert {c.group for c in offered} == {"City entrances", "Open track"}
    assert m.legal(seat)[-1] == "cancel"


def test_games_started_under_version_1_keep_the_area_step() -> None:
    m = SwitchSignal(["P0", "P1"], 0, None, rules_version=1)
    ready(m, hand={"signal": 2, "switch": 2, "move": 2})
    act(m, "signal")
    assert "choose `city light` or `track light` first" in refused(m, "green l20")
    act(m, "city light")
    assert all(not a.startswith("green ") or a in {f"green {s}" for s, g in
               m.table().board.signals.items() if g.city is not None}
               for a in m.legal(due(m)))


def _waiting_for_a_way_out(seed: int = 3) -> rules.Match:
    """A random table played until a train waits in a city for its way out."""
    m = rules.new_match("switch-and-signal", ["a", "b"], seed)
    rnd = random.Random(seed)
    while not (m.state["motion"] and m.state["motion"]["await"] == "exit"):
        assert not m.over, "no train waited for its way out in this game"
        m.act(due(m), rnd.choice(m.choices(due(m))).action)
    return m


def test_a_train_waiting_in_a_city_lists_its_open_ways_out_and_a_misspelt_one() -> None:
    m = _waiting_for_a_way_out()
    board = m.table().board
    at = m.table().trains[m.state["motion"]["train"]]["at"]
    ways = [board.nodes[board.segments[g].other(at)].name for g in m.table().green_exits(
        at, m.state["motion"]["entered"])]
    assert len(ways) >= 2
    reason = refused(m, "go xyz")
    assert board.nodes[at].name in reason and all(w in reason for w in ways), reason
    misspelt = fold(ways[-1]).lower()[:-1] + "x"  # one letter wrong at the end
    reason = refused(m, f"leave for {misspelt}")
    assert f"did you mean {ways[-1]}?" in reason, reason


def test_a_misspelt_branch_at_a_junction_is_named_and_an_unknown_one_gets_an_example() -> None:
    m = rules.new_match("switch-and-signal", ["a", "b"], 3)
    rnd = random.Random(3)
    while not (m.state["pending"] and m.state["pending"]["step"] == "setting"):
        assert not m.over, "no junction was switched in this game"
        m.act(due(m), rnd.choice(m.choices(due(m))).action)
    board = m.table().board
    junction = m.state["pending"]["junction"]
    branches = [board.nodes[s.other(junction)].name for s in board.at_node(junction)]
    reason = refused(m, "open xyz")  # nothing near: an example instead
    assert "such as `open" in reason and board.nodes[junction].name in reason, reason
    misspelt = fold(branches[0]).lower()[:-1] + "x"
    reason = refused(m, f"{misspelt} xyz")
    assert f"did you mean {branches[0]}?" in reason and all(b in reason for b in branches)
