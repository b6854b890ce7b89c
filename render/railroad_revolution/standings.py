"""Each Railroad Revolution player's key numbers in a few words, for the turn card."""

from __future__ import annotations

from typing import Any

from render.core.standings import counted


def player_numbers(view: dict[str, Any]) -> list[str]:
    """VP, money, shares and stations."""
    return [f"{p.get('score', 0)} VP, ${p.get('money', 0)}, "
            f"{counted(p.get('shares', 0), 'share')}, "
            f"{counted(len(p.get('stations') or []), 'station')}"
            for p in view.get("players") or []]
