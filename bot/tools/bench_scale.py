"""`railyard bench --postgres URL`: moves per second and p99 with one and two bot processes.

Each process is a game service on its own PostgresStore (as a shard process would be) playing
many games at once, a move in each as soon as the last one is saved, as busy tables would.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import subprocess
import sys
import time
from typing import Any

import rules
from bot.tables.service import GameService

GAME = "spike"
SEATS = 2


async def _table(service: GameService, channel: int, seed: int, until: float,
                 took: list[float]) -> None:
    """One channel's game, moved as fast as the service saves; new games when one ends."""
    rng = random.Random(seed)
    while time.perf_counter() < until:
        await service.create(guild_id=1, channel_id=channel, user_id=1, name="P1",
                             game_id=GAME, options={})
        await service.join(channel, 2, "P2")
        match = (await service.start(channel, 1, True)).match
        while not match.over and time.perf_counter() < until:
            seat = match.to_act()[0]
            text = rng.choice(match.legal(seat))
            start = time.perf_counter()
            match = (await service.act(channel, seat + 1, text)).match
            took.append(time.perf_counter() - start)
        if match.over:
            channel += 1_000_000  # the next game opens in a fresh channel


async def worker(url: str, first_channel: int, tables: int, seconds: float) -> dict[str, Any]:
    """Play `tables` games at once for `seconds`; the move times in seconds."""
    from bot.store.postgres.store import PostgresStore

    store = PostgresStore(url, max_size=8)
    service = GameService(store, seed_source=lambda: 11)
    took: list[float] = []
    async with store:
        until = time.perf_counter() + seconds
        await asyncio.gather(*(_table(service, first_channel + i, i, until, took)
                               for i in range(tables)))
        await service.live.settle()
    return {"moves": len(took), "seconds": seconds, "took": took}


def _spawn(url: str, first_channel: int, tables: int, seconds: float) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "bot.tools.bench_scale", url, str(first_channel), str(tables),
         str(seconds)], stdout=subprocess.PIPE, text=True)


def run_scale(url: str, tables: int = 16, seconds: float = 10.0) -> list[str]:
    """Lines for the README: one process, then two, against the same PostgreSQL."""
    lines = [f"PostgreSQL scaling: {GAME}, {tables} games moving at once per process, "
             f"{seconds:.0f} s each run"]
    first = 1
    for processes in (1, 2):
        procs = [_spawn(url, first + p * 100_000_000, tables, seconds)
                 for p in range(processes)]
        first += 1_000_000_000
        results = []
        for proc in procs:
            out, _ = proc.communicate(timeout=seconds * 10 + 120)
            if proc.returncode != 0:
                raise RuntimeError(f"a benchmark process failed (exit {proc.returncode})")
            results.append(json.loads(out))
        took = sorted(t for r in results for t in r["took"])
        rate = sum(r["moves"] for r in results) / seconds
        p99 = took[min(len(took) - 1, int(0.99 * len(took)))]
        lines.append(f"  {processes} process{'es' if processes > 1 else ''}: "
                     f"{rate:7.0f} moves/s  median {statistics.median(took) * 1000:.2f} ms  "
                     f"p99 {p99 * 1000:.2f} ms")
    return lines


if __name__ == "__main__":  # one benchmark process: prints its figures as JSON
    rules.catalog()  # load the games before the clock starts
    url, first_channel, tables, seconds = sys.argv[1:5]
    print(json.dumps(asyncio.run(worker(url, int(first_channel), int(tables),
                                        float(seconds)))))
