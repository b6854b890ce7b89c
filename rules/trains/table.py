"""The small operations card effects are made of: draw, gain, discard, trash, lay, station."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.core.journal import Line
from rules.core.lang import Msg, msg, msgn
from rules.core.rng import Rng
from rules.trains.board import Board, Waivers
from rules.trains.cards import CardSet

Pending = dict[str, Any]
# What gaining one Waste did (Table.gain_waste), as a log line's blank says it.
WASTE_GAINED, WASTE_DUMPED, WASTE_NONE = "a Waste", "no Waste (Dump Site)", "no Waste left to take"


def waste_msg(gained: str, n: int = 1) -> Msg:
    """One outcome of gaining Waste, kept unsaid: "a Waste" (n: "2 Wastes"), "no Waste (Dump
    Site)", "no Waste left to take"."""
    if gained == WASTE_DUMPED:
        return msg("no Waste (Dump Site)")
    if gained == WASTE_NONE:
        return msg("no Waste left to take")
    return msgn("a Waste", "{n} Wastes", n)


def joined_and(items: Sequence[Msg | str]) -> Msg | str:
    """Items "a and b" kept unsaid."""
    if len(items) == 1:
        return items[0]
    return msg("{first} and {rest}", first=items[0], rest=joined_and(items[1:]))


