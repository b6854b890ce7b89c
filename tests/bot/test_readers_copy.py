"""A move changes the working match in place; what readers hold never moves under them."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

import rules
from bot.store import Store
from bot.tables.service import GameService

CHANNEL = 7


@pytest.fixture
async def service(new_store: Callable[[], Store]) -> AsyncIterator[GameService]:
    store = new_store()
    await store.open()
    service = GameService(store, clock=lambda: 1000.0, seed_source=lambda: 9)
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="U1",
                         game_id="spike", options={})
    await service.join(CHANNEL, 2, "U2")
    await service.start(CHANNEL, 1, can_manage=False)
    yield service
    await service.live.settle()
    await store.close()


def _replay(match: rules.Match) -> rules.Match:
    return rules.replay(match.game_id, match.players, match.seed, match.options, match.log)


async def _move(service: GameService, rng: random.Random) -> Any:
    _, match = await service.current(CHANNEL)
    assert match is not None
    seat = match.to_act()[0]
    return await service.act(CHANNEL, seat + 1, rng.choice(match.legal(seat)))


async def test_a_board_being_read_never_shows_a_later_move(service: GameService) -> None:
    rng = random.Random(3)
    held = []
    for _ in range(12):
        report = await _move(service, rng)
        held.append((report.match, report.match.to_json()))
    for match, text in held:  # each still stands where its move left it
        assert match.to_json() == text
        assert match == _replay(match)


async def test_a_move_report_read_late_still_shows_that_move(service: GameService) -> None:
    rng = random.Random(4)
    _, start = await service.current(CHANNEL)
    assert start is not None
    shadow = _replay(start)  # the test's own copy of the game: nothing read from the bot
    reports = []
    for _ in range(4):  # moves one after another, nobody looking at a board in between
        seat = shadow.to_act()[0]
        action = rng.choice(shadow.legal(seat))
        reports.append(await service.act(CHANNEL, seat + 1, action))
        shadow.act(seat, action)
    for n, report in enumerate(reports, start=1):
        assert report.match.version == start.version + n  # that move's board, not a later one
        assert report.match == _replay(report.match)


async def test_a_reader_during_a_move_waits_and_sees_a_whole_game(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    await _move(service, rng)
    game, match = await service.current(CHANNEL)
    assert match is not None
    held = asyncio.Event()
    real = service.store.append_computed

    async def slow_disk(*args: Any, **kwargs: Any) -> Any:
        await held.wait()  # the move is on its way to the disk
        return await real(*args, **kwargs)

    monkeypatch.setattr(service.store, "append_computed", slow_disk)
    seat = match.to_act()[0]
    move = asyncio.create_task(service.act(CHANNEL, seat + 1, match.legal(seat)[0]))
    while not service.live.busy(game.id):  # the move has reached the disk
        await asyncio.sleep(0)
    reader = asyncio.create_task(service.match_of(game))
    await asyncio.sleep(0)
    assert not reader.done()  # it waits for the move rather than read a match mid-change
    held.set()
    report = await move
    seen = await reader
    assert seen.version == game.version  # the version it asked for, whole
    assert seen == _replay(seen)
    assert report.match.version == game.version + 1


async def test_games_idle_beyond_the_bound_keep_one_match_and_play_on(
        service: GameService) -> None:
    service.live.working_capacity = 1  # the other game keeps only the readers' copy
    other = CHANNEL + 1
    await service.create(guild_id=1, channel_id=other, user_id=1, name="U1", game_id="spike",
                         options={})
    await service.join(other, 2, "U2")
    await service.start(other, 1, can_manage=False)
    rng = random.Random(6)
    for _ in range(6):
        for channel in (CHANNEL, other):
            _, match = await service.current(channel)
            assert match is not None
            seat = match.to_act()[0]
            report = await service.act(channel, seat + 1, rng.choice(match.legal(seat)))
            assert report.match.version == match.version + 1
            assert report.match == _replay(report.match)
            assert match == _replay(match)  # the board read before the move did not move
