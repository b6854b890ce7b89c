"""Spike's small words in the reader's language: money, goods, colours, parts, regions, lists.

Goods and rail colours are data words (`cards.json` and `board.json` list them in `"_words"`),
said with `term`; log lines keep them unsaid with `word`. Lists inside log lines are nested
messages (`joined`), so a stored line is said whole in each reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.lang import Msg, msg, or_list, term, tr, word


def money(amount: int) -> str:
    """"$5" ("5 $" in French)."""
    return tr("${amount}", amount=amount)


def good(name: str) -> str:
    """A good's name ("wheat")."""
    return term(name)


def colour(card: str) -> str:
    """A rail card's colour word ("blue")."""
    return term(card)


def part(name: str) -> str:
    """A train part: speed, power or cargo."""
    return {"speed": tr("speed"), "power": tr("power"), "cargo": tr("cargo")}.get(name, name)


def part_msg(name: str) -> Msg:
    """A train part kept unsaid, for a log line."""
    return {"speed": msg("speed"), "power": msg("power"), "cargo": msg("cargo")}[name]


def region(name: str) -> str:
    """A region of the start menu: west, central or east."""
    return {"west": tr("west"), "central": tr("central"), "east": tr("east")}.get(name, name)


def city_money(city: str, value: int) -> str:
    """"Toledo $9"."""
    return tr("{city} ${amount}", city=city, amount=value)


def money_list(pairs: Sequence[tuple[str, int]]) -> str:
    """"Toledo $9, Roanoke $17 or Philadelphia $18"."""
    return or_list([city_money(c, v) for c, v in pairs])


def comma_list(items: Sequence[str]) -> str:
    """"a, b, c" (both languages separate list items with commas)."""
    return ", ".join(items)


def count_words(counts: dict[str, int]) -> str:
    """"2 blue, 1 green" (kinds with none left out), or "none"; keys are card words."""
    return comma_list([tr("{n} {colour}", n=n, colour=colour(w))
                       for w, n in counts.items() if n]) or tr("none")


# -- unsaid, for log lines --------------------------------------------------------------------
def joined(items: Sequence[Msg | str]) -> Msg | str:
    """Items "a, b, c" kept unsaid (nested messages)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return msg("{first}, {rest}", first=items[0], rest=joined(items[1:]))


def joined_semi(items: Sequence[Msg | str]) -> Msg | str:
    """Items "a; b; c" kept unsaid."""
    if len(items) == 1:
        return items[0]
    return msg("{first}; {rest}", first=items[0], rest=joined_semi(items[1:]))


def joined_and(items: Sequence[Msg | str]) -> Msg | str:
    """Items "a and b and c" kept unsaid (the winners)."""
    if len(items) == 1:
        return items[0]
    return msg("{first} and {rest}", first=items[0], rest=joined_and(items[1:]))


def colours_msg(cards: Sequence[str]) -> Msg | str:
    """Colour words "white, blue" kept unsaid."""
    return joined([word(c) for c in cards])


def city_money_msg(city: str, value: int) -> Msg:
    """"Toledo $9" kept unsaid."""
    return msg("{city} ${amount}", city=city, amount=value)


def cards_msg(pairs: Sequence[tuple[int, str]]) -> Msg | str:
    """"1 black, 2 white" kept unsaid: (count, card word) pairs."""
    return joined([msg("{n} {colour}", n=n, colour=word(c)) for n, c in pairs])
