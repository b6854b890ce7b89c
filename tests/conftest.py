"""Fixtures every test folder may use: a real PostgreSQL server when this machine has one."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Callable, Iterator

import pytest

from bot.store import SqliteStore, Store
from tests.pg_server import PostgresServer, bin_dir


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One throwaway PostgreSQL per test process; CI requires it (RAILYARD_REQUIRE_POSTGRES)."""
    bins = bin_dir()
    if bins is None:
        if os.environ.get("RAILYARD_REQUIRE_POSTGRES"):
            pytest.fail("PostgreSQL's server programs (initdb, pg_ctl) are not installed")
        pytest.skip("PostgreSQL is not installed here (CI installs it)")
    server = PostgresServer(bins).start()
    yield server
    server.stop()


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> AsyncIterator[str]:
    """A fresh, empty database on the test server, dropped afterwards."""
    import asyncpg

    name = f"t_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(postgres_server.url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        yield postgres_server.url.rsplit("/", 1)[0] + "/" + name
        await admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@pytest.fixture(params=["sqlite", "postgres"])
def new_store(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
              ) -> Callable[[], Store]:
    """Make stores on one fresh database, on each back-end in turn (each call: a new process's).

    The PostgreSQL run asks for the server only when it runs, so SQLite-only runs start none.
    """
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("db") / "games.sqlite3"
        return lambda: SqliteStore(path)
    url = str(request.getfixturevalue("postgres_url"))
    from bot.store.postgres.store import PostgresStore

    return lambda: PostgresStore(url)
