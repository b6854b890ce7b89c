"""When to remind a waiting player: their pace, their quiet hours, and a bounded count."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.store.records import GameRow
from bot.tables import clocks
from rules.core.lang import tr
from rules.core.text import echo


@dataclass(frozen=True)
class Prefs:
    """A player's own reminder preferences."""

    every: int | None = None  # seconds; None: the game's pace
    quiet: tuple[int, int] | None = None  # local hours [start, end)
    tz: str = "UTC"
    dm: bool = False

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Prefs:
        """From the stored JSON."""
        quiet = data.get("quiet")
        hours = (int(quiet[0]), int(quiet[1])) if quiet else None
        return cls(every=data.get("every"), quiet=hours, tz=str(data.get("tz", "UTC")),
                   dm=bool(data.get("dm", False)))

    def to_dict(self) -> dict[str, Any]:
        """To JSON."""
        return {"every": self.every, "quiet": list(self.quiet) if self.quiet else None,
                "tz": self.tz, "dm": self.dm}


def zone(name: str) -> ZoneInfo:
    """A time zone by IANA name; ValueError with a hint otherwise."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(tr("`{typed}` is not a time zone: try `Europe/Paris` or "
                            "`America/New_York`.", typed=echo(name))) from None


def parse_quiet(text: str) -> tuple[int, int] | None:
    """`22-8` → (22, 8); `off` → None."""
    cleaned = text.strip().lower().replace(" ", "")
    if cleaned in ("off", "none", ""):
        return None
    start, sep, end = cleaned.partition("-")
    if not sep or not start.isdigit() or not end.isdigit() or not (
            0 <= int(start) <= 23 and 0 <= int(end) <= 23) or start == end:
        raise ValueError(tr("Quiet hours look like `22-8` (from 22:00 to 08:00), or `off`."))
    return int(start), int(end)


def is_quiet(prefs: Prefs, now: float) -> bool:
    """True during the player's quiet hours, in their own time zone."""
    if prefs.quiet is None:
        return False
    hour = datetime.fromtimestamp(now, zone(prefs.tz)).hour
    start, end = prefs.quiet
    return start <= hour < end if start < end else hour >= start or hour < end


def pace(game: GameRow, prefs: Prefs) -> int:
    """Seconds between reminders: the player's own pace, or the game's."""
    return int(prefs.every or clocks.setting(game, "remind_every"))


def next_reminder(game: GameRow, prefs: Prefs, sent: int, snoozes: int) -> float | None:
    """When reminder number sent+1 is due, or None when reminders are off or used up."""
    every = pace(game, prefs)
    if every <= 0 or game.waiting_since is None:
        return None
    if sent >= int(clocks.setting(game, "remind_max")):
        return None
    return game.waiting_since + every * (sent + 1 + snoozes)


def wording(n: int, game: GameRow, title: str, waited: str) -> str:
    """Gentle at first, firmer later, and a clear last one (in the language spoken now)."""
    if n >= int(clocks.setting(game, "remind_max")):
        return tr("last reminder for your move in {title}; I will stop nagging now.",
                  title=title)
    if n <= 1:
        return tr("your turn in {title} is waiting for you.", title=title)
    if n == 2:
        return tr("still your move in {title}; the table is waiting.", title=title)
    return tr("the table has waited {waited} for your move in {title}. If you cannot play, "
              "`/game handover` your seat or `/game resign`.", title=title, waited=waited)
