"""Forward-only schema migrations for the SQLite store, recorded in a schema_version table."""

from __future__ import annotations

import time
from dataclasses import dataclass

import aiosqlite


class SchemaTooNew(RuntimeError):
    """The database was written by a newer Railyard than this one."""


@dataclass(frozen=True)
class Migration:
    """One forward step: the schema version it produces and the statements that get there."""

    version: int
    description: str
    statements: tuple[str, ...]


# Append new steps at the end; never edit a step that has shipped.
MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "games, seats, action log, snapshots",
        (
            """CREATE TABLE games (
                id INTEGER PRIMARY KEY,
                guild_id BIGINT,
                channel_id BIGINT NOT NULL,
                game_id TEXT NOT NULL,
                options TEXT NOT NULL,
                seed BIGINT NOT NULL,
                status TEXT NOT NULL
                    CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
                creator_id BIGINT NOT NULL,
                version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
                created_at DOUBLE PRECISION NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL,
                board_message_id BIGINT
            )""",
            """CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id)
                WHERE status IN ('lobby', 'active')""",
            """CREATE TABLE seats (
                game_pk BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                seat INTEGER NOT NULL CHECK (seat >= 0),
                user_id BIGINT NOT NULL,
                name TEXT NOT NULL,
                resigned BOOLEAN NOT NULL DEFAULT FALSE,
                PRIMARY KEY (game_pk, seat),
                UNIQUE (game_pk, user_id)
            )""",
            """CREATE TABLE actions (
                game_pk BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                seq INTEGER NOT NULL CHECK (seq >= 1),
                seat INTEGER NOT NULL,
                user_id BIGINT NOT NULL,
                text TEXT NOT NULL,
                created_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (game_pk, seq)
            )""",
            """CREATE TABLE snapshots (
                game_pk BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
                version INTEGER NOT NULL CHECK (version >= 0),
                text TEXT NOT NULL,
                created_at DOUBLE PRECISION NOT NULL
            )""",
        ),
    ),
    Migration(
        2,
        "indexes for per-user and per-status game lists",
        (
            "CREATE INDEX seats_by_user ON seats (user_id)",
            "CREATE INDEX games_by_status ON games (status)",
        ),
    ),
    Migration(
        3,
        "async play: game settings, waits, clocks, preferences, notices, table requests",
        (
            "ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}'",
            "ALTER TABLE games ADD COLUMN waiting_since DOUBLE PRECISION",
            "ALTER TABLE seats ADD COLUMN reserve DOUBLE PRECISION",
            """CREATE TABLE user_prefs (
                user_id BIGINT PRIMARY KEY,
                prefs TEXT NOT NULL DEFAULT '{}'
            )""",
            """CREATE TABLE notices (
                game_pk BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                version INTEGER NOT NULL,
                seat INTEGER NOT NULL,
                kind TEXT NOT NULL,
                n INTEGER NOT NULL,
                sent_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (game_pk, version, seat, kind, n)
            )""",
            """CREATE TABLE requests (
                id INTEGER PRIMARY KEY,
                game_pk BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                version INTEGER NOT NULL,
                payload TEXT NOT NULL,
                status TEXT NOT NULL DEFAULT 'open',
                created_at DOUBLE PRECISION NOT NULL
            )""",
        ),
    ),
    Migration(
        4,
        "the rules version each game started under (games started before: version 1)",
        ("ALTER TABLE games ADD COLUMN rules_version INTEGER",
         "UPDATE games SET rules_version = 1 WHERE status <> 'lobby'"),
    ),
)

LATEST_VERSION = MIGRATIONS[-1].version

_CREATE_VERSION_TABLE = """CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER PRIMARY KEY,
    description TEXT NOT NULL,
    applied_at DOUBLE PRECISION NOT NULL
)"""


async def schema_version(db: aiosqlite.Connection) -> int:
    """Return the highest applied migration version (0 for an empty database)."""
    async with db.execute("SELECT MAX(version) FROM schema_version") as cur:
        row = await cur.fetchone()
    return 0 if row is None or row[0] is None else int(row[0])


def _check_not_too_new(found: int) -> None:
    """Raise SchemaTooNew if the database is ahead of this code."""
    if found > LATEST_VERSION:
        raise SchemaTooNew(
            f"database schema version {found} is newer than the latest this Railyard knows "
            f"({LATEST_VERSION}); upgrade Railyard instead of opening it with an older build"
        )


async def migrate(
    db: aiosqlite.Connection, *, target: int | None = None, now: float | None = None
) -> int:
    """Apply pending migrations up to target (default latest), one transaction each."""
    if db.in_transaction:
        raise RuntimeError("migrate() needs a connection with no open transaction")
    goal = LATEST_VERSION if target is None else target
    if not 0 <= goal <= LATEST_VERSION:
        raise ValueError(f"target schema version must be in 0..{LATEST_VERSION}, got {goal}")
    await db.execute(_CREATE_VERSION_TABLE)
    found = await schema_version(db)
    _check_not_too_new(found)
    for step in MIGRATIONS:
        if step.version <= found:
            continue
        if step.version > goal:
            break
        try:
            await db.execute("BEGIN IMMEDIATE")
            current = await schema_version(db)  # re-read under the write lock
            _check_not_too_new(current)
            if current < step.version:
                for statement in step.statements:
                    await db.execute(statement)
                await db.execute(
                    "INSERT INTO schema_version (version, description, applied_at) "
                    "VALUES (?, ?, ?)",
                    (step.version, step.description, time.time() if now is None else now),
                )
            await db.execute("COMMIT")
        except BaseException:
            await db.rollback()
            raise
    return await schema_version(db)
