"""Rail cards: the deck, the display of four, rounds and time cards, jokers and payment."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.journal import Line
from rules.core.lang import Msg, msg, word
from rules.core.rng import Rng
from rules.spike.base import SpikeBase
from rules.spike.said import colours_msg

TIME = "T"  # a time card shuffled into the deck for round 3


def payable(hand: Sequence[int], cost: Sequence[int]) -> bool:
    """Can these cards pay this cost, using jokers? ('JOKER': n cards of one kind = n-1 any).

    Direct matches first; the missing cards D must come from trades, and the leftover s_k of a
    kind buys s_k - 1. So D <= sum(s_k) - #(kinds with leftover), i.e.
    H - L >= #(kinds with more cards than needed).
    """
    spare = sum(hand) - sum(cost)
    return spare >= sum(1 for h, c in zip(hand, cost) if h > c)


class Payment:
    """A build's payment in progress: the cost, the hand and the joker sets chosen so far."""

    def __init__(self, hand: Sequence[int], cost: Sequence[int], sets: Sequence[Sequence[int]]):
        self.hand = list(hand)
        self.cost = list(cost)
        self.sets = [list(s) for s in sets]  # [kind index, cards traded]

    def traded(self, k: int) -> int:
        """Cards of kind k already given up in joker sets."""
        return sum(n for kind, n in self.sets if kind == k)

    def surplus(self, k: int) -> int:
        """Cards of kind k neither needed directly nor already traded."""
        return self.hand[k] - min(self.hand[k], self.cost[k]) - self.traded(k)

    def missing(self) -> int:
        """Cards still missing after direct matches and the joker sets chosen so far."""
        short = sum(max(c - h, 0) for h, c in zip(self.hand, self.cost))
        return short - sum(n - 1 for _, n in self.sets)

    def set_size(self, k: int) -> int:
        """How many cards a joker set of kind k takes now (enough to cover what is missing)."""
        return min(self.surplus(k), self.missing() + 1)

    def options(self) -> list[int]:
        """Kinds a joker set may be made of now, keeping the payment possible."""
        out = []
        for k in range(len(self.hand)):
            n = self.set_size(k)
            if n < 2:
                continue
            after = self.missing() - (n - 1)
            room = sum(max(self.surplus(j) - (n if j == k else 0) - 1, 0)
                       for j in range(len(self.hand)))
            if room >= after:
                out.append(k)
        return out

    def spent(self) -> list[int]:
        """Cards of each kind that leave the hand once nothing is missing."""
        return [min(h, c) + self.traded(k) for k, (h, c) in enumerate(zip(self.hand, self.cost))]


