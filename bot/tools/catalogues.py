"""Message catalogues kept in step with the code: `railyard catalogue check|update <language>`.

Every sentence a person reads is written whole in English in the code, inside `tr`, `trn`,
`msg` or `msgn` (rules/core/lang.py). An *area* is a folder of code with one catalogue per
language beside it: `rules/core`, each `rules/<game>`, `render/core`, each `render/<game>`,
`bot/tables`, `bot/adapter`, `bot/tools`; its catalogue is `<area>/locale/<language>.po`.
`update` adds the area's new sentences (untranslated) and drops those the code no longer says;
`check` lists what is missing, stale, translated with other blanks, or not a whole sentence.
Words kept in data files (cards, places) come from the keys each file lists in `"_words"`.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_python
from babel.messages.pofile import read_po, write_po

from rules.core.lang import placeholders

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rules", "render", "bot")
STAMP = datetime(2026, 1, 1, tzinfo=UTC)  # fixed: an update changes a file only where words do
KEYWORDS = {"tr": None, "trn": (1, 2), "msg": None, "msgn": (1, 2)}
Key = str | tuple[str, str]  # a sentence, or (singular, plural)


@dataclass(frozen=True)
class Said:
    """One sentence the code says (or a call whose sentence is built at run time: `key` None)."""

    key: Key | None
    where: str  # path:line


def area_of(path: Path) -> Path:
    """The area a source file belongs to: its package and the folder below it."""
    rel = path.resolve().relative_to(ROOT)
    return ROOT.joinpath(*rel.parts[:2]) if len(rel.parts) > 2 else ROOT / rel.parts[0]


def _sources() -> Iterator[Path]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "locale" not in path.parts and path.name != "lang.py":  # lang.py: the machinery
                yield path


def sayings() -> dict[Path, list[Said]]:
    """Every sentence in the code, by area, in source order."""
    found: dict[Path, list[Said]] = {}
    for path in _sources():
        text = path.read_bytes()
        if not any(k.encode() + b"(" in text for k in KEYWORDS):
            continue
        with path.open("rb") as f:
            for line, func, message, _ in extract_python(f, KEYWORDS, [], {}):
                where = f"{path.relative_to(ROOT)}:{line}"
                found.setdefault(area_of(path), []).append(Said(_key(func, message), where))
    for path in sorted((ROOT / "bot" / "adapter").rglob("*.py")):
        found.setdefault(area_of(path), []).extend(_command_sayings(path))
    for path in sorted((ROOT / "rules").glob("*/game.py")):
        found.setdefault(area_of(path), []).extend(_info_sayings(path))
    for guide in sorted((ROOT / "rules").glob("*/data/guide.json")):
        found.setdefault(guide.parents[1], []).extend(_guide_sayings(guide))
    for data in sorted((ROOT / "rules").glob("*/data/*.json")):
        words = _data_words(data)
        if words:
            found.setdefault(data.parents[1], []).extend(words)
    return found


def _data_words(path: Path) -> list[Said]:
    """The words a data file holds for people to read (said with `term`): every string under
    the keys its top-level `"_words"` list names, in file order, each once."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    keys = set(raw.get("_words", [])) if isinstance(raw, dict) else set()
    seen: dict[str, None] = {}

    def walk(node: object, wanted: bool) -> None:
        if isinstance(node, str):
            if wanted:
                seen.setdefault(node)
        elif isinstance(node, list):
            for item in node:
                walk(item, wanted)
        elif isinstance(node, dict):
            for key, value in node.items():
                if key != "_words":
                    walk(value, wanted or key in keys)

    if keys:
        walk(raw, False)
    where = str(path.relative_to(ROOT))
    return [Said(word, where) for word in seen]


def _guide_sayings(path: Path) -> list[Said]:
    """The words of a game's guide (`data/guide.json`): page titles and texts, topic names,
    aliases and texts, option names and texts; each translated whole."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    where = str(path.relative_to(ROOT))
    texts = [t for page in raw.get("pages", []) for t in (page["title"], page["text"])]
    texts += [t for topic in raw.get("topics", [])
              for t in (topic["name"], *topic.get("aliases", []), topic["text"])]
    texts += [t for option in raw.get("options", []) for t in (option["name"], option["text"])]
    return [Said(t, where) for t in texts]


def _info_sayings(path: Path) -> list[Said]:
    """A game's catalogue entry as people read it (`GameInfo.said()`): its summary and each
    option's description, literals in the game's `INFO`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", "")
        texts = []
        if name == "Option":
            texts = [a for a in node.args[1:2]] + [k.value for k in node.keywords
                                                   if k.arg == "description"]
        elif name == "GameInfo":
            texts = [k.value for k in node.keywords if k.arg == "summary"]
        for text in texts:
            if isinstance(text, ast.Constant) and isinstance(text.value, str) and text.value:
                found.append(Said(text.value, f"{path.relative_to(ROOT)}:{node.lineno}"))
    return found


