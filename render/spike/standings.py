"""Each Spike player's key numbers in a few words, for the turn card."""

from __future__ import annotations

from typing import Any

from render.core.standings import counted, standing_lines


def player_numbers(view: dict[str, Any]) -> list[str]:
    """Money (Spike scores in dollars: the money is the score), cities linked, track left."""
    out = []
    for p, money in zip(view.get("players") or [], standing_lines(view), strict=True):
        lead = money or (f"${p.get('money', 0)}, "
                         f"{counted(p.get('cities_connected', 0), 'city')} linked")
        out.append(f"{lead}, {counted(p.get('tracks_left', 0), 'track')} left")
    return [line.replace("citys", "cities") for line in out]
