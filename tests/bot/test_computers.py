"""Computer players at a table, on a real database: seats, their moves, resigned seats, undo."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable

import pytest

import rules
from bot.store import Store
from bot.tables.computers import ComputerSeats, computer_name, computer_run
from bot.tables.moves import AUTO_USER
from bot.tables.service import GameError, GameService

CHANNEL = 200
GAMES = ["steel-driver", "trains", "switch-and-signal", "railroad-revolution", "spike"]


@pytest.fixture
async def service(new_store: Callable[[], Store]) -> AsyncIterator[GameService]:
    store = new_store()
    await store.open()
    yield GameService(store, clock=lambda: 1000.0, seed_source=lambda: 7)
    await store.close()


async def _open(service: GameService, game_id: str, computers: int) -> ComputerSeats:
    """A lobby of one member (user 1) and `computers` computer seats, started."""
    seats = ComputerSeats(service)
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="Ann",
                         game_id=game_id, options={})
    for _ in range(computers):
        await seats.add(CHANNEL, 1, can_manage=False)
    await service.start(CHANNEL, 1, can_manage=False)
    return seats


async def _computers_move(seats: ComputerSeats, game_pk: int) -> int:
    """Let the computer play every saved step due now; how many steps it took."""
    steps = 0
    while await seats.play(game_pk) is not None:
        steps += 1
        assert steps < 500
    return steps


async def test_lobby_seats_named_computers_and_refuses_what_it_should(
        service: GameService) -> None:
    seats = ComputerSeats(service)
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="Ann",
                         game_id="spike", options={})
    with pytest.raises(GameError, match="players, its creator or a channel manager"):
        await seats.add(CHANNEL, 99, can_manage=False)  # a passer-by
    await seats.add(CHANNEL, 1, can_manage=False)
    game = await seats.add(CHANNEL, 1, can_manage=False)
    # named, never numbered: "shares Computer 2 1" would read as numbers
    assert [s.name for s in game.seats] == ["Ann", "Computer Ada", "Computer Ben"]
    await seats.add(CHANNEL, 1, can_manage=False)
    with pytest.raises(GameError, match="full"):
        await seats.add(CHANNEL, 1, can_manage=False)
    game = await seats.remove(CHANNEL, 1, can_manage=False)
    assert [s.name for s in game.seats] == ["Ann", "Computer Ada", "Computer Ben"]
    await service.start(CHANNEL, 1, can_manage=False)
    with pytest.raises(GameError, match="already started"):
        await seats.add(CHANNEL, 1, can_manage=False)
    with pytest.raises(GameError, match="stays to the end"):
        await seats.remove(CHANNEL, 1, can_manage=False)


@pytest.mark.parametrize("game_id", GAMES)
async def test_one_member_plays_a_whole_game_against_the_computer(
        service: GameService, game_id: str) -> None:
    info = rules.game_info(game_id)
    seats = await _open(service, game_id, max(1, info.min_players - 1))
    game = await service.game_here(CHANNEL)
    rng = random.Random(3)
    human_moves = 0
    while True:
        await _computers_move(seats, game.id)
        game = await service.store.get_game(game.id)
        if game.status != "active":
            break
        match = await service.match_of(game)
        due = match.to_act()
        assert due and due[0] == 0, "the computer left its own seat waiting"
        await service.act(CHANNEL, 1, rng.choice(match.legal(0)))
        human_moves += 1
        assert human_moves < 3000
    assert game.status == "finished"
    rows = await service.store.actions(game.id)
    computer_seats = {s.seat for s in game.seats if s.user_id < 0}
    assert {r.seat for r in rows if r.user_id == AUTO_USER} <= computer_seats
    assert all(r.user_id == AUTO_USER for r in rows if r.seat in computer_seats)
    # The log is the truth: the game replays from it without running the computer.
    match = await service.match_of(game)
    replayed = rules.replay(game_id, match.players, game.seed, game.options,
                            [(r.seat, r.text) for r in rows], game.rules_version)
    assert replayed.over and replayed.scores() == match.scores()


async def test_a_resigned_seat_is_played_by_the_computer_unless_the_table_chose_passing(
        service: GameService) -> None:
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="Ann",
                         game_id="spike", options={})
    await service.join(CHANNEL, 2, "Bob")
    await service.start(CHANNEL, 1, can_manage=False)
    seats = ComputerSeats(service)
    game = await service.game_here(CHANNEL)
    await service.resign(CHANNEL, 2)
    game = await service.store.get_game(game.id)
    assert computer_run(game) == {1}
    for _ in range(12):  # Ann plays; the computer answers for Bob, doing more than passing
        await _computers_move(seats, game.id)
        match = await service.match_of(await service.store.get_game(game.id))
        if match.over:
            break
        await service.act(CHANNEL, 1, match.legal(0)[0])
    rows = await service.store.actions(game.id)
    bob = [r.text for r in rows if r.seat == 1]
    assert bob and any(text != "pass" for text in bob)

    await service.change_settings(CHANNEL, 1, False, {"stand_in": "pass"})
    game = await service.store.get_game(game.id)
    assert computer_run(game) == set()
    assert await seats.play(game.id) is None  # passing is done inline, as before


async def test_an_undo_takes_back_the_computers_answer_without_asking_it(
        service: GameService) -> None:
    seats = await _open(service, "steel-driver", 2)  # auctions: nothing hidden, no dice
    game = await service.game_here(CHANNEL)
    await _computers_move(seats, game.id)  # the computer may be first to choose
    for _ in range(30):
        match = await service.match_of(await service.store.get_game(game.id))
        await service.act(CHANNEL, 1, match.legal(0)[0])
        if await _computers_move(seats, game.id):
            break
    before = (await service.store.get_game(game.id)).version
    plan, outcome = await service.request_undo(CHANNEL, 1)
    assert not plan.needs  # nobody is asked: the computer's moves just go
    assert len(plan.undone) >= 2
    after = await service.match_of(await service.store.get_game(game.id))
    assert after.to_act() == [0] and after.version < before


def test_computer_names_are_distinct_and_never_read_as_numbers() -> None:
    names: list[str] = ["Ann"]
    for _ in range(5):  # a full table of six
        names.append(computer_name(names))
    assert names[1:3] == ["Computer Ada", "Computer Ben"] and len(set(names)) == 6
    assert not any(ch.isdigit() for name in names for ch in name)
    # Beside a person called Ada, no "Computer Ada": two names never differ by one word.
    assert computer_name(["ada", "Computer Ben"]) == "Computer Cleo"
