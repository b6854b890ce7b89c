"""'Étapes de Compagnie': promotions, conditions, completion and replacement tiles."""

from __future__ import annotations

from rules.railroad_revolution import RailroadRevolution
from tests.rules.railroad_revolution.helpers import (
    act,
    due,
    end_turn,
    give,
    me,
    rails,
    ready,
    start,
    top,
)


def _trade(m: RailroadRevolution) -> list[str]:
    """The due seat sells a piece and ends the turn."""
    lines = start(m, "trade")
    lines += act(m, "sell building" if "sell building" in m.legal(due(m)) else "sell rail")
    return lines + end_turn(m)


def _holding(m: RailroadRevolution, seat: int, *entries: tuple[str, list[str | None]]) -> None:
    me(m, seat)["milestones"] = [{"id": mid, "managers": list(got)} for mid, got in entries]


def test_managers_are_no_longer_available_workers() -> None:
    m = ready(2)
    seat = due(m)
    _holding(m, seat, ("a1-4", [None]))  # needs turquoise
    give(m, seat, white=4, turquoise=1)
    start(m, "trade", "turquoise")
    act(m, "promote", "promote board turquoise to a1-4")
    assert m.available(seat) == 4 and me(m, seat)["board"] == []


def test_only_the_required_colour_can_become_manager_of_a_b_c_tiles() -> None:
    m = ready(2)
    seat = due(m)
    _holding(m, seat, ("a1-4", [None]), ("c-01", [None, None]))  # turquoise; purple + grey
    give(m, seat, white=4, grey=1, orange=1)
    start(m, "trade", "grey")
    act(m, "promote")
    assert [a for a in m.legal(seat) if a.startswith("promote")] == [
        "promote board grey to c-01"]


def test_d_tiles_take_managers_of_any_colour() -> None:
    m = ready(2)
    seat = due(m)
    _holding(m, seat, ("d-05", [None, "grey"]))
    give(m, seat, white=4, orange=1)
    start(m, "trade", "orange")
    act(m, "promote")
    assert "promote stock white to d-05" in m.legal(seat)
    assert "promote board orange to d-05" in m.legal(seat)


def test_conditions_count_cities_of_exactly_the_level_and_stations() -> None:
    m = ready(4)
    seat = due(m)
    rails(m, seat, "cha-lrk-1", "cha-lrk-2", "lrk-nol-1")
    me(m, seat)["stations"] = ["little-rock", "washington"]
    a21 = m.milestone("a2-1")  # the real tile: 2+ level-2 connected, 1+ level-2 station
    assert a21.vp == 18 and a21.managers == ("orange",)
    assert [m.condition_count(seat, c) for c in a21.conditions] == [2, 1]
    assert m.conditions_met(seat, a21)
    me(m, seat)["stations"] = ["washington", "charlotte"]
    assert not m.conditions_met(seat, a21)


def test_conditions_count_market_rails_and_terrain_configurations() -> None:
    m = ready(2)
    seat = due(m)
    rails(m, seat, "cha-mia-1", "cha-mia-2", "mia-nol-1", "mia-nol-2")
    market = {"type": "market_rails", "min": 2}
    assert m.condition_count(seat, market) == 2
    one = {"type": "terrain_rails", "terrain": "hard1", "triangles": 1, "min": 3}
    assert m.condition_count(seat, one) == 3
    plains = {"type": "terrain_rails", "terrain": "plains", "triangles": 0, "min": 2}
    assert m.condition_count(seat, plains) == 2  # ruling: the start rail counts (plains)


def test_a_milestone_completes_at_the_end_of_the_turn_and_managers_go_back() -> None:
    m = ready(2)
    seat = due(m)
    _holding(m, seat, ("a1-4", ["turquoise"]), ("a2-3", [None]))
    me(m, seat)["rails"] = ["was-cha-1", "cha-mia-1", "cha-mia-2"]  # a market rail
    supply = m.state["supply"]["turquoise"]
    start(m, "trade")
    act(m, "sell building")
    assert top(m)["kind"] == "hub" and me(m, seat)["completed"] == []
    lines = act(m, "done")
    assert me(m, seat)["completed"] == ["a1-4"]
    assert m.state["supply"]["turquoise"] == supply + 1
    assert any("completes milestone A1 (10 VP)" in line for line in lines)
    assert top(m)["kind"] == "pick" and top(m)["pile"] == "B" and len(top(m)["offer"]) == 3


