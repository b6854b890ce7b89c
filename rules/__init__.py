"""Railyard rules: pure, synchronous game logic behind one small contract.

    rules.catalog()                       -> one entry per game
    rules.new_match(game_id, players, seed, options=None) -> Match
    rules.load_match(text)                -> Match (from Match.to_json())
    rules.replay(game_id, players, seed, options, log) -> Match
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from rules.core.errors import IllegalAction, UnknownGame
from rules.core.match import GameInfo, Match, Option
from rules.railroad_revolution import RailroadRevolution
from rules.spike import Spike
from rules.steel_driver import SteelDriver
from rules.switch_signal import SwitchSignal
from rules.trains import Trains

__all__ = [
    "IllegalAction",
    "UnknownGame",
    "GameInfo",
    "Match",
    "Option",
    "catalog",
    "game_info",
    "new_match",
    "load_match",
    "replay",
]

_GAMES: dict[str, type[Match]] = {
    cls.info.id: cls
    for cls in (SteelDriver, Trains, SwitchSignal, RailroadRevolution, Spike)
}


def catalog() -> list[dict[str, Any]]:
    """One entry per game: id, title, min_players, max_players, options."""
    return [cls.info.to_dict() for cls in _GAMES.values()]


def game_info(game_id: str) -> GameInfo:
    """The catalog entry of one game."""
    return _game_class(game_id).info


def _game_class(game_id: str) -> type[Match]:
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(_GAMES)
        raise UnknownGame(f"No game `{game_id}`. Games: {known}.") from None


def new_match(
    game_id: str, players: Sequence[str] | int, seed: int, options: dict[str, Any] | None = None
) -> Match:
    """Set up a new match; `players` is a list of names or a player count."""
    names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else players
    return _game_class(game_id)(list(names), seed, options)


def replay(
    game_id: str,
    players: Sequence[str] | int,
    seed: int,
    options: dict[str, Any] | None,
    log: Iterable[tuple[int, str]],
) -> Match:
    """Rebuild a match by applying its log to a new match."""
    match = new_match(game_id, players, seed, options)
    for seat, text in log:
        match.act(seat, text)
    return match


def load_match(text: str) -> Match:
    """Rebuild a match from `Match.to_json()` text, using its snapshot when it has one."""
    data = json.loads(text)
    match = new_match(data["game"], data["players"], data["seed"], data["options"])
    if "state" in data:
        match.restore(data["log"], data.get("lines", []), data["state"],
                      data.get("reveals", []))
        return match
    return replay(data["game"], data["players"], data["seed"], data["options"],
                  [(s, a) for s, a in data["log"]])
