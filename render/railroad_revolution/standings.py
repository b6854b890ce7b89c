"""Each Railroad Revolution player's key numbers in a few words, for the turn card."""

from __future__ import annotations

from typing import Any

from render.core.standings import counted, standing_lines


def player_numbers(view: dict[str, Any]) -> list[str]:
    """VP now, money and shares (the tie-break), stations."""
    out = []
    for p, vp in zip(view.get("players") or [], standing_lines(view), strict=True):
        lead = vp or (f"{p.get('score', 0)} VP, ${p.get('money', 0)}, "
                      f"{counted(p.get('shares', 0), 'share')}")
        out.append(f"{lead}, {counted(len(p.get('stations') or []), 'station')}")
    return out
