"""The game service on a real database, SQLite and PostgreSQL: lobby, moves, restarts, races."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

import rules
from bot.store import Store
from bot.tables.service import GameError, GameService

CHANNEL = 100




async def _started(service: GameService, players: int = 3) -> rules.Match:
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="U1",
                         game_id="steel-driver", options={})
    for user in range(2, players + 1):
        await service.join(CHANNEL, user, f"U{user}")
    report = await service.start(CHANNEL, 1, can_manage=False)
    return report.match


async def test_lobby_rules(service: GameService) -> None:
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="U1",
                         game_id="steel-driver", options={})
    with pytest.raises(GameError, match="already has an open game"):
        await service.create(guild_id=1, channel_id=CHANNEL, user_id=2, name="U2",
                             game_id="steel-driver", options={})
    with pytest.raises(GameError, match="already in"):
        await service.join(CHANNEL, 1, "U1")
    await service.join(CHANNEL, 2, "U2")
    with pytest.raises(GameError, match="at least 3"):
        await service.start(CHANNEL, 1, can_manage=False)
    await service.join(CHANNEL, 3, "U3")
    with pytest.raises(GameError, match="creator"):
        await service.start(CHANNEL, 2, can_manage=False)
    await service.leave(CHANNEL, 3)
    await service.join(CHANNEL, 3, "U3")
    report = await service.start(CHANNEL, 3, can_manage=True)  # a channel manager may start
    assert report.match.players == ["U1", "U2", "U3"]
    with pytest.raises(GameError, match="already started"):
        await service.join(CHANNEL, 4, "U4")


async def test_unknown_game_and_option_are_refused(service: GameService) -> None:
    with pytest.raises(GameError, match="No game"):
        await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="U1",
                             game_id="chess", options={})
    with pytest.raises(GameError, match="no option"):
        await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="U1",
                             game_id="steel-driver", options={"map": "moon"})


async def test_moves_are_saved_and_refusals_change_nothing(service: GameService) -> None:
    match = await _started(service)
    due = match.to_act()[0]
    idle = (due + 1) % 3
    for user, text, reason in [(idle + 1, "pass", "not your turn"),
                               (due + 1, "fly", "not a move you can make"),
                               (99, "pass", "not playing")]:
        with pytest.raises(GameError, match=reason):
            await service.act(CHANNEL, user, text)
    game = await service.game_here(CHANNEL)
    assert game.version == 0
    report = await service.act(CHANNEL, due + 1, "auction bo")
    assert report.game.version == 1 and report.played == [(due, "auction bo")]
    actions = await service.store.actions(game.id)
    assert [(a.seat, a.text) for a in actions] == [(due, "auction bo")]


async def test_no_game_here(service: GameService) -> None:
    with pytest.raises(GameError, match="no game in this channel"):
        await service.act(CHANNEL + 1, 1, "pass")


async def test_two_clicks_on_the_same_position_only_one_lands(service: GameService) -> None:
    match = await _started(service)
    user = match.to_act()[0] + 1
    results = await asyncio.gather(
        service.act(CHANNEL, user, "pass", expected_version=0),
        service.act(CHANNEL, user, "pass", expected_version=0),
        return_exceptions=True)
    errors = [r for r in results if isinstance(r, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], GameError)
    assert "changed" in str(errors[0])
    assert (await service.game_here(CHANNEL)).version == 1


async def test_two_processes_racing_on_one_database(new_store: Callable[[], Store]) -> None:
    first = GameService(new_store(), seed_source=lambda: 5)
    await first.store.open()
    match = await _started(first)
    second = GameService(new_store())
    await second.store.open()
    user = match.to_act()[0] + 1
    await second.current(CHANNEL)  # both have the position cached
    results = await asyncio.gather(first.act(CHANNEL, user, "pass"),
                                   second.act(CHANNEL, user, "pass"), return_exceptions=True)
    assert sum(isinstance(r, GameError) for r in results) == 1
    game, again = await first.current(CHANNEL)
    assert game.version == 1 and again is not None and len(again.log) == 1
    await first.store.close()
    await second.store.close()


async def test_restart_rebuilds_the_same_match_from_the_log(
        new_store: Callable[[], Store]) -> None:
    service = GameService(new_store(), seed_source=lambda: 9)
    await service.store.open()
    match = await _started(service)
    for _ in range(6):
        seat = match.to_act()[0]
        match = (await service.act(CHANNEL, seat + 1, match.legal(seat)[0])).match
    await service.store.close()
    fresh = GameService(new_store())
    await fresh.store.open()
    _, rebuilt = await fresh.current(CHANNEL)
    assert rebuilt == match
    await fresh.store.close()


async def test_resigned_player_is_passed_for_when_the_table_chose_passing(
        service: GameService) -> None:
    match = await _started(service)
    await service.change_settings(CHANNEL, 1, False, {"stand_in": "pass"})
    due = match.to_act()[0]
    report = await service.resign(CHANNEL, due + 1)
    assert "the bot will pass for them" in report.lines[0]
    assert report.played and report.played[0] == (due, "pass")
    assert due not in report.match.to_act()
    with pytest.raises(GameError, match="already resigned"):
        await service.resign(CHANNEL, due + 1)


async def test_abandon_needs_creator_or_manager_and_frees_the_channel(
    service: GameService,
) -> None:
    await _started(service)
    with pytest.raises(GameError, match="creator"):
        await service.abandon(CHANNEL, 2, can_manage=False)
    await service.abandon(CHANNEL, 2, can_manage=True)
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=2, name="U2",
                         game_id="steel-driver", options={})


async def test_finished_game_is_marked_and_refuses_moves(service: GameService) -> None:
    match = await _started(service)
    while not match.over:
        seat = match.to_act()[0]
        match = (await service.act(CHANNEL, seat + 1, match.legal(seat)[0])).match
    assert await service.store.open_game(CHANNEL) is None  # finished games free the channel
    games = await service.store.games_with_status(("finished",))
    assert len(games) == 1 and games[0].version == len(match.log)


@pytest.mark.parametrize("game_id", [g["id"] for g in rules.catalog()])
def test_the_bot_can_play_out_resigned_seats_of_every_game(game_id: str) -> None:
    """Resigned seats are played by the bot; its choices must always let a game end."""
    import random

    from bot.tables.service import auto_action

    info = rules.game_info(game_id)
    for seed in range(3):
        rng = random.Random(seed)
        match = rules.new_match(game_id, max(info.min_players, 2), seed)
        for _ in range(20000):
            if match.over:
                break
            seat = match.to_act()[0]
            text = rng.choice(match.legal(seat)) if seat == 0 else auto_action(match, seat)
            match.act(seat, text)
        assert match.over
