"""What the disk refused, in players' words, and how to notice the database file replaced."""

from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path
from typing import NoReturn

from bot.ops import metrics
from bot.store.records import StorageFailure

log = logging.getLogger(__name__)

GONE = ("Nothing was saved: the bot's game database was removed or replaced while it ran, so "
        "this was not played. Whoever runs the bot must put the database back and restart it.")
FULL = ("Nothing was saved: the bot's disk is full, so this was not played. "
        "Tell whoever runs the bot.")
READ_ONLY = ("Nothing was saved: the bot's game database is read-only, so this was not played. "
             "Tell whoever runs the bot.")
DISK = ("Nothing was saved: the bot's disk reported an error, so this was not played. "
        "Try again in a moment.")


def storage_failure(exc: sqlite3.Error) -> StorageFailure | None:
    """The players' words for a write the disk refused; None for other database errors."""
    code = getattr(exc, "sqlite_errorcode", None)
    text = str(exc).lower()
    if code == sqlite3.SQLITE_FULL or "disk is full" in text:
        return StorageFailure(FULL)
    if code == sqlite3.SQLITE_READONLY or "readonly" in text:
        return StorageFailure(READ_ONLY)
    if code == sqlite3.SQLITE_IOERR or "disk i/o error" in text:
        return StorageFailure(DISK)
    return None


def file_identity(path: Path) -> tuple[int, int] | None:
    """Device and inode of the database file, or None once it is gone."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return found.st_dev, found.st_ino


def raise_refused(exc: sqlite3.Error) -> NoReturn:
    """Raise the players' words for a write the disk refused, or the error as it was."""
    failure = storage_failure(exc)
    if failure is None:
        raise exc
    log.warning("storage refused a write: %s", exc)
    metrics.storage_error("sqlite")
    raise failure from exc
