"""`railyard bench`: what one move, one render and one replay cost, beside plain baselines."""

from __future__ import annotations

import io
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import aiosqlite
from PIL import Image

import rules
from bot.store import SqliteStore
from bot.tables.presenters import turn_card
from bot.tables.service import GameService
from bot.tools.bench_games import many_games
from render import render_board
from render.core.turn_card import render_turn_card


def _pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ms(x: float) -> str:
    return f"{x * 1000:.2f} ms"


def _long_policy(rng: random.Random, legal: list[str]) -> str:
    """Raise by one whenever possible: long bidding wars make long games."""
    bids = [a for a in legal if a.startswith("bid ")]
    return bids[0] if bids else rng.choice(legal)


def _players(info: rules.GameInfo) -> int:
    """Seats used for the benchmark: the most the game allows."""
    return info.max_players


BLOCK = 20  # moves, then as many bare commits: each on its own file, the disk's noise shared


class _Bare:
    """The floor: one durable INSERT + COMMIT on the same disk, as the store commits (WAL, FULL)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db: aiosqlite.Connection | None = None

    async def __aenter__(self) -> _Bare:
        self.db = await aiosqlite.connect(self.path)
        await self.db.execute("PRAGMA journal_mode=WAL")
        await self.db.execute("PRAGMA synchronous=FULL")
        await self.db.execute("CREATE TABLE IF NOT EXISTS bench (n INTEGER, text TEXT)")
        await self.db.commit()
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.db is not None
        await self.db.close()

    async def commit(self) -> float:
        """Time one insert and its commit."""
        assert self.db is not None
        start = time.perf_counter()
        await self.db.execute("INSERT INTO bench VALUES (?, ?)", (1, "x" * 40))
        await self.db.commit()
        return time.perf_counter() - start


class _Seated:
    """One benchmark game in its own channel, played by the long-game policy."""

    def __init__(self, service: GameService, channel: int, seed: int) -> None:
        self.service, self.channel, self.rng = service, channel, random.Random(seed)
        self.match: rules.Match | None = None
        self.reads: list[float] = []  # the readers' copy of each move, made on first read

    async def open(self, game_id: str) -> None:
        """Open and start the game with every seat filled."""
        await self.service.create(guild_id=1, channel_id=self.channel, user_id=1, name="P1",
                                  game_id=game_id, options={})
        for user in range(2, _players(rules.game_info(game_id)) + 1):
            await self.service.join(self.channel, user, f"P{user}")
        self.match = (await self.service.start(self.channel, 1, True)).match

    async def step(self) -> float:
        """Play the next move; return what the service took (validate, apply, commit)."""
        assert self.match is not None
        seat = self.match.to_act()[0]
        text = _long_policy(self.rng, self.match.legal(seat))
        start = time.perf_counter()
        report = await self.service.act(self.channel, seat + 1, text)
        took = time.perf_counter() - start
        start = time.perf_counter()
        self.match = report.match  # as the board announcement reads it, after the move
        self.reads.append(time.perf_counter() - start)
        return took


def _length(game_id: str, seed: int) -> int:
    """How many actions the benchmark's game lasts (the same policy, rules only)."""
    match = rules.new_match(game_id, _players(rules.game_info(game_id)), seed)
    rng = random.Random(seed)
    while not match.over:
        seat = match.to_act()[0]
        match.act(seat, _long_policy(rng, match.legal(seat)))
    return len(match.log)


@dataclass
class _Moves:
    """What the timed moves of one game measured."""

    moves: list[float]  # every timed move
    bare: list[float]  # bare inserts+commits timed in blocks between them, on the same disk
    reads: list[float]  # the readers' copy of each move
    late: int  # the late action number
    early_median: float
    late_median: float
    match: rules.Match


async def _session_moves(game_id: str, folder: Path, moves: int, seed: int) -> _Moves:
    """Moves timed through the service, with blocks of bare commits on the same disk between.

    The late moves of one game alternate with the early moves of a second game on the same
    file, so both see the same disk.
    """
    store = SqliteStore(folder / f"{game_id}.sqlite3")
    await store.open()
    service = GameService(store, seed_source=lambda: seed)
    late = min(500, _length(game_id, seed) - 11, moves)
    long, fresh = _Seated(service, 1, seed), _Seated(service, 2, seed)
    samples: list[float] = []
    bare: list[float] = []
    async with _Bare(folder / f"{game_id}-bare.sqlite3") as floor:
        await long.open(game_id)
        for n in range(1, late - 9):
            samples.append(await long.step())
            if n % BLOCK == 0:  # the floor in blocks between the moves: the same disk, the
                bare += [await floor.commit() for _ in range(BLOCK)]  # same moment, apart
        await fresh.open(game_id)
        early_s, late_s = [], []
        for _ in range(21):  # actions 1-21 beside late-10 .. late+10
            early_s.append(await fresh.step())
            late_s.append(await long.step())
        bare += [await floor.commit() for _ in range(BLOCK)]
    samples += late_s
    assert long.match is not None
    await service.live.settle()
    await store.close()
    return _Moves(samples, bare, long.reads, late, statistics.median(early_s),
                  statistics.median(late_s), long.match)


