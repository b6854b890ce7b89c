"""The `railyard` command: run the bot, play locally in a terminal, or run the benchmark."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import shutil
import sys
import time
from pathlib import Path

import rules
from bot.ops.health import check
from bot.ops.settings import Settings
from bot.tools.cli_measure import add_measures, parse_options
from rules.core.lang import languages, speaking, tr, trn, use
from rules.core.levels import LEVELS

log = logging.getLogger("railyard")
DEFAULT_PLAYERS = 4  # a hot seat of four when nothing says otherwise

def no_token(db: str, exe: str) -> str:
    """What the bot says when it has no token: how to run it, and how to play without it."""
    return tr("""No DISCORD_TOKEN is set, so Railyard cannot connect to Discord.

To run the bot on Discord:
  1. Create an application at https://discord.com/developers/applications, add a Bot,
     and copy its token (no privileged intents are needed).
  2. Invite it with the scopes `bot` and `applications.commands` and the permissions
     Send Messages, Send Messages in Threads, Create Public Threads, Attach Files,
     Embed Links, Read Message History.
  3. Start it:   DISCORD_TOKEN=... railyard run
     Games are kept in {db} (set RAILYARD_DB to change it).

To play without Discord, in this terminal (you against two computers, or a hot seat):
  {exe} play steel-driver --players 3 --computers 2
  {exe} play trains --players 2
""", db=db, exe=exe)


def _exe() -> str:
    """How to call `railyard` from here: its plain name on PATH, else the venv's path."""
    script = Path(sys.executable).parent / "railyard"
    if not script.exists():
        return "railyard"
    found = shutil.which("railyard")
    if found and Path(found).resolve() == script.resolve():
        return "railyard"
    try:
        return str(script.relative_to(Path.cwd()))
    except ValueError:
        return str(script)


def _run(args: argparse.Namespace) -> int:
    try:
        settings = Settings.from_env()
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if not settings.token:
        use(os.environ.get("LANG"))  # the offer in the terminal's own language
        # A PostgreSQL URL may hold a password: it is never printed back.
        where = (tr("the PostgreSQL database RAILYARD_DB names") if settings.postgres
                 else tr("the SQLite file {path}", path=str(settings.db_path)))
        print(no_token(where, _exe()), file=sys.stderr)
        if sys.stdin.isatty() and sys.stdout.isatty():
            from bot.tools.first_run import offer

            try:
                chosen = offer()
            except (EOFError, KeyboardInterrupt):
                chosen = None
            if chosen is not None:
                return _play(argparse.Namespace(seed=None, out=None, save=None, option=[],
                                                language=None, **chosen))
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    from bot.adapter.client import point_discord_at
    from bot.ops import metrics

    point_discord_at(settings.api_base, settings.gateway_url)

    try:  # before connecting: a port that cannot be served stops the start at once
        served = metrics.serve_from(settings)
    except metrics.MetricsError as exc:
        print(exc, file=sys.stderr)
        return 2
    try:
        return asyncio.run(_serve(settings))
    finally:
        if served is not None:
            served.close()


async def _serve(settings: Settings) -> int:
    from bot.adapter.serve import serve
    from bot.store import SqliteStore, Store
    from bot.tables.service import GameService

    store: Store
    if settings.postgres:
        from bot.store.postgres.store import PostgresStore

        store = PostgresStore(settings.db)
    else:
        settings.db_path.parent.mkdir(parents=True, exist_ok=True)
        store = SqliteStore(settings.db_path)
    return await serve(settings, GameService(store))


def _health(args: argparse.Namespace) -> int:
    try:
        settings = Settings.from_env()
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if settings.health_file is None:
        print("Set RAILYARD_HEALTH_FILE (as for `railyard run`) to check the bot's heartbeat.",
              file=sys.stderr)
        return 2
    ok, why = check(settings.health_file, time.time())
    print(why, file=sys.stdout if ok else sys.stderr)
    return 0 if ok else 1


