"""Small drivers that put a Trains match in the position a test needs."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from rules.core.match import GameInfo, Option
from rules.trains import Trains
from rules.trains.game import INFO


def new(players: int = 2, seed: int = 0, **options: str) -> Trains:
    """A fresh match (still placing starting rails) with generic player names."""
    return Trains([f"P{i}" for i in range(players)], seed, options)


def due(m: Trains) -> int:
    """The one seat the match waits for."""
    (seat,) = m.to_act()
    return seat


def pick_hex(m: Trains, verb: str, hex_id: str) -> list[str]:
    """Choose a hex, going through the row menu when the list is split by rows."""
    seat = due(m)
    if f"{verb} {hex_id}" not in m.legal(seat):
        m.act(seat, f"row {m.board.hexes[hex_id].coord[0]}")
    return m.act(seat, f"{verb} {hex_id}")


def start(m: Trains, *hexes: str) -> None:
    """Place the starting rails, first player first, then clear every seat's cards."""
    for hex_id in hexes:
        pick_hex(m, "start", hex_id)
    assert m.state["phase"] == "turn"


def ready(players: int = 2, seed: int = 0, hexes: Iterable[str] = (), **options: str) -> Trains:
    """A match whose starting rails are placed (default: one plain hex apart per player)."""
    m = new(players, seed, **options)
    default = ["c4", "f6", "b8", "g4"]
    start(m, *(list(hexes) or default[:players]))
    return m


def set_cards(m: Trains, seat: int, hand: list[str], deck: list[str] | None = None,
              discard: list[str] | None = None) -> None:
    """Replace a player's hand (and optionally deck, top first, and discard pile)."""
    p = m.state["players"][seat]
    p["hand"] = list(hand)
    if deck is not None:
        p["deck"] = list(deck)
        p["known_top"] = 0
    if discard is not None:
        p["discard"] = list(discard)


def me(m: Trains) -> dict[str, Any]:
    """The current player's cards and pieces."""
    player: dict[str, Any] = m.state["players"][due(m)]
    return player


def play(m: Trains, *actions: str) -> list[str]:
    """Act for the due seat several times; return all log lines."""
    lines: list[str] = []
    for action in actions:
        lines += m.act(due(m), action)
    return lines


def with_custom(cards: str) -> type[Trains]:
    """A Trains class whose `custom_cards` option accepts this one list (see game.INFO)."""
    options = tuple(
        replace(o, choices=(cards,), default=cards) if o.id == "custom_cards" else o
        for o in INFO.options)
    info: GameInfo = replace(INFO, options=options)

    class Custom(Trains):
        """Trains with one more accepted custom list."""

    Custom.info = info
    return Custom


def only(**fixed: str) -> GameInfo:
    """INFO with some options narrowed to one value (for random play over every choice)."""
    options = tuple(Option(o.id, o.description, (fixed[o.id],), fixed[o.id])
                    if o.id in fixed else o for o in INFO.options)
    return replace(INFO, options=options)
