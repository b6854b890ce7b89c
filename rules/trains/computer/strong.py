"""Trains at the gentle and strong levels: the buying decision, weighed or played out, and
(strong only) where to lay a rail or place a station, played out.

What a seat cannot see in Trains is the order of its own deck and where the other players'
cards are (« chaque joueur mélange ses 10 cartes »): every card a player owns was dealt,
bought or gained in the open, so a sample keeps what each owns and deals it again.
"""

from __future__ import annotations

from typing import Any

from rules.core.levels import fresh_copy
from rules.core.match import Match
from rules.core.rng import Rng
from rules.trains.computer import board as cb
from rules.trains.computer.cards import buy_values, outlook, progress
from rules.trains.computer.steps import arguments, hex_scores

ROLLOUTS = 4  # hidden hands: each candidate is played out on up to four deals
# Fewer deals than this say more about the shuffle than the buy (self-play: with one or two,
# the strong computer won 5 of 16 against the normal one): early buys stay the normal ones.
MIN_ROLLOUTS = 3
MARGIN = 0.15  # in wins: an alternative buy must do this much better on the same deals
BUDGET = 1200  # decisions played out per decision (about a second on a quiet core)
SPACE_MARGIN = 0.05  # a space needs less: the same deals tell two spaces apart well
SPACES = 3  # spaces played out for a rail or a station, the normal choice among them
GENTLE_NEVER = ("end turn",)  # with a useful buy in reach, gentle buys something
GENTLE_SLIP = 0.8  # gentle slips only at the few decisions ranked here: often, then


def ranked(view: dict[str, Any], legal: list[str], pick: str, rng: Rng) -> list[str]:
    """At the buy ('Acheter une carte'): the buys the normal computer values, best first, and
    ending the turn. Other decisions keep the normal choice alone (playing a card is free)."""
    if view["you"]["pending"] is not None or not (pick.startswith("buy ") or pick == "end turn"):
        return [pick]
    values = buy_values(view, *outlook(view, cb.read(view, progress(view))))
    buys = [a for a in legal if a.startswith("buy ") and values.get(a[4:], 0.0) > 0]
    buys.sort(key=lambda a: (-values[a[4:]], a))
    return [pick, *buys, "end turn"]


def candidates(view: dict[str, Any], legal: list[str], pick: str, rng: Rng) -> list[str]:
    """What the strong computer plays out: the buys, and where to lay a rail or place a
    station, the spaces the normal computer scores best (a lay or a station changes no deck,
    so the same deals tell two spaces apart well)."""
    kind = (view["you"]["pending"] or {}).get("kind", "")
    if kind not in ("lay", "station") or arguments(legal, "row"):
        return ranked(view, legal, pick, rng)
    options = arguments(legal, kind)
    scores = hex_scores(view, cb.read(view, progress(view)), kind, options)
    best = sorted((h for h in options if h in scores), key=lambda h: (-scores[h], h))
    return [pick, *(f"{kind} {h}" for h in best[:SPACES])]


def margin(pick: str) -> float:
    """How much better an alternative must do: a space, whose deals stay alike whatever is
    chosen, needs less than a buy, which changes the deck and so every later shuffle."""
    return SPACE_MARGIN if pick.startswith(("lay ", "station ")) else MARGIN


def determinise(match: Match, seat: int, rng: Rng) -> Match:
    """The table with the cards `seat` cannot see dealt again.

    The seat's own deck is shuffled below the cards it has looked at (`known_top`); each other
    player's hand, deck and discard pile are pooled and dealt again in the same sizes.
    """
    twin = fresh_copy(match, rng)
    for other, p in enumerate(twin.state["players"]):
        if other == seat:
            known = int(p["known_top"])
            rest = sorted(p["deck"][known:])  # sorted first: the real order must not show
            rng.shuffle(rest)
            p["deck"] = [*p["deck"][:known], *rest]
            continue
        sizes = len(p["hand"]), len(p["deck"])
        pool = sorted([*p["hand"], *p["deck"], *p["discard"]])
        rng.shuffle(pool)
        p["hand"] = pool[:sizes[0]]
        p["deck"] = pool[sizes[0]:sizes[0] + sizes[1]]
        p["discard"] = pool[sizes[0] + sizes[1]:]
    return twin
