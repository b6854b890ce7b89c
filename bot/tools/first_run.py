"""The first run without a token: a game here in the terminal, alone against the computer first."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rules
from rules.core.lang import tr

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
        if typed in ("q", "quit", "exit", "n", "no") or typed in _giving_up():
            return None
        if typed.isdigit() and int(typed) in allowed:
            return int(typed)
        print("  " + tr("Type a number from {first} to {last}, or press Enter for {default}.",
                        first=allowed[0], last=allowed[-1], default=default))


def _giving_up() -> set[str]:
    """The words that stop the offer in the language spoken (`q`, `quit`, `no` always do)."""
    return {w.strip().lower() for w in tr("q, quit, exit, n, no").split(",")}


def _alone() -> list[str]:
    """The name of a person playing alone: "You" (French « Joueur »)."""
    from bot.tools.local import default_names

    return default_names(1)


def offer(ask: Ask = input) -> dict[str, Any] | None:
    """Ask which game and how many computers; the arguments for a local game, or None."""
    games = rules.catalog()
    print(tr("Or play here, in this terminal, with computer players (or friends at this "
             "keyboard):"))
    for i, game in enumerate(games, start=1):
        info = rules.game_info(str(game["id"]))
        print(f"  {i}. " + tr("{title} ({fewest}-{most} players) — {summary}", title=game["title"],
                              fewest=game["min_players"], most=game["max_players"],
                              summary=info.said_summary()))
    pick = _number(ask, tr("Which game? [1-{last}, Enter for 1, q to quit] ", last=len(games)),
                   range(1, len(games) + 1), 1)
    if pick is None:
        return None
    game = games[pick - 1]
    low, high = int(game["min_players"]), int(game["max_players"])
    # You take one seat and the computers the others; with none, friends share the keyboard.
    fewest = max(low - 1, 1)
    usual = max(fewest, min(2, high - 1))
    computers = _number(ask, tr("How many computer players? [{fewest}-{most}, Enter for "
                                "{usual}; 0 for a hot seat: everyone plays at this keyboard] ",
                                fewest=fewest, most=high - 1, usual=usual),
                        range(0, high), usual)
    if computers is None:
        return None
    if computers == 0:
        first = max(low, 1)
        people = _number(ask, tr("How many people at this keyboard? [{first}-{most}, Enter "
                                 "for {first}] ", first=first, most=high),
                         range(first, high + 1), first)
        if people is None:
            return None
        return {"game": game["id"], "players": people, "computers": 0,
                "names": _alone() if people == 1 else None}  # alone: a solo game
    if computers < fewest:
        print("  " + tr("{title} needs {n} players: {computers} computers take the other seats.",
                        title=game["title"], n=low, computers=fewest))
        computers = fewest
    return {"game": game["id"], "players": computers + 1, "computers": computers,
            "names": _alone()}
