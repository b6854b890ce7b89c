"""Pictures drawn in worker processes: the same bytes as drawn here, in the caller's language,
and a worker that dies is replaced without losing the picture asked for."""

from __future__ import annotations

import os
import signal

import pytest

import render
import rules
from bot.ops.pictures import Pictures
from render.core.turn_card import TurnCard, render_turn_card
from rules.core.lang import speaking


@pytest.fixture
async def pool():  # type: ignore[no-untyped-def]
    pictures = Pictures(workers=2)
    await pictures.start()
    try:
        yield pictures
    finally:
        await pictures.close()


def _match() -> rules.Match:
    match = rules.new_match("steel-driver", 3, seed=7)
    for _ in range(4):
        seat = match.to_act()[0]
        match.act(seat, match.legal(seat)[0])
    return match


async def test_workers_draw_the_same_pictures_as_this_process(pool: Pictures) -> None:
    match = _match()
    view = match.view(None)
    card = TurnCard(due=[(match.players[0], "Bid or pass")], turn=["Player 2 passes."])
    board = render.render_board(view)
    assert await pool.board(view) == board
    assert await pool.turn(view, card) == (board, render_turn_card(view, card, board))
    pids = await pool.start()
    assert len(pids) == 2 and os.getpid() not in pids


async def test_a_picture_is_drawn_in_the_language_of_whoever_asks(pool: Pictures) -> None:
    view = _match().view(None)
    card = TurnCard(due=[("Ann", "Bid")], turn=[])
    with speaking("fr"):
        french = render_turn_card(view, card, render.render_board(view))
        assert (await pool.turn(view, card))[1] == french
    english = (await pool.turn(view, card))[1]
    assert english == render_turn_card(view, card, render.render_board(view))


async def test_a_dead_worker_is_replaced_and_the_picture_still_comes(pool: Pictures) -> None:
    view = _match().view(None)
    killed = await pool.start()
    for pid in killed:
        os.kill(pid, signal.SIGKILL)
    assert await pool.board(view) == render.render_board(view)
    assert pool.restarts == 1
    again = await pool.start()
    assert len(again) == 2 and not again & killed


async def test_without_workers_pictures_are_drawn_here() -> None:
    pictures = Pictures(workers=0)
    view = _match().view(None)
    assert await pictures.board(view) == render.render_board(view)
    assert await pictures.start() == {os.getpid()}
    await pictures.close()
    with pytest.raises(RuntimeError):
        await pictures.board(view)


async def test_workers_yield_the_cores_to_the_bots_own_process(pool: Pictures) -> None:
    # A busy pool must never delay the mover's confirmation: the workers run at a lower
    # priority than the process that talks to Discord.
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    assert len(pool.pids()) == 2
    for pid in pool.pids():
        assert os.getpriority(os.PRIO_PROCESS, pid) > mine
