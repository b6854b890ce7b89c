"""What PostgreSQL (or the way to it) refused, in players' words: nothing saved, not played."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
from asyncpg.exceptions import _base as asyncpg_base

from bot.ops import metrics
from bot.store.records import StorageFailure

log = logging.getLogger(__name__)

UNREACHABLE = ("Nothing was saved: the bot could not reach its game database, so this was not "
               "played. Try again in a moment.")
FULL = ("Nothing was saved: the game database's disk is full, so this was not played. "
        "Tell whoever runs the bot.")
READ_ONLY = ("Nothing was saved: the game database only allows reading right now, so this was "
             "not played. Tell whoever runs the bot.")
IN_DOUBT = ("The bot lost its game database while saving this, so it may or may not have been "
            "played. Look at the board (`/game board`) before you play again.")
OVERLOADED = ("Nothing was saved: the game database is overloaded, so this was not played. "
              "Try again in a moment.")

# Client-side errors that are bugs or settings, not a lost server: they keep their own type.
_NOT_LOST = (asyncpg_base.DataError, asyncpg_base.ClientConfigurationError,
             asyncpg_base.UnsupportedClientFeatureError,
             asyncpg_base.UnsupportedServerFeatureError)


def storage_failure(exc: BaseException) -> StorageFailure | None:
    """The players' words for a database that is gone, full or read-only; None otherwise."""
    if isinstance(exc, asyncpg.DiskFullError):
        return StorageFailure(FULL)
    if isinstance(exc, asyncpg.ReadOnlySQLTransactionError):  # e.g. a standby after failover
        return StorageFailure(READ_ONLY)
    if isinstance(exc, asyncpg.InsufficientResourcesError):  # memory, too many connections
        return StorageFailure(OVERLOADED)
    if isinstance(exc, asyncpg.QueryCanceledError):  # a statement timeout: not a lost server
        return None
    if isinstance(exc, (asyncpg.PostgresConnectionError, asyncpg.OperatorInterventionError,
                        OSError)):  # OSError includes refused connections and timeouts
        return StorageFailure(UNREACHABLE)
    if isinstance(exc, asyncpg.InterfaceError) and not isinstance(exc, _NOT_LOST):
        return StorageFailure(UNREACHABLE)  # "connection is closed", "pool is closing"
    return None


@asynccontextmanager
async def refused_as_failure() -> AsyncIterator[None]:
    """Raise a lost, full or read-only database from the block as StorageFailure."""
    try:
        yield
    except Exception as exc:
        failure = storage_failure(exc)
        if failure is None:
            raise
        log.warning("PostgreSQL refused or went away: %r", exc)
        metrics.storage_error("postgres")
        raise failure from exc
