"""Oddities checked against the rulebook (issue 28, item 5): a bid no rival can beat."""

from __future__ import annotations

from tests.rules.steel_driver.helpers import due, new


def test_a_bid_equal_to_every_rivals_cubes_wins_outright() -> None:
    # « L'enchère se poursuit jusqu'à ce que tous les joueurs aient passé sauf un » and « Les
    # enchères se font avec les cubes Investissement »: a rival holding exactly the bid cannot
    # raise it, so must pass; an equal bid is no bid.
    m = new(3)
    opener = due(m)
    m.act(opener, "auction bo")
    lines = m.act(opener, "bid 10")  # every player holds 10 cubes in round 1
    assert m.state["auction"] is None
    assert m.state["companies"]["bo"]["controller"] == opener
    assert sum("(not enough cubes)" in line for line in lines) == 2
    assert m.state["players"][opener]["cubes"] == 0


def test_a_rival_with_one_cube_more_is_asked_and_may_raise() -> None:
    m = new(3)
    opener = due(m)
    rich = (opener + 2) % 3
    m.state["players"][rich]["cubes"] = 11
    m.act(opener, "auction bo")
    m.act(opener, "bid 10")
    assert due(m) == rich and m.legal(rich) == ["bid 11", "pass"]
    m.act(rich, "bid 11")
    assert m.state["companies"]["bo"]["controller"] == rich
