"""Each Switch & Signal player's key numbers in a few words, for the turn card."""

from __future__ import annotations

from typing import Any

from render.core.standings import standing
from rules.core.lang import tr, trn


def player_numbers(view: dict[str, Any]) -> list[str]:
    """How many action cards each player holds."""
    return [trn("{n} action card", "{n} action cards", _count(p.get("hand_size", 0)))
            for p in view.get("players") or []]


def _count(value: object) -> int:
    return int(value) if isinstance(value, (int, float)) else 0


def table_line(view: dict[str, Any]) -> str:
    """The whole table's numbers: the game is cooperative (goods delivered of the goal, time
    tokens, departure cards left: the game's standing)."""
    said = standing(view).get("table")
    if said:
        return str(said)
    clock = view.get("clock") or {}
    return tr("Goods delivered: {n} of {goal} · clock: {clock} of {size} time tokens left",
              n=view.get("delivered_total", 0), goal=view.get("goods_goal", "?"),
              clock=clock.get("tokens", 0), size=clock.get("size", 0))
