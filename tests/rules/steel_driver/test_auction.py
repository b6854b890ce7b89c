"""Phase 1 (investment cubes) and phase 2 (auctions of the six control markers)."""

from __future__ import annotations

import pytest

import rules
from tests.rules.steel_driver.helpers import due, new, pass_auctions, sell


@pytest.mark.parametrize(("players", "cubes"), [(3, 10), (4, 8), (5, 7), (6, 6)])
def test_cubes_per_player_count(players: int, cubes: int) -> None:
    m = new(players)
    assert [p["cubes"] for p in m.view()["players"]] == [cubes] * players


@pytest.mark.parametrize("players", [2, 7])
def test_only_three_to_six_players(players: int) -> None:
    with pytest.raises(rules.IllegalAction, match="3-6 players"):
        new(players)


def test_first_player_is_drawn_from_the_seed() -> None:
    firsts = {new(4, seed).state["active"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert new(4, 7).state["active"] == new(4, 7).state["active"]


def test_unused_cubes_carry_over_to_the_next_round() -> None:
    m = new(3)
    pass_auctions(m)  # nothing sold: every company passes in the build phase
    assert m.state["round"] == 2
    assert [p["cubes"] for p in m.state["players"]] == [20, 20, 20]


def test_active_player_opens_an_auction_or_passes() -> None:
    m = new(3)
    seat = due(m)
    assert m.legal(seat) == [
        "auction bo", "auction prr", "auction nyc", "auction up", "auction sp", "auction atsf",
        "pass",
    ]
    assert m.legal((seat + 1) % 3) == []


def test_opening_bid_is_at_least_one_and_cannot_be_skipped() -> None:
    m = new(3)
    seat = due(m)
    m.act(seat, "auction bo")
    assert m.legal(seat) == [f"bid {n}" for n in range(1, 11)]
    with pytest.raises(rules.IllegalAction):
        m.act(seat, "pass")
    with pytest.raises(rules.IllegalAction):
        m.act(seat, "bid 11")  # more cubes than the player has


def test_bidding_goes_left_until_all_but_one_pass() -> None:
    m = new(3, seed=0)
    a = due(m)
    b, c = (a + 1) % 3, (a + 2) % 3
    m.act(a, "auction bo")
    m.act(a, "bid 3")
    assert m.to_act() == [b]
    assert "bid 3" not in m.legal(b) and "bid 4" in m.legal(b) and "pass" in m.legal(b)
    m.act(b, "bid 4")
    m.act(c, "pass")
    assert m.to_act() == [a]
    m.act(a, "bid 5")
    assert m.to_act() == [b]  # c passed and is out of this auction for good
    m.act(b, "pass")
    s = m.state
    assert s["auction"] is None
    assert s["companies"]["bo"]["controller"] == a
    assert s["companies"]["bo"]["cubes"] == 5  # the bid goes into the company box
    assert s["players"][a]["cubes"] == 5
    assert s["players"][a]["shares"]["bo"] == 1
    assert s["companies"]["bo"]["shares_left"] == 4
    assert s["players"][b]["cubes"] == 10  # losing bids cost nothing


def test_active_marker_moves_left_of_the_opener_after_an_auction() -> None:
    m = new(4, seed=0)
    opener = due(m)
    winner = (opener + 2) % 4
    sell(m, "prr", winner, bid=2)
    assert m.state["active"] == (opener + 1) % 4
    assert due(m) == (opener + 1) % 4


def test_phase_ends_when_every_player_passes_in_a_row() -> None:
    m = new(3, seed=0)
    opener = due(m)
    sell(m, "bo", opener)
    nxt = due(m)
    m.act(nxt, "pass")
    m.act(due(m), "pass")
    assert m.state["phase"] == "auction"
    m.act(due(m), "pass")
    assert m.state["phase"] == "build"
    # The marker goes to the left of the last player who opened an auction.
    assert m.state["active"] == (opener + 1) % 3


def test_phase_ends_when_all_six_markers_are_sold() -> None:
    m = new(6, seed=3)
    for cid in ["bo", "prr", "nyc", "up", "sp", "atsf"]:
        assert m.state["phase"] == "auction"
        sell(m, cid, due(m))
    assert m.state["phase"] == "build"


def test_player_without_cubes_passes_automatically() -> None:
    m = new(3, seed=0)
    rich = due(m)
    sell(m, "bo", rich, bid=10)
    assert m.state["players"][rich]["cubes"] == 0
    m.act(due(m), "pass")
    lines = m.act(due(m), "pass")
    assert any("no cubes" in line for line in lines)
    assert m.state["phase"] == "build"


def test_bidder_who_cannot_outbid_passes_automatically() -> None:
    m = new(3, seed=0)
    a = due(m)
    sell(m, "bo", a, bid=8)  # a keeps 2 cubes
    b = due(m)
    m.act(b, "auction prr")
    m.act(b, "bid 5")
    while m.state["auction"] is not None:
        assert due(m) != a  # never asked: 2 cubes cannot beat 5
        m.act(due(m), "pass")
    assert any(f"P{a} passes on PRR (not enough cubes)" in t for _, t in m.lines)
