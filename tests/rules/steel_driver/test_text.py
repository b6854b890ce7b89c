"""Action text: lenient matching, clear refusals, nothing changes on a refusal."""

from __future__ import annotations

import pytest

import rules
from tests.rules.steel_driver.helpers import due, new, pass_auctions, sell


def test_case_spaces_names_and_prefixes_are_accepted() -> None:
    m = new(3, 0)
    seat = due(m)
    m.act(seat, "  AUCTION   B&O ")
    assert m.state["auction"]["company"] == "bo"
    m.act(seat, "Bid 2")
    m.act(due(m), "pa")  # unique prefix of "pass"


def test_link_can_be_named_either_way_round_with_city_names() -> None:
    m = new(3, 0)
    owner = due(m)
    sell(m, "bo", owner, bid=4)
    pass_auctions(m)
    m.act(owner, "build Philadelphia - New York")  # reversed, city names: start must be NY
    assert m.state["companies"]["bo"]["network"] == ["New York", "Philadelphia"]


def test_ambiguous_text_is_refused_with_the_candidates() -> None:
    m = new(3, 0)
    owner = due(m)
    sell(m, "bo", owner, bid=4)
    pass_auctions(m)
    with pytest.raises(rules.IllegalAction, match="could mean"):
        m.act(owner, "build new york")


@pytest.mark.parametrize("text", ["", "fly to the moon", "bid 99", "auction zz", "take chicago"])
def test_garbage_is_refused_and_changes_nothing(text: str) -> None:
    m = new(3, 0)
    before = m.to_json()
    with pytest.raises(rules.IllegalAction):
        m.act(due(m), text)
    assert m.to_json() == before


def test_out_of_turn_and_unknown_seat_are_refused() -> None:
    m = new(3, 0)
    other = (due(m) + 1) % 3
    with pytest.raises(rules.IllegalAction, match="not your turn"):
        m.act(other, "pass")
    with pytest.raises(rules.IllegalAction, match="not playing"):
        m.act(5, "pass")
