"""What each Trains card does, in a few words for labels (the guide has the full texts)."""

from __future__ import annotations

from collections.abc import Callable

from rules.core.lang import tr, trn
from rules.trains.cards import Card

Lay = str  # "lay 1 rail" or "lay 1 rail (4 spaces in reach)", said
Does = Callable[[Lay], str]

DOES: dict[str, Does] = {
    "lay-rails": lambda lay: tr("{lay}, +1 Waste", lay=lay),
    "station-expansion": lambda lay: tr("put a station on a city, +1 Waste"),
    "amusement-park": lambda lay: tr("+ the coins of one Train you have in play"),
    "bullet-train": lambda lay: tr("+1 more coin with a Normal Train in play"),
    "collaboration": lambda lay: tr("rivals' rails cost nothing extra, {lay}, +1 Waste",
                                    lay=lay),
    "command-central": lambda lay: tr("draw 1, name a card: take the top card if it is that "
                                      "one"),
    "conductors-station": lambda lay: tr("discard any cards, then draw as many"),
    "control-room": lambda lay: tr("draw 3 cards"),
    "dump-site": lambda lay: tr("you gain no Waste for the rest of this turn"),
    "early-train": lambda lay: tr("cards you buy this turn may go on top of your deck"),
    "freight-train": lambda lay: tr("return Waste from your hand, +1 coin each"),
    "garage": lambda lay: tr("draw 2 cards, then discard 2"),
    "holiday-timetable": lambda lay: tr("trash this card for +3 coins"),
    "information-central": lambda lay: tr("reveal your top 4 cards, take 1, put the rest back"),
    "ironworks": lambda lay: tr("+2 coins for each Lay Rails you play after it this turn"),
    "landfill": lambda lay: tr("return every Waste in your hand to the supply"),
    "mail-train": lambda lay: tr("discard cards from your hand, +1 coin each"),
    "maintenance-factory": lambda lay: tr("show a Train in your hand, gain a copy"),
    "passing-station": lambda lay: tr("draw 1 card"),
    "pulling": lambda lay: tr("take a Train from your discard pile into your hand"),
    "signaling-area": lambda lay: tr("draw 2 cards"),
    "signals": lambda lay: tr("draw 1, then discard or keep your deck's top card"),
    "station-crew": lambda lay: tr("draw 1, or +1 coin, or return 1 Waste"),
    "stationmaster-office": lambda lay: tr("use the effect of another Action card in play"),
    "steel-bridge": lambda lay: tr("no river cost this turn, {lay}, +1 Waste", lay=lay),
    "subway-excavation": lambda lay: tr("no extra rail cost but remote ones, {lay}, +1 Waste",
                                        lay=lay),
    "switchback": lambda lay: tr("put a Train from play on top of your deck"),
    "temporary-timetable": lambda lay: tr("reveal until 2 Trains: take them, discard the rest"),
    "tourist-train": lambda lay: tr("+1 VP"),
    "tunnel": lambda lay: tr("no mountain cost this turn, {lay}, +1 Waste", lay=lay),
    "viaduct": lambda lay: tr("no city cost this turn, {lay}, +1 Waste", lay=lay),
    "wagon-factory": lambda lay: tr("trash a Train from hand, gain one costing exactly 3 more"),
}

# The printed card texts, where they differ from the rulebook (option `printed_cards`).
PRINTED: dict[str, Does] = {
    "ironworks": lambda lay: tr("+2 coins for each Rail card you play after it this turn"),
    "stationmaster-office": lambda lay: tr("use the effect of an Action card in your hand"),
    "subway-excavation": lambda lay: tr("no extra rail cost at all this turn, {lay}, +1 Waste",
                                        lay=lay),
    "wagon-factory": lambda lay: tr("trash a Train from hand, gain one costing up to 3 more"),
}


def lay_words(reach: int | None = None, short: bool = False) -> Lay:
    """"lay 1 rail", with the spaces in reach when known ("(4 in reach)" when `short`)."""
    if reach is None:
        return tr("lay 1 rail")
    if short and reach != 1:
        return tr("lay 1 rail ({n} in reach)", n=reach)
    return trn("lay 1 rail ({n} space in reach)", "lay 1 rail ({n} spaces in reach)", reach)


def does(card: Card, printed: bool, reach: int | None = None, short: bool = False) -> str:
    """The effect of a card in a few words ("" for a card without one); a Rail card says how
    many spaces are in reach when `reach` is given."""
    found = PRINTED.get(card.id) if printed else None
    found = found or DOES.get(card.id)
    return found(lay_words(reach, short)) if found else ""


def gives(card: Card, printed: bool) -> str:
    """What owning a card brings, for a buy label: coins when played, VP, or its effect."""
    if card.is_("vp"):
        return tr("{vp} VP at the end, +1 Waste now", vp=card.vp)
    effect = does(card, printed)
    if not effect:
        return trn("+{n} coin when played", "+{n} coins when played", card.coins)
    if card.coins:
        return trn("+{n} coin, {effect}", "+{n} coins, {effect}", card.coins, effect=effect)
    return effect