def _seats(names: list[str] | None, players: int | None,
           computers: int | None) -> tuple[int, int] | str:
    """(players, computers) from what was given, or why they do not fit together.

    Seats nobody is named for go to computers: `--players 3 --names You` is you and two."""
    if computers is not None and computers < 0 or players is not None and players < 1:
        return tr("--players must be 1 or more and --computers 0 or more.")
    if names:
        if players is None:
            return len(names) + (computers or 0), computers or 0
        if len(names) > players:
            return trn("--players {players} is fewer than the {n} name in --names: name only the "
                       "people playing, and count every seat in --players.",
                       "--players {players} is fewer than the {n} names in --names: name only "
                       "the people playing, and count every seat in --players.",
                       len(names), players=str(players))
        if computers is None:
            computers = players - len(names)
        if len(names) + computers != players:
            return tr("--players {players} is not {people} named in --names and {computers}: "
                      "leave --computers out (seats nobody is named for go to computers), or "
                      "make them add up.", players=str(players),
                      people=trn("{n} person", "{n} people", len(names)),
                      computers=trn("{n} computer", "{n} computers", computers))
        return players, computers
    if players is None:
        return (computers + 1, computers) if computers else (DEFAULT_PLAYERS, 0)
    if computers is not None and computers > players:
        return tr("--computers {computers} is more than --players {players}.",
                  computers=str(computers), players=str(players))
    return players, computers or 0


def _you() -> str:
    """The name of a person playing alone ("You"; French « Joueur »)."""
    from bot.tools.local import default_names

    return default_names(1)[0]


def _asked_language(argv: list[str]) -> str | None:
    """The language `railyard play` is asked to speak (`--language fr`), else the terminal's
    (LANG): its help is said in it too."""
    for i, arg in enumerate(argv):
        if arg == "--language" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--language="):
            return arg.partition("=")[2]
    return os.environ.get("LANG")


def _list_options(game_id: str) -> None:
    """`--option list`: each option of the game, how to type it and what it does."""
    info = rules.game_info(game_id)
    guide = rules.guide(game_id)
    if not info.options:
        print(tr("{title} has no options.", title=info.title))
        return
    print(tr("Options of {title} (--option NAME=VALUE, repeat for several):", title=info.title))
    for option in info.options:
        values = "|".join(option.choices) or tr("TEXT")
        words = guide.option(option.id)
        said = tr("{name}: {text}", name=words.name, text=words.text) if words else option.said()
        print("  " + tr("{option}={values}  (default {default})", option=option.id,
                        values=values, default=option.default) + f"\n      {said}")


def _play(args: argparse.Namespace) -> int:
    from bot.tools.first_run import boards_folder
    from bot.tools.local import play_local

    use(args.language or os.environ.get("LANG"))  # the terminal's own language by default
    names = args.names
    if isinstance(names, str):
        names = [n.strip() for n in names.split(",") if n.strip()]
    if any(pair.strip().lower() in ("list", "help", "?") for pair in args.option or []):
        _list_options(args.game)
        return 0
    seats = _seats(names, args.players, args.computers)
    if isinstance(seats, str):
        print(seats, file=sys.stderr)
        return 2
    players, computers = seats
    info = rules.game_info(args.game)
    if not info.min_players <= players <= info.max_players:
        print(tr("{title} needs {fewest}-{most} players, not {players}: say how many seats with "
                 "--players (seats nobody is named for in --names are computers), e.g. "
                 "--players {example} --names {name}.", title=info.title,
                 fewest=info.min_players, most=info.max_players, players=players,
                 example=max(info.min_players, 2), name=_you()), file=sys.stderr)
        return 2
    options = parse_options(args.option)
    if options is None:
        return 2
    try:
        play_local(args.game, players, names=names, computers=computers,
                   level=getattr(args, "level", None) or "normal", seed=args.seed,
                   options=options, out=boards_folder(args.out, _data_folder()),
                   save=Path(args.save) if args.save else None,
                   stdin=sys.stdin, stdout=sys.stdout)  # as they are now (a test's own)
    except rules.IllegalAction as exc:  # e.g. an option or value the game refuses
        print(str(exc).replace("`", ""), file=sys.stderr)
        return 2
    return 0


def _data_folder() -> Path | None:
    """The folder of the games' SQLite file (the data volume in the image), if one is set."""
    try:
        settings = Settings.from_env()
    except ValueError:
        return None
    return None if settings.postgres else settings.db_path.parent


def _migrate(args: argparse.Namespace) -> int:
    from bot.tools.migrate import copy_database

    try:
        report = asyncio.run(copy_database(args.source, args.target))
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    copied = ", ".join(f"{n} {table}" for table, n in report.rows.items())
    print(f"Copied {copied}.")
    print(f"Checked {report.games_checked} games: same rows, same logs, same matches replayed.")
    if report.frozen:
        print(f"Games whose logs no longer replay (on either side, as before): {report.frozen}")
    for problem in report.problems:
        print(f"PROBLEM {problem}", file=sys.stderr)
    return 0 if report.ok else 1