def _render_figures(match: rules.Match) -> tuple[float, float, int, tuple[int, int]]:
    view = match.view(None)
    renders, encodes = [], []
    png = b""
    for _ in range(5):
        start = time.perf_counter()
        png = render_board(view)
        renders.append(time.perf_counter() - start)
    size = Image.open(io.BytesIO(png)).size
    for _ in range(5):
        start = time.perf_counter()
        buf = io.BytesIO()
        Image.new("RGB", size, "white").save(buf, "PNG")
        encodes.append(time.perf_counter() - start)
    return statistics.median(renders), statistics.median(encodes), len(png), size


def _card_figures(match: rules.Match) -> tuple[float, int, tuple[int, int]]:
    """The turn card drawn from an already rendered board: median time, PNG size, pixels."""
    view = match.view(None)
    board = render_board(view)
    card = turn_card(match, [t for _, t in match.lines[-3:]])
    took, png = [], b""
    for _ in range(5):
        start = time.perf_counter()
        png = render_turn_card(view, card, board)
        took.append(time.perf_counter() - start)
    return statistics.median(took), len(png), Image.open(io.BytesIO(png)).size


def _replay_time(match: rules.Match) -> float:
    start = time.perf_counter()
    again = rules.replay(match.game_id, match.players, match.seed, match.options, match.log)
    took = time.perf_counter() - start
    assert again == match
    return took


def _full_game(game_id: str, seed: int) -> rules.Match:
    rng = random.Random(seed)
    info = rules.game_info(game_id)
    match = rules.new_match(game_id, _players(info), seed)
    while not match.over:
        seat = match.to_act()[0]
        match.act(seat, rng.choice(match.legal(seat)))
    return match


async def run_bench(moves: int = 600, games: int = 3, active: int = 1000,
                    finished: int = 10_000) -> int:
    """Print the figures for every game in the catalog, each beside its physical floor."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print(f"railyard bench: {moves} session moves per game, {games} full replays per game")
        print("  floor: a bare durable SQLite insert+commit (WAL, synchronous=FULL) on the same "
              "disk, timed in blocks between the moves")
        for entry in rules.catalog():
            game_id = entry["id"]
            got = await _session_moves(game_id, folder, moves, seed=7)
            move, bare = statistics.median(got.moves), statistics.median(got.bare)
            late, match = got.late, got.match
            print(f"{entry['title']} ({game_id})")
            print(f"  move via service+SQLite     median {_ms(move)}  "
                  f"p99 {_ms(_pct(got.moves, 0.99))}  = {move / bare:.2f}x the bare insert "
                  f"(median {_ms(bare)}; target <= 2)")
            print(f"  move at action 10 / {late:<4}    {_ms(got.early_median)} / "
                  f"{_ms(got.late_median)}  = {got.late_median / got.early_median:.2f}x "
                  "(target <= 1.2)"
                  + ("" if late == 500 else f"; the game lasts {late + 11} actions"))
            print(f"  readers' copy after a move  median {_ms(statistics.median(got.reads))}  "
                  "(made when the board is first read, after the move is saved)")
            render, encode, size, dims = _render_figures(match)
            print(f"  board render                {_ms(render)}  beside plain PNG encode "
                  f"{_ms(encode)} = {render / encode:.2f}x ({dims[0]}x{dims[1]}, "
                  f"{size / 1024:.0f} KiB)")
            took, card_size, card_dims = _card_figures(match)
            print(f"  turn card (board drawn)     {_ms(took)}  {card_size / 1024:.0f} KiB "
                  f"({card_dims[0]}x{card_dims[1]})")
            replays = [_replay_time(_full_game(game_id, seed)) for seed in range(games)]
            lengths = [len(_full_game(game_id, seed).log) for seed in range(games)]
            print(f"  replay of a full game       median {_ms(statistics.median(replays))}"
                  f"  ({statistics.median(lengths):.0f} actions)")
        if active:
            opened, loaded, per_game, kept = await many_games(folder, active)
            print(f"{active} active games, each cut at a random point of a random game")
            print(f"  memory per active game      {per_game / 1024:.0f} KiB (resident, "
                  f"{kept} games in memory; target <= 100 KiB)")
            print(f"  restart                     store open in {_ms(opened)}; every game back "
                  f"in memory after {loaded:.1f} s (each loads on first use meanwhile)")
        if finished:
            print("\n".join(await community_figures(folder, finished)))
    return 0


async def community_figures(folder: Path, finished: int) -> list[str]:
    """A busy server's leaderboard and profile answers (bot/tools/bench_community.py)."""
    from bot.tools import bench_community

    async with SqliteStore(folder / "community.sqlite3") as store:
        start = time.perf_counter()
        await bench_community.fill(store, finished)
        filled = time.perf_counter() - start
        figures = await bench_community.timings(GameService(store))
    return bench_community.lines(finished, figures, filled)
