"""Each Trains player's key numbers in a few words, for the turn card."""

from __future__ import annotations

from typing import Any

from render.core.standings import counted, standing_lines


def player_numbers(view: dict[str, Any]) -> list[str]:
    """VP as the rulebook counts them, rails left, hand and deck sizes."""
    return [f"{vp or str(p.get('score', 0)) + ' VP'}, "
            f"{counted(p.get('cubes_left', 0), 'rail')} left, "
            f"{p.get('hand_size', 0)} in hand, {p.get('deck_size', 0)} in deck"
            for p, vp in zip(view.get("players") or [], standing_lines(view), strict=True)]
