"""`railyard bench`, many games at once: memory per active game and the time to restart."""

from __future__ import annotations

import gc
import json
import random
import time
from pathlib import Path

import aiosqlite

import rules
from bot.store import SqliteStore
from bot.tables.live import SNAPSHOT_EVERY
from bot.tables.service import GameService

TEMPLATES = 8  # distinct random games per game id; the active games are cut from them


def _rss() -> int:
    """Resident memory of this process in bytes (Linux)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def _template(game_id: str, seed: int) -> tuple[list[tuple[int, str]], dict[int, str]]:
    """A random full game: its log, and its snapshots at every SNAPSHOT_EVERY entries."""
    info = rules.game_info(game_id)
    names = [f"P{i + 1}" for i in range(info.max_players)]
    match = rules.new_match(game_id, names, seed)
    rng = random.Random(seed)
    snaps = {0: match.to_json()}
    while not match.over:
        seat = match.to_act()[0]
        match.act(seat, rng.choice(match.legal(seat)))
        if len(match.log) % SNAPSHOT_EVERY == 0:
            snaps[len(match.log)] = match.to_json()
    return list(match.log), snaps


async def _fill(path: Path, count: int, seed: int) -> None:
    """Write `count` active games, each cut at a random point of a random full game."""
    rng = random.Random(seed)
    games = [g["id"] for g in rules.catalog()]
    templates = {(g, s): _template(g, s) for g in games for s in range(TEMPLATES)}
    store = SqliteStore(path)
    await store.open()  # creates the schema
    await store.close()
    async with aiosqlite.connect(path) as db:
        for n in range(count):
            game_id = games[n % len(games)]
            t_seed = rng.randrange(TEMPLATES)
            log, snaps = templates[(game_id, t_seed)]
            cut = rng.randrange(1, len(log))  # still running: somewhere before the end
            snap_at = max(v for v in snaps if v <= cut)
            cur = await db.execute(
                "INSERT INTO games (guild_id, channel_id, game_id, options, seed, status, "
                "creator_id, version, created_at, updated_at, rules_version) "
                "VALUES (1, ?, ?, ?, ?, 'active', 1, ?, 0, 0, ?)",
                (10_000 + n, game_id, json.dumps(rules.game_info(game_id).resolve_options({})),
                 t_seed, cut, json.loads(snaps[0])["rules_version"]))
            pk = cur.lastrowid
            players = rules.game_info(game_id).max_players
            await db.executemany(
                "INSERT INTO seats (game_pk, seat, user_id, name) VALUES (?, ?, ?, ?)",
                [(pk, i, 100 + i, f"P{i + 1}") for i in range(players)])
            await db.executemany(
                "INSERT INTO actions (game_pk, seq, seat, user_id, text, created_at) "
                "VALUES (?, ?, ?, ?, ?, 0)",
                [(pk, i, s, 100 + s, a) for i, (s, a) in enumerate(log[:cut], start=1)])
            await db.execute("INSERT INTO snapshots VALUES (?, ?, ?, 0)",
                             (pk, snap_at, snaps[snap_at]))
        await db.commit()


async def many_games(folder: Path, count: int = 1000) -> tuple[float, float, float, int]:
    """(open seconds, seconds until every game is back in memory, bytes per game, games)."""
    path = folder / "many.sqlite3"
    await _fill(path, count, seed=11)
    gc.collect()
    before = _rss()
    start = time.perf_counter()
    store = SqliteStore(path)
    await store.open()
    service = GameService(store)
    service.live.capacity = count
    opened = time.perf_counter() - start
    for game in await store.games_with_status(("active",)):
        await service.match_of(game)  # what the first scheduler tick does after a restart
    loaded = time.perf_counter() - start
    gc.collect()
    per_game = (_rss() - before) / count
    kept = len(service.live)
    await service.live.settle()
    await store.close()
    return opened, loaded, per_game, kept
