"""Why a typed Spike move is refused: what the player has and needs, or which step comes first."""

from __future__ import annotations

from rules.core.lang import number, tr, trn
from rules.core.text import echo, normalize
from rules.spike.board import PART_NAMES
from rules.spike.names import find_point, point_name
from rules.spike.refusals_places import PlaceRefusalMixin
from rules.spike.said import colour as said_colour
from rules.spike.said import comma_list, count_words, money_list
from rules.spike.said import good as said_good
from rules.spike.said import part as said_part


def now_first(kind: str) -> str:
    """What the step waiting now needs first, as a refusal."""
    return {
        "side": tr("choose the side of your contract first."),
        "give": tr("give a rail card to the player on your right first."),
        "route": tr("keep one of your route cards first."),
        "place": tr("place your locomotive in a city first."),
        "free": tr("finish your free move first (move or stop)."),
        "main": tr("choose your action first (draw, build, restart, extra move or upgrade)."),
        "draw": tr("you are drawing rail cards: draw another or stop first."),
        "build": tr("you are building: lay track, finish or cancel first."),
        "pay": tr("choose which cards pay for your track first."),
        "move": tr("finish moving your train first."),
        "city": tr("your train is in a city: load, deliver or end your turn first."),
    }[kind]

VERB_STEPS = {
    "upgrade": ("main",), "build": ("main",), "restart": ("main",), "extra": ("main",),
    "take": ("main", "draw"), "draw": ("main", "draw"), "give": ("give",), "joker": ("pay",),
    "pay": ("pay",), "play": ("pay",),
    "load": ("main", "city"), "deliver": ("main", "city"), "drop": ("main", "city"),
    "lay": ("build",), "to": ("build",), "from": ("build",), "side": ("side",),
    "keep": ("route",), "start": ("place",), "region": ("place",),
    "move": ("free", "move"), "enter": ("free", "move"), "toward": ("free", "move"),
}


