"""A league of six members over three rounds of three-player tables, played through the game
service: each round seated once, standings that match the games, a member who leaves played
on by the computer, the league over after its last round."""

from __future__ import annotations

import random

import pytest

from bot.tables.computers import ComputerSeats, computer_run
from bot.tables.league_tables import LeagueTables
from bot.tables.moves import GameError
from bot.tables.service import GameService
from render.community import league_alt, render_league

HOME = 500
MEMBERS = {1: "Ann", 2: "Bob", 3: "Cid", 4: "Dee", 5: "Eve", 6: "Fay"}


async def _play_table(service: GameService, channel: int, rng: random.Random) -> None:
    """Play a table's game to its end: people at random, the computer for resigned seats."""
    seats = ComputerSeats(service)
    for _ in range(5000):
        game = await service.store.open_game(channel)
        if game is None:
            return
        match = await service.match_of(game)
        seat = match.to_act()[0]
        if seat in computer_run(game):
            await seats.play(game.id)
            continue
        await service.act(channel, game.seats[seat].user_id, rng.choice(match.legal(seat)))
    raise AssertionError("the table never ended")


async def test_a_league_of_six_plays_three_rounds(service: GameService) -> None:
    leagues = LeagueTables(service)
    league = await leagues.new(guild_id=1, channel_id=HOME, user_id=1, name="Ann",
                               game_id="steel-driver", rounds=3, table_size=3,
                               days_per_round=7, options={})
    for user, name in list(MEMBERS.items())[1:]:
        await leagues.join(HOME, user, name)
    with pytest.raises(GameError, match="already in"):
        await leagues.join(HOME, 2, "Bob")
    with pytest.raises(GameError, match="creator"):
        await leagues.start(HOME, 2, can_manage=False)
    plan = await leagues.start(HOME, 1, can_manage=False)
    with pytest.raises(GameError, match="started"):
        await leagues.join(HOME, 7, "Gus")
    rng = random.Random(4)
    thread = 1000
    playing = sorted(MEMBERS)
    for round_no in (1, 2, 3):
        assert plan is not None and plan.round == round_no
        assert sorted(u for t in plan.tables for u in t.members) == playing
        league = await leagues.here(HOME)
        for table in plan.to_open():
            thread += 1
            assert await leagues.open_table(league, table, thread) is not None
            assert await leagues.open_table(league, table, thread + 500) is None  # once only
        assert not (await leagues.plan(league)).to_open()
        if round_no == 2:  # Fay leaves mid-round: the computer plays her seat on
            await leagues.leave(HOME, 6)
            playing.remove(6)
        for table in (await leagues.plan(league)).tables:
            game = await service.store.get_game(int(table.game_pk or 0))
            await _play_table(service, game.channel_id, rng)
        assert await leagues.round_over(league)
        moved = await leagues.advance(league)
        assert moved is not None and moved.ended == round_no
        assert await leagues.advance(league) is None  # the next round is claimed once
        plan = moved.next
        if round_no < 3:
            assert plan == await leagues.plan(await leagues.here(HOME))
        if round_no == 2:  # five left: a table of three, and two with a computer
            assert sorted((len(t.members), t.computers) for t in plan.tables) == [(2, 1), (3, 0)]
    assert plan is None and await service.store.league_here(HOME) is None  # over
    finished = await service.store.get_league(league.id)
    lines = await leagues.standings(finished)
    played = {s.user_id: s.played for s, _ in lines}
    assert played == {1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 2}
    # The standings are the games': a point per member behind at each table.
    total = sum(s.points for s, _ in lines)
    tables = await service.store.league_tables(finished.id)
    assert len(tables) == 2 + 2 + 2
    people = [len([s for s in (await service.store.get_game(t.game_pk)).seats if s.user_id > 0])
              for t in tables]
    assert total == sum(k * (k - 1) / 2 for k in people)
    assert [name for _, name in lines][0] in MEMBERS.values()
    view = await leagues.standings_view(finished)
    assert view["over"] and [r["name"] for r in view["rows"]] == [n for _, n in lines]
    assert [r["left"] for r in view["rows"]].count(True) == 1
    assert view["rows"][0]["rank"] == 1
    alt = league_alt(view)
    assert alt.startswith("Steel Driver league. Final standings after 3 rounds.")
    assert "Fay" in alt and render_league(view)
