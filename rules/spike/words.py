"""Spike in plain words: labels that say what a choice costs and gives, prompts, spellings."""

from __future__ import annotations

from typing import Any

from rules.core.choices import Choice, clip_label, fit
from rules.core.standing import warned
from rules.core.text import plural, slug
from rules.spike.board import PART_NAMES
from rules.spike.heading import headings, way_order
from rules.spike.names import point_homes, point_id, point_name, space_index, space_name
from rules.spike.risks import last_turn, risks
from rules.spike.scoring import ScoringMixin, route_points


def money_list(pairs: list[tuple[str, int]] | tuple[tuple[str, int], ...]) -> str:
    """"Toledo $9, Roanoke $17 or Philadelphia $18"."""
    items = [f"{c} ${v}" for c, v in pairs]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def count_words(counts: dict[str, int]) -> str:
    """"2 blue, 1 green" (kinds with none left out), or "none"."""
    return ", ".join(f"{n} {word}" for word, n in counts.items() if n) or "none"


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
        return f"{contract['good']} to {money_list(dests)}"

    def hand_counts(self, seat: int) -> dict[str, int]:
        """Rail cards of a seat by colour word."""
        hand = self.me(seat)["hand"]
        return {self.card_word(c): int(hand[c]) for c in self.board.kind_codes}

    def train_where(self, seat: int) -> str:
        """"in Chicago" or "on the Chicago–Chicago NE track"."""
        point, space = self.train_point(seat), self.train_space(seat)
        if point is not None:
            return f"in {point_name(point)}"
        if space is not None:
            return f"on the {space_name(self.board, space)} track"
        return "not placed yet"

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
            return f"Side {arg} of your {contract['good']} card: {money_list(card.sides[arg])}"
        if verb == "give":
            right = self.who((seat - 1) % len(self.players))
            have = p["hand"][self.board.kind_by_card(arg)]
            return f"Give 1 {arg} card to {right} (you have {have} {arg})"
        if verb == "keep":
            card = next(self.board.routes[i] for i in p["route_offer"]
                        if slug(self.board.routes[i].top) == arg)
            listed = ", ".join(f"{c} ${v}" for c, v in card.cities)
            return f"Keep route {card.top}: {listed}"
        if verb == "region":
            return f"{arg.capitalize()}: " + ", ".join(self.regions()[arg])
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
            return f"Upgrade {arg} {now} → {nxt}: pay ${cost} of your ${p['money']}"
        return self._plain_label(seat, action, kind)

    def _start_label(self, seat: int, arg: str) -> str:
        city = next(c for c in self.board.cities if slug(c) == arg)
        good = self.board.cities[city].good
        mine = any(c["good"] == good for c in self.me(seat)["contracts"])
        return f"Start in {city}: {good} loads here" + (" (you hold its contract)" * mine)

    def _draw_label(self, seat: int, action: str) -> str:
        power = self.level_value(seat, "power")
        drawn = int(self.step().get("drawn", 0)) if self.step()["kind"] == "draw" else 0
        left = f"card {drawn + 1} of up to {power}"
        if action == "draw deck":
            return f"Draw the top card of the deck ({left})"
        return f"Take the face-up {action[5:]} card ({left})"

    def _city_label(self, seat: int, verb: str, good: str) -> str:
        point = self.train_point(seat)
        city = point_name(point) if point else "?"
        contract = self._contract(seat, good)
        if verb == "deliver":
            value = dict(self.destinations(contract))[city]
            return f"Deliver {good} to {city}: +${value} (your only delivery here)"
        if verb == "load":
            return f"Load {good} in {city}: deliver it " + self.contract_words(seat, contract)[
                len(good) + 1:]
        return f"Drop {good} back on its contract to make room (cargo full)"

    def _move_label(self, seat: int, action: str) -> str:
        left = self.step().get("left", 0)
        way = headings(self, seat).get(action)
        if action.startswith("enter "):
            city = point_name(point_id(action[6:]))
            there = self._city_offers(seat, city)
            back = " (back where you came from)" if way and way.back else ""
            return f"Enter {city} and stop" + (f": {there}" if there else "") + back
        _, passed = self.move_target(seat, action)
        track = space_name(self.board, space_index(action[5:]))
        moves = f"{plural(left, 'move')} left"
        # The city it heads for says which way it goes; "back" when it turns round.
        toward = f"{'back ' if way and way.back else ''}toward {way.toward}" if way else ""
        if passed:
            return fit(f"Pass through {passed} {toward} onto the {track} track ({moves})",
                       f"Pass through {passed} {toward} ({moves})")
        return fit(f"Move {toward} onto the {track} track ({moves})",
                   f"Move {toward} ({moves})")

    def _city_offers(self, seat: int, city: str) -> str:
        """What a train could do on entering a city: deliveries and a load."""
        p = self.me(seat)
        out = []
        if city not in p["deliveries"]:
            for c in p["contracts"]:
                if c["token"] == "train" and city in dict(self.destinations(c)):
                    out.append(f"deliver {c['good']} +${dict(self.destinations(c))[city]}")
        good = self.board.cities[city].good
        if any(c["good"] == good and c["token"] == "card" for c in p["contracts"]):
            out.append(f"load {good}")
        return ", ".join(out)

    def _build_label(self, seat: int, action: str) -> str:
        verb, _, arg = action.partition(" ")
        if verb == "from":
            point = point_id(arg)
            return f"Start the new track at {point_name(point)}"
        if verb == "rows":
            lo, hi = (int(x) for x in arg.split("-"))
            homes = sorted({point_homes()[q] for q in self.start_points(seat)
                            if lo <= self.board.points[q].row <= hi})
            return "Start near " + ", ".join(homes)
        if verb == "joker":
            k = self.board.kind_codes.index(self.board.kind_by_card(arg))
            n = self._payment(seat).set_size(k)
            return f"Joker: play {n} {arg} cards as {n - 1} of the colours you lack"
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
        pay = f"1 {word} card" + ("" if have > used else " (by joker)")
        if self.board.is_city(q):
            good = self.board.cities[point_name(q)].good
            return (f"Lay track into {point_name(q)}: {pay}; connects it, "
                    f"{good} pays ${self.price(good)}")
        _, _, _, dist = self._build_context(seat)
        ahead = dist.get(q, 0)
        return f"Lay track to {point_name(q)}: {pay}; a new city {plural(ahead, 'space')} on"

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
            return (f"Build track to a new city ({p['tracks']} track, "
                    f"{self.hand_size(seat)} rail cards)")
        if action == "restart":
            speed = self.level_value(seat, "speed")
            return f"Restart your train: up to {plural(speed, 'space')} on your track"
        if action == "extra move":
            return "Extra move: 1 more space along your track"
        if action == "pass":
            return "Pass: no action is possible"
        if action == "end turn":
            return f"End your turn (train stays {self.train_where(seat)})"
        if action == "undo":
            return ("Take back the last track piece" if self.step()["path"]
                    else "Choose another start point")
        if action == "cancel":
            return "Cancel building (nothing laid, no cost)"
        if action == "back":
            return "Back to the regions" if kind == "place" else "Back to every start point"
        if action == "stop":
            if kind == "draw":
                return f"Stop drawing (you drew {self.step()['drawn']})"
            return "Stop: the train stays " + self.train_where(seat)
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
                group = region_of[next(c for c in self.board.cities if slug(c) == arg)]
            elif verb == "from" and self.started_under >= 2:
                group = region_of[homes[point_id(arg)]]
            elif verb in ("finish", "cancel"):
                group = f"{verb} building"
            out.append(Choice(action, text, group))
        return split_groups(out) if any(c.group for c in out) else out

    # -- the private panel --------------------------------------------------------------------
    def private_lines(self, seat: int) -> list[str]:
        """Rail cards in hand and the secret route card, in sentences."""
        p = self.me(seat)
        lines = [f"Your rail cards ({self.hand_size(seat)}): "
                 f"{count_words(self.hand_counts(seat))}."]
        card = self.route_card(seat)
        if card is not None:
            listed = ", ".join(f"{c} ${v}" for c, v in card.cities)
            points, _ = route_points(card, set(self.track_cities(seat)))
            lines.append(f"Your route card {card.top}: {listed}. At the end it pays if your "
                         f"track touches {card.top}: the best listed city on your network in "
                         f"full, +$1 for each other one (now ${points}).")
        for i in p["route_offer"]:
            offer = self.board.routes[i]
            listed = ", ".join(f"{c} ${v}" for c, v in offer.cities)
            lines.append(f"Route card on offer {offer.top}: {listed}.")
        return lines

    def levels_text(self, seat: int) -> str:
        """"speed 1, power 2, cargo 1"."""
        return ", ".join(f"{part} {self.level_value(seat, part)}" for part in PART_NAMES)

    # -- prompts ------------------------------------------------------------------------------
    def prompt(self, seat: int) -> str:
        """What the due seat must decide, with board names (safe to show everyone)."""
        if seat != self.seat_due():
            return ""
        step = self.step()
        name, kind = self.who(seat), step["kind"]
        if kind == "side":
            contract = self.me(seat)["contracts"][step["contract"]]
            card = self.board.contract(contract["good"], contract["card"])
            return (f"{name}: choose the side of your {contract['good']} contract: "
                    f"a ({money_list(card.sides['a'])}) or b ({money_list(card.sides['b'])}).")
        if kind == "give":
            right = self.who((seat - 1) % len(self.players))
            return f"{name}: give one rail card to the player on your right ({right})."
        if kind == "route":
            return f"{name}: keep one of your two route cards (secret, scored at the end)."
        if kind == "place":
            if self.started_under < 2 and step["region"] is None:
                return f"{name}: place your locomotive in a city; choose a region first."
            where = f" of the {step['region']}" if self.started_under < 2 else ""
            return (f"{name}: place your locomotive in a city{where}; "
                    "your network starts there.")
        if kind == "build":
            if step["head"] is not None:
                return (f"{name}: lay the next track from {point_name(step['head'])} "
                        "toward a new city, or undo.")
            more = "finish, or start another connection" if step["done"] else "or cancel"
            return (f"{name}: choose where your new track starts, a city or junction on "
                    f"your track ({more}).")
        where = self.train_where(seat)
        if kind == "free":
            left = step["left"]
            return (f"{name}: free move: your train is {where}; move it up to "
                    f"{plural(left, 'space')} along your track, or stop.")
        if kind == "main":
            # 'Condition spéciale de fin': say so before the last turn is played.
            last = " Your turn is the game's last." if last_turn(self, seat) else ""
            return (f"{name}: choose your action: draw, build, restart, extra move or "
                    f"upgrade (train {where}, ${self.me(seat)['money']}).{last}")
        if kind == "draw":
            left = self.level_value(seat, "power") - step["drawn"]
            return f"{name}: draw another rail card ({left} more at most), or stop."
        if kind == "pay":
            return self.pay_prompt(seat, self.bill(seat))
        if kind == "move":
            what = "restart: move your train" if step["mode"] == "restart" else "move one space"
            return f"{name}: {what} ({step['left']} left); the train is {where}."
        return f"{name}: you are {where}: load or deliver here, or end your turn."

    # -- typed input --------------------------------------------------------------------------
    def spellings(self, seat: int) -> list[tuple[str, str]]:
        """Canonical actions, board names of places and spaces either way, kind names."""
        out: list[tuple[str, str]] = []
        names = {k.card: k.name for k in self.board.kinds}
        board = self.board
        for action in self.legal(seat):
            out.append((action, action))
            verb, _, arg = action.partition(" ")
            if verb == "move":
                idx = space_index(arg)
                sp = board.spaces[idx]
                out.append((f"move {board.points[sp.b].label}-{board.points[sp.a].label}",
                            action))
                target, _ = self.move_target(seat, action)
                whole = space_name(board, idx)
                back = " ".join(reversed(whole.split("–")))
                out += [(f"move {whole}", action), (f"move {back}", action),
                        (f"move {target}", action), (f"toward {target}", action),
                        (target, action)]
            elif verb == "enter":
                city = point_name(point_id(arg))
                out += [(f"enter {city}", action), (city, action)]
            elif verb in ("take", "give", "joker") and arg in names:
                out += [(f"{verb} {names[arg]}", action), (arg, action)]
            elif verb == "lay":
                head, _, word = action.rpartition(" ")
                out.append((f"{head} {names[word]}", action))
                target = point_name(point_id(head[4:]))
                out += [(f"lay {target} {word}", action), (f"lay {target}", action),
                        (f"to {target}", action), (target, action)]
            elif verb in ("from", "start", "keep"):
                place = (point_name(point_id(arg)) if verb == "from" else
                         next(c for c in board.cities if slug(c) == arg))
                out += [(f"{verb} {place}", action), (place, action)]
            elif verb in ("region", "upgrade"):
                out.append((arg, action))
            elif verb in ("pay", "play"):
                out += self.pay_spellings(action)
        return out
