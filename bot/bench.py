"""`railyard bench`: what one move, one render and one replay cost, beside plain baselines."""

from __future__ import annotations

import io
import random
import statistics
import tempfile
import time
from pathlib import Path

import aiosqlite
from PIL import Image

import rules
from bot.presenters import turn_card
from bot.service import GameService
from bot.store import SqliteStore
from render import render_board
from render.turn_card import render_turn_card


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


async def _bare_commits(path: Path, count: int) -> list[float]:
    """Baseline: one INSERT + COMMIT on the same SQLite file."""
    samples = []
    async with aiosqlite.connect(path) as db:
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("CREATE TABLE IF NOT EXISTS bench (n INTEGER, text TEXT)")
        await db.commit()
        for n in range(count):
            start = time.perf_counter()
            await db.execute("INSERT INTO bench VALUES (?, ?)", (n, "x" * 40))
            await db.commit()
            samples.append(time.perf_counter() - start)
    return samples


async def _session_moves(game_id: str, folder: Path, moves: int,
                         seed: int) -> tuple[list[float], dict[int, float], rules.Match]:
    """Time accepted moves through the service: validate, apply, commit, public view."""
    info = rules.game_info(game_id)
    store = SqliteStore(folder / f"{game_id}.sqlite3")
    await store.open()
    service = GameService(store, seed_source=lambda: seed)
    players = _players(info)
    await service.create(guild_id=1, channel_id=seed, user_id=1, name="P1", game_id=game_id,
                         options={})
    for user in range(2, players + 1):
        await service.join(seed, user, f"P{user}")
    report = await service.start(seed, 1, True)
    match = report.match
    rng = random.Random(seed)
    samples: list[float] = []
    at: dict[int, float] = {}
    while not match.over and len(samples) < moves:
        seat = match.to_act()[0]
        text = _long_policy(rng, match.legal(seat))
        start = time.perf_counter()
        report = await service.act(seed, seat + 1, text)
        report.match.view(None)
        took = time.perf_counter() - start
        samples.append(took)
        at[len(report.match.log)] = took
        match = report.match
    await store.close()
    return samples, at, match


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


async def run_bench(moves: int = 600, games: int = 3) -> int:
    """Print the figures for every game in the catalog."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print(f"railyard bench: {moves} session moves per game, {games} full replays per game")
        bare = await _bare_commits(folder / "bare.sqlite3", 300)
        print(f"  bare SQLite insert+commit    median {_ms(statistics.median(bare))}"
              f"  p99 {_ms(_pct(bare, 0.99))}")
        for entry in rules.catalog():
            game_id = entry["id"]
            samples, at, match = await _session_moves(game_id, folder, moves, seed=7)
            print(f"{entry['title']} ({game_id})")
            print(f"  move via session+SQLite     median {_ms(statistics.median(samples))}"
                  f"  p99 {_ms(_pct(samples, 0.99))}  ({len(samples)} moves)")
            for n in (10, 500):
                if n in at:
                    print(f"  move cost at action {n:<4}    {_ms(at[n])}")
                else:
                    print(f"  move cost at action {n:<4}    (game ended after {len(match.log)})")
            render, encode, size, dims = _render_figures(match)
            print(f"  board render                {_ms(render)}  beside plain PNG encode "
                  f"{_ms(encode)} ({dims[0]}x{dims[1]})")
            print(f"  board PNG size              {size / 1024:.0f} KiB")
            took, card_size, card_dims = _card_figures(match)
            print(f"  turn card (board drawn)     {_ms(took)}  {card_size / 1024:.0f} KiB "
                  f"({card_dims[0]}x{card_dims[1]})")
            replays = [_replay_time(_full_game(game_id, seed)) for seed in range(games)]
            lengths = [len(_full_game(game_id, seed).log) for seed in range(games)]
            print(f"  replay of a full game       median {_ms(statistics.median(replays))}"
                  f"  ({statistics.median(lengths):.0f} actions)")
    return 0
