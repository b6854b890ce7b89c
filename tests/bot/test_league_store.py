"""Leagues kept by each back-end: one per channel, members until the start, each round claimed
by one process only, each table kept once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from bot.store import Store
from bot.store.leagues import LeagueClosed
from bot.store.records import ChannelBusy


async def _league(store: Store, channel: int = 40) -> int:
    league = await store.create_league(guild_id=7, channel_id=channel, game_id="trains",
                                       options={"map": "osaka"}, rounds=3, table_size=3,
                                       days_per_round=7.0, seed=11, creator_id=1, now=1.0)
    return league.id


async def test_members_join_until_the_start_and_leave_after_it_as_computers(
        new_store: Callable[[], Store]) -> None:
    async with new_store() as store:
        pk = await _league(store)
        with pytest.raises(ChannelBusy):
            await _league(store)
        assert (await store.league_here(40)).options == {"map": "osaka"}  # type: ignore[union-attr]
        assert await store.join_league(pk, 1, "Ann", 2.0)
        assert not await store.join_league(pk, 1, "Ann", 3.0)  # already in
        assert await store.join_league(pk, 2, "Bob", 4.0)
        assert await store.leave_league(pk, 2, 5.0)  # before the start: gone
        assert [m.user_id for m in await store.league_members(pk)] == [1]
        assert await store.join_league(pk, 3, "Cid", 6.0)
        assert await store.claim_round(pk, 0, [[1, 3]], 6.5)
        with pytest.raises(LeagueClosed):
            await store.join_league(pk, 4, "Dee", 7.0)
        assert await store.leave_league(pk, 3, 8.0)  # after: still listed, marked as left
        members = {m.user_id: m.left_at for m in await store.league_members(pk)}
        assert members == {1: None, 3: 8.0}
        assert [lg.id for lg in await store.running_leagues()] == [pk]


async def test_each_round_is_claimed_once_and_each_table_kept_once(
        new_store: Callable[[], Store]) -> None:
    async with new_store() as one, new_store() as two:
        pk = await _league(one)
        claims = await asyncio.gather(*(store.claim_round(pk, 0, [[n]], 2.0)
                                        for n, store in enumerate((one, two, one))))
        assert sorted(claims) == [False, False, True]
        plan, started = await two.round_plan(pk, 1)
        assert plan == [[claims.index(True)]] and started == 2.0
        game = await one.create_game(guild_id=7, channel_id=41, game_id="trains", options={},
                                     seed=1, creator_id=1, creator_name="Ann", now=1.0)
        assert await one.add_league_table(pk, 1, 1, game.id)
        assert not await two.add_league_table(pk, 1, 1, game.id)
        assert [(t.round, t.table_no, t.game_pk) for t in await two.league_tables(pk)] == [
            (1, 1, game.id)]
        assert await two.claim_round(pk, 1, [], 3.0) and await one.claim_round(pk, 2, [], 4.0)
        assert not await one.claim_round(pk, 3, [], 5.0)  # three rounds: no fourth
        assert await one.finish_league(pk) and not await two.finish_league(pk)
        assert await one.league_here(40) is None
        await _league(two)  # the channel takes a new league
