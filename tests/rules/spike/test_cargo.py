"""'Explication du chargement et de la livraison': load, drop, deliver, one city per player."""

from __future__ import annotations

from rules.spike import Spike
from tests.rules.spike.helpers import (
    act,
    contract,
    due,
    move,
    own,
    point,
    ready,
    set_contracts,
    turn_to,
)


def _kansas_city() -> Spike:
    """P0's train in Kansas City (cattle) with track to Topeka; P1 in Omaha."""
    m = ready(2, ["Kansas City", "Omaha"])
    own(m, 0, "Kansas City", "r6c1", "Topeka")
    set_contracts(m, 0, ("cattle", 1, "a"), ("peaches", 1, "a"), ("wheat", 1, "a"))
    turn_to(m, 0)
    return m


def test_load_only_the_good_of_the_city_onto_an_empty_car() -> None:
    m = _kansas_city()
    legal = m.legal(0)
    assert "load cattle" in legal and "load wheat" not in legal
    act(m, "load cattle")
    assert contract(m, 0, "cattle")["token"] == "train"
    assert m.cargo(0) == ["cattle"]
    assert "load cattle" not in m.legal(0)
    assert m.state["step"]["kind"] == "main"  # loading is not the turn's action


def test_full_train_may_drop_a_cargo_to_make_room() -> None:
    m = ready(2, ["Omaha", "Kansas City"])
    set_contracts(m, 0, ("cattle", 1, "a"), ("wheat", 1, "a"))
    contract(m, 0, "cattle")["token"] = "train"
    turn_to(m, 0)
    legal = m.legal(0)
    assert "drop cattle" in legal and "load wheat" not in legal
    lines = act(m, "drop cattle")
    assert contract(m, 0, "cattle")["token"] == "card"  # back on its contract card
    assert lines == ["P0 drops cattle; the token goes back on its contract."]
    assert "load wheat" in m.legal(0)


def test_more_freight_cars_carry_more_cargo() -> None:
    m = ready(2, ["Omaha", "Kansas City"])
    set_contracts(m, 0, ("cattle", 1, "a"), ("wheat", 1, "a"))
    contract(m, 0, "cattle")["token"] = "train"
    m.state["players"][0]["levels"]["cargo"] = 1
    turn_to(m, 0)
    assert "load wheat" in m.legal(0)
    act(m, "load wheat")
    assert m.cargo(0) == ["cattle", "wheat"]


def test_topeka_one_delivery_per_city_for_the_whole_game() -> None:
    """Rulebook example: fruit $9 and cows $11 both to Topeka; only one may go there."""
    m = _kansas_city()
    m.state["players"][0]["levels"]["cargo"] = 1
    contract(m, 0, "peaches")["token"] = "train"
    act(m, "load cattle", "restart", move("Kansas City", "r6c1"))
    assert due(m) == 1
    turn_to(m, 0)
    act(m, move("r6c1", "Topeka"), "extra move", "enter topeka")
    # Topeka produces wheat, also under contract: dropping would make room for it.
    assert m.legal(0) == ["deliver cattle", "deliver peaches", "drop cattle", "drop peaches",
                          "end turn"]
    lines = act(m, "deliver cattle")
    assert lines == ["P0 delivers cattle to Topeka for $11."]
    p = m.state["players"][0]
    assert p["money"] == 11 and p["deliveries"] == ["Topeka"]
    assert contract(m, 0, "cattle")["token"] == "done"
    assert contract(m, 0, "cattle")["delivered"] == ["Topeka", 11]
    assert m.legal(0) == ["load wheat", "end turn"]  # peaches may not go to Topeka now
    assert m.cargo(0) == ["peaches"]


def test_other_players_may_still_deliver_to_that_city() -> None:
    m = _kansas_city()
    m.state["players"][0]["deliveries"] = ["Topeka"]
    set_contracts(m, 1, ("cotton", 1, "b"))  # Nashville $6, Topeka $11, Columbus $16
    contract(m, 1, "cotton")["token"] = "train"
    m.state["players"][1]["train"] = {"point": point("Topeka"), "space": None}
    turn_to(m, 1)
    assert "deliver cotton" in m.legal(1)
    act(m, "deliver cotton")
    assert m.state["players"][1]["money"] == 11


def test_delivery_needs_the_token_on_the_train_and_a_city_on_the_card() -> None:
    m = ready(2, ["Topeka", "Omaha"])
    set_contracts(m, 0, ("cattle", 1, "a"), ("wheat", 1, "a"))
    turn_to(m, 0)
    assert not any(a.startswith("deliver") for a in m.legal(0))  # cattle still on its card
    contract(m, 0, "wheat")["token"] = "train"  # wheat's cards do not list Topeka
    assert not any(a.startswith("deliver") for a in m.legal(0))


def test_delivery_view_shows_markers_and_contract_state() -> None:
    m = _kansas_city()
    contract(m, 0, "cattle")["token"] = "train"
    m.state["players"][0]["train"] = {"point": point("Topeka"), "space": None}
    turn_to(m, 0)
    act(m, "deliver cattle")
    view = m.view(None)
    topeka = next(c for c in view["cities"] if c["name"] == "Topeka")
    assert topeka["delivered_by"] == [0]
    cattle = next(c for c in view["players"][0]["contracts"] if c["good"] == "cattle")
    assert cattle["token"] == "done" and cattle["destinations"]["a"][2] == ["Topeka", 11]
