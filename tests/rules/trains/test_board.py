"""Laying rails and placing stations: the extra-cost table, adjacency, capacity (Pose de rail)."""

from __future__ import annotations

import pytest

from rules.trains import Trains
from tests.rules.trains.helpers import due, pick_hex, play, ready, set_cards


def lay_for(m: Trains, hex_id: str, coins: int = 10, card: str = "lay-rails") -> tuple[int, int]:
    """Play one rail card onto hex_id: (coins paid, Waste cards gained)."""
    set_cards(m, due(m), [card])
    m.state["turn"]["coins"] = coins
    waste = m.state["supply"]["waste"]
    play(m, f"play {card}")
    pick_hex(m, "lay", hex_id)
    return coins - m.state["turn"]["coins"], waste - m.state["supply"]["waste"]


def lay_options(m: Trains, coins: int = 10) -> list[str]:
    """Hexes offered to a Lay Rails with that many coins."""
    set_cards(m, due(m), ["lay-rails"])
    m.state["turn"]["coins"] = coins
    return m.table().lay_options()


def test_plain_costs_nothing_and_lay_rails_gains_one_waste() -> None:
    m = ready(hexes=["c4", "g4"])
    assert lay_for(m, "d4") == (0, 1)
    assert m.state["turn"]["gained"] == ["waste"]
    assert m.state["players"][due(m)]["cubes_left"] == 18


def test_rulebook_example_1_river_costs_one() -> None:
    m = ready(hexes=["c4", "g4"])
    assert lay_for(m, "d3") == (1, 1)


def test_mountain_costs_two() -> None:
    m = ready(hexes=["b4", "g4"])
    assert lay_for(m, "a4") == (2, 1)


def test_city_costs_one_plus_its_stations() -> None:
    m = ready(hexes=["c4", "g4"])
    assert lay_for(m, "kichijoji") == (1, 1)
    m.state["stations"]["tachikawa"] = 2
    assert lay_for(m, "tachikawa") == (3, 1)


def test_remote_location_costs_its_printed_number() -> None:
    m = ready(hexes=["a2", "g4"])
    assert lay_for(m, "chichibu") == (4, 1)


def test_other_players_cubes_cost_one_each_and_one_more_waste() -> None:
    m = ready(3, hexes=["d4", "c4", "d5"])
    me = due(m)
    others = [s for s in range(3) if s != me]
    m.state["cubes"]["d5"] = list(others)  # both others on the plain d5 next to d4
    assert lay_for(m, "d5") == (2, 2)  # Lay Rails' Waste + one for the other cubes
    assert m.state["cubes"]["d5"] == [*others, me]


def test_rulebook_example_2_city_with_two_stations_and_another_cube() -> None:
    # City (+1) with 2 stations (+2) and one other player's cube (+1 and a Waste): 4 coins.
    m = ready(hexes=["e6", "shinjuku-shibuya"])
    m.state["stations"]["shinjuku-shibuya"] = 2
    assert lay_for(m, "shinjuku-shibuya", coins=4) == (4, 2)


def test_not_enough_coins_means_no_building_there() -> None:
    m = ready(hexes=["c4", "g4"])
    options = lay_options(m, coins=0)
    assert "d4" in options and "kichijoji" not in options and "d3" not in options


def test_sea_can_never_be_built_on() -> None:
    m = ready(hexes=["e8", "g4"])
    assert "e9" not in lay_options(m, coins=20)
    assert m.board.rail_cost("e9", 0, 0, m.table().waivers()) is None


def test_only_adjacent_hexes_and_barriers_are_not_adjacent() -> None:
    m = ready(hexes=["shinagawa-meguro", "g4"])
    options = lay_options(m, coins=20)
    assert "e6" in options and "tokyo-akihabara" not in options
    assert "shinjuku-shibuya" not in options  # separated by a barrier line
    assert "f2" not in options  # far away


def test_one_cube_per_player_per_hex() -> None:
    m = ready(hexes=["c4", "g4"])
    lay_for(m, "d4")
    options = lay_options(m, coins=20)
    assert "c4" not in options and "d4" not in options


def test_no_legal_hex_means_the_effect_cannot_be_applied() -> None:
    m = ready(hexes=["c4", "g4"])
    m.state["players"][due(m)]["cubes_left"] = 0  # all 20 cubes used
    set_cards(m, due(m), ["lay-rails"])
    lines = play(m, "play lay-rails")
    assert "cannot be applied" in lines[-1]
    assert m.state["pending"] is None and m.state["supply"]["waste"] == 70


def station(m: Trains, city: str) -> list[str]:
    set_cards(m, due(m), ["station-expansion"])
    play(m, "play station-expansion")
    return pick_hex(m, "station", city)


def test_station_goes_on_any_city_with_a_free_slot_and_gains_a_waste() -> None:
    m = ready(hexes=["c4", "g4"])
    station(m, "hachioji")  # not on the player's network: allowed
    assert m.state["stations"]["hachioji"] == 1 and m.state["stations_left"] == 29
    assert m.state["turn"]["gained"] == ["waste"]


@pytest.mark.parametrize(("city", "buildings"), [("kichijoji", 1), ("tachikawa", 2),
                                                 ("hachioji", 3)])
def test_station_capacity_is_the_number_of_buildings(city: str, buildings: int) -> None:
    m = ready(hexes=["c4", "g4"])
    for _ in range(buildings):
        station(m, city)
    set_cards(m, due(m), ["station-expansion"])
    play(m, "play station-expansion")
    assert f"station {city}" not in m.legal(due(m)) and "station kawagoe" in m.legal(due(m))


def test_no_station_pawn_left_means_the_effect_cannot_be_applied() -> None:
    m = ready(hexes=["c4", "g4"])
    m.state["stations_left"] = 0
    set_cards(m, due(m), ["station-expansion"])
    assert "cannot be applied" in play(m, "play station-expansion")[-1]
    assert m.state["turn"]["gained"] == []
