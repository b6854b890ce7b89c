"""Work in flight, counted so a stop lets it finish: interactions being answered, computer turns."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from rules.core.lang import tr


def stopping() -> str:
    """The answer while the bot stops, in the language spoken."""
    return tr("Railyard is restarting and takes no moves for a moment; nothing was changed. "
              "Try again in a minute.")


class InFlight:
    """A count of running handlers; once `close()` is called, no new one may start."""

    def __init__(self) -> None:
        self.count = 0
        self.closed = False
        self._idle = asyncio.Event()
        self._idle.set()

    @asynccontextmanager
    async def hold(self) -> AsyncIterator[None]:
        """Count the work inside the block (callers check `closed` first)."""
        self.count += 1
        self._idle.clear()
        try:
            yield
        finally:
            self.count -= 1
            if self.count == 0:
                self._idle.set()

    def close(self) -> None:
        """Take no new work from now on."""
        self.closed = True

    async def drained(self, timeout: float) -> bool:
        """Wait until nothing runs (at most `timeout` seconds); whether it did."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True
