"""The bot with its pictures drawn by worker processes (issue 30), through the local Discord
server: boards and turn cards arrive as before, a killed worker is replaced without losing a
picture, and a stop leaves no worker behind."""

from __future__ import annotations

import os
import signal

from render import render_board
from tests.e2e.conftest import Table
from tests.e2e.test_board_races import _start
from tests.e2e.test_steel_driver_game import _choose


async def _move(table: Table) -> None:
    """The due player takes a simple choice; wait until its board is published."""
    board = table.status()
    before = table.ids()
    await table.choose(table.due_name(), board, _choose(list(table.actions_on(board))))
    await table.wait_record(before)


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def _board_matches_the_game(table: Table) -> None:
    """The board on show is the very picture this process would draw of the game now."""
    assert table.bot is not None
    game = (await table.bot.service.store.games_for_user(table.users["alice"]))[0]
    match = await table.bot.service.match_of(game)
    shown = next(a for a in table.status().attachments if a["filename"] == "board.png")
    assert table.fake.attachment_bytes(shown) == render_board(match.view(None))


async def test_worker_processes_draw_every_picture_and_one_killed_is_replaced(
        table: Table) -> None:
    table.picture_workers = 2
    await table.restart()
    assert table.bot is not None
    pictures = table.bot.pictures
    workers = set(pictures.pids())
    assert len(workers) == 2 and os.getpid() not in workers
    await _start(table)
    for _ in range(3):
        await _move(table)
    await _board_matches_the_game(table)
    drawn = len(table.boards())
    os.kill(next(iter(workers)), signal.SIGKILL)  # out of memory, or killed by hand
    for _ in range(3):
        await _move(table)
    assert len(table.boards()) >= drawn
    await _board_matches_the_game(table)
    assert pictures.restarts == 1 and pictures.pids() and pictures.pids().isdisjoint(workers)
    alive = pictures.pids()
    await table.stop_bot()  # a clean stop closes the pool: no worker is left running
    assert all(_gone(p) for p in alive)
