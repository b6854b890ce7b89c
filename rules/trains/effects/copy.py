"""Stationmaster Office: use the text of another Action card (rulebook 'Bureau du chef de gare').

Rulebook (default): an Action card in the play area. Printed card (`printed_cards`): an Action
card in the hand, which stays there (digest D1). The coin value is never copied.
"""

from __future__ import annotations

from rules.core.lang import msg, tr
from rules.trains.effects.base import EFFECTS, STEPS, Effect, Step, pending, with_skip
from rules.trains.table import Pending, Table

SELF = "stationmaster-office"


def copy_targets(t: Table, eid: int) -> list[str]:
    """Action cards whose effect could be applied in full by this Stationmaster Office now."""
    if t.printed:
        source = t.hand_kinds("action")
    else:
        source = sorted({e["card"] for e in t.turn["play"] if e["id"] != eid})
    out = []
    for card in source:
        effect = t.cards[card].effect
        if card != SELF and t.cards[card].is_("action") and effect is not None:
            if EFFECTS[effect].can(t, eid):
                out.append(card)
    return out


def stationmaster_can(t: Table, eid: int) -> bool:
    """Some Action card can be copied."""
    return bool(copy_targets(t, eid))


def stationmaster_start(t: Table, eid: int, forced: bool) -> Pending | None:
    """Ask which Action card to copy."""
    return pending("copy", t, eid, forced)


def _copy_choose(t: Table, p: Pending, action: str) -> Pending | None:
    card = action.removeprefix("copy ")
    effect = t.cards[card].effect
    assert effect is not None
    e = t.entry(p["entry"])
    e.update(effect=effect, on=True)
    e["as"] = card
    t.say(msg("{player} uses {card} as {other}.", player=t.who(), card=t.name(SELF),
              other=t.name(card)))
    return EFFECTS[effect].start(t, p["entry"], True)


EFFECTS[SELF] = Effect(stationmaster_can, stationmaster_start)
STEPS["copy"] = Step(lambda t, p: with_skip(t, p, [f"copy {c}" for c in copy_targets(
    t, p["entry"])]), _copy_choose,
    lambda card: tr("choose an Action card to copy ({card})", card=card))
