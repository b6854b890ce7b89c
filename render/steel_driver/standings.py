"""Each Steel Driver player's key numbers in a few words, for the turn card."""

from __future__ import annotations

from typing import Any

from render.core.standings import counted


def player_numbers(view: dict[str, Any]) -> list[str]:
    """Cash, cubes and shares: cash is the score until the final payout (the results card shows
    that), so it comes first."""
    out = []
    for p in view.get("players") or []:
        shares = sum(int(n) for n in (p.get("shares") or {}).values())
        out.append(f"${p.get('cash', 0)} cash, {counted(p.get('cubes', 0), 'cube')}, "
                   f"{counted(shares, 'share')}")
    return out
