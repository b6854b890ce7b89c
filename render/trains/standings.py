"""Each Trains player's key numbers in a few words, for the turn card."""

from __future__ import annotations

from typing import Any

from render.core.standings import standing_lines
from rules.core.lang import tr, trn


def player_numbers(view: dict[str, Any]) -> list[str]:
    """VP as the rulebook counts them, rails left, hand and deck sizes."""
    return [trn("{vp}, {n} rail left, {hand} in hand, {deck} in deck",
                "{vp}, {n} rails left, {hand} in hand, {deck} in deck",
                int(p.get("cubes_left", 0)) if isinstance(p.get("cubes_left", 0), (int, float))
                else 0, vp=vp or tr("{vp} VP", vp=p.get("score", 0)),
                hand=p.get("hand_size", 0), deck=p.get("deck_size", 0))
            for p, vp in zip(view.get("players") or [], standing_lines(view), strict=True)]
