"""Trains card data: every card, the supply, the kingdom presets; loaded and checked once."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from rules.core.errors import IllegalAction
from rules.core.lang import Msg, msg, term, tr, word
from rules.core.rng import Rng
from rules.core.text import normalize, slug

TYPES = ("train", "action", "rail", "station", "vp", "waste")
PLAYABLE = ("train", "action", "rail", "station")


@dataclass(frozen=True)
class Card:
    """One kind of card."""

    id: str
    name: str
    aliases: tuple[str, ...]
    types: tuple[str, ...]
    cost: int
    coins: int
    vp: int
    pile: int
    kingdom: bool
    effect: str | None

    def is_(self, kind: str) -> bool:
        """True when the card carries that category icon."""
        return kind in self.types

    @property
    def playable(self) -> bool:
        """Train, Action, Rail and Station cards can be played; VP and Waste cannot."""
        return any(t in PLAYABLE for t in self.types)


@dataclass(frozen=True)
class Preset:
    """A named kingdom from the rulebook's 'Suggestions de choix de cartes'."""

    id: str
    name: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class CardSet:
    """Every card and the fixed numbers of the game."""

    cards: dict[str, Card]
    presets: dict[str, Preset]
    game: dict[str, Any]

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def kingdom_cards(self) -> list[str]:
        """The 30 selectable kinds, in data order."""
        return [c.id for c in self.cards.values() if c.kingdom]

    def name(self, card_id: str) -> str:
        """Display name of a card, in the language spoken."""
        return term(self.cards[card_id].name)

    def names(self, card_ids: list[str]) -> str:
        """Display names joined with commas."""
        return ", ".join(self.name(c) for c in card_ids)

    def word(self, card_id: str) -> Msg:
        """A card's name kept unsaid, for a log line's blank."""
        return word(self.cards[card_id].name)

    def words(self, card_ids: list[str]) -> Msg | str:
        """Names joined with commas, kept unsaid ("" for none)."""
        if not card_ids:
            return ""
        if len(card_ids) == 1:
            return self.word(card_ids[0])
        return msg("{first}, {rest}", first=self.word(card_ids[0]), rest=self.words(card_ids[1:]))


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise ValueError(f"trains cards.json: {message}")


def parse_cards(data: dict[str, Any]) -> CardSet:
    """Build and validate the card set from the data file."""
    cards: dict[str, Card] = {}
    spoken: set[str] = set()
    for raw in data["cards"]:
        card = Card(str(raw["id"]), str(raw["name"]), tuple(raw["aliases"]), tuple(raw["types"]),
                    int(raw["cost"]), int(raw["coins"]), int(raw["vp"]), int(raw["pile"]),
                    bool(raw["kingdom"]), raw["effect"])
        _require(card.id == slug(card.id) and card.id not in cards, f"bad or repeated id {card.id}")
        _require(bool(card.types) and all(t in TYPES for t in card.types), f"{card.id}: types")
        _require(card.cost >= 0 and card.coins >= 0 and card.vp >= 0, f"{card.id}: numbers")
        said = {normalize(s) for s in (card.id, card.name, *card.aliases)}
        _require(not said & spoken, f"{card.id}: a name of another card is reused")
        spoken |= said
        cards[card.id] = card
    game = dict(data["game"])
    kingdom = [c for c in cards.values() if c.kingdom]
    _require(len(kingdom) == 30, "need the 30 selectable kinds")
    _require(all(c.pile == game["kingdom_pile"] for c in kingdom), "kingdom piles hold 10")
    for cid in [*game["base_supply"], *game["starting_deck"], game["first_game_card"]]:
        _require(cid in cards, f"unknown card {cid}")
    _require("normal-train" not in game["base_supply"], "Normal Train is never in the supply")
    for cid, count in game["starting_deck"].items():
        _require(count * 4 <= cards[cid].pile, f"too few {cid} for four starting decks")
    presets: dict[str, Preset] = {}
    for pid, raw in data["presets"].items():
        preset = Preset(pid, str(raw["name"]), tuple(raw["cards"]))
        _require(len(set(preset.cards)) == game["kingdom_size"], f"preset {pid} needs 8 cards")
        _require(all(c in cards and cards[c].kingdom for c in preset.cards), f"preset {pid}")
        presets[pid] = preset
    return CardSet(cards, presets, game)


@lru_cache(maxsize=1)
def load_cards() -> CardSet:
    """The card set from the package's data file."""
    text = resources.files("rules.trains").joinpath("data/cards.json").read_text("utf-8")
    return parse_cards(json.loads(text))


def choose_kingdom(cards: CardSet, mode: str, custom: str, rng: Rng) -> list[str]:
    """The 8 selectable kinds for this game (rulebook 'Installation' 5 and the presets)."""
    size = int(cards.game["kingdom_size"])
    pool = cards.kingdom_cards()
    if mode in cards.presets:
        return list(cards.presets[mode].cards)
    if mode == "custom":
        return parse_custom(cards, custom)
    chosen: list[str] = []
    if mode == "first-game":  # "il est conseillé de choisir Landfill ... ensuite 7 au hasard"
        chosen.append(str(cards.game["first_game_card"]))
    elif mode != "random":
        raise IllegalAction(tr("Unknown kingdom `{kingdom}`.", kingdom=mode))
    rest = [c for c in pool if c not in chosen]
    rng.shuffle(rest)
    chosen += rest[: size - len(chosen)]
    return sorted(chosen, key=pool.index)


def parse_custom(cards: CardSet, text: str) -> list[str]:
    """A creator's list of 8 selectable cards, comma-separated, by id or name."""
    size = int(cards.game["kingdom_size"])
    by_name = {normalize(s): c.id for c in cards.cards.values() if c.kingdom
               for s in (c.id, c.name, *c.aliases)}
    chosen: list[str] = []
    for part in (p for p in text.split(",") if p.strip()):
        cid = by_name.get(normalize(part))
        if cid is None:
            raise IllegalAction(tr("`{name}` is not a selectable Trains card.",
                                   name=part.strip()))
        if cid in chosen:
            raise IllegalAction(tr("{card} is listed twice.", card=cards.name(cid)))
        chosen.append(cid)
    if len(chosen) != size:
        raise IllegalAction(tr("A custom kingdom lists exactly {size} selectable cards, "
                               "not {count}.", size=size, count=len(chosen)))
    return chosen
