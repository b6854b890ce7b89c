"""'Fin du jeu et Décompte': when the game ends, the VP, the tie-break."""

from __future__ import annotations

from rules.railroad_revolution import RailroadRevolution, scoring
from tests.rules.railroad_revolution.helpers import act, due, end_turn, me, ready, start


def _trade_turn(m: RailroadRevolution) -> int:
    """The due seat sells a piece; returns that seat."""
    seat = due(m)
    start(m, "trade")
    act(m, "sell rail" if "sell rail" in m.legal(seat) else "sell building")
    end_turn(m)
    return seat


def _almost_empty(m: RailroadRevolution, seat: int) -> None:
    """One rail left of the logo: the next Trade empties it."""
    me(m, seat)["sections"] = [[0, 0]] * 5 + [[0, 1], [2, 2], [2, 1]]


def test_rulebook_example_the_first_player_triggers_the_end() -> None:
    # Every other player has one more turn, then everyone plays a last turn.
    m = ready(4)
    first = m.state["first"]
    _almost_empty(m, first)
    assert _trade_turn(m) == first and m.state["end"]["last_turn"] == 7
    played = [_trade_turn(m) for _ in range(7)]
    assert played == [(first + i) % 4 for i in range(1, 8)]
    assert m.over


def test_rulebook_example_the_player_right_of_the_first_triggers_the_end() -> None:
    # Then each player has only one more turn.
    m = ready(4)
    first = m.state["first"]
    for _ in range(3):
        _trade_turn(m)
    _almost_empty(m, due(m))
    assert _trade_turn(m) == (first - 1) % 4
    played = [_trade_turn(m) for _ in range(4)]
    assert played == [(first + i) % 4 for i in range(4)] and m.over


def test_the_end_may_be_triggered_during_another_players_turn() -> None:
    m = ready(3)
    seat = due(m)
    other = (seat + 1) % 3
    _almost_empty(m, other)
    me(m, other)["sections"][5] = [1, 0]
    m.state["market"]["up"] = "m5"  # bottom: 3 shares, leftmost building in a city
    me(m, seat)["money"] = 2000
    start(m, "railroad")
    act(m, "rail cha-mia-1", "rail cha-mia-2", "pass", "accept bottom", "build charlotte")
    assert m.state["end"] == {"seat": other, "turn": 0, "last_turn": 5}


def test_no_replacement_milestone_after_the_last_turn_but_completion_still_counts() -> None:
    m = ready(2)
    first = m.state["first"]
    _almost_empty(m, first)
    _trade_turn(m)
    _trade_turn(m)
    _trade_turn(m)
    last = due(m)
    me(m, last)["milestones"] = [{"id": "a1-4", "managers": ["turquoise"]}]
    me(m, last)["rails"] = ["was-cha-1", "cha-mia-1", "cha-mia-2"]
    _trade_turn(m)
    assert m.over and me(m, last)["completed"] == ["a1-4"]
    assert me(m, last)["milestones"] == []


def test_rulebook_example_telegraph_connections_score_5_5_8() -> None:
    # p.13: Black has offices in 2,3,4 and 7,8: 5 + 5 + 8 = 18; Blue in 1,5,6: 5; Red 3,5: 0.
    m = ready(4)
    for seat, offices in enumerate(([2, 3, 4, 7, 8], [1, 5, 6], [3, 5], [])):
        me(m, seat)["offices"] = offices
    assert scoring.telegraph_links(m, 0) == [5, 5, 8]
    assert sum(scoring.telegraph_links(m, 0)) == 18
    assert scoring.telegraph_links(m, 1) == [5]
    assert scoring.telegraph_links(m, 2) == []


def test_score_breakdown_adds_up_trains_milestones_tracks_and_links() -> None:
    m = ready(2)
    seat = due(m)
    p = me(m, seat)
    p["trains"] = [{"id": "tr01", "up": True}, {"id": "tr05", "up": False},
                   {"id": "tr10", "up": True}]
    p["completed"] = ["a2-1", "b-01"]
    p["offices"], p["tracks"] = [1, 2], {"telegraph": 3, "stations": 0, "network": 0}
    parts = scoring.breakdown(m, seat)
    assert [vp for _, vp in parts] == [16, 18 + 26, 6, 0, 0, 8]
    assert m.scores()[seat] == sum(vp for _, vp in parts) == 74


def test_ties_go_to_the_most_money_with_shares_at_150_then_are_shared() -> None:
    m = ready(2)
    m.state["stage"] = "over"
    for seat in range(2):
        me(m, seat)["trains"] = [{"id": "tr01", "up": True}]
        me(m, seat)["money"], me(m, seat)["shares"] = 600, 3
    assert m.winners() == [0, 1]
    me(m, 1)["money"], me(m, 1)["shares"] = 1100, 0
    me(m, 0)["money"], me(m, 0)["shares"] = 600, 3
    assert m.winners() == [1]  # 1100 > 600 + 3 x 150
    me(m, 0)["trains"].append({"id": "tr02", "up": True})
    assert m.winners() == [0]


def test_the_end_view_has_winners_scores_and_a_breakdown() -> None:
    m = ready(2)
    _almost_empty(m, due(m))
    for _ in range(4):
        _trade_turn(m)
    assert m.over
    view = m.view(None)
    assert view["winners"] == m.winners() and view["over"]
    for seat in range(2):
        assert sum(vp for _, vp in view["breakdown"][seat]) == view["scores"][seat]
