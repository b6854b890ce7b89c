"""Why a typed Spike move is refused: what the player has and needs, or which step comes first."""

from __future__ import annotations

from rules.core.reading import closest_name
from rules.core.text import echo, normalize, plural
from rules.spike.board import PART_NAMES
from rules.spike.building import new_city_within
from rules.spike.cards import payable
from rules.spike.names import find_point, point_name, point_names, space_name
from rules.spike.words import WordsMixin, count_words, money_list

NOW = {
    "side": "choose the side of your contract first",
    "give": "give a rail card to the player on your right first",
    "route": "keep one of your route cards first",
    "place": "place your locomotive in a city first",
    "free": "finish your free move first (move or stop)",
    "main": "choose your action first (draw, build, restart, extra move or upgrade)",
    "draw": "you are drawing rail cards: draw another or stop first",
    "build": "you are building: lay track, finish or cancel first",
    "pay": "choose which cards pay for your track first",
    "move": "finish moving your train first",
    "city": "your train is in a city: load, deliver or end your turn first",
}
VERB_STEPS = {
    "upgrade": ("main",), "build": ("main",), "restart": ("main",), "extra": ("main",),
    "take": ("main", "draw"), "draw": ("main", "draw"), "give": ("give",), "joker": ("pay",),
    "pay": ("pay",), "play": ("pay",),
    "load": ("main", "city"), "deliver": ("main", "city"), "drop": ("main", "city"),
    "lay": ("build",), "to": ("build",), "from": ("build",), "side": ("side",),
    "keep": ("route",), "start": ("place",), "region": ("place",),
    "move": ("free", "move"), "enter": ("free", "move"), "toward": ("free", "move"),
}


