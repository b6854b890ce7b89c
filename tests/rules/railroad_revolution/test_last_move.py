"""The last move in the public view: what the last turn built, read from the public log."""

from __future__ import annotations

from tests.rules.railroad_revolution.helpers import act, due, end_turn, me, ready, start, top

NOTHING = {"rails": [], "stations": [], "offices": [], "market": None}


def test_rails_built_are_the_last_move_until_the_next_turn_builds() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["money"] = 1000
    start(m, "railroad")
    act(m, "rail cha-mia-1")
    assert m.view(None)["last_move"] == {**NOTHING, "player": seat, "action": "railroad",
                                         "rails": ["cha-mia-1"]}
    act(m, "rail cha-mia-2")
    end_turn(m)
    assert top(m)["kind"] == "place" and due(m) != seat
    last = m.view(None)["last_move"]
    assert last["player"] == seat and last["rails"] == ["cha-mia-1", "cha-mia-2"]
    # The next player has placed a worker but built nothing yet: still the rails.
    start(m, "telegraph")
    assert m.view(None)["last_move"]["rails"] == ["cha-mia-1", "cha-mia-2"]
    section = next(a for a in m.legal(due(m)) if a.startswith("office "))
    act(m, section)
    last = m.view(None)["last_move"]
    assert last["player"] != seat and last["action"] == "telegraph"
    assert last["offices"] == [int(section.split()[1])] and last["rails"] == []


def test_a_station_built_is_the_last_move() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "station")
    city = next(a for a in m.legal(seat) if a.startswith("build ")).removeprefix("build ")
    act(m, f"build {city}")
    end_turn(m)
    assert m.view(None)["last_move"] == {**NOTHING, "player": seat, "action": "station",
                                         "stations": [city]}


def test_before_the_first_turn_the_last_move_is_a_setup_tile() -> None:
    m = ready(2)  # quiet setup tiles: nothing built
    last = m.view(None)["last_move"]
    assert last == {**NOTHING, "player": last["player"], "action": None}
