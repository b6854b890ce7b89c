"""Words in the reader's language: English written in the code, other languages in catalogues.

A sentence is written whole, in English, with named blanks: `tr("{player} bids {n}", ...)`;
`trn` picks a plural form by the count, with the language's own plural rules (CLDR, through
Babel). Each language other than English has one gettext catalogue per area, a
`locale/<language>.po` file beside the code it translates (`rules/core/`, each `rules/<game>/`,
`render/...`, `bot/...`); a language is known when any area has a catalogue for it, and adding
one means adding those files and nothing else. The reader's language is a context variable
(`speaking("fr")`), so two readers in two threads or tasks never see each other's.

`Msg` keeps a sentence unsaid: the log stores it language-neutral (the English text as the key,
with its blanks' values) and says it in the language of whoever reads it later.
"""

from __future__ import annotations

import gettext
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from decimal import Decimal
from functools import cache, lru_cache
from io import BytesIO
from pathlib import Path
from string import Formatter
from typing import Any

from babel import Locale
from babel.lists import format_list
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

__all__ = ["Msg", "msg", "msgn", "tr", "trn", "say", "speaking", "use", "language", "languages",
           "number", "and_list", "or_list", "add_catalogues", "catalogue_files", "placeholders",
           "finish_with", "translated", "term", "word"]

ENGLISH = "en"
_LANGUAGE: ContextVar[str] = ContextVar("railyard_language", default=ENGLISH)
_FOLDERS: list[Path] = [Path(__file__).resolve().parents[1]]  # rules/; render/ and bot/ add theirs


def add_catalogues(root: Path) -> None:
    """Look for `locale/<language>.po` catalogues anywhere under `root` too (render/, bot/)."""
    root = root.resolve()
    if root not in _FOLDERS:
        _FOLDERS.append(root)
        _catalogue.cache_clear()
        languages.cache_clear()


def catalogue_files(language: str | None = None) -> list[Path]:
    """Every catalogue file (of one language, or all), in a stable order."""
    pattern = f"locale/{language}.po" if language else "locale/*.po"
    return sorted({p for root in _FOLDERS for p in root.rglob(pattern)})


@cache
def languages() -> tuple[str, ...]:
    """English first, then every language some area has a catalogue for."""
    found = sorted({p.stem for p in catalogue_files()} - {ENGLISH})
    return (ENGLISH, *found)


def known(code: str | None) -> str:
    """The language we speak for a Discord locale or a player's choice ("fr", "fr-FR", "en-GB"):
    its own when we have it, else English."""
    base = (code or "").replace("_", "-").split("-")[0].lower()
    return base if base in languages() else ENGLISH


def language() -> str:
    """The language being spoken now."""
    return _LANGUAGE.get()


def use(code: str | None) -> str:
    """Speak `code`'s language from now on in this task or thread (its context); the language
    now spoken. For a task that serves one reader; elsewhere prefer `speaking`."""
    _LANGUAGE.set(known(code))
    return _LANGUAGE.get()


@contextmanager
def speaking(code: str | None) -> Iterator[str]:
    """Say everything inside in `code`'s language (English when we don't have it)."""
    token = _LANGUAGE.set(known(code))
    try:
        yield _LANGUAGE.get()
    finally:
        _LANGUAGE.reset(token)


@dataclass(frozen=True)
class _Catalogue:
    """One language's translations: each area's own, and every area merged (for words said
    away from the area that holds them: a guide's pages, a data word, an old log line)."""

    singular: dict[str, str]
    plural: dict[str, tuple[str, ...]]
    plural_index: Callable[[int], int]
    areas: dict[str, tuple[dict[str, str], dict[str, tuple[str, ...]]]]

    def one(self, text: str, area: str) -> str | None:
        """A sentence's translation, its own area's first (two areas may say one English
        sentence two ways: "shares" is « titres » in one game and « parts » in another)."""
        own = self.areas.get(area)
        found = own[0].get(text) if own else None
        return found if found is not None else self.singular.get(text)

    def forms(self, one: str, area: str) -> tuple[str, ...] | None:
        """A plural sentence's forms, its own area's first."""
        own = self.areas.get(area)
        found = own[1].get(one) if own else None
        return found if found is not None else self.plural.get(one)


