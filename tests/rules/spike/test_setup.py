"""'Préparation': market, contracts, rail cards, the card given away, route cards, locomotives."""

from __future__ import annotations

import pytest

import rules
from tests.rules.spike.helpers import BOARD, act, due, new, place, ready, region_of


@pytest.mark.parametrize(("players", "each"), [(2, 6), (3, 4), (4, 3)])
def test_one_contract_card_per_good_dealt_evenly(players: int, each: int) -> None:
    m = new(players)
    contracts = [c for p in m.state["players"] for c in p["contracts"]]
    assert sorted(c["good"] for c in contracts) == sorted(BOARD.goods)
    assert all(len(p["contracts"]) == each for p in m.state["players"])
    # 5. the cargo token of each contract starts on its card; the side is the one dealt.
    assert all(c["token"] == "card" and c["side"] in ("a", "b") for c in contracts)


def test_market_holds_each_good_once_in_four_columns_of_three() -> None:
    m = new(3, seed=5)
    market = m.state["market"]
    assert len(market) == 4 and all(len(col) == 3 for col in market)
    assert sorted(g for col in market for g in col) == sorted(BOARD.goods)
    assert {m.price(g) for g in BOARD.goods} == {1, 2, 3}


@pytest.mark.parametrize(("players", "cards"), [(2, 42), (3, 60), (4, 60)])
def test_rail_cards_two_players_remove_three_of_each_kind(players: int, cards: int) -> None:
    m = new(players)
    s = m.state
    held = sum(m.hand_size(i) for i in range(players))
    assert held == 5 * players
    assert len(s["display"]) == 4
    assert held + len(s["display"]) + len(s["deck"]) == cards
    per_kind = cards // 6
    every = list(s["deck"]) + list(s["display"])
    for i in range(players):
        every += [c for c, n in s["players"][i]["hand"].items() for _ in range(n)]
    assert all(every.count(code) == per_kind for code in BOARD.kind_codes)


def test_first_player_gives_one_card_to_the_player_on_the_right() -> None:
    m = new(4, seed=3)
    first = m.state["first"]
    assert due(m) == first and m.state["step"]["kind"] == "give"
    legal = m.legal(first)
    assert all(a.startswith("give ") for a in legal)
    lines = act(m, legal[0])
    right = (first - 1) % 4
    assert m.hand_size(first) == 4 and m.hand_size(right) == 6
    assert lines == [f"P{first} gives one rail card to P{right}."]  # the kind stays secret


def test_each_player_gets_one_hidden_route_card() -> None:
    m = new(3)
    routes = [p["route"] for p in m.state["players"]]
    assert len(set(routes)) == 3 and None not in routes
    assert all(p["route_card"] is None for p in m.view(None)["players"])
    assert m.view(0)["you"]["route_card"]["top"] == BOARD.routes[routes[0]].top


def test_locomotives_placed_clockwise_from_the_first_player_same_city_allowed() -> None:
    m = new(3, seed=2, version=1)
    first = m.state["first"]
    act(m, m.legal(first)[0])  # the card given away
    placed = []
    while m.state["phase"] == "setup":
        seat = due(m)
        placed.append(seat)
        assert m.legal(seat) == ["region west", "region central", "region east"]
        act(m, f"region {region_of(m, 'Chicago')}", "start chicago")
    assert placed == [first, (first + 1) % 3, (first + 2) % 3]
    chicago = BOARD.city_point("Chicago")
    assert all(p["train"] == {"point": chicago, "space": None} for p in m.state["players"])
    assert m.state["phase"] == "play" and due(m) == first


def test_start_cities_are_one_decision_grouped_by_region() -> None:
    m = new(3, seed=2)
    act(m, m.legal(m.state["first"])[0])
    seat = due(m)
    choices = m.choices(seat)
    assert len(choices) == 36 and all(c.action.startswith("start ") for c in choices)
    assert {c.group for c in choices} == {"west", "central", "east"}
    assert all(len([c for c in choices if c.group == g]) <= 25 for g in ("west", "east"))
    chicago = next(c for c in choices if c.action == "start chicago")
    assert chicago.group == region_of(m, "Chicago") and "cattle loads here" in chicago.label
    assert "place your locomotive in a city" in m.prompt(seat)
    m.act(seat, "St. Louis")  # the city's name as typed
    assert m.state["players"][seat]["start"] == BOARD.city_point("St. Louis")


def test_placement_menu_has_back_and_lists_under_25_cities_in_version_1_games() -> None:
    m = new(2, version=1)
    act(m, m.legal(due(m))[0])
    act(m, "region east")
    legal = m.legal(due(m))
    assert "back" in legal and len(legal) == 13
    act(m, "back")
    assert m.legal(due(m))[0] == "region west"


def test_starting_train_and_pieces() -> None:
    m = ready(2)
    for seat in range(2):
        v = m.view(None)["players"][seat]["train"]
        assert (v["speed"], v["power"], v["capacity"]) == (1, 2, 1)
        assert m.state["players"][seat]["tracks"] == 45
        assert m.state["players"][seat]["money"] == 0
    assert m.state["round"] == 1


def test_network_starts_as_the_city_of_the_train() -> None:
    m = ready(2, ["Raleigh", "Omaha"])
    assert m.network_points(0) == [BOARD.city_point("Raleigh")]
    assert m.track_cities(0) == []


def test_setup_actions_out_of_turn_are_refused() -> None:
    m = new(2)
    other = 1 - due(m)
    with pytest.raises(rules.IllegalAction):
        m.act(other, "give white")


def test_place_helper_reaches_play() -> None:
    m = new(4, seed=9)
    place(m, ["Boston", "Tampa", "Omaha", "Memphis"])
    assert m.state["phase"] == "play"
    assert BOARD.points[m.state["players"][1]["start"]].city == "Tampa"
