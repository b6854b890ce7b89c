"""'Gare (Station)': build in a connected city, pay, rewards, first station, worker abilities."""

from __future__ import annotations

from tests.rules.railroad_revolution.helpers import act, due, end_turn, me, rails, ready, start, top


def test_rulebook_example_stations_only_in_cities_the_network_reaches() -> None:
    # p.7: Blue may build in Washington, Charlotte, Miami or Little Rock, not Houston or Chicago.
    m = ready(4)
    seat = due(m)
    rails(m, seat, "cha-mia-1", "cha-mia-2", "cha-lrk-1", "cha-lrk-2")
    start(m, "station")
    builds = [a for a in m.legal(seat) if a.startswith("build ")]
    assert builds == ["build washington", "build charlotte", "build miami", "build little-rock"]


def test_at_the_start_the_network_reaches_washington_and_charlotte() -> None:
    m = ready(2)
    assert m.connected(due(m)) == ["washington", "charlotte"]


def test_the_leftmost_building_is_placed_and_the_city_cost_paid() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "station")
    act(m, "build washington")
    p = me(m, seat)
    assert p["money"] == 500 and p["stations"] == ["washington"]
    assert p["sections"][0] == [0, 2]  # section 1 lost its building
    assert m.state["stations"]["washington"] == [seat]


def test_main_reward_and_first_station_bonus_are_optional_choices() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "station")
    act(m, "build washington")
    assert m.legal(seat)[:3] == ["reward", "first bonus", "done"]
    act(m, "reward")
    assert m.legal(seat)[:2] == ["gain orange", "gain grey"]  # '/' = one of the two
    act(m, "gain grey", "first bonus")
    p = me(m, seat)
    assert p["stock"]["grey"] == 1 and p["shares"] == 4  # Washington's bonus: 1 share
    assert top(m)["kind"] == "place"


def test_a_later_builder_is_not_first_and_gets_no_first_station_bonus() -> None:
    m = ready(2)
    a = due(m)
    start(m, "station")
    act(m, "build charlotte", "done")
    b = due(m)
    start(m, "station")
    act(m, "build charlotte")
    assert m.state["stations"]["charlotte"] == [a, b]
    assert "first bonus" not in m.legal(b) and "reward" in m.legal(b)


def test_one_station_per_player_per_city() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["stations"] = ["washington"]
    m.state["stations"]["washington"] = [seat]
    start(m, "station")
    assert [a for a in m.legal(seat) if a.startswith("build")] == ["build charlotte"]


def test_a_blocked_first_station_gives_no_first_bonus() -> None:
    m = ready(3)
    seat = due(m)
    rails(m, seat, "cha-lrk-1", "cha-lrk-2", "lrk-hou-1")
    me(m, seat)["money"] = 2000
    start(m, "station")
    act(m, "build houston")
    assert m.state["stations"]["houston"] == [-1, seat]
    assert "first bonus" not in m.legal(seat)


def test_station_cannot_be_chosen_without_money_for_any_city() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["money"], me(m, seat)["shares"] = 50, 0
    m.state["stations"]["washington"] = [1 - seat]  # its First Station bonus would pay
    assert "station white" not in m.legal(seat)
    me(m, seat)["stock"]["orange"] = 1
    assert "station orange" in m.legal(seat)  # Orange does not pay the cost


def test_orange_builds_for_free() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["money"], me(m, seat)["shares"] = 0, 0
    m.state["stations"]["washington"] = [1 - seat]  # its First Station bonus would pay
    start(m, "station", "orange")
    assert [a for a in m.legal(seat) if a.startswith("build")] == []
    act(m, "use orange", "build charlotte")
    assert me(m, seat)["money"] == 0 and me(m, seat)["stations"] == ["charlotte"]


def test_orange_after_building_gives_the_cost_back() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "station", "orange")
    act(m, "build washington", "use orange")
    assert me(m, seat)["money"] == 600


def test_grey_takes_the_first_station_bonus_even_when_not_first() -> None:
    m = ready(2)
    seat = due(m)
    m.state["stations"]["charlotte"] = [1 - seat]
    start(m, "station", "grey")
    act(m, "build charlotte")
    assert "first bonus" not in m.legal(seat)
    act(m, "use grey")
    assert m.legal(seat)[:3] == ["advance telegraph", "advance stations", "advance network"]
    act(m, "advance stations")
    assert me(m, seat)["tracks"]["stations"] == 1


def test_grey_as_first_builder_takes_the_bonus_twice() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "station", "grey")
    act(m, "build washington", "first bonus", "use grey")
    assert me(m, seat)["shares"] == 5


def test_turquoise_pays_300_to_take_the_main_reward_again() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "station", "turquoise")
    act(m, "build washington", "reward", "gain orange", "use turquoise", "gain grey")
    p = me(m, seat)
    assert p["money"] == 600 - 100 - 300
    assert p["stock"]["orange"] == 1 and p["stock"]["grey"] == 1


def test_purple_pays_100_to_flip_a_train() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "station", "purple")
    act(m, "use purple")
    assert m.legal(seat)[0] == "flip down promote"
    act(m, "flip down promote", "build washington")  # nobody to promote: no question
    p = me(m, seat)
    assert p["money"] == 600 - 100 - 100 and not p["trains"][0]["up"]


def test_a_station_uses_the_tile_dealt_on_the_city() -> None:
    m = ready(4)
    seat = due(m)
    m.state["city_tiles"]["miami"] = "c2-4"  # advance 1; first: pay $200 for any worker
    rails(m, seat, "cha-mia-1", "cha-mia-2")
    start(m, "station")
    act(m, "build miami", "first bonus")
    assert m.legal(seat)[:4] == ["gain purple", "gain orange", "gain grey", "gain turquoise"]
    act(m, "gain purple")
    assert me(m, seat)["money"] == 600 - 200 - 200
    end_turn(m)
