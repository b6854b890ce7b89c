"""What each Trains card does, in a few words for labels (the guide has the full texts)."""

from __future__ import annotations

from rules.core.text import plural
from rules.trains.cards import Card

DOES: dict[str, str] = {
    "lay-rails": "lay 1 rail, +1 Waste",
    "station-expansion": "put a station on a city, +1 Waste",
    "amusement-park": "+ the coins of one Train you have in play",
    "bullet-train": "+1 more coin with a Normal Train in play",
    "collaboration": "rivals' rails cost nothing extra, lay 1 rail, +1 Waste",
    "command-central": "draw 1, name a card: take the top card if it is that one",
    "conductors-station": "discard any cards, then draw as many",
    "control-room": "draw 3 cards",
    "dump-site": "you gain no Waste for the rest of this turn",
    "early-train": "cards you buy this turn may go on top of your deck",
    "freight-train": "return Waste from your hand, +1 coin each",
    "garage": "draw 2 cards, then discard 2",
    "holiday-timetable": "trash this card for +3 coins",
    "information-central": "reveal your top 4 cards, take 1, put the rest back",
    "ironworks": "+2 coins for each Lay Rails you play after it this turn",
    "landfill": "return every Waste in your hand to the supply",
    "mail-train": "discard cards from your hand, +1 coin each",
    "maintenance-factory": "show a Train in your hand, gain a copy",
    "passing-station": "draw 1 card",
    "pulling": "take a Train from your discard pile into your hand",
    "signaling-area": "draw 2 cards",
    "signals": "draw 1, then discard or keep your deck's top card",
    "station-crew": "draw 1, or +1 coin, or return 1 Waste",
    "stationmaster-office": "use the effect of another Action card in play",
    "steel-bridge": "no river cost this turn, lay 1 rail, +1 Waste",
    "subway-excavation": "no extra rail cost but remote ones, lay 1 rail, +1 Waste",
    "switchback": "put a Train from play on top of your deck",
    "temporary-timetable": "reveal until 2 Trains: take them, discard the rest",
    "tourist-train": "+1 VP",
    "tunnel": "no mountain cost this turn, lay 1 rail, +1 Waste",
    "viaduct": "no city cost this turn, lay 1 rail, +1 Waste",
    "wagon-factory": "trash a Train from hand, gain one costing exactly 3 more",
}

# The printed card texts, where they differ from the rulebook (option `printed_cards`).
PRINTED: dict[str, str] = {
    "ironworks": "+2 coins for each Rail card you play after it this turn",
    "stationmaster-office": "use the effect of an Action card in your hand",
    "subway-excavation": "no extra rail cost at all this turn, lay 1 rail, +1 Waste",
    "wagon-factory": "trash a Train from hand, gain one costing up to 3 more",
}


def does(card: Card, printed: bool) -> str:
    """The effect of a card in a few words ("" for a card without one)."""
    if printed and card.id in PRINTED:
        return PRINTED[card.id]
    return DOES.get(card.id, "")


def gives(card: Card, printed: bool) -> str:
    """What owning a card brings, for a buy label: coins when played, VP, or its effect."""
    if card.is_("vp"):
        return f"{card.vp} VP at the end, +1 Waste now"
    effect = does(card, printed)
    if not effect:
        return f"+{plural(card.coins, 'coin')} when played"
    return f"+{plural(card.coins, 'coin')}, {effect}" if card.coins else effect
