"""Lenient matching of typed action text against the canonical legal actions."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from rules.core.errors import IllegalAction

_NON_WORD = re.compile(r"[^a-z0-9]+")
_NEGATIVE = re.compile(r"(^|\s)-(?=\d)")
_UNSAFE = re.compile(r"[`@<>*_~|\\\r\n\t#]+")
ECHO_LIMIT = 40


def echo(text: str, limit: int = ECHO_LIMIT) -> str:
    """What a player typed, fit to quote back: no markup, no mentions, short."""
    clean = " ".join(_UNSAFE.sub(" ", text).split())
    return clean if len(clean) <= limit else clean[: limit - 1].rstrip() + "…"


@lru_cache(maxsize=4096)
def normalize(text: str) -> str:
    """Lower-case words separated by single spaces ("New York-Boston" -> "new york boston")."""
    # A minus sign before a number is kept as a word so "bid -1" never reads as "bid 1".
    # Accents are folded ("Déchets" -> "dechets"): players type them, or not, either way.
    folded = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    text = _NEGATIVE.sub(r"\1minus ", folded.lower().replace("&", ""))
    return _NON_WORD.sub(" ", text).strip()


@lru_cache(maxsize=1024)
def slug(name: str) -> str:
    """The id form of a name ("St. Louis" -> "st-louis", "B&O" -> "bo")."""
    return normalize(name).replace(" ", "-")


def _word_starts(word: str, typed: str) -> bool:
    """A typed word abbreviates a candidate word; a number stands only for itself ("1" ≠ "10")."""
    return word == typed if typed.isdigit() else word.startswith(typed)


def _words_prefix(typed: list[str], words: list[str]) -> bool:
    """True when each typed word is a prefix of the candidate word at the same place."""
    return len(typed) <= len(words) and all(_word_starts(w, t) for t, w in zip(typed, words))


def _text_prefix(said: str, typed: str) -> bool:
    """True when the candidate starts with the typed text, not cutting a number in two."""
    return said.startswith(typed) and not (
        typed[-1:].isdigit() and said[len(typed):len(typed) + 1].isdigit())


class Ambiguous(IllegalAction):
    """Typed text that names several legal actions; `candidates` are their canonical texts."""

    def __init__(self, message: str, candidates: list[str]) -> None:
        super().__init__(message)
        self.candidates = candidates


def match_action(text: str, spellings: Iterable[tuple[str, str]]) -> str:
    """Return the canonical action that `text` names.

    `spellings` pairs each accepted spelling with its canonical action. Exact matches win, then a
    unique candidate whose words start with the typed words, then a unique whole-text prefix.
    """
    typed = normalize(text)
    pairs = [(normalize(s), c) for s, c in spellings]
    if not typed:  # the example is one of the moves open now, not a word of another game
        example = f": for example `{echo(pairs[0][1], 60)}`" if pairs else ""
        raise IllegalAction(f"Say what to do{example}.")
    exact = {c for s, c in pairs if s == typed}
    if len(exact) == 1:
        return exact.pop()
    words = typed.split()
    for by_words in (True, False):
        found = sorted({c for s, c in pairs
                        if (_words_prefix(words, s.split()) if by_words
                            else _text_prefix(s, typed))})
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            shown = ", ".join(f"`{c}`" for c in found[:5])
            more = "…" if len(found) > 5 else ""
            raise Ambiguous(f"`{echo(text)}` could mean {shown}{more}; say which.", found)
    raise IllegalAction(f"`{echo(text)}` is not a legal action now.")
