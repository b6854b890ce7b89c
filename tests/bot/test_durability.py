"""Moves on disk and a store that heals: snapshots, broken logs, a vanished or refusing disk."""

from __future__ import annotations

import logging
import random
import shutil
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import rules
from bot.store import SqliteStore, StorageFailure
from bot.store.sqlite.disk import FULL, GONE, READ_ONLY, storage_failure
from bot.tables.live import SNAPSHOT_EVERY
from bot.tables.service import GameError, GameFrozen, GameService

CHANNEL = 100
GAME = "trains"


async def _service(path: Path) -> GameService:
    store = SqliteStore(path)
    await store.open()
    return GameService(store, clock=lambda: 1000.0, seed_source=lambda: 42)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    service = await _service(tmp_path / "games.sqlite3")
    yield service
    await service.live.settle()
    await service.store.close()


async def _start(service: GameService, channel: int = CHANNEL) -> None:
    await service.create(guild_id=1, channel_id=channel, user_id=1, name="U1", game_id=GAME,
                         options={})
    await service.join(channel, 2, "U2")
    await service.start(channel, 1, can_manage=False)


async def _play(service: GameService, moves: int, channel: int = CHANNEL,
                seed: int = 5) -> rules.Match:
    """Play moves through the service as the due players; return the match after them."""
    rng = random.Random(seed)
    for _ in range(moves):
        game, match = await service.current(channel)
        assert match is not None and not match.over
        seat = match.to_act()[0]
        await service.act(channel, seat + 1, rng.choice(match.legal(seat)))
    game, match = await service.current(channel)
    assert match is not None
    return match


def _replayed(match: rules.Match) -> rules.Match:
    return rules.replay(match.game_id, match.players, match.seed, match.options, match.log)