def test_the_replacement_is_chosen_among_three_and_the_others_go_under_the_pile() -> None:
    # Rulebook example: a completed B milestone is replaced from 3 tiles of the C pile.
    m = ready(2)
    seat = due(m)
    _holding(m, seat, ("b-03", ["grey"]), ("a2-3", [None]))
    rails(m, seat, "was-chi-1", "chi-lrk-2", "lrk-den-2")  # three spaces of 2 triangles
    pile = list(m.state["milestone_piles"]["C"])
    start(m, "trade")
    act(m, "sell building", "done")
    assert sorted(top(m)["offer"]) == sorted(pile[:3])
    assert m.legal(seat)[:3] == [f"keep {x}" for x in sorted(pile[:3])]
    keep = sorted(pile[:3])[1]
    act(m, f"keep {keep}")
    assert me(m, seat)["milestones"][-1] == {"id": keep, "managers": [None, None]}
    assert m.state["milestone_piles"]["C"] == pile[3:] + [x for x in pile[:3] if x != keep]
    assert due(m) == 1 - seat


def test_a_d_milestone_is_not_replaced() -> None:
    m = ready(2)
    seat = due(m)
    _holding(m, seat, ("d-08", ["white", "white"]))
    me(m, seat)["stations"] = ["san-diego", "bismarck", "houston"]
    _trade(m)
    assert me(m, seat)["completed"] == ["d-08"] and me(m, seat)["milestones"] == []
    assert top(m)["kind"] == "place" and due(m) == 1 - seat
    assert m.state["supply"]["white"] == 2


def test_two_milestones_completed_together_are_replaced_one_by_one() -> None:
    m = ready(2)
    seat = due(m)
    _holding(m, seat, ("a1-4", ["turquoise"]), ("a2-2", ["purple"]))
    rails(m, seat, "cha-mia-1", "cha-mia-2", "cha-lrk-1", "cha-lrk-2", "lrk-nol-1",
          "nol-hou-1")
    start(m, "trade")
    act(m, "sell building", "done")
    assert me(m, seat)["completed"] == ["a1-4"]  # the second waits for the first choice
    first = top(m)["offer"]
    act(m, f"keep {sorted(first)[0]}")
    assert me(m, seat)["completed"] == ["a1-4", "a2-2"]
    assert top(m)["kind"] == "pick" and len(top(m)["offer"]) == 3
    assert sorted(first)[0] not in top(m)["offer"]
    act(m, f"keep {sorted(top(m)['offer'])[0]}")
    assert len(me(m, seat)["milestones"]) == 2 and due(m) == 1 - seat


def test_variant_choose_the_replacement_from_the_whole_pile() -> None:
    m = ready(2, milestone_draw="whole-pile")
    seat = due(m)
    _holding(m, seat, ("a1-4", ["turquoise"]))
    rails(m, seat, "cha-mia-1", "cha-mia-2")
    pile = list(m.state["milestone_piles"]["B"])
    start(m, "trade")
    act(m, "sell building", "done")
    assert sorted(top(m)["offer"]) == sorted(pile) and len(pile) == 10
    act(m, "keep b-07")
    assert m.state["milestone_piles"]["B"] == [x for x in pile if x != "b-07"]


def test_another_player_completes_a_milestone_at_the_end_of_someone_elses_turn() -> None:
    m = ready(2)
    seat = due(m)
    other = 1 - seat
    _holding(m, other, ("a1-4", ["turquoise"]))
    rails(m, other, "cha-mia-1", "cha-mia-2")
    start(m, "trade")
    act(m, "sell building", "done")
    assert me(m, other)["completed"] == ["a1-4"]
    assert top(m)["kind"] == "pick" and due(m) == other
    act(m, m.legal(other)[0])
    assert top(m)["kind"] == "place" and due(m) == other


def test_conditions_met_without_managers_do_not_complete() -> None:
    m = ready(2)
    seat = due(m)
    _holding(m, seat, ("a1-4", [None]))
    rails(m, seat, "cha-mia-1", "cha-mia-2")
    _trade(m)
    assert me(m, seat)["completed"] == []


def test_rulebook_examples_of_the_four_condition_types() -> None:
    # p.12: 2+ connected cities of exactly level 2; stations in 1+ level-3 cities; rails on 1+
    # market spaces; rails on 3+ spaces with exactly 2 hard-terrain triangles.
    m = ready(4)
    seat = due(m)
    rails(m, seat, "cha-mia-1", "cha-mia-2", "was-chi-1", "chi-lrk-2", "lrk-den-2", "lrk-hou-1")
    me(m, seat)["stations"] = ["houston"]
    examples = [({"type": "connected_cities", "level": 2, "min": 2}, 2),  # Miami, Little Rock
                ({"type": "stations", "level": 3, "min": 1}, 1),
                ({"type": "market_rails", "min": 1}, 1),
                ({"type": "terrain_rails", "terrain": "hard2", "triangles": 2, "min": 3}, 3)]
    for cond, have in examples:
        assert m.condition_count(seat, cond) == have
    me(m, seat)["rails"].remove("lrk-den-2")
    assert m.condition_count(seat, examples[3][0]) == 2  # exactly 2 triangles: not met now
