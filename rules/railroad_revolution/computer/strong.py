"""Railroad Revolution at the gentle and strong levels: the worker placement, ranked and tried.

« Tout est visible » save the order of the milestone piles (« Étapes », drawn when a milestone
is completed) and of the face-down market pile: a sample shuffles those again. Which tiles are
in each is public (the table saw every tile leave), so only their order is dealt anew.
"""

from __future__ import annotations

from typing import Any

from rules.core.levels import fresh_copy, runners_up
from rules.core.match import Match
from rules.core.rng import Rng
from rules.railroad_revolution.computer.model import Me
from rules.railroad_revolution.computer.turn import choose_place

ROLLOUTS = 2  # hidden order of piles: each candidate is played out on two shuffles
BUDGET = 600  # decisions played out per decision (about half a second on a quiet core)
GENTLE_SLIP = 0.8  # gentle slips only at the few decisions ranked here: often, then


def _placement(text: str) -> bool:
    """True for "<action> <worker colour>", the turn's main choice."""
    return text.count(" ") == 1 and text != "sell share"


def ranked(view: dict[str, Any], legal: list[str], pick: str, rng: Rng) -> list[str]:
    """At the worker placement: the normal computer's choices, each next best once the ones
    before are set aside (its own VP pricing). Other decisions keep the normal choice alone;
    selling a share is never offered (the engine sells to pay; selling freely only loses VP)."""
    kind = str((view.get("pending") or {}).get("kind", ""))
    if kind != "place" or not _placement(pick):
        return [pick]
    me = Me(view)
    return runners_up(pick, [a for a in legal if a != pick and _placement(a)],
                      lambda left: choose_place(me, left), 5)


def determinise(match: Match, seat: int, rng: Rng) -> Match:
    """The table with the milestone piles and the market pile shuffled again."""
    twin = fresh_copy(match, rng)
    state = twin.state
    for name in sorted(state["milestone_piles"]):
        pile = sorted(state["milestone_piles"][name])  # sorted: the real order must not show
        rng.shuffle(pile)
        state["milestone_piles"][name] = pile
    market = sorted(state["market"]["pile"])
    rng.shuffle(market)
    state["market"]["pile"] = market
    return twin