def _area_of_file(path: Path) -> str:
    """The area a catalogue belongs to, named as its modules are ("rules.steel_driver")."""
    for root in _FOLDERS:
        if path.is_relative_to(root):
            parts = path.relative_to(root).parts
            return ".".join((root.name, *parts[:1])) if len(parts) > 2 else root.name
    return ""


_AREAS: dict[str, str] = {}  # module name -> area: asked for every sentence, worked out once


def _area_of_caller(depth: int = 2) -> str:
    """The area of the code that called (the module two frames up): its package and the
    folder below it, as catalogues are kept."""
    name = sys._getframe(depth).f_globals.get("__name__", "")
    area = _AREAS.get(name)
    if area is None:
        area = _AREAS[name] = ".".join(str(name).split(".")[:2])
    return area


@cache
def _catalogue(code: str) -> _Catalogue:
    singular: dict[str, str] = {}
    plural: dict[str, tuple[str, ...]] = {}
    areas: dict[str, tuple[dict[str, str], dict[str, tuple[str, ...]]]] = {}
    for path in catalogue_files(code):
        po = read_po(BytesIO(path.read_bytes()), locale=code)
        own = areas.setdefault(_area_of_file(path), ({}, {}))
        for m in po:
            if not m.id or m.fuzzy:
                continue
            if isinstance(m.id, tuple):
                forms = tuple(m.string) if isinstance(m.string, (tuple, list)) else ()
                if all(forms):
                    plural.setdefault(m.id[0], forms)
                    own[1][m.id[0]] = forms
            elif m.string:
                singular.setdefault(str(m.id), str(m.string))
                own[0][str(m.id)] = str(m.string)
    expression = get_plural(code).plural_expr
    return _Catalogue(singular, plural, gettext.c2py(expression), areas)


def number(n: int | float | Decimal) -> str:
    """A number as the language writes it ("1 000" in French); English keeps bare digits, as
    every English text and picture always had them."""
    code = language()
    if code == ENGLISH or isinstance(n, bool):
        return str(n)
    return _written(n, code)


@lru_cache(maxsize=8192)
def _written(n: int | float | Decimal, code: str) -> str:
    """Babel's writing of a number, kept: games say the same few numbers at every step."""
    return format_decimal(n, locale=code)


def _list(items: list[str], style: str) -> str:
    if language() == ENGLISH:  # English as the game texts always wrote it: no Oxford comma
        if len(items) <= 1:
            return "".join(items)
        word = " and " if style == "standard" else " or "
        return ", ".join(items[:-1]) + word + items[-1]
    return format_list(items, style=style, locale=language())  # type: ignore[arg-type]


def and_list(items: list[str]) -> str:
    """"a, b and c" in the language spoken."""
    return _list([str(i) for i in items], "standard")


def or_list(items: list[str]) -> str:
    """"a, b or c" in the language spoken."""
    return _list([str(i) for i in items], "or")


def _value(v: Any) -> Any:
    """A blank's value as the reader sees it: messages said, numbers written their way."""
    if isinstance(v, Msg):
        return v.said()
    if isinstance(v, (int, float, Decimal)) and not isinstance(v, bool):
        return number(v)
    return v


_FINISHERS: dict[str, Callable[[str], str]] = {}


def finish_with(code: str, finisher: Callable[[str], str]) -> None:
    """Pass every sentence said in `code` through `finisher` (English: verbs made to agree
    with a player called "You", rules/core/text.py)."""
    _FINISHERS[code] = finisher


def _fill(template: str, args: Mapping[str, Any]) -> str:
    code = _LANGUAGE.get()
    if not args:
        said = template
    elif code == ENGLISH:  # English writes numbers bare, as `format` does: only messages to say
        said = template.format_map({k: v.said() if isinstance(v, Msg) else v
                                    for k, v in args.items()})
    else:
        said = template.format_map({k: _value(v) for k, v in args.items()})
    finisher = _FINISHERS.get(code)
    return finisher(said) if finisher else said


