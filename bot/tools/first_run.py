"""The first run without a token: a game here in the terminal, alone against the computer first."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rules

Ask = Callable[[str], str]


def boards_folder(wanted: str | None, data: Path | None = None) -> Path:
    """Where `railyard play` may write its pictures: the folder asked for (`--out`, else
    RAILYARD_BOARDS, as the image sets on its data volume), else `boards/` here, else beside
    the games' database, else a temporary folder."""
    if wanted:
        return Path(wanted)
    chosen = os.environ.get("RAILYARD_BOARDS", "").strip()
    if chosen and _usable(Path(chosen)):
        return Path(chosen).resolve()
    if _usable(Path("boards")):
        return Path("boards")
    if data is not None and _usable(data / "boards"):
        return (data / "boards").resolve()
    return Path(tempfile.gettempdir()) / "railyard-boards"


def _usable(target: Path) -> bool:
    """Whether `target` is a folder that takes files, or can be made in one that does."""
    if target.exists():
        return target.is_dir() and os.access(target, os.W_OK | os.X_OK)
    parent = target.parent
    return parent.is_dir() and os.access(parent, os.W_OK | os.X_OK)


def _number(ask: Ask, prompt: str, allowed: range, default: int) -> int | None:
    """A number among `allowed` (Enter: the default); None when the person gives up."""
    while True:
        typed = ask(prompt).strip().lower()
        if not typed:
            return default
        if typed in ("q", "quit", "exit", "n", "no"):
            return None
        if typed.isdigit() and int(typed) in allowed:
            return int(typed)
        print(f"  Type a number from {allowed[0]} to {allowed[-1]}, or press Enter for "
              f"{default}.")


def offer(ask: Ask = input) -> dict[str, Any] | None:
    """Ask which game and how many computers; the arguments for a local game, or None."""
    games = rules.catalog()
    print("Or play here, in this terminal, with computer players (or friends at this "
          "keyboard):")
    for i, game in enumerate(games, start=1):
        print(f"  {i}. {game['title']} ({game['min_players']}-{game['max_players']} players)"
              f" — {game['summary']}")
    pick = _number(ask, f"Which game? [1-{len(games)}, Enter for 1, q to quit] ",
                   range(1, len(games) + 1), 1)
    if pick is None:
        return None
    game = games[pick - 1]
    low, high = int(game["min_players"]), int(game["max_players"])
    # You take one seat and the computers the others; with none, friends share the keyboard.
    fewest = max(low - 1, 1)
    usual = max(fewest, min(2, high - 1))
    computers = _number(ask, f"How many computer players? [{fewest}-{high - 1}, Enter for "
                        f"{usual}; 0 for a hot seat: everyone plays at this keyboard] ",
                        range(0, high), usual)
    if computers is None:
        return None
    if computers == 0:
        first = max(low, 1)
        people = _number(ask, f"How many people at this keyboard? [{first}-{high}, Enter for "
                         f"{first}] ", range(first, high + 1), first)
        if people is None:
            return None
        return {"game": game["id"], "players": people, "computers": 0,
                "names": ["You"] if people == 1 else None}  # alone: a solo game
    if computers < fewest:
        print(f"  {game['title']} needs {low} players: {fewest} computers take the other "
              "seats.")
        computers = fewest
    return {"game": game["id"], "players": computers + 1, "computers": computers,
            "names": ["You"]}
