"""Computer levels at a table, on a real database: chosen per seat, named, played and rated."""

from __future__ import annotations

import io
import random
from pathlib import Path

import rules
from bot.tables.community import player_name
from bot.tables.computer_levels import computer_level
from bot.tables.computers import ComputerSeats
from bot.tables.ratings import result_of
from bot.tables.service import GameService
from bot.tools.local import play_local
from rules.core.computer import computer_action
from rules.core.lang import speaking
from rules.core.levels import level_action

CHANNEL = 210


async def test_each_computer_seat_keeps_its_level_and_shows_it_in_its_name(
        service: GameService) -> None:
    seats = ComputerSeats(service)
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="Ann",
                         game_id="spike", options={})
    await seats.add(CHANNEL, 1, can_manage=False, level="strong")
    await seats.add(CHANNEL, 1, can_manage=False)
    game = await seats.add(CHANNEL, 1, can_manage=False, level="gentle")
    assert [s.name for s in game.seats] == ["Ann", "Strong Computer Ada", "Computer Ben",
                                            "Gentle Computer Cleo"]
    stored = await service.store.get_game(game.id)  # read back from the store
    assert [computer_level(s.user_id) for s in stored.seats[1:]] == ["strong", "normal",
                                                                     "gentle"]
    assert computer_level(-1) == "normal"  # a computer seated before levels existed


async def test_a_gentle_computer_plays_gentle_moves_and_is_rated_as_gentle(
        service: GameService) -> None:
    seats = ComputerSeats(service)
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="Ann",
                         game_id="trains", options={})
    await seats.add(CHANNEL, 1, can_manage=False, level="gentle")
    await service.start(CHANNEL, 1, can_manage=False)
    game = await service.game_here(CHANNEL)
    rng = random.Random(5)
    while True:
        while await seats.play(game.id) is not None:
            pass
        game = await service.store.get_game(game.id)
        match = await service.match_of(game)
        if game.status != "active":
            break
        seat = match.to_act()[0]
        assert seat == 0
        await service.act(CHANNEL, 1, rng.choice(match.legal(0)))
    # Replayed from the log: every computer move is the gentle one, and some are not normal.
    assert game.status == "finished"
    replay = rules.new_match("trains", match.players, match.seed, match.options,
                             rules_version=match.started_under)
    slips = 0
    for seat, action in match.log:
        if seat == 1:
            assert action == level_action(replay, 1, "gentle")
            slips += action != computer_action(replay, 1)
        replay.act(seat, action)
    assert slips > 0
    result = result_of(game, match, 2000.0)
    assert result.players == ("u:1", "computer:gentle")


def test_a_leaderboard_names_each_computer_level_in_the_readers_language() -> None:
    assert player_name("computer:strong", {}) == "Computer (strong)"
    with speaking("fr"):
        assert player_name("computer:gentle", {}) == "Ordinateur (facile)"


def test_a_terminal_game_seats_computers_at_the_level_asked(tmp_path: Path) -> None:
    out = io.StringIO()
    match = play_local("trains", 2, names=["Ann"], computers=1, level="gentle", seed=6,
                       out=tmp_path, stdin=io.StringIO("1\n" * 60), stdout=out,
                       render=lambda view: b"png")
    assert match.players == ["Ann", "Gentle Computer Ada"]
    replay = rules.new_match("trains", match.players, match.seed, match.options)
    moves = 0
    for seat, action in match.log:
        if seat == 1:
            assert action == level_action(replay, 1, "gentle")
            moves += 1
        replay.act(seat, action)
    assert moves  # the computer played its turns
