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


class Heartbeat:
    """Writes the heartbeat file, one beat at a time, each saying the state when it is written:
    a periodic beat and one for an event (connected, disconnected) never land out of order,
    so a beat read "not ready" before the bot connected cannot overwrite the one after."""

    def __init__(self, path: Path, ready: Callable[[], bool]) -> None:
        self.path, self.ready = path, ready
        self._lock = asyncio.Lock()

    async def beat(self) -> None:
        """Write one beat now (a write error is logged: the check will say so)."""
        async with self._lock:
            try:
                await asyncio.to_thread(write_beat, self.path, self.ready(), time.time())
            except OSError as exc:  # a full disk must not stop the bot
                log.warning("cannot write the heartbeat %s: %s", self.path, exc)

    async def forever(self, every: float = BEAT_SECONDS) -> None:
        """Beat every few seconds while the event loop runs."""
        while True:
            await self.beat()
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
