"""Departure cards, action cards (deck, hands, refills), dice faces and agents from cards*.json."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from rules.core.lang import Msg, and_list, msg, msgn, tr
from rules.core.rng import Rng
from rules.switch_signal.board import AGENTS, GOODS
from rules.switch_signal.said import colour, kind_cards, then_list

KINDS = ("signal", "switch", "move")  # action card kinds, in display order
COLOURS = ("black", "brown", "grey")


@dataclass(frozen=True)
class Departure:
    """A departure ("Fiche d'instruction") card: trains to deploy, then colours to move."""

    id: str
    deploy: tuple[str, ...]
    moves: tuple[str, ...]

    def describe(self) -> str:
        """Plain text of the card, in the language spoken."""
        return self.described().said()

    def described(self) -> Msg:
        """Plain text of the card, kept unsaid."""
        parts = []
        if self.deploy:
            named = [c for c in self.deploy if c != "any"]
            if named:
                parts.append(msg("deploy {colours}",
                                 colours=then_list([colour(c) for c in named])))
            else:
                n = len(self.deploy)
                parts.append(msg("deploy {n} trains of different colours", n=n) if n > 1
                             else msgn("deploy {n} train", "deploy {n} trains", n))
        if self.moves:
            if self.moves.count("any") == 3:
                parts.append(msg("move every colour (three multicolour trains)"))
            else:
                shown = [msg("a colour of choice") if c == "any" else colour(c)
                         for c in self.moves]
                parts.append(msg("move {colours}", colours=then_list(shown)))
        if not parts:
            return msg("nothing")
        return parts[0] if len(parts) == 1 else msg("{a}; {b}", a=parts[0], b=parts[1])


@dataclass(frozen=True)
class Agent:
    """A rail agent: one use per game."""

    id: str
    name: str
    french: str
    text: str


@dataclass(frozen=True)
class Cards:
    """Every fixed number and card of the game."""

    colours: tuple[str, ...]
    trains_per_colour: int
    dice: dict[str, tuple[int, ...]]
    start_die: tuple[int, ...]
    action_cards: dict[str, int]
    hand_size: int
    draw: int
    hand_limit: int
    time_tokens: int
    max_time_tokens: int
    removed: int
    start: Departure
    departures: dict[str, Departure]
    agents: dict[str, Agent]
    adapted: tuple[str, ...]

    def card(self, cid: str) -> Departure:
        """A departure card by id (the start card included)."""
        return self.start if cid == self.start.id else self.departures[cid]


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise ValueError(f"switch_signal/cards.json: {message}")


def _departure(raw: dict[str, Any]) -> Departure:
    card = Departure(str(raw["id"]), tuple(raw["deploy"]), tuple(raw["moves"]))
    for icon in card.deploy + card.moves:
        _require(icon == "any" or icon in COLOURS, f"card {card.id} has icon {icon}")
    _require(card.moves.count("any") <= 3, f"card {card.id} has too many multicolour icons")
    return card


def parse_cards(data: dict[str, Any]) -> Cards:
    """Build and validate the card data."""
    _require(tuple(data["colours"]) == COLOURS, "train colours must be black, brown, grey")
    _require(tuple(data["goods_colours"]) == GOODS, "goods colours")
    dice = {c: tuple(int(f) for f in data["movement_dice"][c]) for c in COLOURS}
    _require(all(len(f) == 6 and min(f) >= 1 for f in dice.values()), "six faces per die")
    actions = {k: int(data["action_cards"][k]) for k in KINDS}
    _require(set(data["action_cards"]) == set(KINDS), "three kinds of action card")
    start = _departure(data["start_card"])
    _require(start.moves == () and start.deploy == COLOURS, "start card deploys each colour")
    departures = {}
    for raw in data["departure_cards"]:
        card = _departure(raw)
        _require(card.id not in departures and card.id != start.id, f"card id {card.id} twice")
        departures[card.id] = card
    agents = {aid: Agent(aid, a["name"], a["french"], a["text"])
              for aid, a in data["agents"].items()}
    _require(set(agents) == set(AGENTS), "the five agent texts")
    cards = Cards(
        colours=COLOURS, trains_per_colour=int(data["trains_per_colour"]), dice=dice,
        start_die=tuple(int(f) for f in data["start_die"]), action_cards=actions,
        hand_size=int(data["hand_size"]), draw=int(data["draw"]),
        hand_limit=int(data["hand_limit"]), time_tokens=int(data["time_tokens"]),
        max_time_tokens=int(data["max_time_tokens"]),
        removed=int(data["removed_departure_cards"]), start=start, departures=departures,
        agents=agents, adapted=tuple(data.get("adapted", ())),
    )
    _require(cards.hand_size <= cards.hand_limit, "hand size above the limit")
    _require(4 * cards.hand_size < sum(actions.values()), "not enough action cards to deal")
    _require(0 < cards.time_tokens <= cards.max_time_tokens, "time tokens")
    _require(cards.removed < len(departures), "removed cards")
    return cards


# The card data by the first rules version that uses it. Rules version 4 changed proposed
# departure cards (data/NOTES.md); games started under versions 1-3 keep cards.json.
CARD_FILES = {1: "cards.json", 4: "cards_v4.json"}


def load_cards(rules_version: int = 4) -> Cards:
    """The packaged card data, as games started under that rules version use it."""
    first = max(v for v in CARD_FILES if v <= max(1, rules_version))
    return _load(CARD_FILES[first])


@lru_cache(maxsize=2)
def _load(name: str) -> Cards:
    path = resources.files("rules.switch_signal").joinpath(f"data/{name}")
    return parse_cards(json.loads(path.read_text(encoding="utf-8")))


# -- action cards ------------------------------------------------------------------------------
def new_action_deck(rng: Rng) -> list[str]:
    """The 81 action cards, shuffled (Mise en place)."""
    cards = load_cards()
    deck = [kind for kind in KINDS for _ in range(cards.action_cards[kind])]
    rng.shuffle(deck)
    return deck


def empty_hand() -> dict[str, int]:
    """A hand with no cards."""
    return {kind: 0 for kind in KINDS}


def hand_total(hand: dict[str, int]) -> int:
    """Cards in a hand."""
    return sum(hand.values())


def hand_text(hand: dict[str, int]) -> str:
    """`2 signal cards, 1 switch card and 3 move cards` (or `no cards`)."""
    return and_list([kind_cards(k, hand[k]) for k in KINDS if hand[k]]) or tr("no cards")


def hand_said(hand: dict[str, int]) -> Msg:
    """The same, kept unsaid for a log line."""
    parts = [hand_part(k, hand[k]) for k in KINDS if hand[k]]
    if not parts:
        return msg("no cards")
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        return msg("{a} and {b}", a=parts[0], b=parts[1])
    return msg("{a}, {b} and {c}", a=parts[0], b=parts[1], c=parts[2])


def hand_part(kind: str, n: int) -> Msg:
    """"2 signal cards", kept unsaid."""
    if kind == "signal":
        return msgn("{n} signal card", "{n} signal cards", n)
    if kind == "switch":
        return msgn("{n} switch card", "{n} switch cards", n)
    return msgn("{n} move card", "{n} move cards", n)


def draw_cards(state: dict[str, Any], seat: int, count: int, rng: Rng) -> int:
    """Draw up to `count` cards into a hand; reshuffle the discards when the pile is empty.

    Rulebook, "3. Piocher de nouvelles cartes Action". Returns the number drawn.
    """
    deck: list[str] = state["action_deck"]
    hand = state["hands"][seat]
    drawn = 0
    for _ in range(count):
        if not deck:
            pile = [kind for kind in KINDS for _ in range(state["action_discard"][kind])]
            if not pile:
                break
            rng.shuffle(pile)
            deck.extend(pile)
            state["action_discard"] = empty_hand()
        hand[deck.pop()] += 1
        drawn += 1
    return drawn


def refill_count(hand: dict[str, int]) -> int:
    """How many to draw at the end of a turn: 5, but never above the limit of 10."""
    cards = load_cards()
    return max(0, min(cards.draw, cards.hand_limit - hand_total(hand)))


def pay(state: dict[str, Any], seat: int, kinds: list[str]) -> None:
    """Move played cards from a hand onto the discard pile, face up."""
    hand = state["hands"][seat]
    for kind in kinds:
        if hand[kind] <= 0:
            raise ValueError(f"no {kind} card to play")
        hand[kind] -= 1
        state["action_discard"][kind] += 1


def pairs_in(hand: dict[str, int]) -> list[tuple[str, str]]:
    """Every two-card combination a hand can discard for an action of choice."""
    out = []
    for i, a in enumerate(KINDS):
        for b in KINDS[i:]:
            need = 2 if a == b else 1
            if hand[a] >= need and hand[b] >= (need if a == b else 1):
                out.append((a, b))
    return out


# -- dice ----------------------------------------------------------------------------------------
def roll_movement(rng: Rng, colour: str) -> int:
    """One roll of the movement die of a train colour."""
    faces = load_cards().dice[colour]
    return faces[rng.below(len(faces))]


def roll_start(rng: Rng) -> tuple[int, int]:
    """One roll of the two start dice."""
    faces = load_cards().start_die
    return faces[rng.below(len(faces))], faces[rng.below(len(faces))]
