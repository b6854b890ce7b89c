"""'Déroulement du Jeu', 'Actions et Ouvriers' and 'Règles générales'."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from tests.rules.railroad_revolution.helpers import (
    act,
    due,
    end_turn,
    give,
    me,
    ready,
    start,
    top,
)


def test_a_turn_places_one_stock_worker_on_an_action_space() -> None:
    m = ready(2)
    seat = due(m)
    give(m, seat, white=3, grey=1)
    legal = m.legal(seat)
    assert legal[:8] == ["station white", "station grey", "railroad white", "railroad grey",
                         "telegraph white", "telegraph grey", "trade white", "trade grey"]
    act(m, "telegraph grey")
    p = me(m, seat)
    assert p["stock"]["grey"] == 0 and p["board"] == [["telegraph", "grey"]]
    assert top(m)["kind"] == "hub" and top(m)["action"] == "telegraph"


def test_turns_go_clockwise_from_the_first_player() -> None:
    m = ready(3)
    first = m.state["first"]
    seen = []
    for _ in range(4):
        seen.append(due(m))
        act(m, "trade white", "sell building" if "sell building" in m.legal(due(m))
            else "sell rail")
        end_turn(m)
    assert seen == [first, (first + 1) % 3, (first + 2) % 3, first]


def test_any_number_of_workers_may_share_an_action_space() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["board"] = [["trade", "white"], ["trade", "white"]]
    give(m, seat, white=2)
    act(m, "trade white")
    assert [a for a, _ in me(m, seat)["board"]] == ["trade"] * 3


def test_workers_come_back_when_the_stock_is_empty_and_that_is_not_an_action() -> None:
    m = ready(2)
    seat = due(m)
    other = 1 - seat
    act(m, "trade white", "sell rail")
    end_turn(m)
    me(m, seat)["board"] = [["station", "white"], ["trade", "orange"], ["trade", "white"]]
    give(m, seat)
    lines = act(m, "trade white", "sell rail")
    lines += end_turn(m)
    assert due(m) == seat and lines[-1].endswith("takes every worker back from the player board.")
    assert me(m, seat)["board"] == [] and me(m, seat)["stock"]["white"] == 2
    assert "trade orange" in m.legal(seat)  # and the turn goes on as usual
    del other


def test_a_specialist_can_promote_instead_of_using_its_ability() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["milestones"] = [{"id": "a1-1", "managers": [None]}]  # needs purple
    start(m, "trade", "purple")
    assert {"promote", "use purple"} <= set(m.legal(seat))
    act(m, "promote", "promote board purple to a1-1")
    assert me(m, seat)["milestones"][0]["managers"] == ["purple"]
    assert "use purple" not in m.legal(seat) and "promote" not in m.legal(seat)


def test_choosing_the_ability_removes_the_promotion() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["milestones"] = [{"id": "a1-1", "managers": [None]}]
    start(m, "trade", "purple")
    act(m, "use purple", "done")
    assert "promote" not in m.legal(seat)


def test_white_workers_only_promote_into_any_colour_slots() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["milestones"] = [{"id": "a1-1", "managers": [None]},
                                 {"id": "d-01", "managers": [None, None]}]
    give(m, seat, white=5)
    start(m, "trade", "white")
    act(m, "promote")
    assert [a for a in m.legal(seat) if a.startswith("promote")] == [
        "promote stock white to d-01", "promote board white to d-01"]


def test_never_fewer_than_four_available_workers() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["milestones"] = [{"id": "d-01", "managers": [None, None]}]
    give(m, seat, white=4)
    start(m, "trade", "white")
    assert "promote" not in m.legal(seat)  # 4 available: promoting would leave 3
    give(m, seat, white=4)
    act(m, "promote", "promote stock white to d-01")
    assert m.available(seat) == 4


def test_sell_a_share_for_150_at_any_time_but_never_buy_one() -> None:
    m = ready(2)
    seat = due(m)
    assert "sell share" in m.legal(seat)
    lines = act(m, "sell share")
    assert me(m, seat)["shares"] == 2 and me(m, seat)["money"] == 750
    assert lines == [f"P{seat} sells a share for $150."]
    assert not any("buy" in a for a in m.legal(seat))


def test_hire_a_worker_of_any_colour_for_800() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["money"] = 900
    act(m, "hire")
    assert m.legal(seat) == ["hire purple", "hire orange", "hire grey", "hire turquoise",
                             "cancel"]
    act(m, "hire turquoise")
    assert me(m, seat)["money"] == 100 and me(m, seat)["stock"]["turquoise"] == 1
    assert m.state["supply"]["turquoise"] == 11 and top(m)["kind"] == "place"


def test_hiring_is_refused_when_it_would_leave_the_main_action_unpaid() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["money"], me(m, seat)["shares"] = 1200, 0
    start(m, "railroad")
    assert "hire" not in m.legal(seat)  # $800 would leave less than the $400 rails need


def test_payments_sell_the_fewest_shares_needed() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["money"] = 100
    start(m, "railroad")
    lines = act(m, "rail cha-mia-1")
    assert "sells 2 shares for $300 to pay" in lines[0]
    assert me(m, seat)["money"] == 0 and me(m, seat)["shares"] == 1


def test_a_player_who_can_do_nothing_passes() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["sections"] = [[0, 0]] * 8
    me(m, seat)["money"], me(m, seat)["shares"] = 0, 0
    assert m.legal(seat) == ["pass"]
    act(m, "pass")
    assert due(m) == 1 - seat


def test_actions_of_another_seat_are_refused() -> None:
    m = ready(2)
    seat = due(m)
    with pytest.raises(IllegalAction):
        m.act(1 - seat, "trade white")
    with pytest.raises(IllegalAction):
        m.act(seat, "build chicago")