def _ratings(args: argparse.Namespace) -> int:
    """`railyard ratings rebuild`: every rating and record again from the kept results."""
    from bot.store import open_store
    from bot.tables.ratings import rater

    async def rebuild() -> int:
        store = await open_store(args.db or Settings.from_env().db)
        try:
            return await store.rebuild_ratings(rater)
        finally:
            await store.close()

    try:
        results = asyncio.run(rebuild())
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    print(f"Rebuilt the ratings, records and rating history from {results} finished games.")
    return 0


def _catalogue(args: argparse.Namespace) -> int:
    from bot.tools import catalogues
    from rules.core.lang import languages

    codes = [args.language] if args.language else [c for c in languages() if c != "en"]
    if args.step == "update":
        for code in codes:
            for path in catalogues.update(code, args.area):
                print(path.relative_to(catalogues.ROOT))
        return 0
    found = [f"{code}: {p}" for code in codes for p in catalogues.problems(code)]
    print("\n".join(found) if found else f"Complete: {', '.join(codes)}.")
    return 1 if found else 0


def _play_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`railyard play` and its help, in the language it is asked to speak."""
    play = sub.add_parser("play", help=tr("play a hot-seat game in this terminal"))
    play.add_argument("game", choices=[g["id"] for g in rules.catalog()])
    play.add_argument("--players", type=int, metavar="N",
                      help=tr("seats at the table, people and computers together (default: one "
                              "per name and computer, else 4); seats nobody is named for are "
                              "computers"))
    play.add_argument("--names", help=tr("comma-separated names of the people playing, e.g. "
                                         "--names Ann,Bob (default: You, or Player A, Player B… "
                                         "for several)"))
    play.add_argument("--computers", type=int, metavar="N",
                      help=tr("how many seats computer players take (the last ones)"))
    play.add_argument("--level", choices=LEVELS, help=tr("how well the computer players play "
                                                         "(default: normal)"))
    play.add_argument("--seed", type=int, metavar="N",
                      help=tr("the number the shuffles and dice follow: the same seed and moves "
                              "give the same game (default: a random one)"))
    play.add_argument("--out", help=tr("folder for board images (default: boards/ here if it "
                                       "may be written, else beside the database, else a "
                                       "temporary folder)"))
    play.add_argument("--save", help=tr("JSON file to save to after each move (resumes if "
                                        "present)"))
    play.add_argument("--language", metavar="CODE", choices=languages(),
                      help=tr("the language to play in: {languages} (default: the terminal's, "
                              "from LANG, if we speak it, else English)",
                              languages=", ".join(languages())))
    play.add_argument("--option", action="append", metavar="NAME=VALUE",
                      help=tr("a game option (repeat for several), e.g. --option map=osaka; "
                              "--option list shows the game's options"))


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `railyard` console script."""
    parser = argparse.ArgumentParser(prog="railyard", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("run", help="run the Discord bot (DISCORD_TOKEN, RAILYARD_DB)")
    with speaking(_asked_language(sys.argv[1:] if argv is None else argv)):
        _play_parser(sub)
    sub.add_parser("health", help="exit 0 if the running bot's heartbeat is fresh and it is "
                   "connected (RAILYARD_HEALTH_FILE)")
    measures = add_measures(sub)
    copy = sub.add_parser("migrate", help="copy every game from a SQLite file into an empty "
                          "PostgreSQL database and check each replays the same")
    copy.add_argument("--from", dest="source", required=True,
                      help="the SQLite file (or sqlite:/// URL); stop the bot using it first")
    copy.add_argument("--to", dest="target", required=True,
                      help="postgresql://user[:password]@host:port/db (an empty database)")
    words = sub.add_parser("catalogue", help="keep the message catalogues in step with the "
                           "code: `check` lists what a language lacks, `update` adds new "
                           "sentences to translate (a new language: its code, e.g. de)")
    words.add_argument("step", choices=["check", "update"])
    words.add_argument("language", nargs="?", help="a language code (default: every one we have)")
    words.add_argument("--area", help="update only this area's catalogue, e.g. rules/spike")
    ratings = sub.add_parser("ratings", help="`rebuild`: every rating, record and rating "
                             "history again from the finished games kept (after a change of "
                             "formula, or to check them); stop the bot first")
    ratings.add_argument("step", choices=["rebuild"])
    ratings.add_argument("--db", help="the SQLite file or postgresql:// URL (default: "
                         "RAILYARD_DB, else data/railyard.sqlite3)")
    args = parser.parse_args(argv)
    handlers = {"run": _run, "play": _play, "health": _health, "migrate": _migrate,
                "catalogue": _catalogue, "ratings": _ratings, **measures}
    return handlers[args.command](args)


if __name__ == "__main__":
    raise SystemExit(main())
