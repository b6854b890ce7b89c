"""What every back-end's store shares: opening as a context manager, and a fixed append."""

from __future__ import annotations

from collections.abc import Callable
from types import TracebackType
from typing import Self

from bot.store.records import Append, GameRow


class StoreBase:
    """The parts of a store written in terms of its own open, close and append_computed."""

    async def open(self) -> None:
        """Connect and migrate (each back-end's own)."""
        raise NotImplementedError

    async def close(self) -> None:
        """Let go of the database (each back-end's own)."""
        raise NotImplementedError

    async def append_computed(self, game_pk: int, expected_version: int,
                              compute: Callable[[], Append], now: float, *,
                              kept_row: bool = False) -> tuple[GameRow, Append]:
        """Compute an append, then write it (each back-end's own)."""
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        """Open on entering an async with block."""
        await self.open()
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        """Close on leaving an async with block."""
        await self.close()

    async def append_actions(
        self, game_pk: int, expected_version: int, actions: list[tuple[int, int, str]],
        now: float, *, snapshot: str | None = None, status: str | None = None,
        restart_wait: bool = True,
    ) -> GameRow:
        """Append actions as seq expected_version+1.. in one transaction, or StaleVersion.

        `restart_wait=False` keeps the current wait (e.g. after an out-of-turn free action).
        """
        fixed = Append(actions, status, restart_wait, snapshot)
        game, _ = await self.append_computed(game_pk, expected_version, lambda: fixed, now)
        return game
