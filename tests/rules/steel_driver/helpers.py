"""Small drivers that walk a Steel Driver match to the position a test needs."""

from __future__ import annotations

import rules
from rules.steel_driver import SteelDriver


def new(players: int = 3, seed: int = 0) -> SteelDriver:
    """A fresh match with generic player names."""
    match = rules.new_match("steel-driver", [f"P{i}" for i in range(players)], seed)
    assert isinstance(match, SteelDriver)
    return match


def due(match: rules.Match) -> int:
    """The one seat the match waits for."""
    (seat,) = match.to_act()
    return seat


def sell(match: SteelDriver, cid: str, winner: int, bid: int = 1) -> None:
    """The active player opens `cid`; `winner` ends up with it for `bid` cubes, the rest pass."""
    opener = due(match)
    match.act(opener, f"auction {cid}")
    match.act(opener, f"bid {bid if opener == winner else 1}")
    while match.state["auction"] is not None:
        seat = due(match)
        a = match.state["auction"]
        if seat == winner and a["high_bidder"] != winner:
            match.act(seat, f"bid {bid}")
        else:
            match.act(seat, "pass")


def pass_auctions(match: SteelDriver) -> None:
    """Every active player passes until this round's auction phase ends."""
    start = match.state["round"]
    while match.state["phase"] == "auction" and match.state["round"] == start:
        match.act(due(match), "pass")


def pass_all_builds(match: SteelDriver) -> None:
    """Build the first legal link for every company until the build phase ends."""
    while match.state["phase"] == "build":
        seat = due(match)
        match.act(seat, match.legal(seat)[0])