class RefusalMixin(PlaceRefusalMixin):
    """Reasons for the near misses a player types."""

    def refusal(self, seat: int, typed: str) -> str | None:
        """The reason `typed` (normalized) is no legal move now, or None to let the core hint."""
        if seat != self.seat_due():
            return None
        words = typed.split()
        verb, rest = words[0], " ".join(words[1:])
        kind = self.step()["kind"]
        if verb in PART_NAMES:
            verb, rest = "upgrade", verb
        if verb not in VERB_STEPS:
            return self._bare_place(seat, typed, kind)
        if not rest and verb in ("lay", "to", "from", "move", "enter", "toward", "start",
                                 "take", "give", "joker", "load", "deliver", "drop", "keep",
                                 "pay", "play"):
            return None  # the closest spellings say what may follow
        if kind not in VERB_STEPS[verb]:
            if verb in ("lay", "to", "from") and kind == "main":
                return tr("choose `build` first, then where your new track starts.")
            if verb in ("move", "enter", "toward") and kind == "main":
                return tr("choose `restart` or `extra move` first.")
            return now_first(kind)
        method = getattr(self, f"_why_{verb}", None)
        reason = method(seat, rest) if method else None
        return None if reason is None else str(reason)

    def _bare_place(self, seat: int, typed: str, kind: str) -> str | None:
        """A place typed alone means building, moving or starting there, by the step."""
        if find_point(typed) is None and not any(c.startswith(typed) for c in
                                                 map(normalize, self.board.cities)):
            return None
        if kind == "build":
            return self._why_lay(seat, typed) if self.step()["head"] else self._why_from(
                seat, typed)
        if kind in ("free", "move"):
            return self._why_move(seat, typed)
        if kind == "place":
            return self._why_start(seat, typed)
        return now_first(kind)

    # -- actions ------------------------------------------------------------------------------
    def _why_upgrade(self, seat: int, part: str) -> str:
        if part not in PART_NAMES:
            return tr("you can upgrade speed, power or cargo.")
        cost = self.upgrade_cost(seat, part)
        if cost is None:
            return tr("your {part} is at its top level ({level}).", part=said_part(part),
                      level=self.level_value(seat, part))
        return tr("you have ${money}; the next {part} upgrade costs ${cost}.",
                  money=self.me(seat)["money"], part=said_part(part), cost=cost)

    def _colour(self, word: str) -> str | None:
        """The card word of a colour or pattern name."""
        for k in self.board.kinds:
            if word in (k.card, normalize(k.name)):
                return k.card
        return None

    def _named_colour(self, words: str) -> str | None:
        """The colour named anywhere in words ("the face-up white card": white)."""
        return self._colour(words) or next(
            (c for c in map(self._colour, words.split()) if c is not None), None)

    def _why_take(self, seat: int, word: str) -> str | None:
        colour = self._named_colour(word)
        shown = comma_list([said_colour(self.card_word(c)) for c in self.state["display"]]
                           ) or tr("nothing")
        if colour is None:
            return tr("there is no `{typed}` rail card; the display shows {cards}.",
                      typed=echo(word), cards=shown)
        if f"take {colour}" in self.legal(seat):
            return None  # that card can be taken: the other words were off, not the move
        return tr("no {colour} card is face up; the display shows {cards}.",
                  colour=said_colour(colour), cards=shown)

    def _why_draw(self, seat: int, rest: str) -> str:
        return tr("the deck is empty: take a face-up card.") if self.state["display"] else (
            tr("there is no card left to draw."))

    def _why_give(self, seat: int, word: str) -> str:
        colour = self._named_colour(word)
        hand = count_words(self.hand_counts(seat))
        return tr("you have no {colour} card; your hand: {cards}.",
                  colour=said_colour(colour) if colour else f"`{echo(word)}`", cards=hand)

    def _why_joker(self, seat: int, word: str) -> str:
        colour = self._colour(word)
        if colour is None:
            return tr("there is no `{typed}` rail card.", typed=word)
        k = self.board.kind_codes.index(self.board.kind_by_card(colour))
        said = said_colour(colour)
        if self.started_under < 3:
            spare = self._payment(seat).surplus(k)
            return tr("a joker needs 2 or more spare cards of one colour; you have {n} "
                      "{colour} to spare after paying {cards}.", n=spare, colour=said,
                      cards=self.bill(seat))
        asked = self._asked_colour(seat)
        if asked:
            return asked
        need, have = self.bill_cost()[k], self.hand_vector(seat)[k]
        return trn("no way to pay {cards} uses {colour} as a joker: a joker is 2 or more "
                   "{colour} cards beyond the {n} {colour} space, and you have {have} {colour}.",
                   "no way to pay {cards} uses {colour} as a joker: a joker is 2 or more "
                   "{colour} cards beyond the {n} {colour} spaces, and you have {have} "
                   "{colour}.", need, cards=self.bill(seat), colour=said, have=have)

    def _asked_colour(self, seat: int) -> str | None:
        """When payments come one colour at a time: which colour to settle first."""
        found = self.pay_choices(seat)
        if not isinstance(found, tuple):
            return None
        word = said_colour(self.card_word(self.board.kind_codes[found[0]]))
        counts = comma_list([number(n) for n in found[1]])
        return tr("there are too many ways to pay {cards} to list: choose how many {colour} "
                  "cards to play first ({counts}).", cards=self.bill(seat), colour=word,
                  counts=counts)

    def _typed_cards(self, rest: str) -> list[int] | None:
        """Counts by kind from '2 white 1 blue' typed by a player, None if unreadable."""
        words = rest.split()
        paid = [0] * len(self.board.kind_codes)
        if len(words) % 2 or not words:
            return None
        for n, word in zip(words[::2], words[1::2]):
            colour = self._colour(word)
            if not n.isdigit() or colour is None:
                return None
            paid[self.board.kind_codes.index(self.board.kind_by_card(colour))] += int(n)
        return paid

    def _why_pay(self, seat: int, rest: str) -> str | None:
        if self.started_under < 3:
            return tr("choose the colour to play as a joker (`joker <colour>`).")
        paid = self._typed_cards(rest)
        if paid is None:
            return tr("say how many cards of each colour, e.g. `pay 1 blue 2 white`.")
        hand, cost, bill = self.hand_vector(seat), self.bill_cost(), self.bill(seat)
        words = [said_colour(self.card_word(c)) for c in self.board.kind_codes]
        for k, (n, h) in enumerate(zip(paid, hand)):
            if n > h:
                return tr("you have {have} {colour}, not {n}.", have=h, colour=words[k], n=n)
        asked = self._asked_colour(seat)
        if asked:
            return asked
        for k, (n, c) in enumerate(zip(paid, cost)):
            if n == c + 1 and not c:
                return tr("a single {colour} card pays nothing here: a joker is 2 or more "
                          "cards of one colour (n count as n−1).", colour=words[k])
            if n == c + 1:
                return tr("one {colour} card would be wasted: play {n} {colour} for the "
                          "{colour} spaces, or {more} or more as a joker (n count as n−1).",
                          colour=words[k], n=c, more=c + 2)
        balance = sum(n - c if n <= c else n - c - 1 for n, c in zip(paid, cost))
        if balance < 0:
            return tr("those cards pay {n} of the {total} cards of the bill ({cards}); n cards "
                      "of one colour count as n−1 of any.", n=sum(cost) + balance,
                      total=sum(cost), cards=bill)
        if balance > 0:
            return trn("those cards pay for {n} card more than the bill ({cards}) needs.",
                       "those cards pay for {n} cards more than the bill ({cards}) needs.",
                       balance, cards=bill)
        return None

    def _why_play(self, seat: int, rest: str) -> str | None:
        found = self.pay_choices(seat) if self.started_under >= 3 else None
        if not isinstance(found, tuple):
            return tr("choose a whole payment (`pay …`) or a joker colour.")
        paid = self._typed_cards(rest)
        k, counts = found
        word = said_colour(self.card_word(self.board.kind_codes[k]))
        listed = comma_list([number(n) for n in counts])
        others = 0 if paid is None else sum(n for j, n in enumerate(paid) if j != k)
        if paid is None or others:
            return tr("choose how many {colour} cards to play first ({counts}).", colour=word,
                      counts=listed)
        have = self.hand_vector(seat)[k]
        if paid[k] > have:
            return tr("you have {have} {colour}, not {n}.", have=have, colour=word, n=paid[k])
        return tr("playing {n} {colour} leaves no way to pay {cards}; you may play {counts} "
                  "{colour}.", n=paid[k], colour=word, cards=self.bill(seat), counts=listed)

    def _why_build(self, seat: int, rest: str) -> str:
        p = self.me(seat)
        if p["tracks"] <= 0:
            return tr("you have no track left to build with.")
        return tr("no new city can be reached from your track and paid with your {n} rail "
                  "cards ({cards}).", n=self.hand_size(seat),
                  cards=count_words(self.hand_counts(seat)))

    def _why_restart(self, seat: int, rest: str) -> str:
        point = self.train_point(seat)
        if point is None:
            return tr("your train is {where}: use extra move, not restart.",
                      where=self.train_where(seat))
        if self.state["turn"]["arrived"]:
            return tr("your train stopped in {city} this turn; restart it next turn.",
                      city=point_name(point))
        return tr("no track of yours leaves {city}.", city=point_name(point))

    def _why_extra(self, seat: int, rest: str) -> str:
        point = self.train_point(seat)
        if point is not None:
            return tr("your train is in {city}: use restart to leave a city.",
                      city=point_name(point))
        return tr("no track of yours continues from the train's space.")

    # -- cargo --------------------------------------------------------------------------------
    def _city_or_reason(self, seat: int, good: str) -> tuple[str, str | None]:
        point = self.train_point(seat)
        if point is None:
            return "", tr("your train is {where}, not in a city.", where=self.train_where(seat))
        if good not in self.board.goods:
            return "", tr("there is no good called `{typed}`.", typed=good)
        return point_name(point), None

    def _why_load(self, seat: int, good: str) -> str:
        city, reason = self._city_or_reason(seat, good)
        if reason:
            return reason
        here = self.board.cities[city].good
        contract = next((c for c in self.me(seat)["contracts"] if c["good"] == good), None)
        if here != good:
            return tr("{city} loads only {good}.", city=city, good=said_good(here))
        if contract is None:
            return tr("you hold no {good} contract.", good=said_good(good))
        if contract["token"] == "train":
            return tr("your {good} is already on your train.", good=said_good(good))
        if contract["token"] == "done":
            return tr("your {good} contract is already delivered.", good=said_good(good))
        cap = self.level_value(seat, "cargo")
        return tr("your train is full ({n} of {n} cargo): drop a good first.", n=cap)

    def _why_deliver(self, seat: int, good: str) -> str:
        good = good.split(" to ")[0]
        city, reason = self._city_or_reason(seat, good)
        if reason:
            return reason
        carried = self.cargo(seat)
        if good not in carried:
            return tr("your train carries no {good} (it carries {goods}).", good=said_good(good),
                      goods=self._carried(seat))
        if city in self.me(seat)["deliveries"]:
            return tr("you have already delivered to {city}: one delivery per city per player.",
                      city=city)
        contract = self._contract(seat, good)
        return tr("your {good} contract pays only in {destinations}.", good=said_good(good),
                  destinations=money_list(self.destinations(contract)))

    def _carried(self, seat: int) -> str:
        """The goods on the train, said ("nothing" when empty)."""
        return comma_list([said_good(g) for g in self.cargo(seat)]) or tr("nothing")

    def _why_drop(self, seat: int, good: str) -> str:
        return tr("your train carries no {good} (it carries {goods}).", good=said_good(good),
                  goods=self._carried(seat))