class RefusalMixin(WordsMixin):
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
                return "choose `build` first, then where your new track starts."
            if verb in ("move", "enter", "toward") and kind == "main":
                return "choose `restart` or `extra move` first."
            return NOW[kind] + "."
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
        return NOW[kind] + "."

    # -- actions ------------------------------------------------------------------------------
    def _why_upgrade(self, seat: int, part: str) -> str:
        if part not in PART_NAMES:
            return "you can upgrade speed, power or cargo."
        cost = self.upgrade_cost(seat, part)
        if cost is None:
            return f"your {part} is at its top level ({self.level_value(seat, part)})."
        return f"you have ${self.me(seat)['money']}; the next {part} upgrade costs ${cost}."

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
        shown = ", ".join(self.card_word(c) for c in self.state["display"]) or "nothing"
        if colour is None:
            return f"there is no `{echo(word)}` rail card; the display shows {shown}."
        if f"take {colour}" in self.legal(seat):
            return None  # that card can be taken: the other words were off, not the move
        return f"no {colour} card is face up; the display shows {shown}."

    def _why_draw(self, seat: int, rest: str) -> str:
        return "the deck is empty: take a face-up card." if self.state["display"] else (
            "there is no card left to draw.")

    def _why_give(self, seat: int, word: str) -> str:
        colour = self._named_colour(word)
        hand = count_words(self.hand_counts(seat))
        return f"you have no {colour or '`' + echo(word) + '`'} card; your hand: {hand}."

    def _why_joker(self, seat: int, word: str) -> str:
        colour = self._colour(word)
        if colour is None:
            return f"there is no `{word}` rail card."
        k = self.board.kind_codes.index(self.board.kind_by_card(colour))
        if self.started_under < 3:
            spare = self._payment(seat).surplus(k)
            return (f"a joker needs 2 or more spare cards of one colour; you have {spare} "
                    f"{colour} to spare after paying {self.bill(seat)}.")
        asked = self._asked_colour(seat)
        if asked:
            return asked
        need, have = self.bill_cost()[k], self.hand_vector(seat)[k]
        return (f"no way to pay {self.bill(seat)} uses {colour} as a joker: a joker is 2 or more "
                f"{colour} cards beyond the {plural(need, colour + ' space')}, and you "
                f"have {have} {colour}.")

    def _asked_colour(self, seat: int) -> str | None:
        """When payments come one colour at a time: which colour to settle first."""
        found = self.pay_choices(seat)
        if not isinstance(found, tuple):
            return None
        word = self.card_word(self.board.kind_codes[found[0]])
        counts = ", ".join(str(n) for n in found[1])
        return (f"there are too many ways to pay {self.bill(seat)} to list: choose how many "
                f"{word} cards to play first ({counts}).")

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
            return "choose the colour to play as a joker (`joker <colour>`)."
        paid = self._typed_cards(rest)
        if paid is None:
            return "say how many cards of each colour, e.g. `pay 1 blue 2 white`."
        hand, cost, bill = self.hand_vector(seat), self.bill_cost(), self.bill(seat)
        words = [self.card_word(c) for c in self.board.kind_codes]
        for k, (n, h) in enumerate(zip(paid, hand)):
            if n > h:
                return f"you have {h} {words[k]}, not {n}."
        asked = self._asked_colour(seat)
        if asked:
            return asked
        for k, (n, c) in enumerate(zip(paid, cost)):
            if n == c + 1 and not c:
                return (f"a single {words[k]} card pays nothing here: a joker is 2 or more "
                        "cards of one colour (n count as n−1).")
            if n == c + 1:
                return (f"one {words[k]} card would be wasted: play {c} {words[k]} for the "
                        f"{words[k]} spaces, or {c + 2} or more as a joker (n count as n−1).")
        balance = sum(n - c if n <= c else n - c - 1 for n, c in zip(paid, cost))
        if balance < 0:
            return (f"those cards pay {sum(cost) + balance} of the {sum(cost)} cards of the bill "
                    f"({bill}); n cards of one colour count as n−1 of any.")
        if balance > 0:
            return (f"those cards pay for {plural(balance, 'card')} more than the "
                    f"bill ({bill}) needs.")
        return None

    def _why_play(self, seat: int, rest: str) -> str | None:
        found = self.pay_choices(seat) if self.started_under >= 3 else None
        if not isinstance(found, tuple):
            return "choose a whole payment (`pay …`) or a joker colour."
        paid = self._typed_cards(rest)
        k, counts = found
        word = self.card_word(self.board.kind_codes[k])
        others = 0 if paid is None else sum(n for j, n in enumerate(paid) if j != k)
        if paid is None or others:
            return f"choose how many {word} cards to play first ({', '.join(map(str, counts))})."
        have = self.hand_vector(seat)[k]
        if paid[k] > have:
            return f"you have {have} {word}, not {paid[k]}."
        return (f"playing {paid[k]} {word} leaves no way to pay {self.bill(seat)}; you may play "
                f"{', '.join(map(str, counts))} {word}.")

    def _why_build(self, seat: int, rest: str) -> str:
        p = self.me(seat)
        if p["tracks"] <= 0:
            return "you have no track left to build with."
        return (f"no new city can be reached from your track and paid with your "
                f"{self.hand_size(seat)} rail cards ({count_words(self.hand_counts(seat))}).")

    def _why_restart(self, seat: int, rest: str) -> str:
        point = self.train_point(seat)
        if point is None:
            return f"your train is {self.train_where(seat)}: use extra move, not restart."
        if self.state["turn"]["arrived"]:
            return f"your train stopped in {point_name(point)} this turn; restart it next turn."
        return f"no track of yours leaves {point_name(point)}."

    def _why_extra(self, seat: int, rest: str) -> str:
        point = self.train_point(seat)
        if point is not None:
            return f"your train is in {point_name(point)}: use restart to leave a city."
        return "no track of yours continues from the train's space."

    # -- cargo --------------------------------------------------------------------------------
    def _city_or_reason(self, seat: int, good: str) -> tuple[str, str | None]:
        point = self.train_point(seat)
        if point is None:
            return "", f"your train is {self.train_where(seat)}, not in a city."
        if good not in self.board.goods:
            return "", f"there is no good called `{good}`."
        return point_name(point), None

    def _why_load(self, seat: int, good: str) -> str:
        city, reason = self._city_or_reason(seat, good)
        if reason:
            return reason
        here = self.board.cities[city].good
        contract = next((c for c in self.me(seat)["contracts"] if c["good"] == good), None)
        if here != good:
            return f"{city} loads only {here}."
        if contract is None:
            return f"you hold no {good} contract."
        if contract["token"] == "train":
            return f"your {good} is already on your train."
        if contract["token"] == "done":
            return f"your {good} contract is already delivered."
        cap = self.level_value(seat, "cargo")
        return f"your train is full ({cap} of {cap} cargo): drop a good first."

    def _why_deliver(self, seat: int, good: str) -> str:
        good = good.split(" to ")[0]
        city, reason = self._city_or_reason(seat, good)
        if reason:
            return reason
        carried = self.cargo(seat)
        if good not in carried:
            return (f"your train carries no {good} (it carries "
                    f"{', '.join(carried) or 'nothing'}).")
        if city in self.me(seat)["deliveries"]:
            return f"you have already delivered to {city}: one delivery per city per player."
        contract = self._contract(seat, good)
        return f"your {good} contract pays only in {money_list(self.destinations(contract))}."

    def _why_drop(self, seat: int, good: str) -> str:
        carried = ", ".join(self.cargo(seat)) or "nothing"
        return f"your train carries no {good} (it carries {carried})."

    # -- places -------------------------------------------------------------------------------
    def _place(self, words: str) -> str | None:
        """The point named by words, with a trailing colour or pattern name ignored."""
        found = find_point(words)
        if found is None and " " in words:
            head, _, last = words.rpartition(" ")
            if self._colour(last):
                found = find_point(head)
        return found

    def _why_lay(self, seat: int, rest: str) -> str:
        step, board = self.step(), self.board
        head = step["head"]
        if head is None:
            return "choose where your new track starts first (a city or junction on your track)."
        q = self._place(rest)
        if q is None:
            return self._no_place(rest)
        idx = next((i for other, i in board.adjacent[head] if other == q), None)
        here = point_name(head)
        if idx is None:
            return f"{point_name(q)} is not next to {here}: track goes one space at a time."
        owner = self.state["owners"][idx]
        if owner is not None:
            who = "your own track" if owner == seat else f"taken by {self.who(owner)}"
            return f"the {space_name(board, idx)} space is {who}."
        if self.me(seat)["tracks"] <= 0:
            return "you have no track left."
        if board.is_city(q) and q in self.network_city_points(seat):
            return (f"{point_name(q)} is already on your network: a connection must reach a "
                    "new city.")
        hand, cost, new, _ = self._build_context(seat)
        k = board.kind_codes.index(board.spaces[idx].kind)
        after = cost[:k] + [cost[k] + 1] + cost[k + 1:]
        word = self.card_word(board.spaces[idx].kind)
        if not payable(hand, after):
            return (f"that space needs a {word} card: you have {hand[k]} {word} for "
                    f"{plural(after[k], word + ' space')} and no joker to spare.")
        ahead = self._after_lay(self.state["owners"], idx, seat)
        if not board.is_city(q) and not new_city_within(board, ahead, q, new,
                                                        len(board.points)):
            return (f"once that space is laid, {point_name(q)} is a dead end: every other way "
                    "on from it is taken or meets a city already on your network.")
        return (f"from {point_name(q)} no new city can be reached with your cards "
                f"({count_words(self.hand_counts(seat))}) and {self.me(seat)['tracks']} track.")

    def _why_to(self, seat: int, rest: str) -> str:
        return self._why_lay(seat, rest)

    def _why_from(self, seat: int, rest: str) -> str:
        if self.step()["head"] is not None:
            return (f"you are laying track from {point_name(self.step()['head'])}: finish "
                    "this connection or undo first.")
        point = self._place(rest)
        if point is None:
            return self._no_place(rest)
        if point not in self.network_points(seat):
            starts = ", ".join(point_name(p) for p in self.start_points(seat)[:4])
            return (f"{point_name(point)} is not on your track; new track starts from your "
                    f"network ({starts}).")
        return (f"no new city can be reached from {point_name(point)} and paid with your "
                f"{self.hand_size(seat)} rail cards and {self.me(seat)['tracks']} track.")

    def _no_place(self, rest: str) -> str:
        """No point has that name: say so, with the nearest name when one is close."""
        near = closest_name(rest, list(point_names().values()))
        hint = f"; did you mean {near}?" if near else " on the board."
        return f"there is no city or junction called `{echo(rest)}`{hint}"

    def _space_named(self, rest: str) -> int | None:
        """The track space that words name by its two ends ("omaha r5c1"), if any."""
        words = rest.split()
        for i in range(1, len(words)):
            a, b = find_point(" ".join(words[:i])), find_point(" ".join(words[i:]))
            if a is not None and b is not None:
                return next((idx for other, idx in self.board.adjacent[a] if other == b), None)
        return None

    def _why_move(self, seat: int, rest: str) -> str:
        point = self._place(rest)
        if point is None:
            idx = self._space_named(rest)
            if idx is not None:  # a real space, out of reach: say why, not "no such place"
                track = space_name(self.board, idx)
                if self.state["owners"][idx] != seat:
                    return (f"the {track} space is not your track: your train runs only on "
                            "your own track.")
                return (f"the {track} space is not one step from your train "
                        f"({self.train_where(seat)}): it moves one space at a time.")
            return self._no_place(rest)
        return (f"your train moves only along your own track, one space at a time, and "
                f"{point_name(point)} is not one step ahead of it ({self.train_where(seat)}).")

    def _why_enter(self, seat: int, rest: str) -> str:
        return self._why_move(seat, rest)

    def _why_toward(self, seat: int, rest: str) -> str:
        return self._why_move(seat, rest)

    def _why_start(self, seat: int, rest: str) -> str:
        city = next((c for c in self.board.cities if normalize(c) == rest), None)
        if city is None:
            near = closest_name(rest, list(self.board.cities))
            return f"there is no city called `{echo(rest)}`" + (
                f"; did you mean {near}?" if near else " on the board.")
        region = next(r for r, names in self.regions().items() if city in names)
        return f"{city} is in the {region} region: go back to the regions first."

    def _why_region(self, seat: int, rest: str) -> str:
        return "choose a city of this region, or go back first."

    def _why_keep(self, seat: int, rest: str) -> str:
        tops = " or ".join(self.board.routes[i].top for i in self.me(seat)["route_offer"])
        return f"your route cards on offer are {tops}."

    def _why_side(self, seat: int, rest: str) -> str:
        return "a contract card has two sides: a and b."
