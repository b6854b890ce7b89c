"""Game storage: the action log is the truth, a snapshot only a cache of it.

One folder per back-end: `sqlite/` (the default, one file) and `postgres/` (asyncpg, for
several bot processes on one database). Callers import everything storage from here.

It may import `bot.ops` (metrics) and `rules`, never the table logic, the adapter, the tools
or `discord`.
"""

from __future__ import annotations

from bot.store.migrations import SchemaTooNew
from bot.store.records import (
    OPEN_STATUSES,
    STATUSES,
    ActionRow,
    ChannelBusy,
    GameRow,
    NotFound,
    RequestRow,
    RowsChanged,
    SeatRow,
    StaleVersion,
    StorageFailure,
    Store,
    StoreError,
)
from bot.store.sqlite.store import SqliteStore

__all__ = [
    "OPEN_STATUSES", "STATUSES", "ActionRow", "ChannelBusy", "GameRow", "NotFound",
    "RequestRow", "RowsChanged", "SchemaTooNew", "SeatRow", "SqliteStore", "StaleVersion",
    "StorageFailure", "Store", "StoreError", "is_postgres_url", "open_store",
]


def is_postgres_url(target: str) -> bool:
    """True for a postgres:// or postgresql:// URL (PostgreSQL), False for SQLite."""
    scheme, sep, _ = target.strip().partition("://")
    return bool(sep) and scheme.lower() in ("postgres", "postgresql")


async def open_store(url_or_path: str) -> Store:
    """Open the store named by a plain path, a sqlite:/// URL or a postgresql:// URL."""
    target = url_or_path.strip()
    if is_postgres_url(target):
        try:
            from bot.store.postgres.store import PostgresStore
        except ImportError as exc:  # asyncpg is the optional extra
            raise ValueError("PostgreSQL needs the postgres extra: "
                             "pip install 'railyard[postgres]'") from exc
        pg = PostgresStore(target)
        await pg.open()
        return pg
    scheme, sep, rest = target.partition("://")
    if not sep:
        path = target
    elif scheme.lower() == "sqlite":
        if not rest.startswith("/") or rest == "/":
            raise ValueError(f"expected sqlite:///path/to/file.db, got {url_or_path!r}")
        path = rest[1:]  # sqlite:///rel.db is relative, sqlite:////abs.db is absolute
    else:
        raise ValueError(f"unsupported database URL scheme {scheme!r}; "
                         "use a file path, sqlite:///… or postgresql://…")
    if not path or path == ":memory:":
        raise ValueError(f"need a database file path, got {url_or_path!r}")
    store = SqliteStore(path)
    await store.open()
    return store
