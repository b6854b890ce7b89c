"""Spike in plain words: labels that say what a choice costs and gives, prompts, spellings."""

from __future__ import annotations

from typing import Any

from rules.core.choices import Choice, clip_label, fit
from rules.core.lang import tr, trn
from rules.core.standing import warned
from rules.core.text import slug
from rules.spike.board import PART_NAMES
from rules.spike.heading import headings, way_order
from rules.spike.names import point_homes, point_id, point_name, space_index, space_name
from rules.spike.risks import risks
from rules.spike.said import (
    city_money,
    colour,
    comma_list,
    count_words,
    good,
    money_list,
    part,
    region,
)
from rules.spike.scoring import ScoringMixin, route_points

__all__ = ["WordsMixin", "count_words", "money_list", "split_groups"]
good_ = good  # where a local `good` names the data word


def split_groups(choices: list[Choice], most: int = 25) -> list[Choice]:
    """Groups of more than `most` choices cut into numbered parts ("west 1", "west 2")."""
    sizes: dict[str, int] = {}
    for c in choices:
        sizes[c.group] = sizes.get(c.group, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for c in choices:
        n = seen[c.group] = seen.get(c.group, 0) + 1
        part = f"{c.group} {(n - 1) // most + 1}" if sizes[c.group] > most else c.group
        out.append(c._replace(group=part))
    return out


class WordsMixin(ScoringMixin):
    """Labels, prompts, accepted spellings and the private panel of a Spike match."""

    _lays: dict[str, int] | None = None  # the build step's next spaces while labelling them

    # -- small descriptions -------------------------------------------------------------------
    def open_destinations(self, seat: int, contract: dict[str, Any]) -> list[tuple[str, int]]:
        """Where a contract can still be delivered by this player (one delivery per city)."""
        done = self.me(seat)["deliveries"]
        return [(c, v) for c, v in self.destinations(contract) if c not in done]

    def contract_words(self, seat: int, contract: dict[str, Any]) -> str:
        """"wheat to Toledo $9, Roanoke $17 or Philadelphia $18"."""
        dests = self.open_destinations(seat, contract) or list(self.destinations(contract))
        return tr("{good} to {destinations}", good=good(contract["good"]),
                  destinations=money_list(dests))

    def hand_counts(self, seat: int) -> dict[str, int]:
        """Rail cards of a seat by colour word."""
        hand = self.me(seat)["hand"]
        return {self.card_word(c): int(hand[c]) for c in self.board.kind_codes}

    def train_where(self, seat: int) -> str:
        """"in Chicago" or "on the Chicago–Chicago NE track"."""
        point, space = self.train_point(seat), self.train_space(seat)
        if point is not None:
            return tr("in {city}", city=point_name(point))
        if space is not None:
            return tr("on the {track} track", track=space_name(self.board, space))
        return tr("not placed yet")

    def _contract(self, seat: int, good: str) -> dict[str, Any]:
        contract: dict[str, Any] = next(c for c in self.me(seat)["contracts"]
                                        if c["good"] == good)
        return contract

    def move_target(self, seat: int, action: str) -> tuple[str, str | None]:
        """Where a move or enter leads: (point name, city passed through or None)."""
        verb, _, arg = action.partition(" ")
        if verb == "enter":
            return point_name(point_id(arg)), None
        idx = space_index(arg)
        sp = self.board.spaces[idx]
        point, here = self.train_point(seat), self.train_space(seat)
        if point is not None:
            return point_name(sp.other(point)), None
        assert here is not None
        now = self.board.spaces[here]
        shared = next(e for e in (sp.a, sp.b) if e in (now.a, now.b))
        passed = point_name(shared) if self.board.is_city(shared) else None
        return point_name(sp.other(shared)), passed

    # -- labels -------------------------------------------------------------------------------
    def label(self, seat: int, action: str) -> str:
        """One legal action in plain words with what it costs and gives, and at its end what
        it risks (the end of a round or of the game, a delivery left undone)."""
        return warned(self.plain_label(seat, action), *risks(self, seat, action))

    def plain_label(self, seat: int, action: str) -> str:
        """One legal action in plain words, without its warnings."""
        verb, _, arg = action.partition(" ")
        kind = self.step()["kind"] if seat == self.seat_due() else ""
        p = self.me(seat)
        if verb == "side":
            contract = p["contracts"][self.step()["contract"]]
            card = self.board.contract(contract["good"], contract["card"])
            return tr("Side {side} of your {good} card: {destinations}", side=arg,
                      good=good(contract["good"]), destinations=money_list(card.sides[arg]))
        if verb == "give":
            right = self.who((seat - 1) % len(self.players))
            have = p["hand"][self.board.kind_by_card(arg)]
            return tr("Give 1 {colour} card to {player} (you have {n} {colour})",
                      colour=colour(arg), player=right, n=have)
        if verb == "keep":
            card = next(self.board.routes[i] for i in p["route_offer"]
                        if slug(self.board.routes[i].top) == arg)
            listed = comma_list([city_money(c, v) for c, v in card.cities])
            return tr("Keep route {city}: {cities}", city=card.top, cities=listed)
        if verb == "region":
            said = region(arg)
            return tr("{region}: {cities}", region=said[:1].upper() + said[1:],
                      cities=comma_list(self.regions()[arg]))
        if verb == "start":
            return self._start_label(seat, arg)
        if verb in ("draw", "take"):
            return self._draw_label(seat, action)
        if verb in ("load", "deliver", "drop"):
            return self._city_label(seat, verb, arg)
        if verb in ("move", "enter"):
            return self._move_label(seat, action)
        if verb in ("from", "lay", "rows", "finish", "joker"):
            return self._build_label(seat, action)
        if verb in ("pay", "play"):
            return self.pay_label(seat, action)
        if verb == "upgrade":
            cost = self.upgrade_cost(seat, arg)
            now = self.level_value(seat, arg)
            nxt = self.board.rules[arg][p["levels"][arg] + 1]
            return tr("Upgrade {part} {now} → {next}: pay ${cost} of your ${money}", part=part(arg),
                      now=now, next=nxt, cost=cost, money=p["money"])
        return self._plain_label(seat, action, kind)

    def _start_label(self, seat: int, arg: str) -> str:
        city = next(c for c in self.board.cities if slug(c) == arg)
        good = self.board.cities[city].good
        mine = any(c["good"] == good for c in self.me(seat)["contracts"])
        if mine:
            return tr("Start in {city}: {good} loads here (you hold its contract)", city=city,
                      good=good_(good))
        return tr("Start in {city}: {good} loads here", city=city, good=good_(good))

    def _draw_label(self, seat: int, action: str) -> str:
        power = self.level_value(seat, "power")
        drawn = int(self.step().get("drawn", 0)) if self.step()["kind"] == "draw" else 0
        if action == "draw deck":
            return tr("Draw the top card of the deck (card {n} of up to {most})", n=drawn + 1,
                      most=power)
        return tr("Take the face-up {colour} card (card {n} of up to {most})",
                  colour=colour(action[5:]), n=drawn + 1, most=power)

    def _city_label(self, seat: int, verb: str, good: str) -> str:
        point = self.train_point(seat)
        city = point_name(point) if point else "?"
        contract = self._contract(seat, good)
        if verb == "deliver":
            value = dict(self.destinations(contract))[city]
            return tr("Deliver {good} to {city}: +${amount} (your only delivery here)",
                      good=good_(good), city=city, amount=value)
        if verb == "load":
            dests = self.open_destinations(seat, contract) or list(self.destinations(contract))
            return tr("Load {good} in {city}: deliver it to {destinations}", good=good_(good),
                      city=city, destinations=money_list(dests))
        return tr("Drop {good} back on its contract to make room (cargo full)",
                  good=good_(good))

    def _move_label(self, seat: int, action: str) -> str:
        left = self.step().get("left", 0)
        way = headings(self, seat).get(action)
        if action.startswith("enter "):
            city = point_name(point_id(action[6:]))
            there = self._city_offers(seat, city)
            back = way is not None and way.back
            if there and back:
                return tr("Enter {city} and stop: {offers} (back where you came from)",
                          city=city, offers=there)
            if there:
                return tr("Enter {city} and stop: {offers}", city=city, offers=there)
            if back:
                return tr("Enter {city} and stop (back where you came from)", city=city)
            return tr("Enter {city} and stop", city=city)
        _, passed = self.move_target(seat, action)
        track = space_name(self.board, space_index(action[5:]))
        moves = trn("{n} move left", "{n} moves left", left)
        # The city it heads for says which way it goes; "back" when it turns round.
        toward = ("" if way is None else tr("back toward {place}", place=self._toward(way.toward))
                  if way.back else tr("toward {place}", place=self._toward(way.toward)))
        if passed:
            return fit(tr("Pass through {city} {toward} onto the {track} track ({moves})",
                          city=passed, toward=toward, track=track, moves=moves),
                       tr("Pass through {city} {toward} ({moves})", city=passed, toward=toward,
                          moves=moves))
        return fit(tr("Move {toward} onto the {track} track ({moves})", toward=toward,
                      track=track, moves=moves),
                   tr("Move {toward} ({moves})", toward=toward, moves=moves))

    @staticmethod
    def _toward(place: str) -> str:
        """Where a heading leads, said: a city (or two), or the end of the track."""
        if place == "the end of your track":
            return tr("the end of your track")
        if " or " in place:
            first, second = place.split(" or ", 1)
            return tr("{first} or {second}", first=first, second=second)
        return place

    def _city_offers(self, seat: int, city: str) -> str:
        """What a train could do on entering a city: deliveries and a load."""
        p = self.me(seat)
        out = []
        if city not in p["deliveries"]:
            for c in p["contracts"]:
                if c["token"] == "train" and city in dict(self.destinations(c)):
                    out.append(tr("deliver {good} +${amount}", good=good(c["good"]),
                                  amount=dict(self.destinations(c))[city]))
        here = self.board.cities[city].good
        if any(c["good"] == here and c["token"] == "card" for c in p["contracts"]):
            out.append(tr("load {good}", good=good(here)))
        return comma_list(out)

    def _build_label(self, seat: int, action: str) -> str:
        verb, _, arg = action.partition(" ")
        if verb == "from":
            point = point_id(arg)
            return tr("Start the new track at {place}", place=point_name(point))
        if verb == "rows":
            lo, hi = (int(x) for x in arg.split("-"))
            homes = sorted({point_homes()[q] for q in self.start_points(seat)
                            if lo <= self.board.points[q].row <= hi})
            return tr("Start near {cities}", cities=comma_list(homes))
        if verb == "joker":
            k = self.board.kind_codes.index(self.board.kind_by_card(arg))
            n = self._payment(seat).set_size(k)
            return tr("Joker: play {n} {colour} cards as {m} of the colours you lack", n=n,
                      colour=colour(arg), m=n - 1)
        if verb == "finish":
            return self.finish_words(seat, self.bill(seat))
        lays = self._lays if self._lays is not None else dict(
            self.lay_choices(seat, self.step()["head"]))
        idx = lays[action]
        word = self.card_word(self.board.spaces[idx].kind)
        q = self.board.spaces[idx].other(self.step()["head"])
        have = self.hand_counts(seat)[word]
        used = sum(1 for i in self.step()["laid"] if self.board.spaces[i].kind ==
                   self.board.spaces[idx].kind)
        pay = (tr("1 {colour} card", colour=colour(word)) if have > used
               else tr("1 {colour} card (by joker)", colour=colour(word)))
        if self.board.is_city(q):
            here = self.board.cities[point_name(q)].good
            return tr("Lay track into {city}: {pay}; connects it, {good} pays ${amount}",
                      city=point_name(q), pay=pay, good=good(here), amount=self.price(here))
        _, _, _, dist = self._build_context(seat)
        ahead = dist.get(q, 0)
        return trn("Lay track to {place}: {pay}; a new city {n} space on",
                   "Lay track to {place}: {pay}; a new city {n} spaces on", ahead,
                   place=point_name(q), pay=pay)

    def bill(self, seat: int) -> str:
        """The cards the laid track needs, by colour ("2 green, 1 blue")."""
        counts: dict[str, int] = {}
        for i in self.step()["laid"]:
            word = self.card_word(self.board.spaces[i].kind)
            counts[word] = counts.get(word, 0) + 1
        return count_words(counts)

    def _plain_label(self, seat: int, action: str, kind: str) -> str:
        p = self.me(seat)
        if action == "build":
            return tr("Build track to a new city ({tracks} track, {cards} rail cards)",
                      tracks=p["tracks"], cards=self.hand_size(seat))
        if action == "restart":
            speed = self.level_value(seat, "speed")
            return trn("Restart your train: up to {n} space on your track",
                       "Restart your train: up to {n} spaces on your track", speed)
        if action == "extra move":
            return tr("Extra move: 1 more space along your track")
        if action == "pass":
            return tr("Pass: no action is possible")
        if action == "end turn":
            return tr("End your turn (train stays {where})", where=self.train_where(seat))
        if action == "undo":
            return (tr("Take back the last track piece") if self.step()["path"]
                    else tr("Choose another start point"))
        if action == "cancel":
            return tr("Cancel building (nothing laid, no cost)")
        if action == "back":
            return tr("Back to the regions") if kind == "place" else tr(
                "Back to every start point")
        if action == "stop":
            if kind == "draw":
                return tr("Stop drawing (you drew {n})", n=self.step()["drawn"])
            return tr("Stop: the train stays {where}", where=self.train_where(seat))
        return action

    def choices(self, seat: int) -> list[Choice]:
        """Labels for every legal action; start cities and start points grouped by region."""
        out = []
        homes = point_homes()
        region_of = {c: r for r, names in self.regions().items() for c in names}
        step = self.step()
        if seat == self.seat_due() and step["kind"] == "build" and step["head"] is not None:
            self._lays = dict(self.lay_choices(seat, step["head"]))  # once, not per label
        try:
            labelled = [(a, clip_label(self.label(seat, a))) for a in self.legal(seat)]
        finally:
            self._lays = None
        if step["kind"] in ("free", "move"):
            labelled.sort(key=way_order(self, seat))
        for action, text in labelled:
            verb, _, arg = action.partition(" ")
            group = ""
            if verb == "start":
                group = region(region_of[next(c for c in self.board.cities if slug(c) == arg)])
            elif verb == "from" and self.started_under >= 2:
                group = region(region_of[homes[point_id(arg)]])
            elif verb == "finish":
                group = tr("finish building")
            elif verb == "cancel":
                group = tr("cancel building")
            out.append(Choice(action, text, group))
        return split_groups(out) if any(c.group for c in out) else out

    # -- the private panel --------------------------------------------------------------------
    def private_lines(self, seat: int) -> list[str]:
        """Rail cards in hand and the secret route card, in sentences."""
        p = self.me(seat)
        lines = [tr("Your rail cards ({n}): {cards}.", n=self.hand_size(seat),
                    cards=count_words(self.hand_counts(seat)))]
        card = self.route_card(seat)
        if card is not None:
            listed = comma_list([city_money(c, v) for c, v in card.cities])
            points, _ = route_points(card, set(self.track_cities(seat)))
            lines.append(tr("Your route card {city}: {cities}. At the end it pays if your "
                            "track touches {city}: the best listed city on your network in "
                            "full, +$1 for each other one (now ${amount}).", city=card.top,
                            cities=listed, amount=points))
        for i in p["route_offer"]:
            offer = self.board.routes[i]
            listed = comma_list([city_money(c, v) for c, v in offer.cities])
            lines.append(tr("Route card on offer {city}: {cities}.", city=offer.top,
                            cities=listed))
        return lines

    def levels_text(self, seat: int) -> str:
        """"speed 1, power 2, cargo 1"."""
        return comma_list([tr("{part} {level}", part=part(name),
                              level=self.level_value(seat, name)) for name in PART_NAMES])
