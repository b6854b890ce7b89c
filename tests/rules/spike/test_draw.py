"""'A. Piocher des cartes rails', 'Manches et cartes de temps', 'Fin du jeu' by time card."""

from __future__ import annotations

from rules.spike import Spike
from tests.rules.spike.helpers import act, due, ready, set_contracts, set_hand, turn_to


def _ready(version: int | None = None) -> Spike:
    m = ready(2, ["Raleigh", "Omaha"], version=version)
    turn_to(m, 0)
    set_hand(m, 0)
    set_contracts(m, 0, ("cotton", 1, "a"))  # nothing to load in Raleigh
    return m


def test_draw_at_least_one_card_and_at_most_the_tender_power() -> None:
    m = _ready()
    assert "stop" not in m.legal(0)
    act(m, "draw deck")
    assert m.state["step"]["kind"] == "draw" and "stop" in m.legal(0)
    act(m, "draw deck")
    assert m.hand_size(0) == 2 and due(m) == 1  # power 2 reached: the turn ends


def test_stop_after_one_card() -> None:
    m = _ready()
    lines = act(m, "draw deck", "stop")
    assert m.hand_size(0) == 1 and due(m) == 1
    assert lines[0] == "P0 draws a rail card from the deck."


def test_face_up_card_is_replaced_only_when_drawing_is_over() -> None:
    m = _ready()
    m.state["display"] = ["W", "W", "B", "R"]
    deck_before = len(m.state["deck"])
    act(m, "take white")
    assert m.state["display"] == ["W", "B", "R"] and m.state["players"][0]["hand"]["W"] == 1
    assert m.legal(0) == ["draw deck", "take white", "take blue", "take red", "stop"]
    lines = act(m, "take blue")
    assert len(m.state["display"]) == 4 and len(m.state["deck"]) == deck_before - 2
    assert "P0 takes a blue card from the display." in lines
    assert any(line.startswith("Turned up on the display:") for line in lines)


def test_bigger_tender_draws_more_cards() -> None:
    m = _ready()
    m.state["players"][0]["levels"]["power"] = 2
    act(m, "draw deck", "draw deck", "draw deck")
    assert m.state["step"]["kind"] == "draw" and m.hand_size(0) == 3
    act(m, "draw deck")
    assert m.hand_size(0) == 4 and due(m) == 1


def test_last_card_of_the_deck_ends_the_round_and_the_player_goes_on_drawing() -> None:
    m = _ready()
    s = m.state
    s["deck"], s["discard"], s["display"] = ["K"], ["B"] * 5, ["W", "W", "R", "R"]
    lines = act(m, "draw deck")
    assert s["round"] == 2 and s["players"][0]["hand"]["K"] == 1
    assert len(s["display"]) == 4 and len(s["deck"]) == 5 and s["discard"] == []
    assert sorted(s["deck"] + s["display"]) == sorted(["B"] * 5 + ["W", "W", "R", "R"])
    assert any("round 2 begins" in line for line in lines)
    assert s["step"]["kind"] == "draw"  # 'il finit de piocher'
    act(m, "draw deck")
    assert m.hand_size(0) == 2


def test_round_three_shuffles_the_time_cards_into_the_bottom_half() -> None:
    m = _ready()
    s = m.state
    s["round"] = 2
    s["deck"], s["discard"], s["display"] = ["K"], ["B"] * 10, ["W", "W", "R", "R"]
    act(m, "draw deck")
    assert s["round"] == 3
    # 14 cards: the top 7 hold no time card; four of them went to the display.
    assert "T" not in s["display"] and "T" not in s["deck"][:3]
    assert s["deck"].count("T") == 3 and len(s["deck"]) == 13


def test_drawn_time_card_goes_on_the_board_and_is_replaced() -> None:
    m = _ready()
    s = m.state
    s["round"], s["deck"] = 3, ["T", "R", "W", "B", "T", "T"]
    lines = act(m, "draw deck")
    assert s["time_drawn"] == 1 and s["players"][0]["hand"]["R"] == 1
    assert "Time card 1 of 3 is turned up and placed on the board." in lines
    assert s["step"]["drawn"] == 1


def test_third_time_card_ends_the_game_at_once() -> None:
    m = _ready()
    s = m.state
    s["round"], s["time_drawn"], s["deck"] = 3, 2, ["T", "R", "W"]
    lines = act(m, "draw deck")
    assert m.over and s["end_reason"] == "the third time card was revealed"
    assert m.hand_size(0) == 0 and s["deck"] == ["R", "W"]  # no replacement card
    assert lines[-1].startswith("Winner:") and m.winners()


def test_time_card_turned_up_for_the_display_counts_too() -> None:
    m = _ready()
    s = m.state
    s["round"], s["deck"], s["display"] = 3, ["T", "Y", "B", "T"], ["W", "R", "G", "K"]
    act(m, "take white", "stop")
    assert s["time_drawn"] == 1 and s["display"] == ["R", "G", "K", "Y"]


def test_empty_deck_with_discards_ends_the_round_when_a_card_is_needed() -> None:
    m = _ready()
    s = m.state
    s["deck"], s["discard"], s["display"] = [], ["B", "G", "G", "R", "R", "W", "Y"], []
    assert m.legal(0)[0] == "draw deck"
    act(m, "draw deck")
    assert s["round"] == 2 and m.hand_size(0) == 1 and len(s["display"]) == 4


def test_version_3_new_round_too_small_for_a_deck_leaves_the_cards_on_the_display() -> None:
    # Version 4 ends that round at once (tests/rules/spike/test_round_end.py).
    m = _ready(3)
    s = m.state
    s["deck"], s["discard"], s["display"] = [], ["B", "G", "G"], []
    act(m, "draw deck")
    assert s["round"] == 2 and s["deck"] == [] and sorted(s["display"]) == ["B", "G", "G"]
    assert m.legal(0) == ["take blue", "take green"]  # no card drawn yet: no stop
    act(m, "take blue", "take green")
    assert m.hand_size(0) == 2 and due(m) == 1


def test_nothing_to_draw_means_no_draw_action() -> None:
    m = _ready()
    s = m.state
    s["deck"], s["discard"], s["display"] = [], [], []
    legal = m.legal(0)
    assert not any(a.startswith(("draw", "take")) for a in legal)
    assert legal == ["pass"]
    assert act(m, "pass") == ["P0 can do nothing and passes."]


def test_the_end_is_the_last_thing_logged_when_the_display_turns_the_third_time_card() -> None:
    m = _ready()
    s = m.state
    s["round"], s["time_drawn"] = 3, 2
    s["deck"], s["display"] = ["Y", "T", "B"], ["W", "R", "G", "K"]
    lines = act(m, "take white", "take red")
    assert m.over and lines[-1].startswith("Winner:")
    assert s["display"] == ["G", "K", "Y"] and s["deck"] == ["B"]
