"""A computer seat's level, kept in its user id: -(number + BLOCK * index).

Index 0 is normal, so the computer seats of tables stored before levels existed (-1 to -99)
play and rate as normal; -101 to -199 are gentle, -201 to -299 strong (`rules.core.levels`).
The level thus lives with the seat on every store back-end without a column of its own.
"""

from __future__ import annotations

from rules.core.lang import tr
from rules.core.levels import LEVELS

__all__ = ["LEVELS", "computer_level", "computer_number", "computer_user", "level_word"]

BLOCK = 100
BY_INDEX = ("normal", "gentle", "strong")
assert set(BY_INDEX) == set(LEVELS)


def computer_level(user_id: int) -> str:
    """The level a computer seat plays at (a person's seat, or an unknown block: normal)."""
    index = -user_id // BLOCK if user_id < 0 else 0
    return BY_INDEX[index] if index < len(BY_INDEX) else "normal"


def computer_user(number: int, level: str) -> int:
    """The user id of computer seat `number` (1-99) at `level`."""
    return -(number + BLOCK * BY_INDEX.index(level))


def computer_number(user_id: int) -> int:
    """A computer seat's number at its table (1-99), whatever its level."""
    return -user_id % BLOCK


def level_word(level: str) -> str:
    """The level in the language spoken now (« fort »); an unknown one as it is."""
    words = {"gentle": tr("gentle"), "normal": tr("normal"), "strong": tr("strong")}
    return words.get(level, level)
