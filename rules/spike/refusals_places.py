"""Why a typed Spike move naming a place is refused: track, start points, moves, cities."""

from __future__ import annotations

from rules.core.lang import tr, trn
from rules.core.reading import closest_name
from rules.core.text import echo, normalize
from rules.spike.asking import AskingMixin
from rules.spike.building import new_city_within
from rules.spike.cards import payable
from rules.spike.names import find_point, point_name, point_names, space_name
from rules.spike.said import colour as said_colour
from rules.spike.said import comma_list, count_words, region


class PlaceRefusalMixin(AskingMixin):
    """Reasons for the near misses that name a place."""

    def _colour(self, word: str) -> str | None:
        """The card word of a colour or pattern name."""
        raise NotImplementedError

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
            return tr("choose where your new track starts first (a city or junction on your "
                      "track).")
        q = self._place(rest)
        if q is None:
            return self._no_place(rest)
        idx = next((i for other, i in board.adjacent[head] if other == q), None)
        here = point_name(head)
        if idx is None:
            return tr("{place} is not next to {here}: track goes one space at a time.",
                      place=point_name(q), here=here)
        owner = self.state["owners"][idx]
        if owner == seat:
            return tr("the {track} space is your own track.", track=space_name(board, idx))
        if owner is not None:
            return tr("the {track} space is taken by {player}.", track=space_name(board, idx),
                      player=self.who(owner))
        if self.me(seat)["tracks"] <= 0:
            return tr("you have no track left.")
        if board.is_city(q) and q in self.network_city_points(seat):
            return tr("{city} is already on your network: a connection must reach a new city.",
                      city=point_name(q))
        hand, cost, new, _ = self._build_context(seat)
        k = board.kind_codes.index(board.spaces[idx].kind)
        after = cost[:k] + [cost[k] + 1] + cost[k + 1:]
        word = said_colour(self.card_word(board.spaces[idx].kind))
        if not payable(hand, after):
            return trn("that space needs a {colour} card: you have {have} {colour} for {n} "
                       "{colour} space and no joker to spare.",
                       "that space needs a {colour} card: you have {have} {colour} for {n} "
                       "{colour} spaces and no joker to spare.", after[k], colour=word,
                       have=hand[k])
        ahead = self._after_lay(self.state["owners"], idx, seat)
        if not board.is_city(q) and not new_city_within(board, ahead, q, new,
                                                        len(board.points)):
            return tr("once that space is laid, {place} is a dead end: every other way on from "
                      "it is taken or meets a city already on your network.",
                      place=point_name(q))
        return tr("from {place} no new city can be reached with your cards ({cards}) and "
                  "{n} track.", place=point_name(q), cards=count_words(self.hand_counts(seat)),
                  n=self.me(seat)["tracks"])

    def _why_to(self, seat: int, rest: str) -> str:
        return self._why_lay(seat, rest)

    def _why_from(self, seat: int, rest: str) -> str:
        if self.step()["head"] is not None:
            return tr("you are laying track from {place}: finish this connection or undo "
                      "first.", place=point_name(self.step()["head"]))
        point = self._place(rest)
        if point is None:
            return self._no_place(rest)
        if point not in self.network_points(seat):
            starts = comma_list([point_name(p) for p in self.start_points(seat)[:4]])
            return tr("{place} is not on your track; new track starts from your network "
                      "({places}).", place=point_name(point), places=starts)
        return tr("no new city can be reached from {place} and paid with your {n} rail cards "
                  "and {tracks} track.", place=point_name(point), n=self.hand_size(seat),
                  tracks=self.me(seat)["tracks"])

    def _no_place(self, rest: str) -> str:
        """No point has that name: say so, with the nearest name when one is close."""
        near = closest_name(rest, list(point_names().values()))
        if near:
            return tr("there is no city or junction called `{typed}`; did you mean {place}?",
                      typed=echo(rest), place=near)
        return tr("there is no city or junction called `{typed}` on the board.",
                  typed=echo(rest))

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
                    return tr("the {track} space is not your track: your train runs only on "
                              "your own track.", track=track)
                return tr("the {track} space is not one step from your train ({where}): it "
                          "moves one space at a time.", track=track,
                          where=self.train_where(seat))
            return self._no_place(rest)
        return tr("your train moves only along your own track, one space at a time, and "
                  "{place} is not one step ahead of it ({where}).", place=point_name(point),
                  where=self.train_where(seat))

    def _why_enter(self, seat: int, rest: str) -> str:
        return self._why_move(seat, rest)

    def _why_toward(self, seat: int, rest: str) -> str:
        return self._why_move(seat, rest)

    def _why_start(self, seat: int, rest: str) -> str:
        city = next((c for c in self.board.cities if normalize(c) == rest), None)
        if city is None:
            near = closest_name(rest, list(self.board.cities))
            if near:
                return tr("there is no city called `{typed}`; did you mean {city}?",
                          typed=echo(rest), city=near)
            return tr("there is no city called `{typed}` on the board.", typed=echo(rest))
        found = next(r for r, names in self.regions().items() if city in names)
        return tr("{city} is in the {region} region: go back to the regions first.", city=city,
                  region=region(found))

    def _why_region(self, seat: int, rest: str) -> str:
        return tr("choose a city of this region, or go back first.")

    def _why_keep(self, seat: int, rest: str) -> str:
        tops = " or ".join(self.board.routes[i].top for i in self.me(seat)["route_offer"])
        return tr("your route cards on offer are {cities}.", cities=tops)

    def _why_side(self, seat: int, rest: str) -> str:
        return tr("a contract card has two sides: a and b.")
