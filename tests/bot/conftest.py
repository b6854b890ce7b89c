"""The game service the bot tests share: a real store of each back-end, a fixed clock and seed."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest

from bot.store import Store
from bot.tables.service import GameService


@pytest.fixture
async def service(new_store: Callable[[], Store]) -> AsyncIterator[GameService]:
    store = new_store()
    await store.open()
    yield GameService(store, clock=lambda: 1000.0, seed_source=lambda: 42)
    await store.close()