async def test_snapshots_come_every_so_often_and_a_restart_rebuilds_from_the_newest(
        tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    service = await _service(path)
    await _start(service)
    match = await _play(service, SNAPSHOT_EVERY + 30)
    await service.live.settle()
    game = await service.game_here(CHANNEL)
    snap = await service.store.snapshot(game.id)
    assert snap is not None and snap[0] == SNAPSHOT_EVERY  # not rewritten on every move
    assert len(await service.store.actions(game.id)) == game.version == SNAPSHOT_EVERY + 30
    await service.store.close()

    again = await _service(path)  # a restart: snapshot at 100, then the 30 moves after it
    _, rebuilt = await again.current(CHANNEL)
    assert rebuilt == match == _replayed(match)
    await _play(again, 3)  # and the game goes on
    await again.store.close()


async def test_a_refused_move_leaves_what_readers_hold_unchanged(service: GameService) -> None:
    await _start(service)
    _, before = await service.current(CHANNEL)
    assert before is not None
    text = before.to_json()
    seat = before.to_act()[0]
    with pytest.raises(GameError):
        await service.act(CHANNEL, seat + 1, "fly to the moon")
    await service.act(CHANNEL, seat + 1, before.legal(seat)[0])
    assert before.to_json() == text  # the board a reader was drawing did not move under it
    _, after = await service.current(CHANNEL)
    assert after is not None and after.version == before.version + 1


async def test_a_corrupt_snapshot_is_dropped_and_the_log_rebuilds_the_game(
        service: GameService, caplog: pytest.LogCaptureFixture) -> None:
    await _start(service)
    match = await _play(service, 12)
    game = await service.game_here(CHANNEL)
    await service.store.put_snapshot(game.id, game.version, '{"game": "trains", "sta', 0.0)
    service.live.clear()
    with caplog.at_level(logging.WARNING, logger="bot.tables.live"):
        _, rebuilt = await service.current(CHANNEL)
    assert rebuilt == match
    assert "dropped" in caplog.text
    assert await service.store.snapshot(game.id) is None
    await _play(service, 2)


async def test_a_snapshot_that_disagrees_with_the_log_is_dropped(service: GameService) -> None:
    await _start(service)
    await _play(service, 6)
    game = await service.game_here(CHANNEL)
    _, match = await service.current(CHANNEL)
    assert match is not None
    other = rules.new_match(GAME, match.players, match.seed, match.options)
    seat = other.to_act()[0]
    other.act(seat, other.legal(seat)[-1])  # a well-formed snapshot of some other history
    await service.store.put_snapshot(game.id, 1, other.to_json(), 0.0)
    service.live.clear()
    _, rebuilt = await service.current(CHANNEL)
    assert rebuilt == match
    assert await service.store.snapshot(game.id) is None


async def test_a_log_entry_that_no_longer_replays_freezes_that_game_only(
        service: GameService) -> None:
    await _start(service)
    await _play(service, 4)
    await _start(service, channel=CHANNEL + 1)
    game = await service.game_here(CHANNEL)
    # As if a rules change had made a stored move illegal.
    await service.store.append_actions(game.id, game.version, [(0, 1, "teleport home")], 0.0)
    service.live.clear()
    told: list[str] = []

    async def tell(_game: object, text: str) -> None:
        told.append(text)

    service.on_frozen = tell
    for _ in range(3):  # asked again and again, it neither crashes nor retells the channel
        with pytest.raises(GameFrozen, match="move 5 is no longer accepted.* frozen"):
            await service.current(CHANNEL)
        with pytest.raises(GameFrozen):
            await service.act(CHANNEL, 1, "pass")
    assert len(told) == 1
    assert await service.store.snapshot(game.id) is not None  # the log was at fault, not it
    await _play(service, 3, channel=CHANNEL + 1)  # the other game plays on


async def test_a_removed_or_replaced_database_stops_confirming_moves(tmp_path: Path) -> None:
    path = tmp_path / "data" / "games.sqlite3"
    service = await _service(path)
    await _start(service)
    await _play(service, 3)
    _, match = await service.current(CHANNEL)
    assert match is not None
    seat = match.to_act()[0]
    saved = tmp_path / "saved.sqlite3"
    shutil.copy(path, saved)
    shutil.rmtree(path.parent)  # the folder deleted under the running bot
    with pytest.raises(StorageFailure) as refused:
        await service.act(CHANNEL, seat + 1, match.legal(seat)[0])
    assert str(refused.value) == GONE and "not played" in GONE
    path.parent.mkdir()
    shutil.copy(saved, path)  # a file put back is another file: still refused until a restart
    with pytest.raises(StorageFailure):
        await service.act(CHANNEL, seat + 1, match.legal(seat)[0])
    await service.store.close()


async def test_a_read_only_database_says_so_and_changes_nothing(service: GameService) -> None:
    await _start(service)
    await _play(service, 2)
    game = await service.game_here(CHANNEL)
    _, match = await service.current(CHANNEL)
    assert match is not None and service.store._db is not None
    await service.store._db.execute("PRAGMA query_only = 1")  # SQLite's own read-only refusal
    seat = match.to_act()[0]
    with pytest.raises(StorageFailure, match="read-only"):
        await service.act(CHANNEL, seat + 1, match.legal(seat)[0])
    assert str(READ_ONLY).startswith("Nothing was saved")
    await service.store._db.execute("PRAGMA query_only = 0")
    assert (await service.game_here(CHANNEL)).version == game.version
    _, same = await service.current(CHANNEL)
    assert same == match
    await _play(service, 2)


def test_a_full_disk_is_named_as_such(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "tiny.sqlite3")
    db.execute("CREATE TABLE t (x TEXT)")
    db.execute("PRAGMA max_page_count = 8")  # a disk with room for eight pages
    with pytest.raises(sqlite3.Error) as full:
        for _ in range(100):
            db.execute("INSERT INTO t VALUES (?)", ("x" * 4000,))
    failure = storage_failure(full.value)
    assert failure is not None and str(failure) == FULL
    db.close()


async def test_a_confirmed_move_is_in_the_files_at_once(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    service = await _service(path)
    assert service.store._db is not None
    async with service.store._db.execute("PRAGMA synchronous") as cur:
        assert (await cur.fetchone()) == (2,)  # FULL: the log is synced before COMMIT returns
    await _start(service)
    for moves in range(1, 6):
        await _play(service, 1, seed=moves)
        # A copy of the files taken now, as a power cut would leave them, holds every move.
        copy = tmp_path / f"copy{moves}"
        copy.mkdir()
        for suffix in ("", "-wal"):
            if Path(f"{path}{suffix}").exists():
                shutil.copy(f"{path}{suffix}", copy / f"games.sqlite3{suffix}")
        other = await _service(copy / "games.sqlite3")
        assert (await other.game_here(CHANNEL)).version == moves
        await other.store.close()
    await service.store.close()


async def test_games_beyond_the_memory_bound_reload_unchanged(service: GameService) -> None:
    service.live.capacity = 2
    channels = [CHANNEL + i for i in range(4)]
    for channel in channels:
        await _start(service, channel)
    expected = {}
    for round_ in range(3):
        for channel in channels:
            expected[channel] = await _play(service, 2, channel=channel, seed=round_ + channel)
    assert len(service.live) == 2
    for channel in channels:
        _, match = await service.current(channel)
        assert match == expected[channel]


async def test_two_connections_on_one_file_see_each_others_moves(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    first, second = await _service(path), await _service(path)
    await _start(first)
    rng = random.Random(8)
    _, match = await first.current(CHANNEL)
    _, also = await second.current(CHANNEL)  # each has now kept the game as it stood
    assert match is not None and also == match
    for turn in range(12):  # each move through the other connection than the one before
        service = (first, second)[turn % 2]
        seat = match.to_act()[0]  # what the other connection's move left
        report = await service.act(CHANNEL, seat + 1, rng.choice(match.legal(seat)))
        assert report.game.version == turn + 1 and report.match.version == turn + 1
        match = report.match
    for service in (first, second):
        await service.live.settle()
        await service.store.close()


async def test_a_frozen_game_without_secrets_names_the_entry(service: GameService) -> None:
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="U1",
                         game_id="steel-driver", options={})
    for user in (2, 3):
        await service.join(CHANNEL, user, f"U{user}")
    await service.start(CHANNEL, 1, can_manage=False)
    game = await service.game_here(CHANNEL)
    await service.store.append_actions(game.id, game.version, [(0, 1, "teleport home")], 0.0)
    service.live.clear()
    with pytest.raises(GameFrozen, match="move 1 \\(`teleport home`: .*\\) is no longer"):
        await service.current(CHANNEL)
