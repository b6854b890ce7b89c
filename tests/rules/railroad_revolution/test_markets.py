"""'Marchés': who may accept which market, paying shares, the market pile, each reward type."""

from __future__ import annotations

import pytest

from rules.railroad_revolution import RailroadRevolution
from tests.rules.railroad_revolution.helpers import act, due, me, ready, start, top


def _market(tile: str, players: int = 3) -> tuple[RailroadRevolution, int]:
    """The due seat builds on a market space; the market `tile` is then offered."""
    m = ready(players)
    m.state["market"]["up"] = tile
    m.state["market"]["pile"] = [t for t in m.state["market"]["pile"] if t != tile]
    seat = due(m)
    me(m, seat)["money"] = 2000
    start(m, "railroad")
    act(m, "rail cha-mia-1", "rail cha-mia-2")
    assert top(m)["kind"] == "market" and due(m) == seat
    return m, seat


def test_the_builder_may_accept_both_markets_then_others_one_each_clockwise() -> None:
    m, seat = _market("m3")  # top: 1 share, advance 1; bottom: 3 shares, advance 3
    me(m, seat)["shares"] = 4
    assert m.legal(seat)[:3] == ["accept top", "accept bottom", "pass"]
    act(m, "accept top", "advance telegraph")
    assert m.legal(seat)[:2] == ["accept bottom", "pass"]
    act(m, "accept bottom", "advance stations", "advance network", "advance telegraph")
    assert me(m, seat)["shares"] == 0
    assert me(m, seat)["tracks"] == {"telegraph": 2, "stations": 1, "network": 1}
    second = due(m)
    assert second == (seat + 1) % 3
    act(m, "accept top", "advance network")
    assert due(m) == (seat + 2) % 3  # only one market for the others
    act(m, "pass")
    assert top(m)["kind"] == "place" and due(m) == (seat + 1) % 3


def test_accepting_a_market_is_optional_and_needs_the_shares() -> None:
    m, seat = _market("m3")
    me(m, seat)["shares"] = 2
    assert m.legal(seat)[:2] == ["accept top", "pass"]
    lines = act(m, "pass")
    assert lines[0].endswith("accepts no market.")


def test_a_player_who_can_pay_no_market_is_not_asked() -> None:
    m, seat = _market("m3")
    me(m, (seat + 1) % 3)["shares"] = 0
    act(m, "pass")
    assert due(m) == (seat + 2) % 3


def test_the_resolved_tile_is_discarded_and_the_next_turned_up() -> None:
    m, seat = _market("m3")
    following = m.state["market"]["pile"][0]
    act(m, "pass", "pass", "pass")
    assert m.state["market"]["up"] == following and m.state["market"]["discard"] == ["m3"]


def test_an_empty_pile_is_formed_again_from_the_shuffled_discards() -> None:
    m, seat = _market("m3")
    m.state["market"]["discard"] = m.state["market"]["pile"]
    m.state["market"]["pile"] = []
    lines = act(m, "pass", "pass", "pass")
    assert "The market discard pile is shuffled into a new pile." in lines
    assert len(m.state["market"]["pile"]) == 8 and m.state["market"]["discard"] == []
    assert sorted(m.state["market"]["pile"] + [m.state["market"]["up"]]) == sorted(
        m.data.markets)


def test_market_exchange_worker() -> None:
    m, seat = _market("m1")
    act(m, "accept top", "give stock white", "get turquoise")
    assert me(m, seat)["stock"]["turquoise"] == 1 and me(m, seat)["shares"] == 2


def test_market_rail_is_free_and_resolves_no_second_market() -> None:
    m, seat = _market("m1")
    me(m, seat)["shares"] = 5
    act(m, "accept bottom", "rail mia-nol-1", "pass")
    assert "mia-nol-1" in me(m, seat)["rails"] and me(m, seat)["money"] == 2000 - 500
    assert top(m)["kind"] == "market" and top(m)["seat"] != seat
    act(m, "pass", "pass")
    assert top(m)["kind"] == "place"


def test_market_building_in_a_city_pays_nothing_and_takes_no_reward() -> None:
    m, seat = _market("m5")
    act(m, "accept bottom", "build miami")
    p = me(m, seat)
    assert p["stations"] == ["miami"] and m.state["stations"]["miami"] == [seat]
    assert p["money"] == 1500 and p["shares"] == 0
    assert top(m)["kind"] == "market" and top(m)["seat"] != seat  # no share left: skipped


def test_market_promotions_cost_100_each() -> None:
    m, seat = _market("m5")
    me(m, seat)["milestones"] = [{"id": "d-01", "managers": [None, None]}]
    me(m, seat)["stock"]["white"] = 6
    act(m, "accept top", "promote stock white to d-01", "promote stock white to d-01")
    assert me(m, seat)["money"] == 1500 - 200
    assert me(m, seat)["milestones"][0]["managers"] == ["white", "white"]


def test_market_office_takes_no_shares_no_tile_and_no_market() -> None:
    m, seat = _market("m6")
    act(m, "accept bottom", "office 3")
    assert me(m, seat)["offices"] == [3] and me(m, seat)["shares"] == 0
    assert top(m)["kind"] == "market"  # no market resolved for the office


def test_market_flip_twice() -> None:
    m, seat = _market("m6")
    me(m, seat)["trains"].append({"id": "tr05", "up": True})
    act(m, "accept top", "flip down money", "flip up money")
    assert me(m, seat)["money"] == 1500 + 600


def test_market_workers_and_a_missing_colour() -> None:
    m, seat = _market("m4")
    me(m, seat)["shares"] = 6
    m.state["supply"]["purple"] = 0
    act(m, "accept top", "gain grey", "accept bottom")
    # purple is missing from the supply: a worker of any colour instead
    assert m.legal(seat)[:3] == ["gain orange", "gain grey", "gain turquoise"]
    act(m, "gain orange", "gain turquoise")
    stock = me(m, seat)["stock"]
    assert (stock["grey"], stock["orange"], stock["turquoise"]) == (1, 1, 1)


def test_market_train_with_a_printed_cost() -> None:
    m, seat = _market("m2")
    act(m, "accept bottom", "take advance train")
    assert me(m, seat)["money"] == 1500 - 100 and len(me(m, seat)["trains"]) == 2
    assert me(m, seat)["shares"] == 0


@pytest.mark.parametrize(("tile", "side", "steps"), [("m8", "top", 2), ("m9", "bottom", 4)])
def test_market_advances(tile: str, side: str, steps: int) -> None:
    m, seat = _market(tile)
    me(m, seat)["shares"] = 20
    act(m, f"accept {side}")
    for _ in range(steps):
        act(m, "advance stations")
    assert me(m, seat)["tracks"]["stations"] == steps


def test_market_shares_are_discarded_to_the_supply() -> None:
    m, seat = _market("m7")
    me(m, seat)["shares"] = 4
    act(m, "accept bottom", "take shares train")
    assert me(m, seat)["shares"] == 0
