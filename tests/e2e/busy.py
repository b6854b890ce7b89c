"""Busy tables against the real bot process (issue 30): how fast moves go and how long the mover
and the channel wait, beside the render and commit floors measured in the same run.

    python -m tests.e2e.busy --tables 1,10,30 --seconds 40 [--workers N]

Each table is a Steel Driver game of three members in a server of its own, played with no think
time: the due player clicks a choice as soon as the board shows it. The bot is `railyard run`
in a process of its own, talking to the local Discord-compatible server in this one. Printed per
table count: moves per second; the mover's private confirmation (click to "Played"), p50/p99;
the last public picture (click to the board showing the move), p50/p99; the floors (drawing the
board and the turn card in this process; a bare durable SQLite commit) and the ideal rate on
this machine's cores (cores / render floor); the resident memory of the bot and its workers.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Table
from tests.e2e.test_entry_point import ROOT
from tests.e2e.test_steel_driver_game import _choose
from tests.fakediscord import FakeDiscord
from tests.fakediscord.state import Message

PLAYERS = ("alice", "bob", "carol")
VERSION = re.compile(r"^ry:[bsg]:\d+:(\d+)")


def _pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def _rss_kib(pid: int) -> int:
    """Resident memory of a process (KiB), from /proc."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _children(pid: int) -> list[int]:
    """Every descendant of a process (the picture workers and their server), from /proc."""
    found: list[int] = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found + [d for c in found for d in _children(c)]


class Busy:
    """One table's channel, its players and what they measured."""

    def __init__(self, table: Table) -> None:
        self.t = table
        self.confirm: list[float] = []
        self.public: list[float] = []

    def board(self) -> Message | None:
        """The newest status message that still offers moves (None: none shown yet)."""
        for m in reversed(self.t.messages()):
            if any(VERSION.match(c) for c in self.t.fake.custom_ids(m)):
                return m
        return None

    def version(self) -> int:
        board = self.board()
        if board is None:
            return -1
        return max(int(VERSION.match(c).group(1))  # type: ignore[union-attr]
                   for c in self.t.fake.custom_ids(board) if VERSION.match(c))

    async def open(self) -> None:
        """Open, join and start a game; wait for its first board."""
        await self.t.slash("alice", "game new", {"game": "steel-driver"})
        for name in PLAYERS[1:]:
            await self.t.slash(name, "game join")
        await self.t.slash("alice", "game start")
        await self.t.fake.wait_until(lambda: self.version() >= 0, 120, "the first board")

    async def play(self, until: float) -> None:
        """Move as fast as the boards come until `until`; a finished game is opened again."""
        loop = asyncio.get_running_loop()
        while loop.time() < until:
            board = self.board()
            if board is None or "Game over" in board.content:
                await self.open()
                continue
            before = self.version()
            action = _choose(list(self.t.actions_on(board)))
            start = loop.time()
            result = await self.t.choose(self.t.due_name(), board, action)
            self.confirm.append(loop.time() - start)
            text = " ".join(m.content for m in result.all_messages() if m.ephemeral)
            if "Played" not in text:  # refused (a stale board): the next board will do
                await self.t.fake.wait_until(lambda v=before: self.version() != v, 60)
                continue
            await self.t.fake.wait_until(
                lambda v=before: self.version() > v or "Game over" in self._last(), 120,
                "the board of the move")
            self.public.append(loop.time() - start)

    def _last(self) -> str:
        messages = self.t.messages()
        return messages[-1].content if messages else ""


