"""The schema on a real PostgreSQL server: created on start, migrated once, the same as SQLite's."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.store.migrations import LATEST_VERSION, SchemaTooNew
from bot.store.postgres import migrate as pg_migrations
from bot.store.sqlite.migrate import migrate as migrate_sqlite

asyncpg = pytest.importorskip("asyncpg")


async def _connect(url: str) -> Any:
    return await asyncpg.connect(url)


async def test_a_new_database_gets_the_latest_schema_once(postgres_url: str) -> None:
    conn = await _connect(postgres_url)
    try:
        assert await pg_migrations.migrate(conn, now=1.0) == LATEST_VERSION
        assert await pg_migrations.migrate(conn, now=2.0) == LATEST_VERSION  # nothing to do
        rows = await conn.fetch("SELECT version, applied_at FROM schema_version ORDER BY 1")
        assert [r["version"] for r in rows] == list(range(1, LATEST_VERSION + 1))
        assert {r["applied_at"] for r in rows} == {1.0}
    finally:
        await conn.close()


async def test_the_tables_and_columns_are_sqlites(postgres_url: str, tmp_path: Path) -> None:
    async with aiosqlite.connect(tmp_path / "games.sqlite3", isolation_level=None) as db:
        await migrate_sqlite(db)
        sqlite: dict[str, list[str]] = {}
        tables = await db.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        for (table,) in tables:
            columns = await db.execute_fetchall(f"PRAGMA table_info({table})")
            sqlite[table] = [c[1] for c in columns]
    conn = await _connect(postgres_url)
    try:
        await pg_migrations.migrate(conn)
        postgres: dict[str, list[str]] = {}
        for row in await conn.fetch(
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE table_schema = 'public' ORDER BY table_name, ordinal_position"):
            postgres.setdefault(row["table_name"], []).append(row["column_name"])
    finally:
        await conn.close()
    assert postgres == sqlite


async def test_processes_starting_together_apply_each_step_once(postgres_url: str) -> None:
    conns = [await _connect(postgres_url) for _ in range(3)]
    try:
        versions = await asyncio.gather(*(pg_migrations.migrate(c) for c in conns))
        assert versions == [LATEST_VERSION] * 3
        count = await conns[0].fetchval("SELECT COUNT(*) FROM schema_version")
        assert count == LATEST_VERSION
    finally:
        for c in conns:
            await c.close()


async def test_the_schema_keeps_one_open_game_per_channel(postgres_url: str) -> None:
    conn = await _connect(postgres_url)
    try:
        await pg_migrations.migrate(conn)
        insert = ("INSERT INTO games (guild_id, channel_id, game_id, options, seed, status, "
                  "creator_id, created_at, updated_at) VALUES (1, 5, 'trains', '{}', 1, $1, 1, "
                  "0, 0) RETURNING id")
        first = await conn.fetchval(insert, "active")
        assert await conn.fetchval(insert, "finished") == first + 1  # ids count up by themselves
        with pytest.raises(asyncpg.UniqueViolationError):
            await conn.fetchval(insert, "lobby")  # a second open game in the channel
        with pytest.raises(asyncpg.CheckViolationError):
            await conn.fetchval(insert, "paused")
    finally:
        await conn.close()


async def test_a_database_from_a_newer_railyard_is_refused(postgres_url: str) -> None:
    conn = await _connect(postgres_url)
    try:
        await pg_migrations.migrate(conn)
        await conn.execute("INSERT INTO schema_version VALUES ($1, 'from the future', 0)",
                           LATEST_VERSION + 1)
        with pytest.raises(SchemaTooNew):
            await pg_migrations.migrate(conn)
    finally:
        await conn.close()
