"""Durations as people type them: `90s`, `15m`, `12h`, `2d`, `1h30m`, `off`."""

from __future__ import annotations

import re

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
        raise ValueError(f"`{echo(text)}` is not a duration: try `30m`, `12h`, `2d` or `off`.")
    return sum(int(n) * _UNIT[u] for n, u in parts)


def format_duration(seconds: float) -> str:
    """`1d 2h`, `45m`, `off`."""
    total = int(seconds)
    if total <= 0:
        return "off"
    parts = []
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60), ("s", 1)):
        if total >= size:
            parts.append(f"{total // size}{unit}")
            total %= size
    return " ".join(parts[:2])
