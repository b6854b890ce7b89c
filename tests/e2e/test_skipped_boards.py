"""A step nobody would see is not drawn (issue 30): when a player's next step is already
queued behind the board being drawn, the step in between leaves the board to it."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import rules
from bot.adapter import announce
from bot.ops.pictures import Pictures
from render import render_board
from tests.e2e.conftest import Table, private_text
from tests.e2e.test_board_races import PLAYERS, _start
from tests.e2e.test_steel_driver_game import _choose


class Gate:
    """The bot's pictures, counted, with the board drawings held until the test lets go."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.open = asyncio.Event()
        self.holding = asyncio.Event()
        self.drawn = 0

    async def _wait(self) -> None:
        self.drawn += 1
        if not self.open.is_set():
            self.holding.set()
            await self.open.wait()

    async def board(self, view: dict[str, Any]) -> bytes:
        await self._wait()
        return bytes(await self.inner.board(view))

    async def turn(self, view: dict[str, Any], card: Any) -> Any:
        await self._wait()
        return await self.inner.turn(view, card)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _steps(match: rules.Match) -> tuple[str, str, str] | None:
    """Three moves from here (Z, A, B) where A keeps the same player due (a step in a turn)."""
    twin = rules.load_match(match.to_json())
    picked = []
    for _ in range(3):
        seat = twin.to_act()[0]
        action = _choose(list(twin.legal(seat)))
        picked.append((seat, action))
        twin.act(seat, action)
    (_, z), (a_seat, a), (b_seat, b) = picked
    return (z, a, b) if a_seat == b_seat else None


async def test_a_step_behind_a_queued_one_is_not_drawn(table: Table) -> None:
    await _start(table)
    assert table.bot is not None
    store = table.bot.service.store
    while True:  # play on until the next three moves have a step inside one turn in the middle
        game = await store.open_game(table.channel)
        assert game is not None
        match = await table.bot.service.match_of(game)
        plan = _steps(match)
        if plan is not None:
            break
        seat = match.to_act()[0]
        before = table.ids()
        await table.slash(PLAYERS[seat], "play", {"action": _choose(list(match.legal(seat)))})
        await table.wait_record(before)
    gate = Gate(table.bot.pictures)
    table.bot.pictures = cast(Pictures, gate)
    try:
        await _three_moves(table, game.id, plan, gate)
    finally:  # the bot closes a pool of its own when it stops: the shared one must stay open
        table.bot.pictures = gate.inner


async def _three_moves(table: Table, game_pk: int, plan: tuple[str, str, str],
                       gate: Gate) -> None:
    """Z drawn while held; A and B saved behind it; then the drawing goes on."""
    assert table.bot is not None
    store = table.bot.service.store
    key = (id(store), game_pk)
    tasks = []

    def publishing(count: int) -> bool:
        queue = announce._publishing.get(key)
        return queue is not None and len(queue.versions) == count

    for n, action in enumerate(plan):
        row = await store.open_game(table.channel)
        assert row is not None
        user = PLAYERS[(await table.bot.service.match_of(row)).to_act()[0]]
        tasks.append(asyncio.create_task(table.slash(user, "play", {"action": action})))
        if n == 0:  # Z's board is being drawn, held
            await asyncio.wait_for(gate.holding.wait(), 60)
        else:  # A, then B, saved and waiting behind it
            await table.wait_for(lambda n=n: publishing(n + 1), settle=False)
    gate.open.set()
    answers = await asyncio.gather(*tasks)
    await table.fake.settle()
    assert all(private_text(a).startswith("✅ Played") for a in answers), answers
    assert gate.drawn == 2  # Z's board and B's; A's step is in B's picture
    game = await store.open_game(table.channel)
    assert game is not None
    final = await table.bot.service.match_of(game)
    shown = next(a for a in table.status().attachments if a["filename"] == "board.png")
    assert table.fake.attachment_bytes(shown) == render_board(final.view(None))
    assert key not in announce._publishing
