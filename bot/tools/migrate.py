"""`railyard migrate`: copy a SQLite database into PostgreSQL, then check each game replays."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rules
from bot.store.records import STATUSES, ActionRow, GameRow, Store
from bot.tables.undo import effective_log

# Parents before children, so every foreign key finds its row.
TABLES = ("games", "seats", "actions", "snapshots", "user_prefs", "notices", "requests")
IDENTITY = ("games", "requests")  # their ids go on from the highest one copied


@dataclass
class CopyReport:
    """What was copied and what the check found."""

    rows: dict[str, int] = field(default_factory=dict)
    games_checked: int = 0
    problems: list[str] = field(default_factory=list)
    frozen: list[int] = field(default_factory=list)  # logs that replay on neither side

    @property
    def ok(self) -> bool:
        """True when every game reads and replays the same on both sides."""
        return not self.problems


def read_sqlite(path: Path) -> dict[str, tuple[list[str], list[tuple[Any, ...]]]]:
    """Every table's columns and rows, read in one transaction (a consistent picture)."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        con.execute("BEGIN")
        tables: dict[str, tuple[list[str], list[tuple[Any, ...]]]] = {}
        for table in TABLES:
            cur = con.execute(f"SELECT * FROM {table}")  # names from TABLES, not from input
            tables[table] = ([d[0] for d in cur.description], cur.fetchall())
        return tables
    finally:
        con.close()


def _convert(kind: str) -> Callable[[Any], Any]:
    """SQLite's loose types as PostgreSQL's column wants them (0/1 for booleans, say)."""
    if kind == "boolean":
        return bool
    if kind in ("double precision", "real"):
        return float
    if kind in ("bigint", "integer", "smallint"):
        return int
    return str


async def write_postgres(conn: Any, tables: dict[str, tuple[list[str], list[tuple[Any, ...]]]],
                         ) -> dict[str, int]:
    """Insert every row in one transaction into an empty database; identities carry on."""
    counts: dict[str, int] = {}
    async with conn.transaction():
        if await conn.fetchval("SELECT COUNT(*) FROM games"):
            raise ValueError("the PostgreSQL database already holds games; migrate into an "
                             "empty one (nothing was copied)")
        for table in TABLES:
            columns, rows = tables[table]
            kinds = {r["column_name"]: r["data_type"] for r in await conn.fetch(
                "SELECT column_name, data_type FROM information_schema.columns "
                "WHERE table_name = $1 AND table_schema = current_schema()", table)}
            casts = [_convert(kinds[c]) for c in columns]
            records = [tuple(None if v is None else cast(v) for cast, v in zip(casts, row))
                       for row in rows]
            if records:
                await conn.copy_records_to_table(table, records=records, columns=columns)
            counts[table] = len(records)
        for table in IDENTITY:
            await conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)")
    return counts


def _replayed(game: GameRow, rows: list[ActionRow]) -> str:
    """The match's whole text after its log, or why the log does not replay."""
    names = [s.name for s in sorted(game.seats, key=lambda s: s.seat)]
    try:
        match = rules.new_match(game.game_id, names, game.seed, game.options,
                                game.rules_version)
        for row in effective_log(rows):
            match.act(row.seat, row.text)
    except Exception as exc:  # a frozen game: compared by its reason, on both sides
        return f"does not replay: {exc}"
    return match.to_json()


async def check_copy(source: Store, target: Store, report: CopyReport) -> None:
    """Every game: the same row, seats and log on both sides, and the same match replayed."""
    games = await source.games_with_status(STATUSES)
    copies = {g.id: g for g in await target.games_with_status(STATUSES)}
    for game in games:
        copy = copies.pop(game.id, None)
        if copy != game:
            report.problems.append(f"game {game.id}: its row or seats differ in the copy")
            continue
        rows, copied = await source.actions(game.id), await target.actions(game.id)
        if rows != copied:
            report.problems.append(f"game {game.id}: its log differs in the copy")
            continue
        if game.status != "lobby":
            here, there = await asyncio.gather(asyncio.to_thread(_replayed, game, rows),
                                               asyncio.to_thread(_replayed, copy, copied))
            if here != there:
                report.problems.append(f"game {game.id}: replays differently in the copy")
            elif here.startswith("does not replay"):
                report.frozen.append(game.id)
        report.games_checked += 1
    for extra in copies:
        report.problems.append(f"game {extra}: in the copy but not in the source")


def sqlite_path(source: str) -> Path:
    """The SQLite file a path or sqlite:/// URL names (it must exist)."""
    path = Path(source.removeprefix("sqlite:///"))
    if "://" in str(path) or not path.is_file():
        raise ValueError(f"--from must be an existing SQLite file or sqlite:/// URL, "
                         f"not {source!r}")
    return path


async def copy_database(source: str, target: str) -> CopyReport:
    """Copy every game and what goes with it from SQLite into an empty PostgreSQL, then check."""
    import asyncpg

    from bot.store import SqliteStore, is_postgres_url
    from bot.store.postgres.store import PostgresStore

    path = sqlite_path(source)
    if not is_postgres_url(target):
        # Not echoed whole: a database URL may hold a password.
        raise ValueError("--to must be a postgresql://user[:password]@host:port/db URL")
    report = CopyReport()
    async with SqliteStore(path) as old, PostgresStore(target) as new:
        # Both opened: each schema is at the latest version, so the columns match.
        tables = await asyncio.to_thread(read_sqlite, path)
        conn = await asyncpg.connect(target)
        try:
            report.rows = await write_postgres(conn, tables)
        finally:
            await conn.close()
        await check_copy(old, new, report)
    return report
