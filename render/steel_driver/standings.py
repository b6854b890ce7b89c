"""Each Steel Driver player's key numbers in a few words, for the turn card."""

from __future__ import annotations

from typing import Any

from render.core.standings import standing_lines
from rules.core.lang import tr, trn


def player_numbers(view: dict[str, Any]) -> list[str]:
    """What the player would have if the game ended now (cash + shares at their value now:
    the final payout outweighs the rounds' income, so cash alone misleads), then cubes and
    shares."""
    out = []
    for p, worth in zip(view.get("players") or [], standing_lines(view), strict=True):
        shares = sum(int(n) for n in (p.get("shares") or {}).values())
        lead = worth or tr("${amount} cash", amount=p.get("cash", 0))
        out.append(tr("{standing}, {cubes}, {shares}", standing=lead,
                      cubes=trn("{n} cube", "{n} cubes", int(p.get("cubes", 0))),
                      shares=trn("{n} share", "{n} shares", shares)))
    return out
