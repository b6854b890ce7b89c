"""A season league through the local Discord server: six members, three rounds of
three-player tables opened as threads, two members who stop playing stood in for by the
computer, the standings posted after each round and matching the games."""

from __future__ import annotations

import random

from bot.tables.computers import computer_run
from bot.tables.league_tables import LeagueTables
from bot.tables.leagues import points
from bot.tables.ratings import outcome_of, ranks
from tests.e2e.conftest import Table, private_text

MEMBERS = ("alice", "bob", "carol", "dave", "eve", "fay")


async def _move_every_table(table: Table, rng: random.Random) -> bool:
    """One move at each running league table (a person's /play, or the scheduler's tick for
    the computer); False when no table is running."""
    assert table.bot is not None
    service = table.bot.service
    games = await service.store.games_with_status(("active",))
    for game in games:
        match = await service.match_of(game)
        seat = match.to_act()[0]
        if seat in computer_run(game):
            await table.bot.scheduler.tick()
            continue
        user = game.seats[seat].user_id
        name = next(n for n, uid in table.users.items() if uid == user)
        answer = await table.fake.slash(table.users[name], game.channel_id, "play",
                                        {"action": rng.choice(match.legal(seat))})
        assert "✅" in private_text(answer), private_text(answer)
    return bool(games)


async def test_a_league_of_six_plays_three_rounds_in_threads(table: Table) -> None:
    table.users["fay"] = table.fake.add_user("fay", guild_id=table.guild)
    await table.slash("alice", "league new", {"game": "steel-driver", "rounds": 3,
                                              "table_size": 3})
    for name in MEMBERS[1:]:
        assert "joined" in private_text(await table.slash(name, "league join"))
    assert "started" in private_text(await table.slash("alice", "league start"))
    for name in ("dave", "eve"):  # they stop playing: the computer stands in
        await table.slash(name, "league leave")
    rng = random.Random(9)
    for _ in range(4000):
        if not await _move_every_table(table, rng):
            await table.bot.scheduler.tick()  # type: ignore[union-attr]
            if not (await table.bot.service.store.games_with_status(  # type: ignore[union-attr]
                    ("active",))):
                break
    await table.fake.settle()
    assert table.bot is not None
    store = table.bot.service.store
    assert await store.league_here(table.channel) is None  # the league is over
    posted = [m for m in table.messages()
              if any(a["filename"] == "league.png" for a in m.attachments)]
    assert len(posted) == 3  # after each round, once
    league = (await store.running_leagues() or [None])[0]
    assert league is None
    tables = LeagueTables(table.bot.service)
    (finished,) = [await store.get_league(t) for t in {1}]
    got = {s.user_id: s.points for s, _ in await tables.standings(finished)}
    # The standings are the games': recount each table from its stored result.
    expected = {uid: 0.0 for uid in got}
    results = {r.game_pk: r for r in await store.results()}
    for kept in await store.league_tables(finished.id):
        game = await store.get_game(kept.game_pk)
        seat_ranks = ranks(outcome_of(results[kept.game_pk]).placings)
        people = {s.user_id: seat_ranks[s.seat] for s in game.seats if s.user_id > 0}
        for uid, p in points(people).items():
            expected[uid] += p
    assert got == expected
    threads = {(await store.get_game(t.game_pk)).channel_id
               for t in await store.league_tables(finished.id)}
    assert len(threads) == 6 and table.channel not in threads
