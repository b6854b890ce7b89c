"""The schema migrations applied on SQLite, one transaction each."""

from __future__ import annotations

import time

import aiosqlite

from bot.store.migrations import CREATE_VERSION_TABLE, LATEST_VERSION, MIGRATIONS, check_not_too_new


async def schema_version(db: aiosqlite.Connection) -> int:
    """Return the highest applied migration version (0 for an empty database)."""
    async with db.execute("SELECT MAX(version) FROM schema_version") as cur:
        row = await cur.fetchone()
    return 0 if row is None or row[0] is None else int(row[0])


async def migrate(
    db: aiosqlite.Connection, *, target: int | None = None, now: float | None = None
) -> int:
    """Apply pending migrations up to target (default latest), one transaction each."""
    if db.in_transaction:
        raise RuntimeError("migrate() needs a connection with no open transaction")
    goal = LATEST_VERSION if target is None else target
    if not 0 <= goal <= LATEST_VERSION:
        raise ValueError(f"target schema version must be in 0..{LATEST_VERSION}, got {goal}")
    await db.execute(CREATE_VERSION_TABLE)
    found = await schema_version(db)
    check_not_too_new(found)
    for step in MIGRATIONS:
        if step.version <= found:
            continue
        if step.version > goal:
            break
        try:
            await db.execute("BEGIN IMMEDIATE")
            current = await schema_version(db)  # re-read under the write lock
            check_not_too_new(current)
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
