"""Each Steel Driver player's key numbers in a few words, for the turn card."""

from __future__ import annotations

from typing import Any

from render.core.standings import counted, standing_lines


def player_numbers(view: dict[str, Any]) -> list[str]:
    """What the player would have if the game ended now (cash + shares at their value now:
    the final payout outweighs the rounds' income, so cash alone misleads), then cubes and
    shares."""
    out = []
    for p, worth in zip(view.get("players") or [], standing_lines(view), strict=True):
        shares = sum(int(n) for n in (p.get("shares") or {}).values())
        lead = worth or f"${p.get('cash', 0)} cash"
        out.append(f"{lead}, {counted(p.get('cubes', 0), 'cube')}, {counted(shares, 'share')}")
    return out
