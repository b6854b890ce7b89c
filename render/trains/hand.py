"""A Trains seat's hand as cards: identical cards grouped, a coloured band per card type."""

from __future__ import annotations

from collections import Counter
from typing import Any

from render.core import canvas as cv
from render.core.canvas import RGB
from render.core.hands import HandCard
from render.trains.panels import type_word
from rules.core.lang import term, tr, trn

# Trains effects are long: two cards a row.
HAND_COLUMNS = 2
# Card type bands: each also names its type in words, so the hue is never the only cue.
TRAINS_TYPES: dict[str, RGB] = {
    "train": (0, 107, 178),
    "action": (220, 130, 190),
    "rail": (150, 80, 30),
    "station": (0, 130, 95),
    "vp": (240, 200, 30),
    "waste": (98, 110, 120),
}


def _effect(facts: dict[str, Any]) -> str:
    """What a Trains card gives when played (or at the end), in a few words."""
    types = [str(t) for t in facts.get("types") or []]
    if "waste" in types:
        return tr("cannot be played")
    if "vp" in types:
        return tr("{vp} VP at the end; cannot be played", vp=facts.get("vp", 0))
    coins = int(facts.get("coins") or 0)
    gives = [trn("+{n} coin", "+{n} coins", coins)] if coins else []
    does = str(facts.get("does") or "")
    return ", ".join(gives + ([does] if does else [])) or "—"


def hand_cards(private: dict[str, Any], public: dict[str, Any]) -> list[HandCard]:
    """The Trains hand: identical cards grouped, ordered by type then name.

    The private view's `card_facts` ({card id: {"name", "cost", "coins", "vp", "types",
    "does"}}) give each held card's words; any missing fact falls back to the public supply or
    is left out.
    """
    hand = [str(c) for c in (private.get("you") or {}).get("hand") or []]
    supply = {str(p["card"]): p for p in public.get("supply") or []}
    given = private.get("card_facts") or {}
    out = []
    for card, n in Counter(hand).items():
        facts = {**supply.get(card, {}), **given.get(card, {})}
        types = [str(t) for t in facts.get("types") or []]
        bands = tuple((type_word(t), TRAINS_TYPES.get(t, cv.MUTED)) for t in types)
        cost = None if "waste" in types or "cost" not in facts else int(facts["cost"])
        name = term(str(facts.get("name") or card.replace("-", " ").title()))
        out.append(HandCard(name, n, bands or ((tr("card"), cv.MUTED),), cost, _effect(facts)))
    # Trains first (the money), then actions, rails, stations, VP and Waste, as the bands read.
    order = {word: i for i, word in enumerate(type_word(t) for t in TRAINS_TYPES)}
    return sorted(out, key=lambda c: (order.get(c.bands[0][0], len(order)), c.name))
