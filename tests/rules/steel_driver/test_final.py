"""Phase 6: goods cubes, control by majority, picking in turn order, set values, payout, winner."""

from __future__ import annotations

import random

import pytest

import rules
from rules.steel_driver import SteelDriver
from rules.steel_driver.board import final_value, load_board, set_partition
from tests.rules.steel_driver.helpers import due, new, sell


def _play_to_final(seed: int, players: int = 4) -> tuple[SteelDriver, dict[str, list[int]]]:
    """Play five rounds where the active player buys each company, building first links."""
    m = new(players, seed)
    rng = random.Random(seed)
    while m.state["phase"] in ("auction", "build"):
        seat = due(m)
        if m.state["phase"] == "auction" and m.state["auction"] is None:
            options = [a for a in m.legal(seat) if a.startswith("auction")]
            if options:
                sell(m, options[0].split()[1], seat, bid=min(3, m.state["players"][seat]["cubes"]))
                continue
        m.act(seat, rng.choice(m.legal(seat)))
    shares = {cid: [p["shares"][cid] for p in m.state["players"]] for cid in m.state["companies"]}
    return m, shares


def test_final_phase_places_goods_and_companies_take_only_from_their_own_lines() -> None:
    m, _ = _play_to_final(1)
    s = m.state
    board = load_board()
    railed = {c for lid, o in s["links"].items() if o for c in (board.links[lid].a,
                                                                 board.links[lid].b)}
    assert set(s["goods"]) == railed and all(c["cubes"] == 0 for c in s["companies"].values())
    assert all(s["goods"][c] == board.cities[c].colour for c in railed)
    while m.state["phase"] == "final":
        seat = due(m)
        cid = s["order"][s["turn"]]
        for action in m.legal(seat):
            city = board.city_by_slug(action.split()[1])
            assert city in s["companies"][cid]["network"]
        m.act(seat, m.legal(seat)[0])
    assert s["phase"] == "over"


def test_payout_is_final_value_per_share_and_richest_wins() -> None:
    m, shares = _play_to_final(2)
    cash_before = [p["cash"] for p in m.state["players"]]
    while not m.over:
        m.act(due(m), m.legal(due(m))[0])
    board = load_board()
    for seat, p in enumerate(m.state["players"]):
        paid = sum(shares[cid][seat] * final_value(c["goods"], board)
                   for cid, c in m.state["companies"].items())
        assert p["cash"] == cash_before[seat] + paid
    view = m.view(None)
    for seat, parts in enumerate(view["breakdown"]):  # the results picture adds up to the score
        assert sum(amount for _, amount in parts) == view["scores"][seat]
    best = max(p["cash"] for p in m.state["players"])
    assert all(m.state["players"][w]["cash"] == best for w in m.winners())
    assert m.scores() == [float(p["cash"]) for p in m.state["players"]]
    assert m.to_act() == [] and m.over


def test_set_values_use_sets_of_different_colours() -> None:
    board = load_board()
    assert set_partition({"red": 2, "black": 3, "white": 1}) == [
        ["red", "black", "white"], ["red", "black"], ["black"]]
    assert final_value({"red": 2, "black": 3, "white": 1}, board) == 60 + 30 + 10
    assert final_value({c: 1 for c in ["red", "orange", "silver", "black", "white"]}, board) == 150
    assert final_value({}, board) == 0


def _at_final(shares: list[int], controller: int | None) -> SteelDriver:
    """A 4-player match at the end of round 5 where B&O has these shareholders."""
    m = new(4, 0)
    s = m.state
    s["round"] = 5
    for seat, n in enumerate(shares):
        s["players"][seat]["shares"]["bo"] = n
    s["companies"]["bo"]["controller"] = controller
    s["companies"]["bo"]["last_controller"] = controller
    s["links"]["baltimore-philadelphia"] = "bo"
    s["companies"]["bo"]["network"] = ["Baltimore", "Philadelphia"]
    s["phase"] = "build"
    s["pass_row"] = ["prr", "nyc", "up", "sp", "atsf"]
    s["order"] = ["bo", "prr", "nyc", "up", "sp", "atsf"]
    s["turn"] = 0
    s["companies"]["bo"]["cubes"] = 0  # cannot build: the build phase ends at once
    s["auction"] = None
    m.lines.extend((0, line) for line in m._advance())
    return m


@pytest.mark.parametrize(("shares", "controller", "expected"), [
    ([1, 3, 1, 0], 0, 1),  # most shares
    ([2, 0, 2, 1], 0, 0),  # tie: the current controller keeps it
    ([2, 0, 2, 1], 3, 0),  # tie: first tied player clockwise from the controller (3 -> 0)
    ([2, 0, 2, 1], 1, 2),  # from 1: seat 2 comes before seat 0
])
def test_control_goes_to_majority_with_clockwise_tie_break(
    shares: list[int], controller: int, expected: int
) -> None:
    m = _at_final(shares, controller)
    assert m.state["phase"] == "final"
    assert m.state["companies"]["bo"]["controller"] == expected
    assert m.to_act() == [expected]
    assert m.legal(expected) == ["take baltimore", "take philadelphia"]


def test_company_takes_cubes_in_turns_then_passes() -> None:
    m = _at_final([1, 0, 0, 0], 0)
    m.act(0, "take philadelphia")
    m.act(0, "take baltimore")
    assert m.over
    assert m.state["companies"]["bo"]["goods"] == {"black": 2}
    assert m.state["companies"]["bo"]["final_value"] == 20  # two sets of one colour
    assert m.state["players"][0]["cash"] == 20


def test_winner_tie_break_is_most_goods_cubes_in_a_controlled_company() -> None:
    m = new(3, 0)
    s = m.state
    s["phase"] = "over"
    for p in s["players"]:
        p["cash"] = 500
    s["players"][2]["cash"] = 400
    s["companies"]["bo"].update(controller=0, goods={"red": 1, "black": 1})
    s["companies"]["prr"].update(controller=1, goods={"white": 3})
    assert m.winners() == [1]
    s["companies"]["bo"]["goods"] = {"red": 2, "black": 1}
    assert m.winners() == [0, 1]  # still tied: both share the win


def test_finished_match_refuses_actions() -> None:
    m = _at_final([1, 0, 0, 0], 0)
    m.act(0, "take philadelphia")
    m.act(0, "take baltimore")
    with pytest.raises(rules.IllegalAction, match="over"):
        m.act(0, "pass")
