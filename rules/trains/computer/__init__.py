"""The computer player of Trains: plays its hand in a sensible order, builds towards valuable
cities, places stations where its own rails are, and buys money early and VP late.

It decides from its seat's view and the legal actions only (rules.core.computer).
"""

from __future__ import annotations

from typing import Any

from rules.core.rng import Rng
from rules.trains.cards import load_cards
from rules.trains.computer import board as cb
from rules.trains.computer.cards import RAILS, best_buy, buy_spending, outlook, progress
from rules.trains.computer.steps import step_choice

LAY_AT_LEAST = 0.1  # a rail must be worth more than this (it brings a Waste and costs coins)
STATION_AT_LEAST = 0.1

# Cards that bring more cards or thin the hand: played first, so what they draw is played too.
DRAWERS = ("control-room", "signaling-area", "temporary-timetable", "passing-station",
           "information-central", "garage", "signals", "command-central")
# Coin cards; Early Train before buying, Bullet Train once a Normal Train is in play.
TRAINS = ("early-train", "limited-express-train", "express-train", "tourist-train",
          "normal-train")


def choose(view: dict[str, Any], legal: list[str], rng: Rng) -> str:
    """The computer's choice: one text of `legal`."""
    if len(legal) == 1:
        return legal[0]
    if view["you"]["pending"] is not None:
        picked = step_choice(view, legal)
    else:
        picked = main_choice(view, legal)
    return picked if picked in legal else rng.choice(legal)


def main_choice(view: dict[str, Any], legal: list[str]) -> str:
    """'Tour d'un joueur': play cards in a useful order, then buy, then end the turn."""
    hand = list(view["you"]["hand"])
    can = {a[5:] for a in legal if a.startswith("play ")}
    if "pass" in legal and should_pass(hand):
        return "pass"
    spot = cb.read(view, progress(view))
    card = next_play(view, hand, can, spot)
    if card is not None:
        return f"play {card}"
    buy = best_buy(view, legal, *outlook(view, spot))
    return buy or "end turn"


def should_pass(hand: list[str]) -> bool:
    """'Passer son tour' returns every Waste in hand: worth it when the hand can do little."""
    waste = hand.count("waste")
    cards = load_cards()
    if any(c in hand for c in ("landfill", "freight-train", "station-crew", "mail-train")):
        return False
    coins = sum(cards[c].coins for c in hand)
    builders = sum(1 for c in hand if c in RAILS or c == "station-expansion")
    return waste >= 4 or (waste == 3 and coins + builders <= 3) or (
        waste == 2 and coins + builders <= 1)


def next_play(view: dict[str, Any], hand: list[str], can: set[str],
              spot: cb.Spot) -> str | None:
    """The next card to play, or None when the rest of the hand is not worth playing.

    'Jouer une carte': any number of cards, in any order, so the order is ours to choose:
    cards that draw first, then coins, then rails and stations that spend those coins.
    """
    in_play = [e["card"] for e in view["turn"]["play"]]
    waste = "waste" in hand
    order: list[tuple[str, bool]] = [
        ("freight-train", waste),  # Waste back for coins before Landfill returns it for nothing
        ("landfill", waste),
        ("station-crew", True),
        ("dump-site", True),
        *[(c, True) for c in DRAWERS],
        ("pulling", any(load_cards()[c].is_("train") for c in view["you"]["discard"])),
        ("conductors-station", any(c == "waste" or load_cards()[c].vp for c in hand)),
        ("wagon-factory", True),
        ("maintenance-factory", True),
        ("ironworks", _ironworks_useful(view, hand)),
        *[(c, True) for c in TRAINS],
        ("bullet-train", "normal-train" in in_play or "normal-train" not in hand),
        ("holiday-timetable", True),
        ("amusement-park", any(load_cards()[c].is_("train") for c in in_play)),
        ("switchback", any(c in in_play for c in ("limited-express-train", "express-train",
                                                  "early-train"))),
        ("stationmaster-office", True),
    ]
    for card, useful in order:
        if card in can and useful:
            return card
    for card in sorted(can - {"mail-train"}):  # its own coins, even when its effect is idle
        if load_cards()[card].coins > 0 and card not in RAILS:
            return card
    rail = _best_rail(view, spot, can)
    if rail is not None:
        return rail
    if "station-expansion" in can and cb.best_station(view, spot)[1] > STATION_AT_LEAST:
        return "station-expansion"
    if "mail-train" in can:
        return "mail-train"  # last: whatever is left in hand is discarded for coins
    return None


def _ironworks_useful(view: dict[str, Any], hand: list[str]) -> bool:
    """Ironworks pays +2 for each later Lay Rails (any Rail card with the printed texts)."""
    if view["printed_cards"]:
        return any(c in RAILS for c in hand)
    return "lay-rails" in hand


def _best_rail(view: dict[str, Any], spot: cb.Spot, can: set[str]) -> str | None:
    """The Rail card whose lay is worth most now (special cards waive surcharges), if any."""
    best, value = None, LAY_AT_LEAST
    rails = sorted(c for c in can if c in RAILS)
    spend = buy_spending(view, spot) if rails else None
    for card in rails:
        found = cb.best_lay(view, spot, card, spend)[1]
        if card == "lay-rails":
            found += 0.05  # keep the special cards for when their waiver matters
        if found > value:
            best, value = card, found
    return best
