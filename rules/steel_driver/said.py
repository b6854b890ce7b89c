"""Steel Driver's small words in the reader's language: cubes, money, colours and lists.

Goods colours are data words (`steel_driver.json` lists `"colour"` in `"_words"`), said with
`term`; log lines keep them unsaid with `word`. A list inside a log line is a nested message
(`and_msg`), so a stored line is said whole in each reader's language. City and company names
are as the map prints them, in every language.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.lang import Msg, and_list, msg, or_list, term, tr, trn, word


def cubes(n: int) -> str:
    """"1 cube", "3 cubes"."""
    return trn("{n} cube", "{n} cubes", n)


def money(amount: int) -> str:
    """"$5" ("5 $" in French)."""
    return tr("${amount}", amount=amount)


def colour(name: str) -> str:
    """A goods colour ("red"), in the reader's language."""
    return term(name)


def colour_word(name: str) -> Msg:
    """A goods colour kept unsaid, for a log line."""
    return word(name)


def listed(names: Sequence[str], most: int = 4, last: str = "and") -> str:
    """"A, B and C", cut to `most` names ("A, B, C and 4 more"); `last` "or" for "A or B"."""
    items = list(names)
    if len(items) > most:
        rest = len(items) - most + 1
        items = items[:most - 1] + [trn("{n} more", "{n} more", rest)]
    return or_list(items) if last == "or" else and_list(items)


def and_msg(items: Sequence[Msg | str]) -> Msg | str:
    """"A, B and C" kept unsaid (nested messages), for a log line."""
    if len(items) <= 1:
        return items[0] if items else ""
    if len(items) == 2:
        return msg("{first} and {second}", first=items[0], second=items[1])
    return msg("{first}, {rest}", first=items[0], rest=and_msg(items[1:]))


def comma_msg(items: Sequence[Msg | str]) -> Msg | str:
    """"A, B, C" kept unsaid."""
    if len(items) <= 1:
        return items[0] if items else ""
    return msg("{first}, {rest}", first=items[0], rest=comma_msg(items[1:]))
