"""Each Spike player's key numbers in a few words, for the turn card."""

from __future__ import annotations

from typing import Any

from render.core.standings import counted


def player_numbers(view: dict[str, Any]) -> list[str]:
    """VP (once scored), money, cities linked and track left."""
    scores = view.get("scores") or []
    out = []
    for p in view.get("players") or []:
        seat = int(p["seat"])
        vp = f"{scores[seat]:.0f} VP, " if seat < len(scores) else ""
        out.append(f"{vp}${p.get('money', 0)}, {counted(p.get('cities_connected', 0), 'city')} "
                   f"linked, {counted(p.get('tracks_left', 0), 'track')} left")
    return [line.replace("citys", "cities") for line in out]
