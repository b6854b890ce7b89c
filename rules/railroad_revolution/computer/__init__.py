"""The computer player of Railroad Revolution, deciding from its seat's view only.

Strategy in short: every option is priced in VP. Rails go where they bring milestones closer
(cities of the right level, terrain and market spaces), stations and telegraph offices score
through their tracks, neighbour links and milestones, money counts less as the end nears, and
the worker's ability is weighed against a promotion that completes a milestone.
"""

from __future__ import annotations

from typing import Any

from rules.core.rng import Rng
from rules.railroad_revolution.computer import minor
from rules.railroad_revolution.computer.hub import choose_hub
from rules.railroad_revolution.computer.model import Me
from rules.railroad_revolution.computer.turn import choose_place


def _decide(me: Me, kind: str, pending: dict[str, Any], legal: list[str]) -> str:
    """The choice for a decision of that kind."""
    if kind == "place":
        if "hire" in legal and minor.hire_colour(me) is not None:
            return "hire"
        return choose_place(me, legal)
    if kind == "hub":
        return choose_hub(me, pending, legal)
    simple = {
        "setup": minor.choose_setup, "promote": minor.choose_promote,
        "flip": minor.choose_flip, "take": minor.choose_take, "market": minor.choose_market,
        "rail": minor.choose_rail, "city": minor.choose_city, "office": minor.choose_office,
        "exchange": minor.choose_exchange, "discard": minor.choose_discard,
        "trackdiscard": minor.choose_discard, "pick": minor.choose_pick,
        "gain": minor.choose_gain, "hire": minor.choose_hire,
    }
    if kind == "advance":
        return minor.choose_advance(me, pending, legal)
    if kind in simple:
        return simple[kind](me, legal)
    return legal[0]


def choose(view: dict[str, Any], legal: list[str], rng: Rng) -> str:
    """One text of `legal`: the computer's choice from `view` alone (no randomness needed)."""
    pending = view.get("pending") or {}
    kind = str(pending.get("kind", ""))
    me = Me(view)
    picked = _decide(me, kind, pending, legal)
    if picked in legal:
        return picked
    # Never sell a share or hire by accident: the engine sells shares itself to pay.
    quiet = [a for a in legal if a not in ("sell share", "hire")]
    return rng.choice(quiet) if quiet else legal[0]
