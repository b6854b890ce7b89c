"""Game clocks: a time per move plus a reserve bank per seat; deadlines derive from the wait."""

from __future__ import annotations

from bot.store.records import GameRow

DEFAULTS = {"board": "status", "remind_every": 12 * 3600, "remind_max": 4, "clock_move": 0,
            "clock_bank": 0}


def setting(game: GameRow, key: str) -> int | str:
    """A game setting, or its default."""
    value = game.settings.get(key, DEFAULTS[key])
    return value if isinstance(value, str) else int(value)


def has_clock(game: GameRow) -> bool:
    """True when the game runs with a time per move."""
    return int(setting(game, "clock_move")) > 0


def reserve_of(game: GameRow, seat: int) -> float:
    """Seconds left in a seat's bank (the full bank until it was first used)."""
    row = next(s for s in game.seats if s.seat == seat)
    return float(setting(game, "clock_bank")) if row.reserve is None else row.reserve


def deadline(game: GameRow, seat: int) -> float | None:
    """When the seat due now runs out of time (None without a clock or a running wait)."""
    if not has_clock(game) or game.waiting_since is None:
        return None
    return game.waiting_since + int(setting(game, "clock_move")) + reserve_of(game, seat)


def reserve_after_move(game: GameRow, seat: int, now: float) -> float | None:
    """The seat's bank after it moves at `now`: time beyond the per-move allowance comes out."""
    if not has_clock(game) or game.waiting_since is None:
        return None
    used = max(0.0, now - game.waiting_since)
    over = max(0.0, used - int(setting(game, "clock_move")))
    return max(0.0, reserve_of(game, seat) - over)
