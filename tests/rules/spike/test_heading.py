"""Which way a move goes: each option names the city it heads for, and a step back toward
where the movement began says "back" and comes after the steps onward."""

from __future__ import annotations

from rules.spike import Spike
from tests.rules.spike.helpers import act, move, own, ready, space, turn_to


def _moving() -> Spike:
    """P0 (speed 2) on Raleigh–r9c12, track Raleigh - r9c12 - Norfolk - r8c13 - r8c12."""
    m = ready(2, ["Raleigh", "Kansas City"])
    own(m, 0, "Raleigh", "r9c12", "Norfolk", "r8c13", "r8c12")
    m.state["players"][0]["levels"]["speed"] = 1
    m.state["players"][0]["train"] = {"point": None, "space": space("Raleigh", "r9c12")}
    turn_to(m, 0)
    return m


def _shown(m: Spike) -> list[tuple[str, str]]:
    return [(c.action, c.label) for c in m.choices(0)]


def test_each_step_names_the_city_it_heads_for() -> None:
    m = _moving()
    shown = dict(_shown(m))
    assert shown[move("r9c12", "Norfolk")].startswith("Move toward Norfolk onto the ")
    assert shown["enter raleigh"].startswith("Enter Raleigh and stop")
    assert not any("back" in label for label in shown.values())  # no way is "back" yet


def test_a_step_back_says_so_and_comes_after_the_steps_onward() -> None:
    m = _moving()
    act(m, move("r9c12", "Norfolk"))  # one step taken, one left
    shown = _shown(m)
    actions = [a for a, _ in shown]
    back = actions.index(move("Raleigh", "r9c12"))
    assert "back toward Raleigh" in shown[back][1], shown
    assert actions[-1] == "stop" and back == len(actions) - 2  # onward first, then back
    onward = dict(shown)
    assert onward["enter norfolk"] == "Enter Norfolk and stop"
    assert onward[move("Norfolk", "r8c13")].startswith("Pass through Norfolk toward ")
    assert "back" not in onward[move("Norfolk", "r8c13")]
    assert sorted(actions) == sorted(m.legal(0))  # the same moves, in the order to read
