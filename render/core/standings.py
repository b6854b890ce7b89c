"""Each player's key numbers in a few words, for the turn card: what a phone reader checks first.

The words come from the game's package (`player_numbers`, and `table_line` for a cooperative
game, see render.core.games); a game without them shows only the players' names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from render.core import games

Row = tuple[int, str, str]  # seat, name, numbers in words


def counted(count: object, word: str) -> str:
    """`3 cubes`, `1 cube`."""
    value = int(count) if isinstance(count, (int, float)) else 0
    return f"{value} {word}{'' if value == 1 else 's'}"


def _hook(view: dict[str, Any], name: str) -> Callable[[dict[str, Any]], Any] | None:
    """The game package's function `name`, if it has one."""
    return getattr(games.package(view.get("game")), name, None)


def standings(view: dict[str, Any]) -> list[Row]:
    """(seat, name, key numbers) for every player, in seat order."""
    players = view.get("players") or []
    numbers = _hook(view, "player_numbers")
    if numbers is None:
        return [(int(p["seat"]), str(p.get("name", "?")), "") for p in players]
    return [(int(p["seat"]), str(p.get("name", "?")), words)
            for p, words in zip(players, numbers(view), strict=True)]


def table_line(view: dict[str, Any]) -> str:
    """The whole table's numbers for a cooperative game (goods delivered, time left)."""
    line = _hook(view, "table_line")
    return str(line(view)) if line is not None else ""


def stage(view: dict[str, Any]) -> str:
    """Where the game stands: "Round 3 of 5", "Turn 30"."""
    if view.get("round"):
        of = f" of {view['rounds']}" if view.get("rounds") else ""
        return f"Round {view['round']}{of}"
    turn = view.get("turn_number") or view.get("turn")
    return f"Turn {turn}" if isinstance(turn, int) else ""
