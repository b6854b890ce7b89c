"""The public view a renderer draws from, prompts and accepted spellings."""

from __future__ import annotations

import json

from tests.rules.spike.helpers import BOARD, act, build, new, own, ready, set_hand, turn_to

PUBLIC_KEYS = {"game", "title", "phase", "round", "time_cards", "turn_number", "current",
               "first_player", "to_act", "step", "prompt", "board", "cities", "market",
               "rail_cards", "players", "build", "last_move", "final_turns", "end_reason",
               "recent", "winners", "scores", "breakdown", "standing", "adapted"}


def test_public_view_has_what_a_renderer_needs() -> None:
    m = ready(3, ["Raleigh", "Omaha", "Chicago"])
    own(m, 1, "Omaha", "r5c0", "r6c1", "Topeka")
    view = m.view(None)
    assert set(view) == PUBLIC_KEYS
    json.dumps(view)
    board = view["board"]
    assert len(board["points"]) == 160 and len(board["spaces"]) == 409
    omaha = next(p for p in board["points"] if p["city"] == "Omaha")
    assert omaha["good"] == "wheat" and {"x", "y", "row", "col", "label"} <= set(omaha)
    owned = [s for s in board["spaces"] if s["owner"] == 1]
    assert len(owned) == 3 and {"a", "b", "kind", "label", "index"} <= set(owned[0])
    assert len(board["rail_kinds"]) == 6 and board["spacing_km"] == 130.0
    assert len(view["cities"]) == 36 and len(view["market"]["columns"]) == 4
    assert len(view["rail_cards"]["display"]) == 4
    p1 = view["players"][1]
    assert p1["network_cities"] == ["Omaha", "Topeka"] and p1["tracks_left"] == 42
    assert p1["train"]["city"] == "Omaha" and p1["train"]["moving"] is False


def test_build_in_progress_is_public() -> None:
    m = ready(2, ["Raleigh", "Omaha"])
    turn_to(m, 0)
    set_hand(m, 0, black=1, blue=1)
    build(m, "Raleigh", "r9c12", finish=False)
    b = m.view(None)["build"]
    assert b["seat"] == 0 and len(b["path"]) == 1 and b["head"] == "r9c12"


def test_prompts_name_the_decision() -> None:
    m = new(2)
    seat = m.to_act()[0]
    assert m.prompt(seat).endswith("give one rail card to the player on your right (P1).")
    assert m.prompt(1 - seat) == ""
    m = ready(2, ["Raleigh", "Omaha"])
    turn_to(m, 0)
    assert "choose your action" in m.prompt(0)
    act(m, "build")
    assert "choose where your new track starts" in m.prompt(0)


def test_spellings_accept_pattern_names_and_city_names() -> None:
    m = ready(2, ["Raleigh", "Omaha"])
    turn_to(m, 0)
    m.state["display"] = ["B", "W", "W", "R"]
    m.act(0, "take blue-dotted")
    assert m.state["players"][0]["hand"]["B"] >= 1
    m = ready(2, ["New York", "St. Louis"])
    assert BOARD.points[m.state["players"][1]["start"]].city == "St. Louis"
    turn_to(m, 0)
    set_hand(m, 0, white=5, blue=5, red=5, green=5, yellow=5, black=5)
    m.act(0, "build")
    m.act(0, "from New York")
    assert m.state["step"]["head"] == BOARD.city_point("New York")


def test_recent_lines_and_adapted_notes() -> None:
    m = ready(2)
    view = m.view(None)
    assert view["recent"] and view["recent"][-1].endswith("begins.")
    assert any("PROPOSAL" in n for n in view["adapted"])