class Table:
    """A match's state seen from the player whose turn it is, with the operations on it."""

    def __init__(self, state: dict[str, Any], cards: CardSet, board: Board, names: list[str],
                 rng: Rng | None, reveal: Callable[[], None], rows_menu: bool = False) -> None:
        self.s = state
        self.cards = cards
        self.board = board
        self.names = names
        self.rng = rng
        self._reveal = reveal
        self.lines: list[Line] = []
        # Games started under rules version 1 offer long lists of spaces a row at a time.
        self.rows_menu = rows_menu

    # -- who and what ----------------------------------------------------------------------
    @property
    def seat(self) -> int:
        """The player whose turn it is."""
        return int(self.s["current"])

    @property
    def printed(self) -> bool:
        """True when the printed card texts replace the rulebook's (digest D1-D4)."""
        return bool(self.s["printed"])

    @property
    def turn(self) -> dict[str, Any]:
        """This turn's coins, play area and gained pile."""
        turn: dict[str, Any] = self.s["turn"]
        return turn

    def me(self) -> dict[str, Any]:
        """The current player's cards and pieces."""
        player: dict[str, Any] = self.s["players"][self.seat]
        return player

    def who(self) -> str:
        """The current player's name."""
        return self.names[self.seat]

    def say(self, line: Line) -> None:
        """Add a public log line (kept unsaid, said in each reader's language)."""
        self.lines.append(line)

    def name(self, card: str) -> Msg:
        """A card's name kept unsaid, for a log line's blank."""
        return self.cards.word(card)

    def hand_kinds(self, kind: str | None = None) -> list[str]:
        """Distinct card ids in hand (optionally of one category), sorted."""
        return sorted({c for c in self.me()["hand"] if kind is None or self.cards[c].is_(kind)})

    # -- deck, hand, discard ---------------------------------------------------------------
    def shuffle_discard(self) -> None:
        """Form a new deck from the discard pile ('Nettoyage ... re-mélanger le deck')."""
        p = self.me()
        deck = list(p["discard"])
        assert self.rng is not None, "shuffling needs the action's randomness"
        self.rng.shuffle(deck)
        p["deck"], p["discard"], p["known_top"] = deck, [], 0
        self.say(msgn("{player} shuffles the discard pile into a new deck ({n} cards).",
                      "{player} shuffles the discard pile into a new deck ({n} cards).",
                      len(deck), player=self.who()))

    def top_card(self) -> str | None:
        """The top card of the deck, reshuffling only when the deck is empty and one is needed."""
        p = self.me()
        if not p["deck"] and p["discard"]:
            self.shuffle_discard()
        return str(p["deck"][0]) if p["deck"] else None

    def peek(self) -> str | None:
        """Look at the top card (only its owner sees it)."""
        card = self.top_card()
        if card is not None:
            self._reveal()
        return card

    def take_top(self) -> str | None:
        """Remove the top card of the deck (None when deck and discard are both empty)."""
        if self.top_card() is None:
            return None
        p = self.me()
        p["known_top"] = max(0, p["known_top"] - 1)
        self._reveal()
        return str(p["deck"].pop(0))

    def draw(self, n: int) -> int:
        """Draw up to n cards into hand ('Piocher': missing cards are simply not drawn)."""
        got = 0
        for _ in range(n):
            card = self.take_top()
            if card is None:
                break
            self.me()["hand"].append(card)
            got += 1
        return got

    def put_on_deck(self, card: str) -> None:
        """Put a card on top of the deck, its owner knowing it is there."""
        p = self.me()
        p["deck"].insert(0, card)
        p["known_top"] += 1

    def discard_from_hand(self, card: str) -> None:
        """Move one copy from hand to the discard pile."""
        p = self.me()
        p["hand"].remove(card)
        p["discard"].append(card)

    def trash(self, card: str) -> None:
        """Remove a card from the game; a trashed Waste goes back to its pile ('Déchets')."""
        if card == "waste":
            self.s["supply"]["waste"] += 1
        else:
            self.s["trash"].append(card)

    # -- supply ------------------------------------------------------------------------------
    def gain(self, card: str, where: str = "gained") -> bool:
        """Take a card from its supply pile to the gained pile, hand or deck top."""
        supply = self.s["supply"]
        if supply.get(card, 0) <= 0:
            return False
        supply[card] -= 1
        if where == "hand":
            self.me()["hand"].append(card)
        elif where == "deck":
            self.put_on_deck(card)
        else:
            self.turn["gained"].append(card)
        return True

    def gain_waste(self) -> str:
        """Gain one Waste (rulebook 'Déchets'); the text says what happened."""
        if self.active("dump-site"):
            return WASTE_DUMPED  # ignored, yet counts as done
        if not self.gain("waste"):
            return WASTE_NONE
        return WASTE_GAINED

    def return_waste(self, count: int) -> None:
        """Put Waste cards from hand back on the Waste pile."""
        hand = self.me()["hand"]
        for _ in range(count):
            hand.remove("waste")
            self.s["supply"]["waste"] += 1

    # -- play area ---------------------------------------------------------------------------
    def entry(self, eid: int) -> dict[str, Any]:
        """A card in play by its entry id."""
        found: dict[str, Any] = next(e for e in self.turn["play"] if e["id"] == eid)
        return found

    def remove_entry(self, eid: int) -> dict[str, Any]:
        """Take a card out of the play area (its coins stay earned)."""
        e = self.entry(eid)
        self.turn["play"].remove(e)
        return e

    def active(self, effect: str) -> int:
        """How many applied copies of an ongoing effect are in play."""
        return sum(1 for e in self.turn["play"] if e["on"] and e["effect"] == effect)

    def in_play(self, kind: str) -> list[str]:
        """Distinct ids of the cards of one category in the play area, sorted."""
        return sorted({e["card"] for e in self.turn["play"] if self.cards[e["card"]].is_(kind)})

    def play_coins(self, card: str) -> int:
        """Coins a card gives when played now (Ironworks: +2 per applied copy for Lay Rails,
        or with the printed texts for any Rail card)."""
        coins = self.cards[card].coins
        if card == "lay-rails" or (self.printed and self.cards[card].is_("rail")):
            coins += 2 * self.active("ironworks")
        return coins

    def add_coins(self, n: int) -> None:
        """Coins for this turn only."""
        self.turn["coins"] += n

    # -- the board ---------------------------------------------------------------------------
    def waivers(self) -> Waivers:
        """Extra costs cancelled by applied Rail cards in play."""
        subway = self.active("subway-excavation") > 0
        collab = self.active("collaboration") > 0
        return Waivers(
            river=subway or self.active("steel-bridge") > 0,
            mountain=subway or self.active("tunnel") > 0,
            city=subway or self.active("viaduct") > 0,
            remote=subway and self.printed,
            others_coins=subway or collab,
            others_waste=collab,
        )

    def lay_cost(self, hex_id: str, waive: Waivers | None = None) -> tuple[int, bool] | None:
        """Coins to lay there now and whether other cubes add a Waste; None if not allowed."""
        cubes = self.s["cubes"].get(hex_id, [])
        if self.seat in cubes:
            return None  # one cube per player per space
        waive = waive or self.waivers()
        others = len(cubes)
        cost = self.board.rail_cost(hex_id, self.s["stations"].get(hex_id, 0), others, waive)
        if cost is None:
            return None
        return cost, others > 0 and not waive.others_waste

    def lay_options(self) -> list[str]:
        """Hexes where the current player may lay a rail now, in reading order."""
        if self.me()["cubes_left"] <= 0:
            return []
        mine = {h for h, seats in self.s["cubes"].items() if self.seat in seats}
        near = {n for h in mine for n in self.board.adjacent[h]}
        out = []
        waive = self.waivers()
        for hex_id in self.board.hexes:
            if hex_id in near:
                cost = self.lay_cost(hex_id, waive)
                if cost is not None and cost[0] <= self.turn["coins"]:
                    out.append(hex_id)
        return out

    def lay(self, hex_id: str, card: str) -> None:
        """Lay one rail for a Rail card: pay, place the cube, gain its Waste(s)."""
        found = self.lay_cost(hex_id)
        assert found is not None
        cost, extra = found
        self.turn["coins"] -= cost
        self.s["cubes"].setdefault(hex_id, []).append(self.seat)
        self.me()["cubes_left"] -= 1
        gains = [self.gain_waste()]
        if extra:
            gains.append(self.gain_waste())  # "Cubes des autres joueurs: ... + une carte Déchets"
        wastes = gains.count(WASTE_GAINED)  # "2 Wastes", not "a Waste and a Waste"
        said = ([waste_msg(WASTE_GAINED, wastes)] if wastes else []) + [
            waste_msg(g) for g in dict.fromkeys(gains) if g != WASTE_GAINED]
        where = self.board.hexes[hex_id].label
        self.say(msgn("{player} lays a rail on {space} for {n} coin ({card}) and gains {gained}.",
                      "{player} lays a rail on {space} for {n} coins ({card}) and gains {gained}.",
                      cost, player=self.who(), space=where, card=self.name(card),
                      gained=joined_and(said)))

    def station_options(self) -> list[str]:
        """Cities with a free station slot while station pawns remain ('Extension de la gare')."""
        if self.s["stations_left"] <= 0:
            return []
        return [h.id for h in self.board.cities()
                if self.s["stations"].get(h.id, 0) < h.buildings]

    def start_options(self) -> list[str]:
        """Legal starting hexes: not sea, not remote, no other player's cube."""
        return [h.id for h in self.board.hexes.values()
                if h.terrain not in ("sea", "remote") and not self.s["cubes"].get(h.id)]
