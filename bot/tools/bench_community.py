"""`railyard bench`: how fast a busy server's leaderboard and profiles answer (issue 29).

A server with many finished games (10,000 by default, 300 members, five games) is written
straight into a throwaway store in one transaction, its ratings rebuilt from those results as
`railyard ratings rebuild` would, then `/leaderboard` and `/profile` are timed as the bot
builds them (the store's queries and the view, not Discord).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import rules
from bot.store import Store
from bot.tables.community import leaderboard_view, profile_view
from bot.tables.ratings import person, rater
from bot.tables.service import GameService

GUILD, MEMBERS, TARGET_MS = 1, 300, 100.0


async def fill(store: Store, finished: int, seed: int = 3) -> None:
    """Write `finished` finished games of three or four members with their results, then
    rebuild the ratings from them."""
    rng = random.Random(seed)
    games = [g["id"] for g in rules.catalog()]
    postgres = hasattr(store, "_pool")

    def mark(n: int) -> str:
        return ", ".join(f"${i}" for i in range(1, n + 1)) if postgres else ", ".join("?" * n)

    async with store._tx() as db:  # type: ignore[attr-defined]
        run: Any = db.executemany
        # after whatever the database already holds (the scaling bench's games on PostgreSQL)
        if postgres:
            base = int(await db.fetchval("SELECT COALESCE(MAX(id), 0) FROM games"))
        else:
            async with db.execute("SELECT COALESCE(MAX(id), 0) FROM games") as cursor:
                base = int((await cursor.fetchone())[0])
        rows_games, rows_results = [], []
        for pk in range(base + 1, base + finished + 1):
            game_id = rng.choice(games)
            players = rng.sample(range(1, MEMBERS + 1), rng.choice((3, 4)))
            scores = [rng.randint(0, 120) for _ in players]
            best = max(scores)
            rows_games.append((pk, GUILD, 10_000 + pk, game_id, "{}", pk, "finished", players[0],
                               1, float(pk), float(pk)))
            rows_results.append((pk, GUILD, game_id, float(pk),
                                 json.dumps([person(p) for p in players]),
                                 json.dumps({"scores": scores, "winners": [
                                     i for i, s in enumerate(scores) if s == best]})))
        await run("INSERT INTO games (id, guild_id, channel_id, game_id, options, seed, status, "
                  f"creator_id, version, created_at, updated_at) VALUES ({mark(11)})",
                  rows_games)
        await run("INSERT INTO results (game_pk, guild_id, game_id, finished_at, players, "
                  f"outcome) VALUES ({mark(6)})", rows_results)
    await store.rebuild_ratings(rater)


async def timings(service: GameService, asks: int = 200, seed: int = 5) -> dict[str, float]:
    """p50 and p99 milliseconds of a server's leaderboard (members only, as `/leaderboard`
    lists them) and of a member's profile."""
    rng = random.Random(seed)
    games = [g["id"] for g in rules.catalog()]
    members = [person(p) for p in range(1, MEMBERS + 1)]
    names = {m: f"Member {m}" for m in members}
    board: list[float] = []
    profile: list[float] = []
    for _ in range(asks):
        reader = rng.randint(1, MEMBERS)
        start = time.perf_counter()
        await leaderboard_view(service, rng.choice(games), GUILD, "Bench", reader, names,
                               among=members)
        board.append(time.perf_counter() - start)
        start = time.perf_counter()
        await profile_view(service, reader, "Member", GUILD, "Bench", lambda g: "#here")
        profile.append(time.perf_counter() - start)
    return {"board_p50": _ms(board, 0.5), "board_p99": _ms(board, 0.99),
            "profile_p50": _ms(profile, 0.5), "profile_p99": _ms(profile, 0.99)}


def _ms(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def lines(finished: int, figures: dict[str, Any], filled: float) -> list[str]:
    """The bench's report lines."""
    return [
        f"community: {finished} finished games of {MEMBERS} members (written and rated in "
        f"{filled:.1f} s)",
        f"  /leaderboard (members only)  p50 {figures['board_p50']:.1f} ms  p99 "
        f"{figures['board_p99']:.1f} ms  (target p99 <= {TARGET_MS:.0f} ms)",
        f"  /profile                     p50 {figures['profile_p50']:.1f} ms  p99 "
        f"{figures['profile_p99']:.1f} ms  (target p99 <= {TARGET_MS:.0f} ms)",
    ]


async def postgres_figures(url: str, finished: int = 10_000) -> list[str]:
    """The same answers on PostgreSQL (`railyard bench --postgres URL`), after what it holds."""
    from bot.store.postgres.store import PostgresStore

    store = PostgresStore(url, max_size=4)
    async with store:
        start = time.perf_counter()
        await fill(store, finished)
        filled = time.perf_counter() - start
        figures = await timings(GameService(store))
    return [f"PostgreSQL: {line}" for line in lines(finished, figures, filled)]