class CardsMixin(SpikeBase):
    """'Piocher des cartes rails', 'Manches et cartes de temps'."""

    _rng: Rng | None = None

    @property
    def rng(self) -> Rng:
        """The randomness of the setup or action being applied."""
        if self._rng is None:
            raise RuntimeError("no randomness outside setup/apply")
        return self._rng

    def finish_game(self, reason: Msg | str) -> list[Line]:
        """End the game now (provided by the scoring rules)."""
        raise NotImplementedError

    # -- hands --------------------------------------------------------------------------------
    def hand_vector(self, seat: int) -> list[int]:
        """The player's rail cards as counts in rail-kind order."""
        hand = self.me(seat)["hand"]
        return [int(hand[k]) for k in self.board.kind_codes]

    def add_card(self, seat: int, code: str) -> None:
        """Put a rail card in a player's hand."""
        self.me(seat)["hand"][code] += 1

    def hand_size(self, seat: int) -> int:
        """How many rail cards a player holds."""
        return sum(self.hand_vector(seat))

    # -- the deck -----------------------------------------------------------------------------
    def _pop_deck(self, lines: list[Line]) -> str | None:
        """Take the top card; time cards go on the board and are replaced ('carte de temps').

        Returns None when no card can be had, or when the game ended.
        """
        s = self.state
        while True:
            if not s["deck"] and not self._fallback_round(lines):
                return None
            card: str = s["deck"].pop(0)
            self.reveal()
            if card == TIME:
                s["time_drawn"] += 1
                lines.append(msg("Time card {n} of {total} is turned up and placed on the "
                                 "board.", n=s["time_drawn"],
                                 total=self.board.rules["time_cards"]))
                if s["time_drawn"] >= self.board.rules["time_cards"]:
                    lines += self.finish_game(msg("the third time card was revealed"))
                    return None
                continue
            if not s["deck"] and s["round"] < 3 and not s["dealing"]:
                s["pending_round"] = True
            return card

    def _fallback_round(self, lines: list[Line]) -> bool:
        """A needed card and an empty deck in rounds 1-2: the round ends now (see data notes)."""
        s = self.state
        if s["round"] >= 3 or s["dealing"] or not s["discard"]:
            return False
        lines += self._new_round()
        return bool(s["deck"])

    def draw_from_deck(self, seat: int, lines: list[Line]) -> bool:
        """A player draws the top card of the deck; False if none could be had."""
        card = self._pop_deck(lines)
        if card is None:
            return False
        self.add_card(seat, card)
        lines.append(msg("{player} draws a rail card from the deck.", player=self.who(seat)))
        self._round_check(lines)
        return True

    def take_display(self, seat: int, code: str, lines: list[Line]) -> None:
        """A player takes a face-up card; the gap is filled once they finish drawing."""
        self.state["display"].remove(code)
        self.add_card(seat, code)
        lines.append(msg("{player} takes a {colour} card from the display.",
                         player=self.who(seat), colour=word(self.card_word(code))))

    def refill_display(self, lines: list[Line]) -> None:
        """Turn cards up until the display holds four again (or the deck is out)."""
        s = self.state
        added: list[str] = []
        while len(s["display"]) < self.board.rules["display_size"] and s["phase"] != "over":
            card = self._pop_deck(lines)
            if card is None:
                break
            s["display"].append(card)
            added.append(card)
            if s["pending_round"]:
                break
        if added and s["phase"] != "over":
            lines.append(msg("Turned up on the display: {cards}.",
                             cards=colours_msg([self.card_word(c) for c in added])))
        self._round_check(lines)

    def _round_check(self, lines: list[Line]) -> None:
        """The last card of the deck was taken: the round ends at once."""
        s = self.state
        if s["pending_round"] and s["phase"] != "over":
            s["pending_round"] = False
            lines += self._new_round()

    def _new_round(self) -> list[Line]:
        """End of round 1 or 2: reshuffle display and discards, deal four; round 3 adds time."""
        s = self.state
        s["pending_round"] = False
        s["round"] += 1
        pool = list(s["display"]) + list(s["discard"])
        s["display"], s["discard"] = [], []
        self.rng.shuffle(pool)
        lines: list[Line] = [msg("The rail deck is exhausted: round {round} begins. The "
                                 "display and the discards ({n} cards) are shuffled into a "
                                 "new deck.", round=s["round"], n=len(pool))]
        if s["round"] == 3:
            # 'Au début de la troisième manche': time cards shuffled into one half, put below.
            top, bottom = pool[: len(pool) // 2], pool[len(pool) // 2:]
            bottom += [TIME] * self.board.rules["time_cards"]
            self.rng.shuffle(bottom)
            pool = top + bottom
            lines.append(msg("The three time cards are shuffled into the bottom half of the "
                             "deck: the game ends when the third one is turned up."))
        s["deck"] = pool
        s["dealing"] = True
        dealt: list[str] = []
        while len(s["display"]) < self.board.rules["display_size"] and s["phase"] != "over":
            card = self._pop_deck(lines)
            if card is None:
                break
            s["display"].append(card)
            dealt.append(card)
        s["dealing"] = False
        s["pending_round"] = False
        if dealt and s["phase"] != "over":
            lines.append(msg("New display: {cards}.",
                             cards=colours_msg([self.card_word(c) for c in dealt])))
        if s["round"] < 3 and not s["deck"] and s["phase"] != "over" and self.started_under >= 4:
            # 'Quand le deck de cartes rails est épuisé, une manche est terminée': a new deck the
            # display took whole is exhausted at once (version 4; before, the round waited for a
            # card nobody could draw, and a table of hoarders could only pass).
            lines += self._new_round()
        return lines

    def can_draw(self) -> bool:
        """Is there any card a player could take now?"""
        s = self.state
        return bool(s["deck"] or s["display"] or (s["round"] < 3 and s["discard"]))

    def draw_choices(self) -> list[str]:
        """'draw deck' and one 'take <colour>' per kind on the display."""
        s = self.state
        out = []
        if s["deck"] or (s["round"] < 3 and s["discard"]):
            out.append("draw deck")
        for code in self.board.kind_codes:
            if code in s["display"]:
                out.append(f"take {self.card_word(code)}")
        return out

    def discard_cards(self, seat: int, spent: Sequence[int]) -> None:
        """Cards played for track go face up on the discard pile."""
        hand = self.me(seat)["hand"]
        for code, n in zip(self.board.kind_codes, spent):
            hand[code] -= n
            self.state["discard"].extend([code] * n)
