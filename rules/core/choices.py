"""Choices in plain words, refusals that say why, and safe echoes of what a player typed."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import NamedTuple

from rules.core.text import echo, normalize

__all__ = ["Choice", "echo", "closest", "named_list", "clip_label"]

LABEL_LIMIT = 100  # Discord's limit for an autocomplete name or a select option label


class Choice(NamedTuple):
    """One legal action as a player sees it.

    `action` is the canonical text (what the log keeps); `label` says in plain words what it
    does, costs and gives; `group` (optional) lets a menu show long lists a group at a time.
    """

    action: str
    label: str
    group: str = ""


def closest(text: str, spellings: Iterable[tuple[str, str]], count: int = 3) -> list[str]:
    """The accepted spellings nearest to what was typed, one per canonical action."""
    typed = normalize(text)
    best: dict[str, tuple[float, str]] = {}
    for spelling, canonical in spellings:
        said = normalize(spelling)
        score = difflib.SequenceMatcher(None, typed, said).ratio()
        if said and typed and said.split()[0] == typed.split()[0]:
            score += 0.25  # the same verb: most near misses get the object wrong
        if canonical not in best or score > best[canonical][0]:
            best[canonical] = (score, spelling)
    ranked = sorted(best.values(), key=lambda p: (-p[0], p[1]))
    return [s for score, s in ranked[:count] if score >= 0.45]


def named_list(names: list[str]) -> str:
    """`a`, `b` or `c`."""
    quoted = [f"`{n}`" for n in names]
    if len(quoted) <= 1:
        return "".join(quoted)
    return ", ".join(quoted[:-1]) + " or " + quoted[-1]


def clip_label(text: str) -> str:
    """A label cut to what a menu can show."""
    return text if len(text) <= LABEL_LIMIT else text[: LABEL_LIMIT - 1].rstrip() + "…"
