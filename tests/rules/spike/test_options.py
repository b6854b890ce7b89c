"""'Jeu expert': players choose their contract sides, and keep one route card of two."""

from __future__ import annotations

from rules.spike.game import INFO
from tests.rules.spike.helpers import BOARD, act, due, new, place


def test_options_offered() -> None:
    ids = {o.id: (o.choices, o.default) for o in INFO.options}
    assert ids == {"expert_contracts": (("no", "yes"), "no"),
                   "expert_routes": (("no", "yes"), "no")}
    assert INFO.hidden_information and (INFO.min_players, INFO.max_players) == (2, 4)


def test_expert_contracts_each_player_chooses_each_side_before_the_card_is_given() -> None:
    m = new(2, seed=4, expert_contracts="yes")
    first = m.state["first"]
    assert all(c["side"] is None for p in m.state["players"] for c in p["contracts"])
    assert due(m) == first and m.legal(first) == ["side a", "side b"]
    prompt = m.prompt(first)
    assert " a (" in prompt and " or b (" in prompt and "$" in prompt
    sides: list[tuple[int, str]] = []
    while m.state["step"]["kind"] == "side":
        side = "b" if len(sides) % 2 else "a"
        sides.append((due(m), side))
        act(m, f"side {side}")
    assert [s for s, _ in sides] == [first] * 6 + [1 - first] * 6
    chosen = [c["side"] for c in m.state["players"][first]["contracts"]]
    assert chosen == ["a", "b", "a", "b", "a", "b"]
    assert m.state["step"]["kind"] == "give"


def test_expert_routes_deal_two_and_the_player_keeps_one() -> None:
    m = new(3, seed=1, expert_routes="yes")
    act(m, m.legal(due(m))[0])  # the card given away
    offers = {}
    while m.state["step"]["kind"] == "route":
        seat = due(m)
        offer = m.state["players"][seat]["route_offer"]
        assert len(offer) == 2
        assert [r["top"] for r in m.view(seat)["you"]["route_offer"]] == [
            BOARD.routes[i].top for i in offer]
        offers[seat] = offer
        lines = act(m, m.legal(seat)[1])
        assert lines == [f"P{seat} keeps one route card."]
    for seat, offer in offers.items():
        assert m.state["players"][seat]["route"] == offer[1]
        assert m.state["players"][seat]["route_offer"] == []
    assert m.state["step"]["kind"] == "place"


def test_standard_game_deals_sides_at_random_and_one_route_card() -> None:
    m = new(4, seed=7)
    sides = [c["side"] for p in m.state["players"] for c in p["contracts"]]
    assert set(sides) == {"a", "b"}
    assert all(p["route_offer"] == [] for p in m.state["players"])


def test_both_expert_options_together() -> None:
    m = new(2, seed=2, expert_contracts="yes", expert_routes="yes")
    place(m, ["Boston", "Atlanta"])
    assert m.state["phase"] == "play"
    assert all(p["route"] is not None for p in m.state["players"])
