"""'Explication d'un déplacement de train', 'Explication du chargement et de la livraison'."""

from __future__ import annotations

from rules.core.journal import Line
from rules.core.lang import Msg, msg, word
from rules.spike.building import BuildMixin
from rules.spike.names import space_msg

Move = tuple[str, str | None, int | None]  # (action, city point entered, space moved onto)


class MovementMixin(BuildMixin):
    """Trains move along their owner's track; they load and deliver cargo in cities."""

    # -- moving -------------------------------------------------------------------------------
    def move_choices(self, seat: int) -> list[Move]:
        """Every single step the train can take along its own track from where it stands.

        From a city: onto one of the player's spaces there. From a space, through either end:
        into a city ('enter'), onto the next own space through a junction, or past a city onto
        the own space beyond it ('Règle spéciale pour passer une ville': the city is skipped).
        """
        board, owners = self.board, self.state["owners"]
        out: list[Move] = []
        point = self.train_point(seat)
        if point is not None:
            for _, idx in board.adjacent[point]:
                if owners[idx] == seat:
                    out.append((f"move {board.space_label(idx)}", None, idx))
            return out
        here = self.train_space(seat)
        if here is None:
            return out
        sp = board.spaces[here]
        ends = (sp.a, sp.b)
        out += [(f"enter {board.points[e].label}", e, None) for e in ends if board.is_city(e)]
        for end in ends:
            for _, idx in board.adjacent[end]:
                if idx != here and owners[idx] == seat:
                    out.append((f"move {board.space_label(idx)}", None, idx))
        return out

    def do_move(self, seat: int, action: str) -> bool:
        """Take one step; True when the train entered a city (and so stops)."""
        found = {a: (p, i) for a, p, i in self.move_choices(seat)}
        point, idx = found[action]
        train = self.me(seat)["train"]
        train["point"], train["space"] = point, idx
        if point is not None:
            self.state["turn"]["arrived"] = True
            return True
        return False

    def move_line(self, seat: int, start: dict[str, object]) -> Msg:
        """A log line for a finished movement."""
        train = self.me(seat)["train"]
        if train == start:
            return msg("{player}'s train stays where it is.", player=self.who(seat))
        if train["point"] is not None:
            city = self.board.points[train["point"]].city
            return msg("{player}'s train moves into {city} and stops.", player=self.who(seat),
                       city=city)
        return msg("{player}'s train moves onto the {track} track.", player=self.who(seat),
                   track=space_msg(self.board, train["space"]))

    # -- free move at the start of the turn ---------------------------------------------------
    def free_options(self, seat: int) -> list[str]:
        """'Déplacement de train gratuit': up to speed steps, or stop (zero is allowed)."""
        return [a for a, _, _ in self.move_choices(seat)] + ["stop"]

    def apply_free(self, seat: int, action: str) -> list[Line]:
        """One step of the free move; entering a city or running out of speed ends it."""
        step = self.step()
        if action != "stop":
            entered = self.do_move(seat, action)
            step["left"] -= 1
            step["moved"] += 1
            if not entered and step["left"] > 0:
                return []
        lines: list[Line] = [self.move_line(seat, step["from"])] if step["moved"] else []
        self.state["step"] = {"kind": "main", "seat": seat}
        return lines

    # -- actions C (restart) and D (one more space) -------------------------------------------
    def start_move(self, seat: int, mode: str) -> None:
        """Begin a restart (speed steps, at least one) or an extra move (exactly one step)."""
        left = self.level_value(seat, "speed") if mode == "restart" else 1
        self.state["step"] = {"kind": "move", "seat": seat, "mode": mode, "left": left,
                              "moved": 0, "from": dict(self.me(seat)["train"])}

    def moving_options(self, seat: int) -> list[str]:
        """Next step of action C or D; a restart may stop after its first step."""
        step = self.step()
        out = [a for a, _, _ in self.move_choices(seat)]
        if step["mode"] == "restart" and step["moved"]:
            out.append("stop")
        return out

    def apply_moving(self, seat: int, action: str) -> list[Line]:
        """One step of action C or D; the turn ends when the movement does."""
        step = self.step()
        entered = False
        if action != "stop":
            entered = self.do_move(seat, action)
            step["left"] -= 1
            step["moved"] += 1
            if not entered and step["left"] > 0:
                return []
        lines: list[Line] = [self.move_line(seat, step["from"])]
        if entered and self.city_actions(seat):
            self.state["step"] = {"kind": "city", "seat": seat}
        else:
            self.end_turn(lines)
        return lines

    # -- loading and delivering ---------------------------------------------------------------
    def cargo(self, seat: int) -> list[str]:
        """Goods on the player's freight cars."""
        return [c["good"] for c in self.me(seat)["contracts"] if c["token"] == "train"]

    def destinations(self, contract: dict[str, object]) -> tuple[tuple[str, int], ...]:
        """The cities and values on the used side of a contract."""
        card = self.board.contract(str(contract["good"]), int(str(contract["card"])))
        return card.sides[str(contract["side"])]

    def city_actions(self, seat: int) -> list[str]:
        """Deliver, load, or drop a cargo to make room, while the train is in a city."""
        point = self.train_point(seat)
        if point is None:
            return []
        city = self.board.points[point].city
        assert city is not None
        p = self.me(seat)
        out = []
        if city not in p["deliveries"]:
            for c in p["contracts"]:
                if c["token"] == "train" and city in dict(self.destinations(c)):
                    out.append(f"deliver {c['good']}")
        good = self.board.cities[city].good
        if any(c["good"] == good and c["token"] == "card" for c in p["contracts"]):
            cargo = self.cargo(seat)
            if len(cargo) < self.level_value(seat, "cargo"):
                out.append(f"load {good}")
            else:
                out += [f"drop {g}" for g in cargo]
        return out

    def apply_city_action(self, seat: int, action: str) -> list[Line]:
        """Load a token from its contract, deliver it, or put it back on its contract."""
        verb, _, good = action.partition(" ")
        p = self.me(seat)
        contract = next(c for c in p["contracts"] if c["good"] == good)
        point = self.train_point(seat)
        assert point is not None
        city = self.board.points[point].city
        if verb == "load":
            contract["token"] = "train"
            return [msg("{player} loads {good} in {city}.", player=self.who(seat),
                        good=word(good), city=city)]
        if verb == "drop":
            contract["token"] = "card"
            return [msg("{player} drops {good}; the token goes back on its contract.",
                        player=self.who(seat), good=word(good))]
        # 'Livraison': one city per player for the whole game.
        value = dict(self.destinations(contract))[str(city)]
        contract["token"] = "done"
        contract["delivered"] = [city, value]
        p["deliveries"].append(city)
        self.earn(seat, value, "deliveries")
        return [msg("{player} delivers {good} to {city} for ${amount}.", player=self.who(seat),
                    good=word(good), city=city, amount=value)]

    def apply_city(self, seat: int, action: str) -> list[Line]:
        """The city step after a move ends in a city: act there, or end the turn."""
        lines: list[Line] = []
        if action != "end turn":
            lines += self.apply_city_action(seat, action)
            if self.city_actions(seat):
                return lines
        self.end_turn(lines)
        return lines

    def deliveries_exhausted(self, seat: int) -> bool:
        """No undelivered contract can still be loaded and delivered on this network."""
        p = self.me(seat)
        net = {self.board.points[q].city for q in self.network_city_points(seat)}
        for c in p["contracts"]:
            if c["token"] == "done":
                continue
            loadable = c["token"] == "train" or any(
                city in net for city in self.board.producers(c["good"]))
            open_dests = [d for d, _ in self.destinations(c)
                          if d in net and d not in p["deliveries"]]
            if loadable and open_dests:
                return False
        return True
