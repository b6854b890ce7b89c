"""'JOKER': paying for the track laid with matching cards and sets of one colour.

« Le nombre de cartes de la même sorte que vous jouez s'échangent contre une carte de moins
(que le nombre joué) de la sorte de votre choix. » (rulebook, page 6)

A payment is how many cards of each colour leave the hand. Only payments that waste no card are
offered (take any card away and the bill is no longer paid); two of them always leave different
hands. Rules version 3 lists them (or settles one colour at a time when there are many); older
games keep the version 2 flow, where matching cards always pay first and only joker sets are
chosen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.choices import fit
from rules.core.journal import Line
from rules.core.lang import Msg, msg, term, tr, trn, word
from rules.spike.cards import CardsMixin, Payment
from rules.spike.said import cards_msg, colour, comma_list, joined_semi

PAY_MENU = 20  # whole payments listed at once; beyond this, one colour is settled at a time

Cards = tuple[int, ...]


def _values(have: int, need: int) -> list[tuple[int, int]]:
    """(cards of one colour played, cards they give beyond the spaces of their colour).

    Up to `need` cards pay their own spaces (a negative balance: jokers pay the rest); `need` + 2
    or more pay them and form one set worth one card less. `need` + 1 would waste a card.
    """
    return ([(p, p - need) for p in range(min(have, need) + 1)]
            + [(p, p - need - 1) for p in range(need + 2, have + 1)])


def _options(hand: Sequence[int], cost: Sequence[int],
             fixed: dict[int, int]) -> list[list[tuple[int, int]]]:
    """Per colour, the (played, balance) pairs still open."""
    out = []
    for k, (h, c) in enumerate(zip(hand, cost)):
        values = _values(h, c)
        out.append([v for v in values if v[0] == fixed[k]] if k in fixed else values)
    return out


def _suffix_counts(options: list[list[tuple[int, int]]]) -> list[dict[int, int]]:
    """For each colour, the ways the colours from it on reach each balance."""
    counts: list[dict[int, int]] = [{0: 1}]
    for values in reversed(options):
        later, now = counts[0], dict[int, int]()
        for _, bal in values:
            for total, ways in later.items():
                now[total + bal] = now.get(total + bal, 0) + ways
        counts.insert(0, now)
    return counts


def count_payments(hand: Sequence[int], cost: Sequence[int], fixed: dict[int, int]) -> int:
    """How many payments waste no card (the fixed colours played as fixed)."""
    return _suffix_counts(_options(hand, cost, fixed))[0].get(0, 0)


def payments(hand: Sequence[int], cost: Sequence[int], fixed: dict[int, int]) -> list[Cards]:
    """Every payment that wastes no card: matching cards kept fewest, then fewest cards."""
    options = _options(hand, cost, fixed)
    later = _suffix_counts(options)
    out: list[Cards] = []

    def walk(k: int, played: Cards, balance: int) -> None:
        """Colours from k on, keeping only branches that can still balance."""
        if k == len(options):
            out.append(played)
            return
        for p, bal in options[k]:
            if later[k + 1].get(-(balance + bal)):
                walk(k + 1, played + (p,), balance + bal)

    walk(0, (), 0)
    return sorted(out, key=lambda p: (sum(max(c - n, 0) for n, c in zip(p, cost)), sum(p),
                                      [-n for n in p]))


def next_colour(hand: Sequence[int], cost: Sequence[int], fixed: dict[int, int]
                ) -> tuple[int, list[int]]:
    """The colour to settle next (colours of the bill first) and how many of it may be played."""
    order = [k for k in range(len(hand)) if cost[k]] + [k for k in range(len(hand)) if not cost[k]]
    for k in order:
        if k in fixed:
            continue
        open_ = [p for p, _ in _values(hand[k], cost[k])
                 if count_payments(hand, cost, {**fixed, k: p})]
        if len(open_) > 1:
            return k, open_
    raise ValueError("every colour is settled")


class PayingMixin(CardsMixin):
    """The 'pay' step after 'finish': which cards leave the hand for the track laid."""

    _pay_memo: tuple[Any, list[Cards] | tuple[int, list[int]]] | None = None

    def end_turn(self, lines: list[Line]) -> None:
        """Pass the turn on (provided by the turn rules)."""
        raise NotImplementedError

    def bill_cost(self) -> list[int]:
        """Cards of each kind the track laid in this build action needs."""
        cost = [0] * len(self.board.kind_codes)
        for idx in self.step()["laid"]:
            cost[self.board.kind_index[idx]] += 1
        return cost

    def _fixed(self) -> dict[int, int]:
        """Colours the player has settled so far in this payment: kind index -> cards."""
        codes = self.board.kind_codes
        return {codes.index(code): int(n) for code, n in self.step().get("fixed", {}).items()}

    def pay_choices(self, seat: int) -> list[Cards] | tuple[int, list[int]]:
        """The payments to list, or (colour, counts) when there are too many to list."""
        hand, cost, fixed = self.hand_vector(seat), self.bill_cost(), self._fixed()
        key = (tuple(hand), tuple(cost), tuple(sorted(fixed.items())))
        if self._pay_memo is not None and self._pay_memo[0] == key:
            return self._pay_memo[1]  # labels and legal ask again for the same cards
        found: list[Cards] | tuple[int, list[int]]
        if count_payments(hand, cost, fixed) <= PAY_MENU:
            found = payments(hand, cost, fixed)
        else:
            found = next_colour(hand, cost, fixed)
        self._pay_memo = (key, found)
        return found

    def pay_action(self, paid: Sequence[int]) -> str:
        """'pay 1 blue 2 white': the cards of a payment in rail-kind order."""
        codes = self.board.kind_codes
        return "pay " + " ".join(f"{n} {self.card_word(codes[k])}" for k, n in enumerate(paid)
                                 if n)

    def read_cards(self, text: str) -> list[int]:
        """Counts by kind from '1 blue 2 white'."""
        words = text.split()
        paid = [0] * len(self.board.kind_codes)
        for n, card in zip(words[::2], words[1::2]):
            paid[self.board.kind_codes.index(self.board.kind_by_card(card))] += int(n)
        return paid

    # -- the step -----------------------------------------------------------------------------
    def _start_payment(self, seat: int) -> list[Line]:
        """'finish': pay at once if there is one way, else ask (version 2: joker sets)."""
        step = self.step()
        if self.started_under < 3:
            step.update(kind="pay", sets=[])
            return self._settle(seat)
        step.update(kind="pay", fixed={})
        return self._settle_choice(seat)

    def pay_options(self, seat: int) -> list[str]:
        """Whole payments, or how many cards of one colour to play; version 2: joker kinds."""
        codes = self.board.kind_codes
        if self.started_under < 3:
            return [f"joker {self.card_word(codes[k])}" for k in self._payment(seat).options()]
        found = self.pay_choices(seat)
        if isinstance(found, tuple):
            k, counts = found
            return [f"play {n} {self.card_word(codes[k])}" for n in counts]
        return [self.pay_action(p) for p in found]

    def apply_pay(self, seat: int, action: str) -> list[Line]:
        """Pay, or settle one colour; version 2: make one joker set, then pay if complete."""
        verb, _, arg = action.partition(" ")
        if verb == "joker":
            k = self.board.kind_codes.index(self.board.kind_by_card(arg))
            pay = self._payment(seat)
            self.step()["sets"].append([k, pay.set_size(k)])
            return self._settle(seat)
        if verb == "pay":
            return self._pay(seat, self.read_cards(arg))
        n, word = arg.split(" ")
        self.step()["fixed"][self.board.kind_by_card(word)] = int(n)
        return self._settle_choice(seat)

    def _settle_choice(self, seat: int) -> list[Line]:
        """Pay at once when only one payment is left; else wait for the player's choice."""
        found = self.pay_choices(seat)
        if isinstance(found, list) and len(found) == 1:
            return self._pay(seat, found[0])
        return []

    def _pay(self, seat: int, paid: Sequence[int]) -> list[Line]:
        """Discard a payment, say it and end the turn."""
        codes, cost = self.board.kind_codes, self.bill_cost()
        self.discard_cards(seat, paid)
        parts = [(n, self.card_word(codes[k])) for k, n in enumerate(paid) if n]
        jokers = [(n - c, self.card_word(codes[k]), n - c - 1)
                  for k, (n, c) in enumerate(zip(paid, cost)) if n > c]
        lines: list[Line] = [self._plays_line(seat, parts, jokers)]
        self.end_turn(lines)
        return lines

    def _plays_line(self, seat: int, parts: list[tuple[int, str]],
                    jokers: list[tuple[int, str, int]]) -> Msg:
        """"Ann plays 1 black, 2 white (joker: 2 white for 1)."."""
        if not jokers:
            return msg("{player} plays {cards}.", player=self.who(seat), cards=cards_msg(parts))
        sets = joined_semi([msg("{n} {colour} for {m}", n=n, colour=word(c), m=m)
                            for n, c, m in jokers])
        return msg("{player} plays {cards} (joker: {sets}).", player=self.who(seat),
                   cards=cards_msg(parts), sets=sets)

    # -- words ---------------------------------------------------------------------------------
    def payment_words(self, paid: Sequence[int], detail: bool = True) -> str:
        """'1 black, 2 white (joker: 2 white for 1 blue)': the cards, then what sets replace
        (without `detail`, only "(jokers)": a long bill then fits a label)."""
        cost, codes = self.bill_cost(), self.board.kind_codes
        said = [colour(self.card_word(c)) for c in codes]
        laid = list(dict.fromkeys(self.board.kind_index[i] for i in self.step()["laid"]))
        order = laid + [k for k in range(len(codes)) if k not in laid]  # as the bill says
        text = comma_list([tr("{n} {colour}", n=paid[k], colour=said[k]) for k in order
                           if paid[k]])
        sets = [tr("{n} {colour}", n=paid[k] - cost[k], colour=said[k]) for k in order
                if paid[k] > cost[k]]
        short = [tr("{n} {colour}", n=cost[k] - paid[k], colour=said[k]) for k in order
                 if paid[k] < cost[k]]
        if sets and detail:
            return trn("{cards} (joker: {sets} for {short})",
                       "{cards} (jokers: {sets} for {short})", len(sets), cards=text,
                       sets=" + ".join(sets), short=comma_list(short))
        if sets:
            return trn("{cards} (joker)", "{cards} (jokers)", len(sets), cards=text)
        return text

    def finish_words(self, seat: int, bill: str) -> str:
        """What 'finish' pays: the one payment, or how many there are to choose from."""
        if self.started_under < 3:
            return tr("Finish building and pay: {cards}", cards=bill)
        hand, cost = self.hand_vector(seat), self.bill_cost()
        ways = count_payments(hand, cost, {})
        if ways == 1:
            paid = payments(hand, cost, {})[0]
            return fit(*(tr("Finish building and pay: {cards}",
                            cards=self.payment_words(paid, d)) for d in (True, False)))
        return fit(tr("Finish building, then choose how to pay {cards} ({n} ways)", cards=bill,
                      n=ways),
                   tr("Finish building; choose how to pay {cards} ({n} ways)", cards=bill,
                      n=ways),
                   tr("Finish building; choose how to pay ({n} ways)", n=ways))

    def pay_prompt(self, seat: int, bill: str) -> str:
        """The pay step's question (public: it names no card of the hand)."""
        name = self.who(seat)
        if self.started_under < 3:
            return tr("{player}: pay {cards}: choose the colour to play as a joker "
                      "(n cards of one colour count as n−1 of any).", player=name, cards=bill)
        if isinstance(self.pay_choices(seat), tuple):
            return tr("{player}: pay {cards}: too many ways to list them all, so first choose "
                      "how many cards of one colour to play (n cards of one colour count as "
                      "n−1 of any).", player=name, cards=bill)
        return tr("{player}: pay {cards}: choose the cards to play (n cards of one colour "
                  "count as n−1 of any).", player=name, cards=bill)

    def pay_spellings(self, action: str) -> list[tuple[str, str]]:
        """'joker white' names a payment with a white joker set; colour names work too."""
        verb, _, arg = action.partition(" ")
        names = {k.card: k.name for k in self.board.kinds}
        words = arg.split()
        out = [(" ".join([verb] + [names.get(w, w) for w in words]), action)]
        said = " ".join(term(w) if w in names else w for w in words)
        out.append((tr("pay {cards}", cards=said) if verb == "pay" else
                    tr("play {cards}", cards=said), action))
        if verb == "pay":
            cost = self.bill_cost()
            out += [(tr("joker {it}", it=term(w)), action) for code, n, c in
                    zip(self.board.kind_codes, self.read_cards(arg), cost) if n > c
                    for w in (self.card_word(code), names[self.card_word(code)])]
        return out

    def pay_label(self, seat: int, action: str) -> str:
        """What a payment plays and keeps, or what settling one colour means."""
        verb, _, arg = action.partition(" ")
        hand, codes = self.hand_vector(seat), self.board.kind_codes
        if verb == "pay":
            paid = self.read_cards(arg)
            listed = self.pay_choices(seat)
            # The colours that tell the payments on offer apart (all, if there is one).
            differ = [k for k in range(len(codes)) if not isinstance(listed, list)
                      or len({p[k] for p in listed}) > 1] or list(range(len(codes)))
            kept = comma_list([tr("{n} {colour}", n=hand[k] - paid[k],
                                  colour=colour(self.card_word(codes[k])))
                               for k in differ if hand[k] > paid[k]])
            if not kept:
                kept = tr("no {colours} card", colours=" or ".join(
                    colour(self.card_word(codes[k])) for k in differ))
            # What stays in hand tells the payments apart: it comes first, so a menu clipped
            # at chat size still shows it.
            return fit(*(tr("Keep {kept}: pay {cards}", kept=kept,
                            cards=self.payment_words(paid, d)) for d in (True, False)),
                       trn("Keep {kept}: pay {n} card", "Keep {kept}: pay {n} cards", sum(paid),
                           kept=kept))
        n_text, card = arg.split(" ")
        n = int(n_text)
        k = codes.index(self.board.kind_by_card(card))
        said = colour(card)
        need, keep = self.bill_cost()[k], hand[k] - n
        spaces = trn("the {colour} space", "the {n} {colour} spaces", need, colour=said)
        if n > need:
            joker = trn("{k} as a joker for {n} card of any colour",
                        "{k} as a joker for {n} cards of any colour", n - need - 1, k=n - need)
            if need:
                return tr("Play {n} {colour}: {need} for {spaces}, {joker}; keep {keep} "
                          "{colour}", n=n, colour=said, need=need, spaces=spaces, joker=joker,
                          keep=keep)
            return tr("Play {n} {colour}: {joker}; keep {keep} {colour}", n=n, colour=said,
                      joker=joker, keep=keep)
        if n == need:
            return tr("Play {n} {colour} for {spaces}; keep {keep} {colour}", n=n, colour=said,
                      spaces=spaces, keep=keep)
        paid_by = spaces if n == 0 else tr("{n} of {spaces}", n=need - n, spaces=spaces)
        if n:
            return tr("Play {n} {colour} and keep {keep}: jokers pay for {paid_by}", n=n,
                      colour=said, keep=keep, paid_by=paid_by)
        return tr("Play no {colour} card, keep all {keep}: jokers pay for {paid_by}",
                  colour=said, keep=keep, paid_by=paid_by)

    # -- version 2 ('joker <colour>' sets; matching cards always pay first) --------------------
    def _payment(self, seat: int) -> Payment:
        """The version 2 payment in progress."""
        return Payment(self.hand_vector(seat), self.bill_cost(), self.step().get("sets", []))

    def _settle(self, seat: int) -> list[Line]:
        """Pay once nothing is missing; a single possible joker set is made automatically."""
        step = self.step()
        while True:
            pay = self._payment(seat)
            if pay.missing() <= 0:
                break
            options = pay.options()
            if len(options) != 1:
                return []
            step["sets"].append([options[0], pay.set_size(options[0])])
        codes = self.board.kind_codes
        spent = pay.spent()
        self.discard_cards(seat, spent)
        parts = [(n, self.card_word(codes[k])) for k, n in enumerate(spent) if n]
        jokers = [(n, self.card_word(codes[k]), n - 1) for k, n in pay.sets]
        lines: list[Line] = [self._plays_line(seat, parts, jokers)]
        self.end_turn(lines)
        return lines
