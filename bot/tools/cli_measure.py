"""`railyard bench` and `railyard selfplay`: the measuring commands (their parsers and handlers)."""

from __future__ import annotations

import argparse
import asyncio
import importlib
import sys
from collections.abc import Callable
from pathlib import Path

import rules
from bot.tools.selfplay import DIFFICULTIES, run_selfplay
from rules.core.lang import tr

Handler = Callable[[argparse.Namespace], int]


def parse_options(pairs: list[str] | None) -> dict[str, str] | None:
    """`--option name=value` pairs as a dict; None (after saying why) for a malformed one."""
    options: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep:
            print(tr("Options look like name=value, not {pair}.", pair=repr(pair)),
                  file=sys.stderr)
            return None
        options[key.strip()] = value.strip()
    return options


def _bench(args: argparse.Namespace) -> int:
    if args.busy:
        return _busy(args.busy, args.seconds or 40.0)
    if args.postgres:
        from bot.tools.bench_community import postgres_figures
        from bot.tools.bench_scale import run_scale

        for line in run_scale(args.postgres, tables=args.tables, seconds=args.seconds or 10.0):
            print(line)
        print("\n".join(asyncio.run(postgres_figures(args.postgres))))
        return 0
    from bot.tools.bench import run_bench

    return asyncio.run(run_bench(moves=args.moves, games=args.games, active=args.active))


def _busy(tables: str, seconds: float) -> int:
    """Busy tables end to end: the real bot process against the tests' local Discord server."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "tests" / "e2e" / "busy.py").is_file():
        print(tr("The busy-tables bench drives the local Discord-compatible server of the "
                 "tests: run it from a checkout of the source."), file=sys.stderr)
        return 2
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    try:
        busy = importlib.import_module("tests.e2e.busy")
    except ImportError as exc:
        print(tr("The busy-tables bench needs the test extras ({error}): "
                 "pip install -e '.[test]'.", error=str(exc)), file=sys.stderr)
        return 2
    result: int = asyncio.run(busy.main(["--tables", tables, "--seconds", str(seconds)]))
    return result


def _selfplay(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    if options is None:
        return 2
    if args.seats:  # wins by seat and a chi-square per table size (bot/tools/seats.py)
        from bot.tools.seats import run_seats

        for line in run_seats(args.game, args.seats, args.players, args.kind, options,
                              args.seed):
            print(line, flush=True)
        return 0
    if args.levels:  # strong vs normal, normal vs gentle (bot/tools/selfplay_levels.py)
        from bot.tools.selfplay_levels import level_tables

        print("\n".join(level_tables(args.game, args.games, args.seed)), flush=True)
        return 0
    for line in run_selfplay(args.game, args.games, options, seed=args.seed):
        print(line, flush=True)
    return 0


def add_measures(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> dict[str, Handler]:
    """The `bench` and `selfplay` subcommands; their handlers by name."""
    bench = sub.add_parser("bench", help="measure move, render and replay costs")
    bench.add_argument("--moves", type=int, default=600, help="moves timed per game")
    bench.add_argument("--games", type=int, default=3, help="full games replayed per game id")
    bench.add_argument("--active", type=int, default=1000,
                       help="active games held at once for the memory and restart figures")
    bench.add_argument("--postgres", metavar="URL",
                       help="instead: moves per second and p99 with one and two processes "
                       "against this (empty, throwaway) PostgreSQL database")
    bench.add_argument("--tables", type=int, default=16,
                       help="with --postgres: games moving at once in each process")
    bench.add_argument("--seconds", type=float,
                       help="with --postgres or --busy: how long each run lasts (10 s; 40 s)")
    bench.add_argument("--busy", metavar="TABLES",
                       help="instead: busy Steel Driver tables (e.g. 1,10,30) played through "
                       "the local Discord-compatible server of the tests against `railyard "
                       "run`: moves/s, confirmation and public-picture p50/p99 against the "
                       "render and commit floors (from a source checkout)")
    selfplay = sub.add_parser("selfplay", help="computer tables play full games: wins by "
                              "seat, scores, length (Switch & Signal: by difficulty and board)")
    selfplay.add_argument("game", choices=[g["id"] for g in rules.catalog()])
    selfplay.add_argument("--games", type=int, default=10,
                          help="games (Switch & Signal: per difficulty and board)")
    selfplay.add_argument("--seed", type=int, default=0, help="the first game's seed")
    selfplay.add_argument("--option", action="append", metavar="NAME=VALUE",
                          help=f"players=N, board=…, level={'|'.join(DIFFICULTIES)}, "
                          "rules_version=N, or a game option for every game")
    selfplay.add_argument("--seats", type=int, metavar="N", help="instead: N seeded tables "
                          "per table size, wins by seat and a chi-square test of equal seats")
    selfplay.add_argument("--players", type=int, metavar="K", help="with --seats: this table "
                          "size only (default: every size the game allows)")
    selfplay.add_argument("--kind", choices=["random", "computer", "varied"],
                          default="random", help="with --seats: who plays every seat: random "
                          "players, computers, or computers whose tie-breaks follow the seed")
    selfplay.add_argument("--levels", action="store_true", help="instead: computer levels "
                          "against each other (strong vs normal, normal vs gentle)")
    return {"bench": _bench, "selfplay": _selfplay}