def tr(text: str, /, **args: Any) -> str:
    """`text` in the language spoken, its `{blanks}` filled from `args`."""
    return _said(text, args, _area_of_caller())


def _said(text: str, args: Mapping[str, Any], area: str) -> str:
    code = language()
    if code != ENGLISH:
        text = _catalogue(code).one(text, area) or text
    return _fill(text, args)


def translated(text: str) -> str:
    """A long text (a rules page) in the language spoken, as written: no blanks to fill."""
    code = language()
    if code == ENGLISH:
        return text
    return _catalogue(code).one(text, _area_of_caller()) or text


def term(word: str) -> str:
    """A word a data file holds (a card's or a place's name) in the language spoken; the data
    file lists which of its keys hold such words (`"_words"`), and the catalogues carry them."""
    code = language()
    if code == ENGLISH:
        return word
    return _catalogue(code).one(word, _area_of_caller()) or word


def trn(one: str, other: str, n: int, /, **args: Any) -> str:
    """The plural form for `n` of a sentence (English `one` / `other`), blanks filled; `{n}`
    is the count."""
    return _said_n(one, other, n, args, _area_of_caller())


def _said_n(one: str, other: str, n: int, args: Mapping[str, Any], area: str) -> str:
    code = language()
    template = one if n == 1 else other
    if code != ENGLISH:
        found = _catalogue(code)
        forms = found.forms(one, area)
        if forms:
            template = forms[min(found.plural_index(n), len(forms) - 1)]
    return _fill(template, {"n": n, **args})


@dataclass(frozen=True)
class Msg:
    """A sentence not yet said: the English text (the key), its plural and count, its blanks.

    Stored as JSON by the log, so a record is the same whichever language it was played in.
    """

    text: str
    args: tuple[tuple[str, Any], ...] = ()
    other: str = ""  # the English plural, when the sentence has one
    n: int | None = None
    area: str = ""  # whose catalogue says it ("rules.spike"); "" for lines kept before areas

    def said(self) -> str:
        """The sentence in the language spoken now."""
        args = dict(self.args)
        if self.n is not None:
            return _said_n(self.text, self.other, self.n, args, self.area)
        return _said(self.text, args, self.area)

    def __str__(self) -> str:
        return self.said()

    def to_json(self) -> Any:
        """A JSON value for the log; nested messages nest."""
        out: dict[str, Any] = {"t": self.text}
        if self.args:
            out["a"] = {k: v.to_json() if isinstance(v, Msg) else v for k, v in self.args}
        if self.n is not None:
            out["o"], out["n"] = self.other, self.n
        if self.area:
            out["d"] = self.area
        return out

    @staticmethod
    def from_json(data: Any) -> Msg | str:
        """A message back from the log; a plain string (a line written before) stays as it was."""
        if not isinstance(data, dict):
            return str(data)
        args = tuple((k, Msg.from_json(v) if isinstance(v, dict) else v)
                     for k, v in data.get("a", {}).items())
        return Msg(data["t"], args, data.get("o", ""), data.get("n"), data.get("d", ""))


def msg(text: str, /, **args: Any) -> Msg:
    """A sentence to say later (in the log), in whatever language its reader speaks."""
    return Msg(text, tuple(args.items()), area=_area_of_caller())


def msgn(one: str, other: str, n: int, /, **args: Any) -> Msg:
    """A sentence with a count, to say later."""
    return Msg(one, tuple(args.items()), other, n, _area_of_caller())


def word(text: str) -> Msg:
    """A data file's word (a card or place name) kept unsaid, for a log line's blank: the log
    stores the English word and each reader sees it in their language (`term`)."""
    return Msg(text, area=_area_of_caller())


def say(line: Msg | str) -> str:
    """A log line in the language spoken: a message said now, an old plain line as written."""
    return line.said() if isinstance(line, Msg) else line


def placeholders(text: str) -> set[str]:
    """The names of a template's blanks (a translation must use the same ones)."""
    try:
        return {name for _, name, _, _ in Formatter().parse(text) if name}
    except ValueError:  # a text with a lone brace (a rules page) has no blanks
        return set()


def locale_of(code: str) -> Locale:
    """Babel's locale for a language we speak."""
    return Locale.parse(known(code))
