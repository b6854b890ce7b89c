"""'Fin du jeu': the special end, route cards, the winner and the tie-breaks."""

from __future__ import annotations

from rules.spike.scoring import route_points
from tests.rules.spike.helpers import BOARD, act, city_path, due, own, ready, set_contracts, turn_to


def _route(top: str) -> int:
    return next(i for i, r in enumerate(BOARD.routes) if r.top == top)


def test_jon_route_card_indianapolis_scores_nine() -> None:
    """Rulebook example: Indianapolis to Raleigh, Columbia, Jacksonville and Tampa = 6 + 3."""
    m = ready(2, ["Indianapolis", "Omaha"])
    for a, b in [("Indianapolis", "Raleigh"), ("Raleigh", "Columbia"),
                 ("Columbia", "Jacksonville"), ("Jacksonville", "Tampa")]:
        path = city_path(a, b)
        own(m, 0, *path)
    assert set(m.track_cities(0)) == {"Indianapolis", "Raleigh", "Columbia", "Jacksonville",
                                      "Tampa"}
    m.state["players"][0]["route"] = _route("Indianapolis")
    lines = m.finish_game("test")
    assert m.state["players"][0]["income"]["route"] == 9
    assert any("scores $9 reaching Raleigh, Columbia, Jacksonville, Tampa" in str(line)
               for line in lines)
    assert m.view(None)["players"][0]["route_card"]["top"] == "Indianapolis"


def test_route_card_needs_track_touching_the_top_city() -> None:
    card = BOARD.routes[_route("Indianapolis")]
    assert route_points(card, {"Raleigh", "Tampa", "Columbia"}) == (0, [])
    assert route_points(card, {"Indianapolis"}) == (0, [])
    assert route_points(card, {"Indianapolis", "Savannah"}) == (5, ["Savannah"])


def test_special_end_all_track_laid_and_no_delivery_left() -> None:
    m = ready(3, ["Raleigh", "Omaha", "Chicago"])
    set_contracts(m, 0, ("cotton", 1, "a"))
    m.state["players"][0]["contracts"][0]["token"] = "done"
    m.state["players"][0]["tracks"] = 0
    turn_to(m, 0)
    lines = act(m, "draw deck", "stop")
    assert m.state["final_turns"] == [1, 2]
    assert any("every other player has one last turn" in line for line in lines)
    assert due(m) == 1
    act(m, "draw deck", "stop")
    assert due(m) == 2 and not m.over
    lines = act(m, "draw deck", "stop")
    assert m.over and m.state["end_reason"].startswith("a player placed all their track")


def test_special_end_waits_while_a_delivery_is_still_possible() -> None:
    m = ready(2, ["Omaha", "Kansas City"])
    own(m, 0, "Kansas City", "r6c1", "Topeka")
    set_contracts(m, 0, ("cattle", 1, "a"))  # Kansas City cattle to Topeka $11
    m.state["players"][0]["tracks"] = 0
    m.state["players"][0]["train"] = {"point": BOARD.city_point("Topeka"), "space": None}
    turn_to(m, 0)
    act(m, "draw deck", "stop")
    assert m.state["final_turns"] is None
    assert not m.deliveries_exhausted(0)
    m.state["players"][0]["deliveries"] = ["Topeka"]
    assert m.deliveries_exhausted(0)


def test_richest_player_wins() -> None:
    m = ready(3)
    for seat, money in enumerate([10, 14, 9]):
        m.state["players"][seat]["money"] = money
    m.finish_game("test")
    assert m.winners() == [1]
    assert m.scores()[:2] == [10.0 + m.state["players"][0]["income"]["route"], 14.0 +
                              m.state["players"][1]["income"]["route"]]


def test_tie_most_cities_connected_then_most_track_left_then_shared() -> None:
    m = ready(3, ["Raleigh", "Omaha", "Chicago"])
    for p in m.state["players"]:
        p["route"] = _route("Tampa")  # no one touches Tampa: no route points
    own(m, 0, "Raleigh", "r9c12", "Norfolk")
    own(m, 1, "Omaha", "r5c0", "r6c1", "Topeka")
    m.finish_game("test")
    assert m.rank_key(0) == (0, 2, 43) and m.rank_key(1) == (0, 2, 42)
    assert m.winners() == [0]  # level on money and cities: more track left
    m.state["players"][1]["tracks"] = 43
    assert m.winners() == [0, 1]  # still level: a shared win
    m.state["players"][2]["money"] = 1
    assert m.winners() == [2]


def test_breakdown_adds_up_to_the_score() -> None:
    m = ready(2, ["Indianapolis", "Omaha"])
    m.state["players"][0]["route"] = _route("Indianapolis")
    own(m, 0, *city_path("Indianapolis", "Raleigh"))
    m.earn(0, 7, "goods")
    m.earn(0, 11, "deliveries")
    m.earn(0, -3, "upgrades")
    m.finish_game("test")
    view = m.view(None)
    for seat in range(2):
        assert sum(v for _, v in view["breakdown"][seat]) == view["scores"][seat]
    assert view["breakdown"][0][3] == ["Route card", 3]
    assert view["winners"] == m.winners()
