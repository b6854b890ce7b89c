"""Each Railroad Revolution player's key numbers in a few words, for the turn card."""

from __future__ import annotations

from typing import Any

from render.core.standings import standing_lines
from rules.core.lang import trn


def player_numbers(view: dict[str, Any]) -> list[str]:
    """VP now, money and shares (the tie-break), stations."""
    out = []
    for p, vp in zip(view.get("players") or [], standing_lines(view), strict=True):
        shares = int(p.get("shares", 0) or 0)
        lead = vp or trn("{vp} VP, ${money}, {n} share", "{vp} VP, ${money}, {n} shares", shares,
                         vp=p.get("score", 0), money=str(p.get("money", 0)))
        out.append(trn("{lead}, {n} station", "{lead}, {n} stations",
                       len(p.get("stations") or []), lead=lead))
    return out
