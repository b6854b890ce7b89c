"""'Préparation Initiale': what each player and the board start with, and the setup tiles."""

from __future__ import annotations

import pytest

from rules.railroad_revolution import RailroadRevolution
from rules.railroad_revolution.data import SPECIALISTS, STACKS
from tests.rules.railroad_revolution.helpers import QUIET, act, due, me, new, ready, settle, top


def test_each_player_starts_with_money_shares_workers_train_and_two_a_milestones() -> None:
    m = ready(4)
    for seat in range(4):
        p = me(m, seat)
        assert p["rails"] == ["was-cha-1"]  # 2. the start rail between Washington and Charlotte
        assert [sum(x) for x in zip(*p["sections"])] == [12, 15]
        assert not p["setup_rail"] and not p["setup_building"]  # unused ones are boxed
        [train] = p["trains"]
        assert m.data.trains[train["id"]].type == "promote" and train["up"]
        piles = sorted(m.milestone(e["id"]).pile for e in p["milestones"])
        assert piles == ["A1", "A2"]


def test_after_setup_every_player_has_600_3_shares_and_five_workers() -> None:
    m = new(3, 5)
    firsts = [me(m, s)["money"] for s in range(3)]
    assert firsts == [600, 600, 600]
    settle(m)
    for seat in range(3):
        p = me(m, seat)
        assert sum(p["stock"].values()) == 5 and p["stock"]["white"] == 4
    assert m.state["supply"]["white"] == 0  # unused whites go back to the box


def test_setup_tiles_are_chosen_from_the_right_of_the_first_player_counter_clockwise() -> None:
    m = new(4, 2)
    m.state["setup_offer"] = [{"tile": f"s{i}", "key": k, "worker": "grey"}
                              for i, k in enumerate(QUIET)]
    first = m.state["first"]
    order = []
    while top(m)["kind"] == "setup":
        order.append(due(m))
        act(m, m.legal(due(m))[0])
        settle(m, "setup", "place")
    assert order == [(first - 1) % 4, (first - 2) % 4, (first - 3) % 4, first]
    assert due(m) == first and top(m)["kind"] == "place"  # then the first player begins


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_setup_tile_per_player_each_with_a_different_specialist(players: int) -> None:
    m = new(players, 11)
    offer = m.state["setup_offer"]
    assert len(offer) == players
    assert len({o["worker"] for o in offer}) == players
    assert {o["worker"] for o in offer} <= set(SPECIALISTS)
    assert len({o["tile"] for o in offer}) == players


@pytest.mark.parametrize(("players", "per_stack"), [(2, 3), (3, 4), (4, 5)])
def test_train_stacks_hold_3_4_or_5_trains(players: int, per_stack: int) -> None:
    m = new(players)
    assert {s: len(m.state["train_stacks"][s]) for s in STACKS} == dict.fromkeys(STACKS, per_stack)
    for stack in STACKS:
        assert all(m.data.trains[t].stack == stack for t in m.state["train_stacks"][stack])


def test_three_players_block_three_first_stations_and_two_first_offices() -> None:
    m = new(3)
    blocked = {c for c, h in m.state["stations"].items() if h == [-1]}
    assert blocked == {"san-francisco", "bismarck", "houston"}
    assert {s for s, h in m.state["offices"].items() if h == [-1]} == {"2", "5"}


def test_two_players_block_four_first_stations_and_three_first_offices() -> None:
    m = new(2)
    blocked = {c for c, h in m.state["stations"].items() if h == [-1]}
    assert blocked == {"san-diego", "salt-lake-city", "duluth", "little-rock"}
    assert {s for s, h in m.state["offices"].items() if h == [-1]} == {"1", "4", "7"}


def test_four_players_block_nothing() -> None:
    m = new(4)
    assert all(h == [] for h in m.state["stations"].values())
    assert all(h == [] for h in m.state["offices"].values())


def test_city_tiles_match_the_city_level_and_telegraph_tiles_skip_market_sections() -> None:
    m = new(4, 9)
    for city, tile in m.state["city_tiles"].items():
        assert m.data.city_tiles[tile].level == m.data.cities[city].level
    assert len(m.state["city_tiles"]) == 13
    tiles = m.state["telegraph_tiles"]
    assert sorted(tiles) == ["1", "2", "4", "5", "7", "8"]  # sections 3 and 6 have a market
    assert sorted(tiles.values()) == sorted(m.data.telegraph_tiles)
    assert m.state["market"]["up"] is not None and len(m.state["market"]["pile"]) == 8


def _choose(m: RailroadRevolution, key: str, worker: str = "grey") -> None:
    m.state["setup_offer"][0] = {"tile": "s1", "key": key, "worker": worker}


def test_setup_first_station_goes_on_washington_or_charlotte_without_cost_or_reward() -> None:
    m = new(2)
    _choose(m, "first-station")
    seat = due(m)
    assert act(m, "choose first-station")
    assert m.legal(seat)[:2] == ["build washington", "build charlotte"]
    act(m, "build charlotte")
    p = me(m, seat)
    assert m.state["stations"]["charlotte"] == [seat] and p["stations"] == ["charlotte"]
    assert p["money"] == 600 and not p["setup_building"]
    assert [sum(x) for x in zip(*p["sections"])] == [12, 15]  # not from the player board
    assert p["stock"]["grey"] == 1


def test_setup_first_office_goes_on_a_market_section_without_shares() -> None:
    m = new(2)
    _choose(m, "first-office")
    seat = due(m)
    act(m, "choose first-office")
    assert [a for a in m.legal(seat) if a.startswith("office")] == ["office 3", "office 6"]
    act(m, "office 6")
    assert m.state["offices"]["6"] == [seat] and me(m, seat)["shares"] == 3
    assert top(m)["kind"] == "setup"  # no market is resolved


def test_setup_rail_ignores_terrain_and_still_resolves_a_market() -> None:
    m = new(2)
    _choose(m, "setup-rail")
    seat = due(m)
    me(m, seat)["rails"] = ["was-cha-1", "cha-mia-1"]  # so a market space is reachable
    act(m, "choose setup-rail")
    assert "rail cha-lrk-1" in m.legal(seat)  # 3 triangles, free here
    act(m, "rail cha-mia-2")
    assert me(m, seat)["money"] == 600 and not me(m, seat)["setup_rail"]
    assert top(m)["kind"] == "market" and top(m)["seat"] == seat  # ruling: market resolved
    first_tile = m.state["market"]["up"]
    act(m, "pass")
    act(m, "pass")
    assert m.state["market"]["discard"] == [first_tile]


def test_setup_exchange_train_money_shares_and_advance_faces() -> None:
    m = new(4, 3)
    keys = ["exchange-worker", "train", "money-450", "advance-3"]
    m.state["setup_offer"] = [{"tile": f"s{i}", "key": k, "worker": "purple" if i else "grey"}
                              for i, k in enumerate(keys)]
    seat = due(m)
    act(m, "choose exchange-worker", "give stock white", "get turquoise")
    p = me(m, seat)
    assert p["stock"]["white"] == 3 and p["stock"]["turquoise"] == 1 and p["stock"]["grey"] == 1
    assert m.state["supply"]["white"] == 1
    seat = due(m)
    act(m, "choose train", "take money train")
    assert len(me(m, seat)["trains"]) == 2
    seat = due(m)
    act(m, "choose money-450")
    assert me(m, seat)["money"] == 1050
    seat = due(m)
    act(m, "choose advance-3", "advance network", "advance network", "done")
    assert me(m, seat)["tracks"]["network"] == 2
    assert me(m, seat)["money"] == 550  # the icon of step 2 costs $50
