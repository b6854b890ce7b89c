"""A Trains seat's private panel: its hand, its own deck and discard pile, its decision."""

from __future__ import annotations

from rules.core.text import plural
from rules.trains.base import TrainsBase
from rules.trains.refusals import cards_words


def private_lines(m: TrainsBase, seat: int) -> list[str]:
    """What only that seat knows, in short sentences (never another seat's cards)."""
    if not 0 <= seat < len(m.players):
        return []
    me = m.state["players"][seat]
    hand, deck, discard = me["hand"], me["deck"], me["discard"]
    lines = [f"Your hand ({len(hand)}): {cards_words(m, hand)}." if hand
             else "Your hand is empty."]
    known = [m.cards.name(c) for c in deck[: me["known_top"]]]
    top = f"; you know the top: {', '.join(known)}" if known else ""
    lines.append(f"Your deck: {plural(len(deck), 'card')}{top}.")
    lines.append(f"Your discard pile ({len(discard)}): {cards_words(m, discard)}." if discard
                 else "Your discard pile is empty.")
    if seat in m.to_act():
        lines.append(_now(m, seat))
    return lines


def _now(m: TrainsBase, seat: int) -> str:
    """The pending decision in words, with what the seat alone saw for it."""
    p = m.state["pending"]
    coins = plural(int(m.state["turn"]["coins"]), "coin")
    if p is None:
        return f"Now: play cards or buy from the supply ({coins} to spend), or end your turn."
    kind = p["kind"]
    if kind == "signals":
        return (f"Now: you looked at the top card of your deck, {m.cards.name(p['seen'])}: "
                "discard it or keep it there.")
    if kind == "info_order":
        return (f"Now: put the revealed cards back on your deck, one by one; still to put "
                f"back: {cards_words(m, p['left'])}.")
    if kind == "wagon_gain":
        return f"Now: you trashed {m.cards.name(p['trashed'])}; gain a Train into your hand."
    return "Now: " + m.prompt(seat).split(": ", 1)[1]
