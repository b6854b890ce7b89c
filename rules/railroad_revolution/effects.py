"""Effects of rewards, bonuses and tiles, each a small decision frame.

Vocabulary of `tiles.json` (`_effect_vocabulary`): advance, gain_shares, gain_money, gain_workers,
promote, flip_train, take_train, exchange_worker, place_rail, place_building_city,
place_building_telegraph. See 'Tuiles Trains', 'Tuiles Télégraphe', 'Tuiles Marché' and
'Villes - Récompenses Première Gare' in the rulebook.
"""

from __future__ import annotations

from typing import Any

from rules.core.lang import Msg, msg, msgn, word
from rules.railroad_revolution.base import Frame
from rules.railroad_revolution.data import STACKS, TRACKS, TRAIN_TYPES, Effect, Reward
from rules.railroad_revolution.lexicon import A_TRAIN, A_WORKER, THE_TRACK, cash, commas
from rules.railroad_revolution.names import space_name, terrain_said
from rules.railroad_revolution.workers import Workers

# Longest list of rail spaces offered at once; longer lists are first split by route.
SPACE_MENU = 20


class Effects(Workers):
    """Starting effects and the frames they open."""

    # -- running a list of effects ---------------------------------------------------------------
    def run(self, seat: int, effects: tuple[Effect, ...] | list[Effect]) -> None:
        """Queue these effects for the seat; they start one after the other."""
        if effects:
            self.push({"kind": "queue", "seat": seat, "effects": [dict(e) for e in effects]})

    def step_queue(self, frame: Frame) -> None:
        """Start the next queued effect (or close the queue)."""
        if not frame["effects"]:
            self.pop()
            return
        self.start_effect(frame["seat"], frame["effects"].pop(0))

    def reward_ok(self, seat: int, reward: Reward, extra: int = 0) -> bool:
        """True when the reward's printed costs (plus `extra`) can be paid now."""
        if not self.can_pay(seat, reward.cost + extra):
            return False
        for e in reward.effects:
            if e["type"] == "take_train" and not any(self.state["train_stacks"][s]
                                                     for s in STACKS):
                return False
            if e["type"] == "promote" and e["cost"] and not self.promote_targets(seat):
                return False  # paying for promotions nobody can take
        return True

    def start_effect(self, seat: int, e: Effect) -> None:
        """Apply an effect at once or open its decision."""
        kind, who = e["type"], self.who(seat)
        cost = int(e.get("cost", 0))
        if cost and kind != "place_rail":
            if not self.can_pay(seat, cost):
                self.say(msg("{player} cannot pay ${cost} and loses that effect.", player=who,
                             cost=cash(cost)))
                return
            self.pay(seat, cost)
            self.say(msg("{player} pays ${cost}.", player=who, cost=cash(cost)))
        if kind == "gain_shares":
            self.gain(seat, shares=int(e["n"]))
            self.say(msgn("{player} gains {n} share.", "{player} gains {n} shares.", int(e["n"]),
                          player=who))
        elif kind == "gain_money":
            self.gain(seat, money=int(e["amount"]))
            self.say(msg("{player} gains ${money}.", player=who, money=cash(int(e["amount"]))))
        elif kind == "advance":
            self.push({"kind": "advance", "seat": seat, "left": int(e["steps"])})
        elif kind == "gain_workers":
            self.push({"kind": "gain", "seat": seat, "picks": [list(p) for p in e["picks"]]})
        elif kind == "promote":
            self.push({"kind": "promote", "seat": seat, "left": int(e["max"]),
                       "each": int(e["cost_each"])})
        elif kind == "flip_train":
            self.push({"kind": "flip", "seat": seat, "left": int(e["times"])})
        elif kind == "take_train":
            self.push({"kind": "take", "seat": seat, "cost": 0})
        elif kind == "exchange_worker":
            self.push({"kind": "exchange", "seat": seat, "give": None})
        elif kind == "place_rail":
            per = 0 if e["ignore_terrain"] else self.k("railroad", "per_triangle")
            self.push({"kind": "rail", "seat": seat, "piece": e["piece"], "base": cost,
                       "per": per, "market": not e["ignore_market"],
                       "optional": e["piece"] != "setup", "route": None})
        elif kind == "place_building_city":
            cities = e["cities"] if isinstance(e["cities"], list) else None
            self.push({"kind": "city", "seat": seat, "piece": e["piece"], "cities": cities,
                       "first_only": e.get("slot") == "first_station",
                       "optional": e["piece"] != "setup"})
        else:  # place_building_telegraph
            self.push({"kind": "office", "seat": seat, "piece": e["piece"],
                       "market_only": e["sections"] == "market",
                       "first_only": e.get("slot") == "first_office",
                       "optional": e["piece"] != "setup"})

    # -- performance tracks ('Pistes Performance') ---------------------------------------------
    def step_cost(self, track: str, step: int) -> dict[str, int]:
        """What entering that step costs (hard variant: $500, $500, $1000)."""
        t = self.data.tracks[track]
        table = t.hard_costs if self.state["hard_costs"] else t.costs
        return table[step]

    def can_enter(self, seat: int, track: str) -> bool:
        """The marker can move up one step and its icon can be paid."""
        step = self.p(seat)["tracks"][track]
        if step >= self.data.tracks[track].top:
            return False
        cost = self.step_cost(track, step + 1)
        if cost.get("discard_workers") and not self.can_lose_worker(seat):
            return False
        return self.can_pay(seat, cost.get("pay", 0), cost.get("discard_shares", 0))

    def _opt_advance(self, f: Frame) -> list[str]:
        out = [f"advance {t}" for t in TRACKS if self.can_enter(f["seat"], t)]
        return out + ["done"] if out else []

    def _do_advance(self, f: Frame, action: str) -> None:
        if action == "done":
            self.pop()
            return
        track = action.removeprefix("advance ")
        seat = f["seat"]
        cost = self.step_cost(track, self.p(seat)["tracks"][track] + 1)
        if cost.get("discard_workers"):
            self.push({"kind": "trackdiscard", "seat": seat, "track": track})
            return
        self.pay(seat, cost.get("pay", 0), cost.get("discard_shares", 0))
        self._move_marker(f, track, cost)

    def _move_marker(self, f: Frame, track: str, cost: dict[str, int]) -> None:
        seat = f["seat"]
        p = self.p(seat)
        p["tracks"][track] += 1
        paid: list[Msg | str] = [msg("paying ${money}", money=cash(cost["pay"]))] \
            if cost.get("pay") else []
        if cost.get("discard_shares"):
            paid.append(msgn("discarding {n} share", "discarding {n} shares",
                             cost["discard_shares"]))
        if cost.get("discard_workers"):
            paid.append(msg("discarding a worker"))
        if paid:
            self.say(msg("{player} advances on {track} to step {step} ({paid}).",
                         player=self.who(seat), track=THE_TRACK[track],
                         step=p["tracks"][track], paid=commas(paid)))
        else:
            self.say(msg("{player} advances on {track} to step {step}.", player=self.who(seat),
                         track=THE_TRACK[track], step=p["tracks"][track]))
        f["left"] -= 1
        if f["left"] <= 0 and self.top() is f:
            self.pop()

    def _opt_trackdiscard(self, f: Frame) -> list[str]:
        return [f"discard {loc} {c}" for loc, c in self.sources(f["seat"])] + ["cancel"]

    def _do_trackdiscard(self, f: Frame, action: str) -> None:
        self.pop()
        if action == "cancel":
            return
        _, loc, colour = action.split(" ")
        self.discard_worker(f["seat"], loc, colour)
        adv = self.top()
        assert adv is not None and adv["kind"] == "advance"
        self._move_marker(adv, f["track"], {"discard_workers": 1})

    # -- trains ('Tuiles Trains': retourner, prendre) ------------------------------------------
    def _opt_flip(self, f: Frame) -> list[str]:
        seat = f["seat"]
        trains = self.p(seat)["trains"]
        # Version 3, Purple flipping before the station it pays for: only a train that pays it.
        short = self.reserve(seat) - self.funds(seat) if self.any_order() else 0
        out = []
        for kind in TRAIN_TYPES:
            for up, verb in ((True, "down"), (False, "up")):
                if any(self.data.trains[t["id"]].type == kind and t["up"] == up
                       and (short <= 0 or up and self.bonus_money(
                           self.data.trains[t["id"]].bonus) >= short) for t in trains):
                    out.append(f"flip {verb} {kind}")
        return out

    def _do_flip(self, f: Frame, action: str) -> None:
        _, verb, kind = action.split(" ")
        seat, up = f["seat"], verb == "down"
        train = next(t for t in self.p(seat)["trains"]
                     if self.data.trains[t["id"]].type == kind and t["up"] == up)
        train["up"] = not up
        f["left"] -= 1
        if f["left"] <= 0:
            self.pop()
        if up:
            bonus = self.data.trains[train["id"]].bonus
            self.say(msg("{player} flips {train} face down: {reward}.", player=self.who(seat),
                         train=A_TRAIN[kind], reward=word(bonus.label)))
            self.run(seat, bonus.effects)
        else:
            self.say(msg("{player} flips {train} face up.", player=self.who(seat),
                         train=A_TRAIN[kind]))

    def _opt_take(self, f: Frame) -> list[str]:
        if not self.can_pay(f["seat"], f["cost"]):
            return []
        return [f"take {s} train" for s in STACKS if self.state["train_stacks"][s]]

    def _do_take(self, f: Frame, action: str) -> None:
        stack = action.split(" ")[1]
        self.pop()
        self.take_train(f["seat"], stack, f["cost"])

    def take_train(self, seat: int, stack: str, cost: int = 0) -> None:
        """Take the top train of a stack, face up ('Trains' in 'Règles générales')."""
        if cost:
            self.pay(seat, cost)
        tid = self.state["train_stacks"][stack].pop(0)
        self.p(seat)["trains"].append({"id": tid, "up": True})
        if cost:
            self.say(msg("{player} takes {train} for ${cost}.", player=self.who(seat),
                         train=A_TRAIN[stack], cost=cash(cost)))
        else:
            self.say(msg("{player} takes {train}.", player=self.who(seat), train=A_TRAIN[stack]))

    # -- discarding a worker for the telegraph tile bonus ------------------------------------
    def _opt_discard(self, f: Frame) -> list[str]:
        if not self.can_lose_worker(f["seat"]):
            return []
        return [f"discard {loc} {c}" for loc, c in self.sources(f["seat"])] + ["cancel"]

    def _do_discard(self, f: Frame, action: str) -> None:
        self.pop()
        if action == "cancel":
            return
        _, loc, colour = action.split(" ")
        self.discard_worker(f["seat"], loc, colour)
        self.say(msg("{player} discards {worker} for the telegraph tile bonus: {reward}.",
                     player=self.who(f["seat"]), worker=A_WORKER[colour],
                     reward=word(f["label"])))
        hub = self.hub()
        if hub is not None:
            hub["used"].append("tile bonus")
        self.run(f["seat"], f["then"])

    # -- placing rails and buildings from effects ------------------------------------------------
    def space_menu(self, f: Frame, spaces: list[str], verb: str) -> list[str]:
        """`verb <space>` options; games of rules version 1 split many by route first."""
        route = f.get("route")
        if route is not None:
            return [f"{verb} {s}" for s in spaces if self.data.spaces[s].route == route] + [
                "back"]
        if len(spaces) <= SPACE_MENU or self.started_under >= 2:
            return [f"{verb} {s}" for s in spaces]
        routes = {self.data.spaces[s].route for s in spaces}
        return [f"route {r}" for r in self.data.routes if r in routes]

    def menu_moved(self, f: Frame, action: str) -> bool:
        """Apply a `route X` or `back` choice; True if it was one."""
        if action.startswith("route "):
            f["route"] = action.removeprefix("route ")
            return True
        if action == "back":
            f["route"] = None
            return True
        return False

    def piece_left(self, seat: int, piece: str, kind: str) -> bool:
        """The setup piece is still beside the board, or a board piece may be taken."""
        if piece == "setup":
            return bool(self.p(seat)[f"setup_{kind}"])
        return self.piece_ok(seat, kind)

    def use_piece(self, seat: int, piece: str, kind: str) -> None:
        """Take the setup piece or the leftmost piece of the player board."""
        if piece == "setup":
            self.p(seat)[f"setup_{kind}"] = False
        else:
            self.take_piece(seat, kind)

    def _opt_rail(self, f: Frame) -> list[str]:
        seat = f["seat"]
        if not self.piece_left(seat, f["piece"], "rail"):
            return []
        tri = self.triangles()
        spaces = [s for s in self.net.available(self.p(seat)["rails"])
                  if self.can_pay(seat, f["base"] + f["per"] * tri[s])]
        if not spaces:
            return []
        return self.space_menu(f, spaces, "rail") + (["skip"] if f["optional"] else [])

    def _do_rail(self, f: Frame, action: str) -> None:
        if self.menu_moved(f, action):
            return
        self.pop()
        if action == "skip":
            return
        space = action.removeprefix("rail ")
        self.lay_rail(f["seat"], space, f["piece"], f["base"] + f["per"] * self.triangles()[
            space], f["market"])

    def lay_rail(self, seat: int, space: str, piece: str, cost: int, market: bool) -> None:
        """Put one of the player's rails on a rail space, paying `cost`."""
        self.use_piece(seat, piece, "rail")
        if cost:
            self.pay(seat, cost)
        self.p(seat)["rails"].append(space)
        sp = self.data.spaces[space]
        where, land = space_name(self.data, space), terrain_said(self.data, space)
        self.say(msg("{player} builds a rail on {space} ({terrain}) for ${cost}.",
                     player=self.who(seat), space=where, terrain=land, cost=cash(cost)) if cost else
                 msg("{player} builds a rail on {space} ({terrain}).", player=self.who(seat),
                     space=where, terrain=land))
        if market and sp.market:
            self.state["market_flag"] = True

    def _opt_city(self, f: Frame) -> list[str]:
        seat = f["seat"]
        if not self.piece_left(seat, f["piece"], "building"):
            return []
        cities = f["cities"] or self.station_candidates(seat)
        mine = set(self.p(seat)["stations"])
        out = [f"build {c}" for c in cities if c not in mine
               and not (f["first_only"] and self.state["stations"][c])]
        return out + (["skip"] if out and f["optional"] else [])

    def _do_city(self, f: Frame, action: str) -> None:
        self.pop()
        if action == "skip":
            return
        city, seat = action.removeprefix("build "), f["seat"]
        self.use_piece(seat, f["piece"], "building")
        first = self.add_station(seat, city)
        name = self.data.cities[city].name
        self.say(msg("{player} puts a station in {city} on the First Station (no cost, no "
                     "reward).", player=self.who(seat), city=name) if first else
                 msg("{player} puts a station in {city} (no cost, no reward).",
                     player=self.who(seat), city=name))

    def _opt_office(self, f: Frame) -> list[str]:
        seat = f["seat"]
        if not self.piece_left(seat, f["piece"], "building"):
            return []
        out = [f"office {s}" for s in self.open_sections(seat)
               if (self.data.sections[s].market or not f["market_only"])
               and not (f["first_only"] and self.state["offices"][str(s)])]
        return out + (["skip"] if out and f["optional"] else [])

    def _do_office(self, f: Frame, action: str) -> None:
        self.pop()
        if action == "skip":
            return
        section, seat = int(action.removeprefix("office ")), f["seat"]
        self.use_piece(seat, f["piece"], "building")
        first = self.add_office(seat, section)
        self.say(msg("{player} puts a telegraph office in section {section} on the First Office "
                     "(no shares, no tile, no market).", player=self.who(seat),
                     section=section) if first else
                 msg("{player} puts a telegraph office in section {section} (no shares, no "
                     "tile, no market).", player=self.who(seat), section=section))

    # -- shared by several frames --------------------------------------------------------------
    def frame_info(self, f: Frame) -> dict[str, Any]:
        """Public details of a frame (for the view)."""
        keep = ("kind", "seat", "left", "action", "worker", "main", "track", "side", "pile")
        return {k: f[k] for k in keep if k in f}
