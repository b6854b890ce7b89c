"""Reading a typed move as players type it: the labels they see, the game's spellings, hints.

A player types what the screen shows: a label whole, or its first words, in any case and with
or without accents. Labels are read first, then the game's own spellings (canonical texts,
board names, short forms); a hint offers only labels whose words the typed words name.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from functools import lru_cache

from rules.core.choices import named_list
from rules.core.lang import tr
from rules.core.text import Ambiguous, echo, match_action, normalize

Pairs = Sequence[tuple[str, str]]  # (text, canonical action)

# Words a player adds or leaves out without changing what a move names (English and French:
# moves are read in both, whatever language the reader speaks).
FILLER = frozenset({"the", "a", "an", "to", "of", "for", "on", "in", "at", "and", "my", "your",
                    "from", "with", "onto", "into", "it", "its", "up",
                    "le", "la", "les", "l", "de", "du", "des", "d", "un", "une", "au", "aux",
                    "sur", "en", "pour", "et", "mon", "ma", "mes", "vers", "avec", "dans"})
_JUMBLED = frozenset("".join(sorted(w)) for w in FILLER if len(w) > 2)  # "teh", "adn"
NEAR_WORD = 0.75  # how alike two words must be to count as the same misspelt word
NEAR_MOVE = 0.6  # how alike typed text and the start of a label must be for a hint
# So alike that the words are surely that label misspelt: the hint then beats any reason the
# game would give for reading the words as another move ("pass: retunr your").
SURE_MOVE = 0.8


def read_move(text: str, labels: Pairs, spellings: Pairs) -> str:
    """The canonical action that `text` names: a label typed whole (as shown, any case), then
    a spelling typed whole, then the first words of exactly one label or spelling.

    Raises Ambiguous when the first words name several actions, IllegalAction when none.
    """
    typed = normalize(text)
    if typed:
        shown = {c for s, c in labels if normalize(s) == typed}
        if len(shown) > 1:  # two choices read alike: the player must pick from the list
            raise Ambiguous(tr("`{typed}` could mean several moves; say which.",
                               typed=echo(text)), sorted(shown))
        if not shown:
            shown = {c for s, c in spellings if normalize(s) == typed}
        if not shown:  # the first words of one label only, as the screen shows them
            words = typed.split()
            shown = {c for s, c in labels if normalize(s).split()[:len(words)] == words}
        if not shown:  # the same, with or without the little words ("reveal next card")
            words = _gist(typed)
            shown = {c for s, c in labels if words and _gist(normalize(s))[:len(words)] == words}
        if len(shown) == 1:
            return shown.pop()
    return match_action(text, [*spellings, *labels])


def _gist(typed: str) -> list[str]:
    """The words that carry meaning: filler ("the", "to", "on", or "teh") left out."""
    return [w for w in typed.split() if w not in FILLER and "".join(sorted(w)) not in _JUMBLED]


@lru_cache(maxsize=65536)
def _same_word(typed: str, word: str) -> bool:
    """A typed word is that word, or a misspelling of it. A number, or a word with a digit in
    it (a board label), must be exact: "+1 coin" is not "coin", "G7" is not "G6"."""
    if typed == word:
        return True
    if any(ch.isdigit() for ch in typed + word):
        return False
    if len(typed) >= 3 and word.startswith(typed) or sorted(typed) == sorted(word):
        return True
    if len(typed) < 4:
        return False
    # The cheap upper bounds first: most words of a label are nothing like the typed one.
    matcher = difflib.SequenceMatcher(None, typed, word)
    return (matcher.real_quick_ratio() >= NEAR_WORD and matcher.quick_ratio() >= NEAR_WORD
            and matcher.ratio() >= NEAR_WORD)


@lru_cache(maxsize=16384)
def _gist_of(text: str) -> tuple[str, ...]:
    """`_gist` of a text, kept: a hint compares the same labels over and over."""
    return tuple(_gist(text))


def _alike(typed: list[str], words: list[str]) -> float:
    """How alike typed words are to a text's words in a row, each typed word naming the word
    at its place (little words left out on both sides); 0 when none does.

    The text's first words count in full, words further on a little less ("atlnta" in
    "build charleston atlanta"), so a hint never suggests what the words do not name.
    """
    said, words = list(_gist_of(" ".join(typed))), list(_gist_of(" ".join(words)))
    # Every typed word; or, from three on, all but one (a stray word: "1 charleston savannah"),
    # never sure enough to stand in for the game's own reason.
    tries = [(said, 1.0)] + [(said[:k] + said[k + 1:], 0.75) for k in range(len(said))
                             if len(said) >= 3]
    best = 0.0
    for part, weight in tries:
        n = len(part)
        for i in range(len(words) - n + 1):
            window = words[i:i + n]
            if n and all(_same_word(t, w) for t, w in zip(part, window)):
                score = difflib.SequenceMatcher(None, " ".join(said), " ".join(window)).ratio()
                best = max(best, weight * (score if i == 0 else 0.9 * score))
    return best


def near_labels(text: str, labels: Pairs, spellings: Pairs, count: int = 3,
                least: float = NEAR_MOVE) -> list[str]:
    """Labels of the actions closest to a typed text that names no action, best first.

    Only actions whose label or a spelling holds the typed words in a row (or near spellings
    of them) are offered, so a hint never suggests what the words do not name ("gain 2
    shares" is never "sell share"), and what is shown is the label, which plays as it stands.
    """
    return [label for score, label in _ranked(text, labels, spellings)
            if score >= least][:count]


def _ranked(text: str, labels: Pairs, spellings: Pairs) -> list[tuple[float, str]]:
    """(score, label) of every action the typed words name in a row, best first."""
    typed = normalize(text).split()
    if not typed:
        return []
    said: dict[str, list[str]] = {}
    shown: dict[str, str] = {}
    for label, action in labels:
        shown.setdefault(action, label)
        said.setdefault(action, []).append(normalize(label))
    for spelling, action in spellings:
        if action in shown:
            said[action].append(normalize(spelling))
    ranked: list[tuple[float, int, str]] = []
    for order, (action, texts) in enumerate(said.items()):
        score = max(_alike(typed, t.split()) for t in texts)
        if score > 0:
            ranked.append((-score, order, shown[action]))
    return [(-score, label) for score, _, label in sorted(ranked)]


def mentioning(text: str, labels: Pairs) -> list[tuple[str, str]]:
    """(label, action) of labels that hold every typed word, in a row, though not at their
    start ("birmingham" with "Build Atlanta → Birmingham for UP" shown): the moves the player
    points at."""
    typed = normalize(text)
    if not typed or all(w in FILLER for w in typed.split()):
        return []
    return [(label, action) for label, action in labels
            if f" {typed} " in f" {normalize(label)} "]


def say_which(text: str, labels: Pairs, candidates: Sequence[str], most: int = 4) -> str:
    """"`x` could mean: label; label. Say which": the candidates by label, in the list's order."""
    shown: dict[str, str] = {}
    for label, action in labels:
        shown.setdefault(action, label)
    order = [a for a in shown if a in candidates] + [a for a in candidates if a not in shown]
    named = list(dict.fromkeys(shown.get(a, a) for a in order))
    if len(named) == 1:
        return tr("`{typed}` is not a whole move; nothing was played. Did you mean `{move}`?",
                  typed=echo(text), move=named[0])
    if len(named) > most:
        return tr("`{typed}` could mean: {moves}; or {more} more. Say which; nothing was played.",
                  typed=echo(text), moves="; ".join(named[:most]), more=len(named) - most)
    return tr("`{typed}` could mean: {moves}. Say which; nothing was played.",
              typed=echo(text), moves="; ".join(named))


def why_not(text: str, labels: Pairs, spellings: Pairs, refusal: Callable[[str], str | None],
            limit: int) -> str:
    """Why a typed text plays nothing, for a due seat: the moves its words point at, or the
    game's reason (`refusal` of the normalized text, cut at `limit`), or the nearest labels."""
    # Words of moves on the screen, not at a label's start: point at those moves, before any
    # reason the game would give for reading the words as another move.
    pointed = list(dict.fromkeys(a for _, a in mentioning(text, labels)))
    if pointed:
        return say_which(text, labels, pointed)
    typed, said = normalize(text), echo(text)
    ranked = _ranked(text, labels, spellings)
    sure = [label for score, label in ranked if score >= SURE_MOVE][:3]
    reason = refusal(typed) if typed and not sure else None
    if reason:  # a game's reason may quote the typed words: never let it run on
        reason = reason if len(reason) <= limit else reason[:limit - 1] + "…"
        return tr("`{typed}` can't be played: {reason}", typed=said, reason=reason)
    near = sure or [label for score, label in ranked if score >= NEAR_MOVE][:3]
    if near:
        return tr("`{typed}` is not a move you can make now. Did you mean {moves}?",
                  typed=said, moves=named_list(near))
    return tr("`{typed}` is not a move you can make now.", typed=said)


def closest_name(typed: str, names: Sequence[str]) -> str | None:
    """The one name nearest a misspelt (normalized) name, or None when none is near enough."""
    by_form = {normalize(n): n for n in names}
    near = difflib.get_close_matches(normalize(typed), list(by_form), n=1, cutoff=NEAR_WORD)
    return by_form[near[0]] if near else None

