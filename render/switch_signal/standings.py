"""Each Switch & Signal player's key numbers in a few words, for the turn card."""

from __future__ import annotations

from typing import Any

from render.core.standings import counted, standing


def player_numbers(view: dict[str, Any]) -> list[str]:
    """How many action cards each player holds."""
    return [counted(p.get("hand_size", 0), "action card") for p in view.get("players") or []]


def table_line(view: dict[str, Any]) -> str:
    """The whole table's numbers: the game is cooperative (goods delivered of the goal, time
    tokens, departure cards left: the game's standing)."""
    said = standing(view).get("table")
    if said:
        return str(said)
    clock = view.get("clock") or {}
    return (f"Goods delivered: {view.get('delivered_total', 0)} of {view.get('goods_goal', '?')}"
            f" · clock: {clock.get('tokens', 0)} of {clock.get('size', 0)} time tokens left")
