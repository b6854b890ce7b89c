"""How-to-play pages and explainable topics of a game, read from its `data/guide.json`."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from rules.core.lang import ENGLISH, language, tr, translated
from rules.core.text import normalize

PAGE_LIMIT = 1800  # one Discord message with room for a header
TOPIC_LIMIT = 1500


@dataclass(frozen=True)
class Topic:
    """One thing a player can ask about: a card, an agent, a tile, an action or a term."""

    name: str
    text: str
    aliases: tuple[str, ...] = ()

    def names(self) -> tuple[str, ...]:
        """The name and every alias."""
        return (self.name, *self.aliases)


@dataclass(frozen=True)
class OptionWords:
    """A game option in players' words: its name and what each choice does (no option id)."""

    id: str  # the option it describes (never shown to players)
    name: str
    text: str


@dataclass(frozen=True)
class Guide:
    """A game's rules in a few pages (goal, turn, scoring, end) and its topics."""

    title: str
    pages: tuple[tuple[str, str], ...]  # (heading, text)
    topics: tuple[Topic, ...]
    options: tuple[OptionWords, ...] = ()

    def option(self, option_id: str) -> OptionWords | None:
        """The players' words for one option, if the guide has them."""
        return next((o for o in self.options if o.id == option_id), None)

    def topic(self, asked: str) -> Topic | None:
        """The topic a player asked for, by name, alias or unique start of one."""
        said = normalize(asked)
        if not said:
            return None
        for topic in self.topics:
            if any(normalize(n) == said for n in topic.names()):
                return topic
        found = {t for t in self.topics for n in t.names() if normalize(n).startswith(said)}
        return found.pop() if len(found) == 1 else None

    def search(self, typed: str, limit: int = 25) -> list[Topic]:
        """Topics whose names contain what was typed, names first, then texts."""
        said = normalize(typed)
        by_name = [t for t in self.topics if any(said in normalize(n) for n in t.names())]
        by_text = [t for t in self.topics if t not in by_name and said in normalize(t.text)]
        return (by_name + by_text)[:limit]


def _fail(title: str, why: str) -> ValueError:
    return ValueError(f"guide of {title}: {why}")


def _parse(title: str, raw: Any) -> Guide:
    """Check a guide file's shape and limits."""
    if not isinstance(raw, dict) or not isinstance(raw.get("pages"), list):
        raise _fail(title, "needs a list of pages")
    pages = []
    for page in raw["pages"]:
        heading, text = page.get("title"), page.get("text")
        if not isinstance(heading, str) or not isinstance(text, str) or not text.strip():
            raise _fail(title, "each page needs a title and a text")
        if len(text) > PAGE_LIMIT:
            raise _fail(title, f"page {heading!r} is longer than {PAGE_LIMIT} characters")
        pages.append((heading, text))
    if not pages:
        raise _fail(title, "has no page")
    topics: list[Topic] = []
    seen: set[str] = set()
    for item in raw.get("topics", []):
        name, text = item.get("name"), item.get("text")
        aliases = tuple(item.get("aliases", []))
        if not isinstance(name, str) or not isinstance(text, str) or not text.strip():
            raise _fail(title, "each topic needs a name and a text")
        if len(text) > TOPIC_LIMIT:
            raise _fail(title, f"topic {name!r} is longer than {TOPIC_LIMIT} characters")
        for n in (name, *aliases):
            if not isinstance(n, str) or normalize(n) in seen:
                raise _fail(title, f"topic name {n!r} is given twice")
            seen.add(normalize(n))
        topics.append(Topic(name, text, aliases))
    return Guide(title, tuple(pages), tuple(topics), _options(title, raw.get("options", [])))


def _options(title: str, raw: Any) -> tuple[OptionWords, ...]:
    """The guide's words for the game's options: an id, a name and a text each."""
    if not isinstance(raw, list):
        raise _fail(title, "options must be a list")
    out = []
    for item in raw:
        fields = [item.get(k) if isinstance(item, dict) else None for k in ("id", "name", "text")]
        said = [f for f in fields if isinstance(f, str) and f.strip()]
        if len(said) != 3:
            raise _fail(title, "each option needs an id, a name and a text")
        out.append(OptionWords(*said))
    return tuple(out)


def load_guide(package: str, title: str) -> Guide:
    """The guide in `<package>/data/guide.json`, checked, in the language spoken (its words
    from the game's catalogue); a game without one has one page."""
    return _guide(package, title, language())


@cache
def _guide(package: str, title: str, code: str) -> Guide:
    path = resources.files(package) / "data" / "guide.json"
    if not path.is_file():
        return Guide(title, ((title, tr("No guide has been written for this game yet.")),), ())
    english = _parse(title, json.loads(path.read_text(encoding="utf-8")))
    return english if code == ENGLISH else _in_language(english)


def _in_language(guide: Guide) -> Guide:
    """A guide's words in the language spoken; a topic also answers to its English names."""
    topics = []
    for t in guide.topics:
        names = [translated(n) for n in t.names()] + list(t.names())
        unique = list(dict.fromkeys(names))
        topics.append(Topic(unique[0], translated(t.text), tuple(unique[1:])))
    return Guide(guide.title, tuple((translated(h), translated(t)) for h, t in guide.pages),
                 tuple(topics),
                 tuple(OptionWords(o.id, translated(o.name), translated(o.text))
                       for o in guide.options))
