"""Each Spike player's key numbers in a few words, for the turn card."""

from __future__ import annotations

from typing import Any

from render.core.standings import standing_lines
from rules.core.lang import trn


def _count(value: object) -> int:
    return int(value) if isinstance(value, (int, float)) else 0


def player_numbers(view: dict[str, Any]) -> list[str]:
    """Money (Spike scores in dollars: the money is the score), cities linked, track left."""
    out = []
    for p, money in zip(view.get("players") or [], standing_lines(view), strict=True):
        lead = money or trn("${money}, {n} city linked", "${money}, {n} cities linked",
                            _count(p.get("cities_connected", 0)), money=p.get("money", 0))
        out.append(trn("{lead}, {n} track left", "{lead}, {n} tracks left",
                       _count(p.get("tracks_left", 0)), lead=lead))
    return out
