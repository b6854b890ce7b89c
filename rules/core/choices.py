"""Choices in plain words, refusals that say why, and safe echoes of what a player typed."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import NamedTuple

from rules.core.lang import or_list
from rules.core.text import echo, normalize

__all__ = ["Choice", "echo", "closest", "named_list", "clip_label", "fit"]

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
    """`a`, `b` or `c` (in the language spoken)."""
    return or_list([f"`{n}`" for n in names])


def fit(*texts: str, limit: int = LABEL_LIMIT) -> str:
    """The first of several ways to say one thing, longest first, that fits `limit` (a label:
    a menu shows 100 characters); the last, clipped at a clause, when none does."""
    for text in texts:
        if len(text) <= limit:
            return text
    return clip_label(texts[-1], limit)


def clip_label(text: str, limit: int = LABEL_LIMIT) -> str:
    """A label cut to what a menu can show: whole clauses, never a word or a bracket cut in two.

    Games say a long label shorter (`fit`); this is the last resort, and "…" says words are
    left out. The clipped text, typed back, still plays its move.
    """
    if len(text) <= limit:
        return text
    head = text[:limit - 1]
    # The strongest break in the second half: a sentence part, a list item, an aside.
    cuts = [c for c in (max(head.rfind(m) for m in marks) for marks in
                        (("; ", " — "), (", ", " ("), (": ",))) if c >= limit // 2]
    cut = cuts[0] if cuts else head.rfind(" ")  # else end at a whole word
    head = head[:cut if cut > 0 else limit - 1].rstrip(" ,;:")
    if head.count("(") > head.count(")"):  # a bracket left open: drop it and what follows
        head = head[:head.rfind("(")].rstrip(" ,;:")
    return head + "…"
