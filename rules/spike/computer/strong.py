"""Spike at the gentle and strong levels: the turn's action (A-E), ranked and tried.

What a seat cannot see in Spike: the other players' rail cards (« gardez vos cartes cachées »),
their route cards, and the order of the deck (with, in round 3, the time cards shuffled into
its bottom half, « mélangez-les dans la moitié inférieure »). A sample pools the other hands
with the deck and deals them again in the same sizes, gives each other player a route card
this seat does not hold, and puts the time cards still to come back in the deck's lower half.
"""

from __future__ import annotations

from typing import Any

from rules.core.levels import fresh_copy, runners_up
from rules.core.match import Match
from rules.core.rng import Rng
from rules.spike.cards import TIME
from rules.spike.computer import main_step
from rules.spike.computer.board import read

ROLLOUTS = 2
BUDGET = 400  # decisions played out per decision: a Spike decision costs three of the others
GENTLE_SLIP = 0.8  # gentle slips only at the turn's action: often, then
# Never an alternative that only loses: passing, or dropping a good (the normal computer drops
# one only to make room for a deliverable good).
NEVER = ("pass", "drop ")


def ranked(view: dict[str, Any], legal: list[str], pick: str, rng: Rng) -> list[str]:
    """At the turn's action: the normal computer's choices, each next one once those before
    are set aside. Other decisions (set-up, moving, drawing, paying) keep the normal choice."""
    if view["step"] != "main":
        return [pick]
    table = read(view)
    return runners_up(pick, [a for a in legal if a != pick and not a.startswith(NEVER)],
                      lambda left: main_step(table, left), 4)


def determinise(match: Match, seat: int, rng: Rng) -> Match:
    """The table with the other hands, route cards and the deck's order dealt again."""
    twin = fresh_copy(match, rng)
    s = twin.state
    others = [p for i, p in enumerate(s["players"]) if i != seat]
    pool = sorted(c for c in s["deck"] if c != TIME)  # sorted: the real order must not show
    for p in others:
        pool += [code for code in sorted(p["hand"]) for _ in range(int(p["hand"][code]))]
    pool.sort()
    rng.shuffle(pool)
    for p in others:
        size = sum(int(n) for n in p["hand"].values())
        dealt, pool = pool[:size], pool[size:]
        p["hand"] = {code: dealt.count(code) for code in p["hand"]}
    times = sum(1 for c in s["deck"] if c == TIME)
    deck = pool
    for _ in range(times):  # each still to come, somewhere in the lower half
        low = len(deck) // 2
        deck.insert(low + rng.below(len(deck) - low + 1), TIME)
    s["deck"] = deck
    me = s["players"][seat]
    mine = {me["route"], *me["route_offer"]}
    routes = sorted(set(range(len(twin.board.routes))) - mine)  # type: ignore[attr-defined]
    rng.shuffle(routes)
    for p in others:
        if p["route"] is not None:
            p["route"] = routes.pop()
        p["route_offer"] = [routes.pop() for _ in p["route_offer"]]
    return twin
