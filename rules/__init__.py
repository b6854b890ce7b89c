"""Railyard rules: pure, synchronous game logic behind one small contract.

    rules.catalog()                       -> one entry per game
    rules.new_match(game_id, players, seed, options=None, rules_version=None) -> Match
    rules.load_match(text)                -> Match (from Match.to_json())
    rules.replay(game_id, players, seed, options, log, rules_version=None) -> Match
    rules.guide(game_id)                  -> how to play, and the topics `/game explain` knows
    rules.register(cls) / rules.unregister(game_id) -> a game from outside this package (a test's)

A match's words for players: `m.prompt(seat)`, `m.choices(seat)` (each legal action with a
label saying what it costs and gives, and at its end what it risks: time tokens, the end of a
round or of the game, a card left unused), refusals that say why, `m.private_lines(seat)`, and
`m.standing()`: who leads in the game's own measure, from public information only (a
cooperative game: the table's progress), also in every view as `standing`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from rules.core.choices import Choice
from rules.core.errors import IllegalAction, UnknownGame
from rules.core.guide import Guide, load_guide
from rules.core.match import GameInfo, Match, Option
from rules.railroad_revolution import RailroadRevolution
from rules.spike import Spike
from rules.steel_driver import SteelDriver
from rules.switch_signal import SwitchSignal
from rules.trains import Trains

__all__ = [
    "Choice",
    "Guide",
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
    "guide",
    "register",
    "unregister",
]

# The registry: one line per game (and its import above). Order is the catalog's order.
_GAMES: dict[str, type[Match]] = {
    cls.info.id: cls
    for cls in (SteelDriver, Trains, SwitchSignal, RailroadRevolution, Spike)
}
_BUILT_IN = frozenset(_GAMES)


def register(cls: type[Match]) -> None:
    """Add a game kept outside this package (a test's own game) to the catalog, until
    `unregister`; a game id that is already taken is refused."""
    game = cls.info.id
    if _GAMES.get(game, cls) is not cls:
        raise ValueError(f"Game id `{game}` is taken.")
    _GAMES[game] = cls


def unregister(game_id: str) -> None:
    """Take a game added with `register` out of the catalog (the games of this package stay)."""
    if game_id in _BUILT_IN:
        raise ValueError(f"`{game_id}` is one of this package's games: it cannot be removed.")
    _GAMES.pop(game_id, None)


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


def guide(game_id: str) -> Guide:
    """How to play a game, in pages, and the topics its players can ask to have explained."""
    cls = _game_class(game_id)
    return load_guide(cls.__module__.rsplit(".", 1)[0], cls.info.title)


def new_match(
    game_id: str, players: Sequence[str] | int, seed: int, options: dict[str, Any] | None = None,
    rules_version: int | None = None,
) -> Match:
    """Set up a new match; `players` is a list of names or a player count.

    `rules_version` is the version a stored game started under (None: the current one).
    """
    names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else players
    return _game_class(game_id)(list(names), seed, options, rules_version)


def replay(
    game_id: str,
    players: Sequence[str] | int,
    seed: int,
    options: dict[str, Any] | None,
    log: Iterable[tuple[int, str]],
    rules_version: int | None = None,
) -> Match:
    """Rebuild a match by applying its log to a new match."""
    match = new_match(game_id, players, seed, options, rules_version)
    for seat, text in log:
        match.act(seat, text)
    return match


def load_match(text: str) -> Match:
    """Rebuild a match from `Match.to_json()` text, using its snapshot when it still fits.

    A text without a rules version was written before versions were kept: version 1. A snapshot
    of another state layout is ignored and the log replayed.
    """
    data = json.loads(text)
    version = int(data.get("rules_version", 1))
    match = new_match(data["game"], data["players"], data["seed"], data["options"], version)
    if "state" in data and data.get("format") == match.state_format:
        match.restore(data["log"], data.get("lines", []), data["state"],
                      data.get("reveals", []))
        return match
    return replay(data["game"], data["players"], data["seed"], data["options"],
                  [(s, a) for s, a in data["log"]], version)
