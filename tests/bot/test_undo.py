"""Undo: entries in the log, free for your own last move, consent when others moved since."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest

import rules
from bot.store import Store
from bot.store.records import RequestRow
from bot.tables.service import GameError, GameService, MoveReport

CHANNEL = 7


@pytest.fixture
async def service(new_store: Callable[[], Store]) -> AsyncIterator[GameService]:
    store = new_store()
    await store.open()
    service = GameService(store, clock=lambda: 50.0, seed_source=lambda: 3)
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="A",
                         game_id="steel-driver", options={})
    await service.join(CHANNEL, 2, "B")
    await service.join(CHANNEL, 3, "C")
    await service.start(CHANNEL, 1, can_manage=False)
    yield service
    await store.close()


async def _due_user(service: GameService) -> int:
    _, match = await service.current(CHANNEL)
    assert match is not None
    return match.to_act()[0] + 1


async def test_own_last_move_is_taken_back_freely(service: GameService) -> None:
    first = await _due_user(service)
    await service.act(CHANNEL, first, "auction bo")
    plan, outcome = await service.request_undo(CHANNEL, first)
    assert isinstance(outcome, MoveReport) and not plan.needs
    assert outcome.match.log == [] and outcome.match.to_act() == [first - 1]
    rows = await service.store.actions(outcome.game.id)
    assert [r.text for r in rows] == ["auction bo", "!undo 1"]  # nothing is deleted
    assert outcome.game.version == 2
    # The match rebuilt from the file agrees.
    fresh = GameService(service.store)
    _, again = await fresh.current(CHANNEL)
    assert again == outcome.match


async def test_reaching_into_another_turn_needs_their_consent(service: GameService) -> None:
    a = await _due_user(service)
    await service.act(CHANNEL, a, "auction bo")
    await service.act(CHANNEL, a, "bid 1")
    b = await _due_user(service)
    await service.act(CHANNEL, b, "pass")
    plan, outcome = await service.request_undo(CHANNEL, a)
    assert isinstance(outcome, RequestRow) and plan.needs == (b - 1,)
    with pytest.raises(GameError, match="Only the players"):
        await service.answer_undo(outcome.id, a, True)
    request, report = await service.answer_undo(outcome.id, b, True)
    assert request.status == "approved" and report is not None
    assert [a for _, a in report.match.log] == ["auction bo"]
    assert report.match.to_act() == [a - 1]
    with pytest.raises(GameError, match="already been answered"):
        await service.answer_undo(outcome.id, b, True)


async def test_refusal_and_lapse_change_nothing(service: GameService) -> None:
    a = await _due_user(service)
    await service.act(CHANNEL, a, "auction bo")
    await service.act(CHANNEL, a, "bid 1")
    b = await _due_user(service)
    await service.act(CHANNEL, b, "pass")
    _, request = await service.request_undo(CHANNEL, a)
    assert isinstance(request, RequestRow)
    refused, report = await service.answer_undo(request.id, b, False)
    assert refused.status == "refused" and report is None
    _, again = await service.request_undo(CHANNEL, a)
    assert isinstance(again, RequestRow)
    await service.act(CHANNEL, await _due_user(service), "pass")  # the game moves on
    with pytest.raises(GameError, match="lapsed"):
        await service.answer_undo(again.id, b, True)
    game, match = await service.current(CHANNEL)
    assert match is not None and len(match.log) == 4


async def test_nothing_to_undo_and_spectators(service: GameService) -> None:
    with pytest.raises(GameError, match="no move to take back"):
        await service.request_undo(CHANNEL, 1)
    with pytest.raises(GameError, match="not playing"):
        await service.request_undo(CHANNEL, 99)


def test_revealed_information_blocks_undo() -> None:
    """An action that drew randomness or showed a secret cannot be taken back."""
    from bot.store.records import ActionRow
    from bot.tables.undo import plan_undo

    match = rules.new_match("steel-driver", 3, 1)
    seat = match.to_act()[0]
    match.act(seat, "auction bo")
    match.reveals.append(1)  # as a game with hidden cards would mark it
    rows = [ActionRow(1, 1, seat, seat + 1, "auction bo", 0.0)]
    with pytest.raises(ValueError, match="revealed"):
        plan_undo(match, rows, seat, 0, set())