async def _floors() -> tuple[float, float]:
    """Drawing the board and the turn card of a mid-game Steel Driver board here, and a bare
    durable SQLite commit (seconds, medians)."""
    import random
    import sqlite3

    import rules
    from bot.tables import presenters
    from render import render_board
    from render.core.turn_card import render_turn_card

    match = rules.new_match("steel-driver", list(PLAYERS), 7)
    rng = random.Random(7)
    for _ in range(60):
        if match.over:
            break
        seat = match.to_act()[0]
        match.act(seat, rng.choice(match.legal(seat)))
    card = presenters.turn_card(match, [t for _, t in match.lines[-3:]])
    renders = []
    for _ in range(7):
        start = time.perf_counter()
        view = match.view(None)
        render_turn_card(view, card, render_board(view))
        renders.append(time.perf_counter() - start)
    with tempfile.TemporaryDirectory() as folder:
        db = sqlite3.connect(Path(folder) / "floor.sqlite3", isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("CREATE TABLE t (x TEXT)")
        commits = []
        for i in range(50):
            start = time.perf_counter()
            db.execute("BEGIN")
            db.execute("INSERT INTO t VALUES (?)", (str(i),))
            db.execute("COMMIT")
            commits.append(time.perf_counter() - start)
        db.close()
    return _pct(renders, 0.5), _pct(commits, 0.5)


async def run(tables: int, seconds: float, workers: int | None) -> dict[str, Any]:
    """One run: `tables` busy tables for `seconds`; the figures."""
    fake = FakeDiscord(token="busy-token")
    await fake.start()
    folder = Path(tempfile.mkdtemp(prefix="railyard-busy-"))
    env = dict(os.environ, DISCORD_TOKEN=fake.token, RAILYARD_DB=str(folder / "busy.sqlite3"),
               DISCORD_API_BASE=fake.api_base, DISCORD_GATEWAY_URL=fake.gateway_url)
    if workers is not None:
        env["RAILYARD_PICTURE_WORKERS"] = str(workers)
    generation = fake.gateway.generation
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "run", cwd=ROOT, env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=(folder / "bot.log").open("wb"))
    try:
        await fake.gateway.wait_generation(generation, 120.0)
        busy = [Busy(Table(fake, folder / "unused.sqlite3")) for _ in range(tables)]
        await asyncio.gather(*(b.open() for b in busy))
        loop = asyncio.get_running_loop()
        start = loop.time()
        await asyncio.gather(*(b.play(start + seconds) for b in busy))
        elapsed = loop.time() - start
        bot_rss = _rss_kib(proc.pid)
        pool_rss = sum(_rss_kib(p) for p in _children(proc.pid))
        confirm = [x for b in busy for x in b.confirm]
        public = [x for b in busy for x in b.public]
        return {"tables": tables, "moves_per_s": len(public) / elapsed,
                "confirm": (_pct(confirm, 0.5), _pct(confirm, 0.99)),
                "public": (_pct(public, 0.5), _pct(public, 0.99)),
                "bot_rss_kib": bot_rss, "pool_rss_kib": pool_rss}
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(proc.wait(), 30)
        except TimeoutError:
            proc.kill()
        await fake.stop()


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f}"


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="1,10,30", help="table counts, e.g. 1,10,30")
    parser.add_argument("--seconds", type=float, default=40.0, help="length of each run")
    parser.add_argument("--workers", type=int, help="picture workers (default: one per core; "
                        "0: threads of the bot's process, as before issue 30)")
    args = parser.parse_args(argv)
    render_floor, commit_floor = await _floors()
    cores = os.cpu_count() or 1
    ideal = cores / render_floor
    print(f"render floor (board + turn card) {_ms(render_floor)} ms, commit floor "
          f"{commit_floor * 1000:.2f} ms, ideal {ideal:.1f} moves/s on {cores} cores")
    print("| tables | moves/s (of ideal) | private ✅ p50/p99 | last public picture p50/p99 "
          "(× floor) | bot / pool memory |")
    print("| --- | --- | --- | --- | --- |")
    for count in (int(x) for x in args.tables.split(",")):
        r = await run(count, args.seconds, args.workers)
        floor = render_floor + commit_floor
        print(f"| {count} | {r['moves_per_s']:.1f} ({r['moves_per_s'] / ideal:.0%}) | "
              f"{_ms(r['confirm'][0])} / {_ms(r['confirm'][1])} ms | "
              f"{_ms(r['public'][0])} / {_ms(r['public'][1])} ms "
              f"({r['public'][1] / floor:.1f}×) | "
              f"{r['bot_rss_kib'] // 1024} / {r['pool_rss_kib'] // 1024} MiB |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
