"""'Explication d'un déplacement de train', actions C (restart) and D (one more space)."""

from __future__ import annotations

from rules.spike import Spike
from tests.rules.spike.helpers import BOARD, act, due, move, own, point, ready, space, turn_to


def _line(players: int = 2) -> Spike:
    """P0's train in Raleigh with track Raleigh - r9c12 - Norfolk - r8c13 - r8c12."""
    m = ready(players, ["Raleigh", "Kansas City", "Chicago"][:players])
    own(m, 0, "Raleigh", "r9c12", "Norfolk", "r8c13", "r8c12")
    turn_to(m, 0)
    return m


def _on(m: Spike, a: str, b: str) -> None:
    m.state["players"][0]["train"] = {"point": None, "space": space(a, b)}


def test_train_in_a_city_has_no_free_move_and_restarts_as_its_action() -> None:
    m = _line()
    assert m.state["step"]["kind"] == "main"
    assert "restart" in m.legal(0) and "extra move" not in m.legal(0)
    act(m, "restart")
    assert m.legal(0) == [move("Raleigh", "r9c12")]  # at least one space
    act(m, move("Raleigh", "r9c12"))
    assert m.state["players"][0]["train"] == {"point": None, "space": space("Raleigh", "r9c12")}
    assert due(m) == 1  # speed 1: the restart is over, and so is the turn


def test_train_in_motion_gets_a_free_move_of_up_to_speed_spaces() -> None:
    m = _line()
    _on(m, "Raleigh", "r9c12")
    turn_to(m, 0)
    assert m.state["step"]["kind"] == "free"
    assert m.legal(0) == ["enter raleigh", move("r9c12", "Norfolk"), "stop"]
    act(m, move("r9c12", "Norfolk"))
    assert m.state["step"]["kind"] == "main"  # speed 1 used up; now the action
    assert "extra move" in m.legal(0) and "restart" not in m.legal(0)


def test_free_move_may_be_zero_spaces() -> None:
    m = _line()
    _on(m, "Raleigh", "r9c12")
    turn_to(m, 0)
    assert act(m, "stop") == []
    assert m.state["players"][0]["train"]["space"] == space("Raleigh", "r9c12")


def test_speed_two_moves_two_spaces() -> None:
    m = _line()
    m.state["players"][0]["levels"]["speed"] = 1
    _on(m, "Raleigh", "r9c12")
    turn_to(m, 0)
    act(m, move("r9c12", "Norfolk"))
    assert m.state["step"]["kind"] == "free" and m.state["step"]["left"] == 1
    act(m, move("Norfolk", "r8c13"))  # passing Norfolk
    assert m.state["step"]["kind"] == "main"
    assert m.state["players"][0]["train"]["space"] == space("Norfolk", "r8c13")


def test_entering_a_city_stops_the_train_until_a_later_turn() -> None:
    m = _line()
    m.state["players"][0]["levels"]["speed"] = 2
    _on(m, "r9c12", "Norfolk")
    turn_to(m, 0)
    act(m, "enter norfolk")
    assert m.state["players"][0]["train"] == {"point": point("Norfolk"), "space": None}
    assert m.state["step"]["kind"] == "main"  # the remaining speed is lost
    assert "restart" not in m.legal(0)  # 'devra être redémarré lors d'un tour suivant'
    act(m, "draw deck", "stop")
    turn_to(m, 0)
    assert "restart" in m.legal(0)


def test_passing_a_city_skips_it_and_keeps_the_train_in_motion() -> None:
    """'Règle spéciale pour passer une ville': the city costs no movement."""
    m = _line()
    _on(m, "r9c12", "Norfolk")
    turn_to(m, 0)
    legal = m.legal(0)
    assert "enter norfolk" in legal and move("Norfolk", "r8c13") in legal
    act(m, move("Norfolk", "r8c13"))
    assert m.state["players"][0]["train"]["space"] == space("Norfolk", "r8c13")
    assert m.state["turn"]["arrived"] is False


def test_extra_move_is_exactly_one_more_space() -> None:
    m = _line()
    _on(m, "Raleigh", "r9c12")
    turn_to(m, 0)
    act(m, "stop", "extra move")
    assert "stop" not in m.legal(0)
    act(m, move("r9c12", "Norfolk"))
    assert due(m) == 1
    assert m.state["players"][0]["train"]["space"] == space("r9c12", "Norfolk")


def test_extra_move_into_a_city_allows_loading_there() -> None:
    m = _line()
    m.state["players"][0]["contracts"] = [
        {"good": "pigs", "card": 1, "side": "a", "token": "card", "delivered": None}]
    _on(m, "r9c12", "Norfolk")
    turn_to(m, 0)
    act(m, "stop", "extra move", "enter norfolk")
    assert m.state["step"]["kind"] == "city"
    assert m.legal(0) == ["load pigs", "end turn"]
    act(m, "load pigs")
    assert due(m) == 1  # nothing more to do in Norfolk: the turn ends


def test_restart_with_speed_three_may_stop_after_one_space() -> None:
    m = _line()
    m.state["players"][0]["levels"]["speed"] = 2
    act(m, "restart", move("Raleigh", "r9c12"))
    assert m.legal(0) == ["enter raleigh", move("r9c12", "Norfolk"), "stop"]
    act(m, "stop")
    assert due(m) == 1


def test_restart_into_a_city_stops_there() -> None:
    m = _line()
    m.state["players"][0]["levels"]["speed"] = 2
    act(m, "restart", move("Raleigh", "r9c12"), move("r9c12", "Norfolk"), "enter norfolk")
    assert m.state["players"][0]["train"]["point"] == point("Norfolk")
    assert due(m) == 1


def test_trains_move_only_on_their_own_track() -> None:
    m = _line()
    own(m, 1, "Raleigh", "r10c13")
    act(m, "restart")
    assert m.legal(0) == [move("Raleigh", "r9c12")]
    turn_to(m, 1)
    m.state["players"][1]["train"] = {"point": point("Raleigh"), "space": None}
    act(m, "restart")
    assert m.legal(1) == [move("Raleigh", "r10c13")]


def test_two_trains_may_share_a_city() -> None:
    m = ready(2, ["Omaha", "Omaha"])
    assert [p["train"]["point"] for p in m.state["players"]] == [point("Omaha")] * 2
    cities = {c["name"]: c for c in m.view(None)["cities"]}
    assert cities["Omaha"]["trains"] == [0, 1]


def test_move_text_accepts_the_space_named_either_way() -> None:
    m = _line()
    act(m, "restart")
    sp = BOARD.spaces[space("Raleigh", "r9c12")]
    back = f"{BOARD.points[sp.b].label} {BOARD.points[sp.a].label}"
    m.act(0, f"move {back}")
    assert m.state["players"][0]["train"]["space"] == space("Raleigh", "r9c12")
