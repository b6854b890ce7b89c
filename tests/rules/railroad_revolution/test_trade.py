"""'Commerce (Trade)': sell one piece of the leftmost occupied section, flip a train."""

from __future__ import annotations

from tests.rules.railroad_revolution.helpers import act, due, end_turn, me, ready, start, top


def test_rulebook_example_sell_600_then_choose_building_or_rail_for_700() -> None:
    # p.10: the leftmost occupied section holds only a rail: sell it for $600; next time a
    # building or a rail of the next section for $700.
    m = ready(2)
    seat = due(m)
    me(m, seat)["sections"] = [[0, 0], [0, 0], [0, 0], [0, 1], [2, 2], [1, 2], [2, 2], [2, 1]]
    start(m, "trade")
    assert [a for a in m.legal(seat) if a.startswith("sell ")] == ["sell rail", "sell share"]
    act(m, "sell rail")
    assert me(m, seat)["money"] == 1200
    end_turn(m)
    act(m, "trade white", "sell building")  # the other player
    end_turn(m)
    start(m, "trade")
    assert [a for a in m.legal(seat) if a.startswith("sell ")][:2] == ["sell building",
                                                                       "sell rail"]
    act(m, "sell building")
    assert me(m, seat)["money"] == 1900 and me(m, seat)["sections"][4] == [1, 2]


def test_only_one_piece_is_sold_per_action() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "trade")
    act(m, "sell building")
    assert not any(a.startswith("sell ") and a != "sell share" for a in m.legal(seat))
    assert me(m, seat)["money"] == 900


def test_rulebook_example_flip_a_face_up_train_for_its_bonus() -> None:
    # p.10: flipping this train face down gains 3 shares.
    m = ready(2)
    seat = due(m)
    me(m, seat)["trains"].append({"id": "tr15", "up": True})  # shares train
    start(m, "trade")
    act(m, "flip train", "flip down shares")
    p = me(m, seat)
    assert p["shares"] == 6 and p["trains"][1] == {"id": "tr15", "up": False}


def test_flipping_a_face_down_train_turns_it_up_without_bonus() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["trains"] = [{"id": "tr05", "up": False}]  # money train
    start(m, "trade")
    act(m, "sell rail", "flip train", "flip up money")
    assert me(m, seat)["money"] == 900 and me(m, seat)["trains"][0]["up"]


def test_the_flip_may_come_before_the_sale() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["trains"] = [{"id": "tr05", "up": True}]
    start(m, "trade")
    act(m, "flip train", "flip down money")
    assert me(m, seat)["money"] == 1200 and top(m)["kind"] == "hub"
    act(m, "sell rail")
    assert me(m, seat)["money"] == 1500


def test_the_rail_train_pays_100_and_places_the_leftmost_rail_freely() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["trains"] = [{"id": "tr20", "up": True}]
    start(m, "trade")
    act(m, "sell building", "flip train", "flip down rail")
    assert "skip" in m.legal(seat)
    act(m, "rail cha-lrk-1")  # 3 triangles, ignored
    assert me(m, seat)["money"] == 900 - 100 and "cha-lrk-1" in me(m, seat)["rails"]


def test_purple_advances_up_to_three_steps() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "trade", "purple")
    act(m, "use purple", "advance telegraph", "advance stations", "advance network")
    assert me(m, seat)["tracks"] == {"telegraph": 1, "stations": 1, "network": 1}
    assert top(m)["kind"] == "hub"


def test_orange_gains_100_per_train_face_up_or_down() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["trains"].append({"id": "tr05", "up": False})
    start(m, "trade", "orange")
    act(m, "use orange")
    assert me(m, seat)["money"] == 800


def test_turquoise_flips_again_even_the_same_train() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["trains"] = [{"id": "tr05", "up": True}]
    start(m, "trade", "turquoise")
    act(m, "flip train", "flip down money", "use turquoise", "flip up money")
    assert me(m, seat)["money"] == 1200 and me(m, seat)["trains"][0]["up"]


def test_grey_accepts_one_market_alone_with_one_share_discount() -> None:
    m = ready(3)
    seat = due(m)
    m.state["market"]["up"] = "m3"  # top: 1 share, advance 1; bottom: 3 shares, advance 3
    me(m, seat)["shares"] = 2
    start(m, "trade", "grey")
    act(m, "use grey")
    assert m.legal(seat)[:2] == ["accept top", "accept bottom"]
    next_tile = m.state["market"]["pile"][0]
    act(m, "accept bottom")
    assert me(m, seat)["shares"] == 0
    assert m.state["market"]["up"] == next_tile and "m3" in m.state["market"]["discard"]
    act(m, "advance network", "advance telegraph", "advance stations")
    assert top(m)["seat"] == seat and top(m)["kind"] == "hub"  # nobody else was offered it
