"""Steel Driver at the gentle and strong levels: the normal computer's options, ranked.

Nothing is hidden in Steel Driver (« toutes les informations sont publiques »: cubes, cash,
shares and the map are on the table) and no action draws anything, so a sample is the table
itself: one play-out per candidate tells what it brings against normal computers.
"""

from __future__ import annotations

from typing import Any

from rules.core.levels import fresh_copy
from rules.core.match import Match
from rules.core.rng import Rng
from rules.steel_driver.computer.auction import best_bid
from rules.steel_driver.computer.build import build_score
from rules.steel_driver.computer.net import read_table

ROLLOUTS = 1  # open information and no draws: every sample would be the same
BUDGET = 900  # decisions played out per decision (about 0.7 s on a quiet core)
GENTLE_NEVER = ("pass",)  # a bid or a marker is offered: gentle never drops out instead
# Gentle slips to the runner-up only: a bid one cube off or the next best link. (Reaching to
# the third, e.g. a higher bid, made it as good as the normal computer: 6 of 12 tables.)
GENTLE_REACH = 1


def _bid(action: str) -> int:
    """The cubes of a "bid N" action."""
    return int(action.split()[1])


def ranked(view: dict[str, Any], legal: list[str], pick: str, rng: Rng) -> list[str]:
    """Sensible actions, the normal choice first, then the nearest alternatives."""
    me = int(view["to_act"][0])
    table = read_table(view)
    if view["phase"] == "auction" and view["auction"] is None:
        # Opening: markers by the surplus the normal computer expects; passing last.
        opens = [a for a in legal if a.startswith("auction ")]
        worth = {}
        for action in opens:
            co = next(c for c in view["companies"] if c["id"] == action.split()[1])
            worth[action] = best_bid(view, table, co, 1, me)[0]
        return [pick, *sorted(opens, key=lambda a: -worth[a]), *(["pass"] if "pass" in legal
                                                                  else [])]
    if view["phase"] == "auction":
        bids = sorted((a for a in legal if a.startswith("bid ")), key=_bid)
        if not bids:
            return [pick]
        if pick == "pass":
            # Bidding on where the normal computer drops out: the lowest raise, then more.
            return [pick, *bids[:2]]
        at = bids.index(pick)
        lower = ["pass"] if "pass" in legal else []
        # A smaller bid (or dropping out) risks the marker; a larger one buys certainty.
        near = [bids[i] for i in (at - 1, at + 1, at + 3) if 0 <= i < len(bids)]
        return [pick, *near, *lower, bids[-1]]
    if view["phase"] == "build":
        scored = sorted(legal, key=lambda a: -build_score(view, table, me, a))
        return [pick, *scored]
    return [pick, *legal]


def determinise(match: Match, seat: int, rng: Rng) -> Match:
    """The table as everyone sees it (no secrets to deal again)."""
    return fresh_copy(match, rng)