def _command_sayings(path: Path) -> list[Said]:
    """Slash-command words Discord shows (bot/adapter/translator.py translates them): command
    and group descriptions, option descriptions, choice names; literals only."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        wanted = {"command": ("description",), "Group": ("description",),
                  "Choice": ("name",)}.get(name)
        for kw in node.keywords:
            if (name == "describe" or (wanted and kw.arg in wanted)) and isinstance(
                    kw.value, ast.Constant) and isinstance(kw.value.value, str):
                found.append(Said(kw.value.value, f"{path.relative_to(ROOT)}:{node.lineno}"))
    return found


def _key(func: object, message: object) -> Key | None:
    """The catalogue key of one call, or None when its sentence is not a literal."""
    parts = message if isinstance(message, tuple) else (message,)
    if func in ("trn", "msgn"):
        one, other = (parts + (None, None))[:2]
        return (one, other) if isinstance(one, str) and isinstance(other, str) else None
    return parts[0] if isinstance(parts[0], str) else None


def catalogue_path(area: Path, language: str) -> Path:
    """Where an area's catalogue for `language` lives."""
    return area / "locale" / f"{language}.po"


def _read(path: Path, language: str) -> Catalog:
    if not path.exists():
        return Catalog(locale=language)
    with path.open("rb") as f:
        return read_po(f, locale=language)


def update(language: str, only: str | None = None) -> list[Path]:
    """Bring every area's catalogue for `language` (or only the area `only`, e.g.
    "rules/spike") in step with the code; the files written."""
    written = []
    for area, said in sayings().items():
        if only and area != ROOT / only.strip("/"):
            continue
        path = catalogue_path(area, language)
        old = _read(path, language)
        rel = area.relative_to(ROOT)
        new = Catalog(locale=language, project="Railyard", charset="utf-8", fuzzy=False,
                      header_comment=f"# {language}: the words of {rel}/ "
                      f"(`railyard catalogue update {language}` keeps it in step with the code)",
                      msgid_bugs_address="", last_translator="Railyard",
                      language_team=language, creation_date=STAMP, revision_date=STAMP,
                      version="")
        for s in said:
            if s.key is None:
                continue
            file, _, line = s.where.partition(":")
            place = (file, int(line or 0))
            before = old.get(s.key[0] if isinstance(s.key, tuple) else s.key)
            string = before.string if before is not None else (("", "") if isinstance(
                s.key, tuple) else "")
            if s.key in new:  # said in several places: one entry, every place listed
                new[s.key].locations.append(place)
                continue
            new.add(s.key, string, locations=[place])
        path.parent.mkdir(exist_ok=True)
        with path.open("wb") as f:
            write_po(f, new, width=100, sort_output=False, include_lineno=False)
        written.append(path)
    return written


def _same_blanks(english: list[str], translated: str) -> bool:
    """A translation fills the English blanks, no others; a plural form may leave out the
    count ("un cube" for "{n} cube")."""
    wanted = set().union(*(placeholders(e) for e in english))
    have = placeholders(translated)
    return have <= wanted and (wanted - {"n"}) <= have if len(english) > 1 else have == wanted


def problems(language: str) -> list[str]:
    """What keeps `language` from being complete, one line each (none: complete)."""
    out = []
    for area, said in sayings().items():
        path = catalogue_path(area, language)
        rel = path.relative_to(ROOT)
        out += [f"{s.where}: not a whole sentence written in the code (a literal, with blanks)"
                for s in said if s.key is None]
        if not path.exists():
            out.append(f"{rel}: missing")
            continue
        catalogue = _read(path, language)
        keys = {s.key for s in said if s.key is not None}
        ids = {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalogue if m.id}
        out += [f"{rel}: no translation of {k!r}" for k in sorted(keys - ids, key=str)]
        out += [f"{rel}: {k!r} is no longer said" for k in sorted(ids - keys, key=str)]
        for m in catalogue:
            if not m.id:
                continue
            english = [str(e) for e in m.id] if isinstance(m.id, tuple) else [str(m.id)]
            strings = [str(t or "") for t in m.string] if isinstance(
                m.string, (tuple, list)) else [str(m.string or "")]
            if not all(strings):
                out.append(f"{rel}: {english[0]!r} is not translated")
            elif any(not _same_blanks(english, t) for t in strings):
                out.append(f"{rel}: {english[0]!r} is translated with other blanks")
            if m.fuzzy:
                out.append(f"{rel}: {english[0]!r} is marked fuzzy")
    return out
