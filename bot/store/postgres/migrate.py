"""The same forward-only migrations on PostgreSQL (asyncpg), one process applying each once."""

from __future__ import annotations

import time
from typing import Any

from bot.store.migrations import CREATE_VERSION_TABLE, LATEST_VERSION, MIGRATIONS, check_not_too_new

# Any number for pg_advisory_xact_lock: shard processes starting at once migrate one at a time.
_LOCK = 0x7261696C  # "rail"


async def schema_version(conn: Any) -> int:
    """The highest applied migration version (0 for an empty database)."""
    found = await conn.fetchval("SELECT MAX(version) FROM schema_version")
    return 0 if found is None else int(found)


async def migrate(conn: Any, *, target: int | None = None, now: float | None = None) -> int:
    """Apply pending migrations up to target (default latest), one transaction each.

    `conn` is an asyncpg connection with no transaction open.
    """
    goal = LATEST_VERSION if target is None else target
    if not 0 <= goal <= LATEST_VERSION:
        raise ValueError(f"target schema version must be in 0..{LATEST_VERSION}, got {goal}")
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _LOCK)
        await conn.execute(CREATE_VERSION_TABLE)
    check_not_too_new(await schema_version(conn))
    for step in MIGRATIONS:
        if step.version > goal:
            break
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _LOCK)
            current = await schema_version(conn)  # read again under the lock
            check_not_too_new(current)
            if current >= step.version:
                continue
            for statement in step.for_postgres():
                await conn.execute(statement)
            await conn.execute(
                "INSERT INTO schema_version (version, description, applied_at) "
                "VALUES ($1, $2, $3)",
                step.version, step.description, time.time() if now is None else now)
    return await schema_version(conn)
