"""The computer player for Steel Driver, deciding from its seat's public view and legal actions.

Strategy in short. Auctions (Phase 2): a marker is worth this round's income from the cubes
the winner puts in its box (a greedy rail plan) plus one share's expected final payout; a cube
is priced by the markers still to sell over the cubes still to come, so it bids up to that
surplus, jumps to a bid no rival holds the cubes to beat, and keeps cubes for the other markers
when several are left per bidder. Building (Phase 3): the link that, with the rest of the
company's cubes, reaches the most profit and new goods colours for the shares it holds.
Final phase (Phase 6): take first the goods cubes another company could take.
"""

from __future__ import annotations

from typing import Any

from rules.core.rng import Rng
from rules.steel_driver.computer.auction import choose_auction
from rules.steel_driver.computer.build import choose_build, choose_take


def choose(view: dict[str, Any], legal: list[str], rng: Rng) -> str:
    """One text of `legal` for the seat the view was made for (the one due to act)."""
    if len(legal) == 1:
        return legal[0]
    me = int(view["to_act"][0])
    if view["phase"] == "auction":
        return choose_auction(view, legal, me, rng)
    if view["phase"] == "build":
        return choose_build(view, legal, me, rng)
    return choose_take(view, legal, me, rng)
