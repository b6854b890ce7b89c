"""A Trains seat's private panel: its hand, its own deck and discard pile, its decision."""

from __future__ import annotations

from rules.core.lang import tr, trn
from rules.trains import scoring
from rules.trains.base import TrainsBase
from rules.trains.refusals import cards_words


def private_lines(m: TrainsBase, seat: int) -> list[str]:
    """What only that seat knows, in short sentences (never another seat's cards)."""
    if not 0 <= seat < len(m.players):
        return []
    me = m.state["players"][seat]
    hand, deck, discard = me["hand"], me["deck"], me["discard"]
    lines = [tr("Your hand ({n}): {cards}.", n=len(hand), cards=cards_words(m, hand)) if hand
             else tr("Your hand is empty.")]
    known = [m.cards.name(c) for c in deck[: me["known_top"]]]
    if known:
        lines.append(trn("Your deck: {n} card; you know the top: {cards}.",
                         "Your deck: {n} cards; you know the top: {cards}.", len(deck),
                         cards=", ".join(known)))
    else:
        lines.append(trn("Your deck: {n} card.", "Your deck: {n} cards.", len(deck)))
    if deck:  # what the deck holds is known (every card owned was seen), its order is not
        lines.append(tr("Your deck holds {cards}.", cards=cards_words(m, deck)))
    lines.append(tr("Your discard pile ({n}): {cards}.", n=len(discard),
                    cards=cards_words(m, discard)) if discard
                 else tr("Your discard pile is empty."))
    owned = scoring.owned(m, seat)
    lines.append(trn("You own {n} card: {cards}.", "You own {n} cards: {cards}.", len(owned),
                     cards=cards_words(m, owned)))
    if seat in m.to_act():
        lines.append(_now(m, seat))
    return lines


def _now(m: TrainsBase, seat: int) -> str:
    """The pending decision in words, with what the seat alone saw for it."""
    p = m.state["pending"]
    if p is None:
        return trn("Now: play cards or buy from the supply ({n} coin to spend), or end your "
                   "turn.", "Now: play cards or buy from the supply ({n} coins to spend), or "
                   "end your turn.", int(m.state["turn"]["coins"]))
    kind = p["kind"]
    if kind == "signals":
        return tr("Now: you looked at the top card of your deck, {card}: discard it or keep it "
                  "there.", card=m.cards.name(p["seen"]))
    if kind == "info_order":
        return tr("Now: put the revealed cards back on your deck, one by one; still to put "
                  "back: {cards}.", cards=cards_words(m, p["left"]))
    if kind == "wagon_gain":
        return tr("Now: you trashed {card}; gain a Train into your hand.",
                  card=m.cards.name(p["trashed"]))
    return tr("Now: {step}", step=m.prompt(seat).split(": ", 1)[1])
