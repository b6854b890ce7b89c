"""Lenient matching of typed action text, and the words every game shares: counts that agree
(`plural`, `count_of`), lists (`and_list`) and subjects with their verbs (`says`, `agree`)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from rules.core.errors import IllegalAction
from rules.core.lang import finish_with, tr

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


class NotNamed(IllegalAction):
    """Typed text that names no legal action at all."""


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
        if pairs:
            raise IllegalAction(tr("Say what to do: for example `{move}`.",
                                   move=echo(pairs[0][1], 60)))
        raise IllegalAction(tr("Say what to do."))
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
            shown = ", ".join(f"`{c}`" for c in found[:5]) + ("…" if len(found) > 5 else "")
            raise Ambiguous(tr("`{typed}` could mean {moves}; say which.", typed=echo(text),
                               moves=shown), found)
    raise NotNamed(tr("`{typed}` is not a legal action now.", typed=echo(text)))


# -- agreement: one helper for every count, list and verb the games write --------------------
# Nouns whose plural is not the noun + "s" (or "es"/"ies", worked out below).
_IRREGULAR = {"VP": "VP", "money": "money", "person": "people",
              "goods": "goods", "die": "dice", "man": "men", "hex": "hexes"}
# Third-person verbs whose base form is not the verb less its "s"/"es".
_BASE_VERB = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
# Words ending in "s" that may follow a subject and are no verbs.
_NOT_VERBS = frozenset({"always", "perhaps", "afterwards", "thus", "plus", "its", "this", "us",
                        "towards", "sometimes", "as", "less"})
_YOU_VERB = re.compile(r"\b(You) ([a-z]+)\b")
_COUNTED = re.compile(r"\b(\d+) ((?:[\w-]+ )*?)([\w-]+)\(s\)")
_YOU_CLAUSE = re.compile(r"\bYou [a-z][^.;:!?]*")  # "You" and its clause, to a full stop
_THEN_VERBS = ("gains|takes|scores|returns|says|draws|pays|moves|loses|puts|gets|discards|ends|"
               "shows|reveals|places|lays|buys|plays|passes|chooses|receives|wins|adds|spends|"
               "keeps|sells|flips|advances|builds|delivers|loads|connects|trashes|looks|leaves|"
               "stops|rolls|calls|enters|reaches|makes|uses|has|is|does|goes")
_AND_VERB = re.compile(rf"(\b(?:and|then|or) )({_THEN_VERBS})\b")
_THEIR = re.compile(r"\btheir\b")
_YOUS = re.compile(r"\bYou's\b")


def noun(n: int, word: str, many: str | None = None) -> str:
    """The noun alone, singular for exactly 1: noun(2, "city") -> "cities"."""
    if n == 1 or n == -1:
        return word
    if many is not None:
        return many
    head, _, last = word.rpartition(" ")  # "station slot" -> "station slots"
    if last in _IRREGULAR:
        plural_last = _IRREGULAR[last]
    elif last.endswith(("s", "x", "ch", "sh", "z")):
        plural_last = last + "es"
    elif last.endswith("y") and last[-2:-1] not in tuple("aeiou"):
        plural_last = last[:-1] + "ies"
    else:
        plural_last = last + "s"
    return f"{head} {plural_last}" if head else plural_last


def plural(n: int, word: str, many: str | None = None) -> str:
    """A count with its noun: plural(1, "cube") -> "1 cube", plural(2, "cube") -> "2 cubes"."""
    return f"{n} {noun(n, word, many)}"


def counted(text: str) -> str:
    """Data written "gain 1 share(s)" made to agree: "gain 1 share", "gain 2 shares"."""
    return _COUNTED.sub(lambda m: plural(int(m[1]), m[2] + m[3]), text)


def and_list(items: Iterable[str], last: str = "and") -> str:
    """"A", "A and B", "A, B and C" (`last` may be "or")."""
    said = [str(i) for i in items]
    if len(said) <= 1:
        return "".join(said)
    return f"{', '.join(said[:-1])} {last} {said[-1]}"


def article(word: str) -> str:
    """"a Waste", "an Express Train"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def count_of(names: Iterable[str], last: str = "and") -> str:
    """Things listed once each, counted: ["Waste", "Waste", "Normal Train"] ->
    "2 Wastes and a Normal Train" (first-seen order)."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return and_list((article(w) if k == 1 else plural(k, w, _plural_name(w)))
                    for w, k in counts.items()) if counts else "nothing"


def _plural_name(word: str) -> str:
    """A card's name made plural even where a plain noun would not be ("2 Wastes")."""
    return noun(2, word) if word not in _IRREGULAR else word + "s"


def says(who: str, verb: str) -> str:
    """Subject and verb that agree: says("Ann", "bid") -> "Ann bids", says("You", "bid") ->
    "You bid" (a player may be called You: first-run solo games are)."""
    if who.lower() == "you":
        return f"{who} {'are' if verb == 'be' else verb}"
    return f"{who} {third_person(verb)}"


def possessive(who: str) -> str:
    """"Ann's", or "your" for a player called You (mid-sentence)."""
    return "your" if who.lower() == "you" else f"{who}'s"


def third_person(verb: str) -> str:
    """"bid" -> "bids", "pass" -> "passes", "carry" -> "carries", "have" -> "has"."""
    irregular = {"have": "has", "are": "is", "be": "is", "do": "does", "go": "goes"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith(("s", "x", "ch", "sh", "z")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in tuple("aeiou"):
        return verb[:-1] + "ies"
    return verb + "s"


def base_verb(verb: str) -> str:
    """The base form of a third-person verb: "bids" -> "bid", "carries" -> "carry"."""
    if verb in _BASE_VERB:
        return _BASE_VERB[verb]
    if verb.endswith("ss") or not verb.endswith("s") or verb in _NOT_VERBS:
        return verb  # "pass" is already a base form
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "xes", "ches", "shes", "zes")):
        return verb[:-2]
    return verb[:-1]


def agree(text: str) -> str:
    """A line written for a player by name, fixed for a player named "You": "You bids" ->
    "You bid", "You's rails" -> "Your rails". Other names are left as they are."""
    if "You" not in text:
        return text
    text = _YOU_VERB.sub(lambda m: f"{m[1]} {base_verb(m[2])}", text)
    text = _YOU_CLAUSE.sub(_then_verbs, text)
    return _YOUS.sub(lambda m: "Your" if _starts_sentence(text, m.start()) else "your", text)


def _then_verbs(clause: re.Match[str]) -> str:
    """"You pass and returns 2 Wastes" -> "You pass and return 2 Wastes": the verbs a clause
    of "You" goes on with (only verbs the games use, so a noun after "and" stays)."""
    said = _AND_VERB.sub(lambda m: f"{m[1]}{base_verb(m[2])}", clause[0])
    return _THEIR.sub("your", said)  # "You show their hand" -> "You show your hand"


def _starts_sentence(text: str, at: int) -> bool:
    """True when position `at` begins the text or follows a full stop, colon or bracket."""
    before = text[:at].rstrip()
    return not before or before[-1] in ".:;!?(["


_FRENCH_SPACE = re.compile(r" ([:;?!»])|(«) ")


def french_spacing(text: str) -> str:
    """French punctuation kept with its word: the space before « : ; ? ! » and inside
    guillemets made non-breaking, so a line never starts with a colon."""
    if " " not in text:
        return text
    return _FRENCH_SPACE.sub(lambda m: f"\u00a0{m[1]}" if m[1] else f"{m[2]}\u00a0", text)


finish_with("en", agree)
finish_with("fr", french_spacing)
