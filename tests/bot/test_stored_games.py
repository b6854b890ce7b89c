"""A database written by an earlier release opens, and its games go on under today's code."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.store import SqliteStore
from bot.tables.service import GameService
from rules.spike import Spike

STORED = sorted((Path(__file__).parents[1] / "fixtures" / "stored").glob("v*.sqlite3"))


@pytest.mark.parametrize("path", STORED, ids=[p.stem for p in STORED])
async def test_old_database_opens_and_every_game_goes_on(path: Path, tmp_path: Path) -> None:
    copy = tmp_path / "railyard.sqlite3"
    shutil.copy(path, copy)
    store = SqliteStore(copy)
    await store.open()  # migrates the schema forward
    try:
        service = GameService(store, clock=lambda: 2e9)
        games = await store.games_with_status(("active", "finished"))
        assert {g.game_id for g in games} >= {"steel-driver", "trains", "spike"}
        for game in games:
            if path.stem == "v0.1.0":
                assert game.rules_version == 1  # started before rules versions were kept
            match = await service.match_of(game)
            assert match.started_under == game.rules_version and match.version == game.version
            if game.status == "finished":
                assert match.over
                continue
            seat = match.to_act()[0]
            user = next(s.user_id for s in game.seats if s.seat == seat)
            onward = [c.action for c in match.choices(seat) if c.action not in ("back", "cancel")]
            report = await service.act(game.channel_id, user, onward[0])
            assert report.game.version == game.version + len(report.played)
            assert (await service.match_of(report.game)).started_under == game.rules_version
    finally:
        await store.close()


async def test_a_new_game_records_the_rules_version_it_starts_under(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "railyard.sqlite3")
    await store.open()
    try:
        service = GameService(store, clock=lambda: 2e9, seed_source=lambda: 7)
        await service.create(guild_id=1, channel_id=5, user_id=1, name="Ann", game_id="spike",
                             options={})
        await service.join(5, 2, "Bob")
        lobby = await service.game_here(5)
        assert lobby.rules_version is None  # not started: it will take today's rules
        report = await service.start(5, 1, can_manage=False)
        assert report.game.rules_version == Spike.rules_version
        service.live.clear()  # rebuilt from the store, it keeps the version
        again = await service.match_of(await store.get_game(report.game.id))
        assert again.started_under == Spike.rules_version
        assert not any(a.startswith("region ") for a in again.legal(again.to_act()[0]))
    finally:
        await store.close()
