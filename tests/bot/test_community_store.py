"""Results, records and ratings kept by each back-end: a game counts once, whoever records it,
two games finishing together both count, and a rebuild gives back the same ratings."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path

import aiosqlite
import pytest

import rules
from bot.store import Store, open_store
from bot.store.community import EVERYWHERE, ResultRow
from bot.tables.ratings import computer, person, rater, record_missing
from bot.tables.service import GameService
from bot.tools.cli import main

GUILD = 77


async def _games(store: Store, n: int) -> list[int]:
    pks = []
    for i in range(n):
        game = await store.create_game(guild_id=GUILD, channel_id=1000 + i, game_id="trains",
                                       options={}, seed=i, creator_id=1, creator_name="ann",
                                       now=float(i))
        pks.append(game.id)
    return pks


def _result(pk: int, at: float, players: tuple[str, ...], scores: list[float],
            winners: list[int], game_id: str = "trains", **more: object) -> ResultRow:
    return ResultRow(pk, GUILD, game_id, at, players,
                     {"scores": scores, "winners": winners, **more})


ANN, BOB, CID = person(1), person(2), person(3)


async def test_a_game_counts_once_and_the_leaderboard_follows(
        new_store: Callable[[], Store]) -> None:
    async with new_store() as store:
        pk1, pk2, pk3 = await _games(store, 3)
        first = _result(pk1, 10.0, (ANN, BOB, computer("normal")), [30, 20, 10], [0])
        assert await store.record_result(first, rater)
        assert not await store.record_result(first, rater)  # again (another process): no change
        await store.record_result(_result(pk2, 20.0, (BOB, ANN), [50, 10], [0]), rater)
        await store.record_result(_result(pk3, 30.0, (ANN, CID), [1, 1], [0, 1],
                                          "switch-and-signal", cooperative=True,
                                          difficulty="standard"), rater)
        for scope in (EVERYWHERE, GUILD):
            board = await store.leaderboard(scope, "trains", 10)
            shown = [r.shown for r in board]
            assert shown == sorted(shown, reverse=True)  # best first
            assert board[-1].player == computer("normal")  # beaten by both, once only
            assert {r.player: r.games for r in board} == {ANN: 2, BOB: 2, computer("normal"): 1}
            assert await store.rank_of(scope, "trains", board[0].player) == 1
            assert await store.rank_of(scope, "trains", CID) is None
        mine = {(r.game_id, r.difficulty): r for r in await store.player_games(ANN, GUILD)}
        assert mine[("trains", "")].won == 1 and mine[("trains", "")].best == 30
        coop = mine[("switch-and-signal", "standard")]
        assert (coop.games, coop.won, coop.shown) == (1, 1, None)  # recorded, not rated
        history = await store.rating_history(GUILD, "trains", ANN)
        assert [h.game_pk for h in history] == [pk1, pk2]
        assert history[-1].shown == mine[("trains", "")].shown
        only = await store.leaderboard(GUILD, "trains", 10, among=[ANN])
        assert [r.player for r in only] == [ANN]
        assert await store.leaderboard(GUILD, "trains", 10, among=[]) == []


async def test_games_finishing_together_in_two_processes_both_count(
        new_store: Callable[[], Store]) -> None:
    async with new_store() as one, new_store() as two:
        pks = await _games(one, 6)
        results = [_result(pk, float(i), (ANN, BOB), [i, 10 - i], [0 if i < 3 else 1])
                   for i, pk in enumerate(pks)]
        await asyncio.gather(*(store.record_result(r, rater)
                               for store, r in zip([one, two] * 3, results, strict=True)))
        rows = {r.player: r for r in await one.player_games(ANN, EVERYWHERE)}
        assert rows[ANN].games == 6 and rows[ANN].won == 3
        assert len(await two.rating_history(EVERYWHERE, "trains", BOB)) == 6


async def test_a_rebuild_gives_back_the_same_records_and_ratings(
        new_store: Callable[[], Store]) -> None:
    async with new_store() as store:
        pks = await _games(store, 4)
        for i, pk in enumerate(pks):
            await store.record_result(
                _result(pk, float(i), (ANN, BOB, CID)[: 2 + i % 2], [i, 3, 2][: 2 + i % 2],
                        [i % 2]), rater)
        before = [await store.player_games(p, s) for p in (ANN, BOB, CID)
                  for s in (EVERYWHERE, GUILD)]
        history = await store.rating_history(GUILD, "trains", ANN)
        assert await store.rebuild_ratings(rater) == 4
        assert [await store.player_games(p, s) for p in (ANN, BOB, CID)
                for s in (EVERYWHERE, GUILD)] == before
        assert await store.rating_history(GUILD, "trains", ANN) == history
        assert [r.game_pk for r in await store.results()] == pks


async def _play_out(service: GameService, game_id: str, options: dict[str, str]) -> rules.Match:
    await service.create(guild_id=GUILD, channel_id=5, user_id=1, name="U1", game_id=game_id,
                         options=options)
    for user in (2, 3):
        await service.join(5, user, f"U{user}")
    match = (await service.start(5, 1, can_manage=False)).match
    rng = random.Random(3)
    while not match.over:
        seat = match.to_act()[0]
        match = (await service.act(5, seat + 1, rng.choice(match.legal(seat)))).match
    return match


async def test_a_game_played_to_the_end_is_rated_once_in_both_scopes(
        service: GameService) -> None:
    match = await _play_out(service, "steel-driver", {})
    winners = set(match.winners())
    for scope in (EVERYWHERE, GUILD):
        board = await service.store.leaderboard(scope, "steel-driver", 10)
        assert {r.player: (r.games, r.won) for r in board} == {
            person(seat + 1): (1, int(seat in winners)) for seat in range(3)}
        assert board[0].player in {person(s + 1) for s in winners}
    assert len(await service.store.results()) == 1


async def test_a_cooperative_game_is_recorded_by_set_up_and_never_rated(
        service: GameService) -> None:
    match = await _play_out(service, "switch-and-signal", {"time_tokens": "8"})
    won = match.table_result()
    assert won is not None
    rows = await service.store.player_games(person(2), GUILD)
    assert [(r.game_id, r.difficulty, r.games, r.won, r.shown) for r in rows] == [
        ("switch-and-signal", "time_tokens=8", 1, int(won[0]), None)]
    assert await service.store.leaderboard(GUILD, "switch-and-signal", 10) == []


async def test_a_result_missed_by_a_stopped_process_is_recorded_at_the_next_start(
        service: GameService) -> None:
    await _play_out(service, "steel-driver", {})
    store = service.store
    # As if the process had stopped between the last move and the recording.
    results = await store.results()
    rows = await store.player_games(person(1), EVERYWHERE)
    await store.rebuild_ratings(rater)  # unchanged: the result is kept
    assert await store.player_games(person(1), EVERYWHERE) == rows
    assert await store.unrecorded_finished(10) == []
    await _forget_results(store)
    assert await store.unrecorded_finished(10) == [results[0].game_pk]
    assert await record_missing(store, service.match_of) == 1
    assert [r.players for r in await store.results()] == [results[0].players]
    assert await store.record_result(results[0], rater) is False
    assert await record_missing(store, service.match_of) == 0


async def _forget_results(store: Store) -> None:
    """Delete the kept results and ratings straight in the database."""
    if hasattr(store, "_pool"):  # PostgreSQL
        async with store._tx() as conn:  # type: ignore[attr-defined]
            await conn.execute("DELETE FROM results")
            await conn.execute("DELETE FROM player_games")
    else:
        async with store._tx() as db:  # type: ignore[attr-defined]
            await db.execute("DELETE FROM results")
            await db.execute("DELETE FROM player_games")


async def test_a_players_last_table_name_is_known(new_store: Callable[[], Store]) -> None:
    async with new_store() as store:
        await store.create_game(guild_id=GUILD, channel_id=1, game_id="trains", options={},
                                seed=1, creator_id=1, creator_name="Ann", now=1.0)
        await store.create_game(guild_id=GUILD, channel_id=2, game_id="trains", options={},
                                seed=1, creator_id=1, creator_name="Annie", now=2.0)
        assert await store.known_names([1, 2]) == {1: "Annie"}
        assert await store.known_names([]) == {}


def test_the_rebuild_command_restores_lost_records_from_the_kept_results(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "railyard.sqlite3"

    async def fill() -> list[list[object]]:
        store = await open_store(str(path))
        try:
            for i, pk in enumerate(await _games(store, 3)):
                await store.record_result(_result(pk, float(i), (ANN, BOB), [i, 1], [i % 2]),
                                          rater)
            return [await store.player_games(p, GUILD) for p in (ANN, BOB)]
        finally:
            await store.close()

    async def forget() -> None:  # records lost (or a formula changed): only results remain
        async with aiosqlite.connect(path) as db:
            await db.execute("DELETE FROM player_games")
            await db.execute("DELETE FROM rating_history")
            await db.commit()

    async def records() -> list[list[object]]:
        store = await open_store(str(path))
        try:
            return [await store.player_games(p, GUILD) for p in (ANN, BOB)]
        finally:
            await store.close()

    before = asyncio.run(fill())
    asyncio.run(forget())
    assert asyncio.run(records()) == [[], []]
    assert main(["ratings", "rebuild", "--db", str(path)]) == 0
    assert "from 3 finished games" in capsys.readouterr().out
    assert asyncio.run(records()) == before
