"""A heartbeat file the running bot keeps fresh, and the check a container's HEALTHCHECK runs."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)
BEAT_SECONDS = 20.0
STALE_SECONDS = 90.0  # a beat missed for this long: the event loop is stuck or the bot is gone


def write_beat(path: Path, ready: bool, now: float) -> None:
    """Write the beat whole (a reader never sees half a file)."""
    # A part file of its own per writer: the periodic beat and an event's beat may overlap.
    part = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.part")
    part.write_text(json.dumps({"at": now, "ready": ready}))
    os.replace(part, path)


async def beat_forever(path: Path, ready: Callable[[], bool],
                       every: float = BEAT_SECONDS) -> None:
    """Rewrite the heartbeat file every few seconds while the event loop runs."""
    while True:
        try:
            await asyncio.to_thread(write_beat, path, ready(), time.time())
        except OSError as exc:  # a full disk must not stop the bot; the check will say so
            log.warning("cannot write the heartbeat %s: %s", path, exc)
        await asyncio.sleep(every)


def check(path: Path, now: float, stale: float = STALE_SECONDS) -> tuple[bool, str]:
    """Whether the bot is healthy by its heartbeat, and a line saying why."""
    try:
        beat = json.loads(path.read_text())
        at, ready = float(beat["at"]), bool(beat["ready"])
    except (OSError, ValueError, KeyError, TypeError):
        return False, f"no heartbeat in {path}: the bot has not started (or cannot write there)"
    age = now - at
    if age > stale:
        return False, f"the last heartbeat is {age:.0f} s old: the bot is stuck or stopped"
    if not ready:
        return False, "the bot runs but is not connected to Discord (starting, or reconnecting)"
    return True, f"connected; heartbeat {age:.0f} s ago"
