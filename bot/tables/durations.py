"""Durations as people type them: `90s`, `15m`, `12h`, `2d`, `1h30m`, `off`; and as they read
them, in the language spoken (`1d 2h` in English, « 1 j 2 h » in French)."""

from __future__ import annotations

import re
from datetime import timedelta

from babel.dates import format_timedelta

from rules.core.lang import ENGLISH, language, tr
from rules.core.text import echo

_PART = re.compile(r"(\d+)\s*([smhdw])")
_UNIT = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


def parse_duration(text: str) -> int:
    """Seconds in a duration; 0 for `off`/`none`/`0`; ValueError with a hint otherwise."""
    cleaned = text.strip().lower().replace(" ", "")
    if cleaned in ("off", "none", "no", "0"):
        return 0
    parts = _PART.findall(cleaned)
    if not parts or "".join(n + u for n, u in parts) != cleaned:
        raise ValueError(tr("`{typed}` is not a duration: try `30m`, `12h`, `2d` or `off`.",
                            typed=echo(text)))
    return sum(int(n) * _UNIT[u] for n, u in parts)


def format_duration(seconds: float) -> str:
    """`1d 2h`, `45m`, `off` (at most two units), in the language spoken: English as typed,
    other languages with their own unit words (Babel's CLDR data: « 1 j 2 h », « 45 min »)."""
    total = int(seconds)
    if total <= 0:
        return tr("off")
    code = language()
    parts = []
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60), ("s", 1)):
        if total >= size:
            count = total // size
            parts.append(f"{count}{unit}" if code == ENGLISH else format_timedelta(
                timedelta(seconds=count * size), threshold=1, format="short", locale=code))
            total %= size
    return " ".join(parts[:2])
