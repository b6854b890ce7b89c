"""'Déroulement du Jeu' and the four actions: place a worker, then carry out its action.

An action is a hub of tasks resolved in any order ('Résolution des effets'): the main action
(which must be done in full) and the optional extras — the worker's ability or, instead, a
promotion ('Actions et Ouvriers'), and the action's own options (rewards, tile bonus, flip).
"""

from __future__ import annotations

from rules.core.lang import Msg, msg, msgn, word
from rules.railroad_revolution.base import INF, Frame
from rules.railroad_revolution.data import ACTIONS, COLOURS, STACKS
from rules.railroad_revolution.lexicon import (
    A_PIECE,
    A_WORKER,
    ACTION,
    WHO_COLOUR,
    cash,
    filled,
)
from rules.railroad_revolution.markets import SIDES
from rules.railroad_revolution.order import AnyOrder


class Actions(AnyOrder):
    """Worker placement and the Station, Railroad, Telegraph and Trade actions."""

    # -- can the action be chosen at all? -------------------------------------------------------
    def can_start(self, seat: int, action: str, colour: str) -> bool:
        """The main action could be carried out in full with this worker."""
        hub = self.new_hub(seat, action, colour)
        if action == "trade":
            return self.pieces(seat, "building") + self.pieces(seat, "rail") > 0
        if action == "telegraph":
            return self.pieces(seat, "building") > 0 and bool(self.open_sections(seat))
        if action == "station" and self.pieces(seat, "building") == 0:
            return False
        if action == "railroad" and hub["need"] == 0:
            return False
        return self.funds(seat) >= self.need(hub)

    def new_hub(self, seat: int, action: str, colour: str) -> Frame:
        """The frame of an action just chosen."""
        hub: Frame = {"kind": "hub", "seat": seat, "action": action, "worker": colour,
                      "main": False, "mode": None, "used": [], "route": None}
        if action == "station":
            hub.update(city=None, first=False, free=False, paid=0)
        elif action == "railroad":
            rr = self.data.constants["railroad"]
            hub.update(need=min(int(rr["rails"]), self.pieces(seat, "rail")), placed=[],
                       discount=False)
        elif action == "telegraph":
            hub.update(section=None, shares=0)
        return hub

    # -- 'Prendre 1 Ouvrier, le placer, réaliser l'action' ---------------------------------------
    def _opt_place(self, f: Frame) -> list[str]:
        seat = f["seat"]
        stock = self.p(seat)["stock"]
        out = []
        # Colours whose ability may pay for the action; the others all get the same answer.
        paying = ("orange", "grey", "purple") if self.any_order() else ("orange", "grey")
        for a in ACTIONS:
            plain: bool | None = None
            for c in COLOURS:
                if stock[c] == 0:
                    continue
                if c in paying:
                    ok = self.can_start(seat, a, c)
                else:
                    plain = self.can_start(seat, a, c) if plain is None else plain
                    ok = plain
                if ok:
                    out.append(f"{a} {c}")
        return out or ["pass"]

    def _do_place(self, f: Frame, action: str) -> None:
        seat = f["seat"]
        self.pop()
        if action == "pass":
            self.say(msg("{player} can take no action and passes.", player=self.who(seat)))
            return
        name, colour = action.split(" ")
        self.remove_worker(seat, "stock", colour)
        self.put_worker(seat, "board", colour, name)
        self.say(msg("{player} places {worker} on {action}.", player=self.who(seat),
                     worker=A_WORKER[colour], action=ACTION[name]))
        self.push(self.new_hub(seat, name, colour))

    # -- the hub ---------------------------------------------------------------------------------
    def _opt_hub(self, f: Frame) -> list[str]:
        out = [] if f["main"] else self.main_options(f)
        if f.get("route") is None:
            tasks = self.tasks(f)
            out += tasks
            if f["main"] and tasks:  # nothing left to choose: the action ends by itself
                out.append("done")
        return out

    def main_options(self, f: Frame) -> list[str]:
        """Choices that carry out the main action."""
        seat, action = f["seat"], f["action"]
        if action == "station":
            # 'Résolution des effets' (version 3): its First Station bonus may pay for it.
            return [f"build {c}" for c in self.station_candidates(seat)
                    if f["free"] or self.funds(seat) >= self.station_need(f, c, True)]
        if action == "railroad":
            tri = self.triangles()
            base, per = self.rail_prices(f["discount"])
            base = 0 if f["placed"] else base
            left = f["need"] - len(f["placed"]) - 1
            rails = self.p(seat)["rails"]
            spaces = []
            for s in self.net.available(rails):
                rest = self.net.cheapest(rails + [s], left, tri)
                if rest is not None and self.afford(seat, base + per * (tri[s] + rest)):
                    spaces.append(s)
            return self.space_menu(f, spaces, "rail")
        if action == "telegraph":
            return [f"office {s}" for s in self.open_sections(seat)]
        return [f"sell {kind}" for kind in self.sellable(seat)]

    def sellable(self, seat: int) -> list[str]:
        """'Commerce': the kinds of piece in the leftmost section that still holds one."""
        for b, r in self.p(seat)["sections"]:
            if b or r:
                return [k for k, n in (("building", b), ("rail", r)) if n]
        return []

    def tasks(self, f: Frame) -> list[str]:
        """The optional parts of the action still open."""
        seat, used, main = f["seat"], f["used"], f["main"]
        out = []
        if f["mode"] is None:
            alone = self.main_min(f, False) <= self.funds(seat)
            if self.promote_targets(seat) and (main or alone):
                out.append("promote")
            if f["worker"] != "white" and self.ability_ok(f):
                out.append(f"use {f['worker']}")
        action = f["action"]
        if action == "station" and main:
            tile = self.city_tile(f["city"])
            if "reward" not in used and self.reward_ok(seat, tile.main):
                out.append("reward")
            if f["first"] and "first bonus" not in used and self.reward_ok(seat, tile.first):
                out.append("first bonus")
        if action == "telegraph" and main and "tile bonus" not in used:
            if self.section_tile(f) is not None and self.can_lose_worker(seat):
                out.append("tile bonus")
        if action == "trade" and "flip train" not in used:
            out.append("flip train")
        return out

    def section_tile(self, f: Frame) -> str | None:
        """The telegraph tile of the section where the office was built."""
        if f.get("section") is None:
            return None
        tile: str | None = self.state["telegraph_tiles"].get(str(f["section"]))
        return tile

    def ability_ok(self, f: Frame) -> bool:
        """The worker's ability can be used now ('Capacités des Ouvriers')."""
        seat, colour, action, main = f["seat"], f["worker"], f["action"], f["main"]
        c = self.data.constants
        if action == "station":
            if colour == "purple":
                cost = int(c["station"]["purple_flip_cost"])
                return self.can_pay(seat, cost) or self.flip_pays(f, cost)
            if colour == "grey":
                return main and self.reward_ok(seat, self.city_tile(f["city"]).first)
            if colour == "turquoise":
                cost = int(c["station"]["turquoise_main_again_cost"])
                return main and self.reward_ok(seat, self.city_tile(f["city"]).main, cost)
            return True  # orange
        if action == "railroad":
            if colour == "purple":
                cost = self.k("railroad", "purple_train_cost")
                return self.can_pay(seat, cost) and any(self.state["train_stacks"][s]
                                                       for s in STACKS)
            if colour == "turquoise":
                return main and self.third_rail_ok(seat)
            return True  # orange, grey
        if action == "telegraph":
            if colour == "turquoise":
                cost = int(c["telegraph"]["turquoise_tile_bonus_cost"])
                tile = self.section_tile(f)
                return main and tile is not None and self.reward_ok(
                    seat, self.data.telegraph_tiles[tile], cost)
            if colour == "purple":
                return any(x != col for _, col in self.sources(seat)
                           for x in self.supply_colours())
            return bool(main)  # grey, orange
        if colour == "grey":
            return self.market_tile() is not None and any(self.side_ok(seat, s, 1)
                                                          for s in SIDES)
        return True  # trade: purple, orange, turquoise

    def third_rail_ok(self, seat: int) -> bool:
        """Turquoise on Railroad: a third rail can be placed and paid."""
        if not self.piece_ok(seat, "rail"):
            return False
        tri = self.net.cheapest(self.p(seat)["rails"], 1, self.triangles())
        return tri is not None and self.can_pay(seat, self.k("railroad", "per_triangle") * tri)

    def _do_hub(self, f: Frame, action: str) -> None:
        if self.menu_moved(f, action):
            return
        verb = action.split(" ")[0]
        if action == "done":
            self.pop()
        elif verb in ("build", "rail", "office", "sell") and not f["main"]:
            self.do_main(f, action)
        elif action == "promote":
            f["mode"] = "promote"
            self.push({"kind": "promote", "seat": f["seat"], "left": 1, "each": 0})
        elif verb == "use":
            f["mode"] = "ability"
            self.use_ability(f)
        else:
            self.do_task(f, action)

    # -- main actions --------------------------------------------------------------------------
    def do_main(self, f: Frame, action: str) -> None:
        """Carry out (a step of) the main action."""
        seat, who = f["seat"], self.who(f["seat"])
        verb, _, arg = action.partition(" ")
        if verb == "build":  # 'Gare (Station)'
            self.take_piece(seat, "building")
            cost = 0 if f["free"] else self.city_cost(arg)
            if cost > self.funds(seat):  # « résoudre cet effet en premier » (version 3)
                self.fund_station(f, arg, cost)
            if cost:
                self.pay(seat, cost)
            f.update(city=arg, paid=cost, main=True, first=self.add_station(seat, arg))
            city = self.data.cities[arg].name
            self.say(msg("{player} builds a station in {city} on the First Station for ${cost}.",
                         player=who, city=city, cost=cash(cost)) if f["first"] else
                     msg("{player} builds a station in {city} for ${cost}.", player=who,
                         city=city, cost=cash(cost)))
        elif verb == "rail":  # 'Voie Ferrée (Railroad)'
            base, per = self.rail_prices(f["discount"])
            cost = (0 if f["placed"] else base) + per * self.triangles()[arg]
            self.lay_rail(seat, arg, "board", cost, True)
            f["placed"].append(arg)
            f["route"] = None
            f["main"] = len(f["placed"]) >= f["need"]
        elif verb == "office":  # 'Télégraphe (Telegraph)'
            section = self.data.sections[int(arg)]
            self.take_piece(seat, "building")
            first = self.add_office(seat, section.number)
            shares = section.main_shares + (section.first_bonus if first else 0)
            self.gain(seat, shares=shares)
            f.update(section=section.number, shares=shares, main=True)
            if first:
                self.say(msgn("{player} builds a telegraph office in section {section} on the "
                              "First Office and gains {n} share.",
                              "{player} builds a telegraph office in section {section} on the "
                              "First Office and gains {n} shares.", shares, player=who,
                              section=section.number))
            else:
                self.say(msgn("{player} builds a telegraph office in section {section} and "
                              "gains {n} share.",
                              "{player} builds a telegraph office in section {section} and "
                              "gains {n} shares.", shares, player=who, section=section.number))
            if section.market:
                self.state["market_flag"] = True
        else:  # 'Commerce (Trade)'
            sec = self.take_piece(seat, arg)
            money = self.data.board_sections[sec][0]
            self.gain(seat, money=money)
            f["main"] = True
            self.say(msg("{player} sells {piece} from section {section} of the player board "
                         "for ${money}.", player=who, piece=A_PIECE[arg], section=sec + 1,
                         money=cash(money)))

    # -- tasks -----------------------------------------------------------------------------------
    def do_task(self, f: Frame, task: str) -> None:
        """An optional part of the action (reward, first bonus, tile bonus, flip)."""
        seat = f["seat"]
        if task == "reward":
            f["used"].append(task)
            tile = self.city_tile(f["city"])
            self.say(msg("{player} takes the main reward: {reward}.", player=self.who(seat),
                         reward=word(tile.main.label)))
            self.run(seat, tile.main.effects)
        elif task == "first bonus":
            f["used"].append(task)
            tile = self.city_tile(f["city"])
            self.say(msg("{player} takes the First Station bonus: {reward}.",
                         player=self.who(seat), reward=word(tile.first.label)))
            self.run(seat, tile.first.effects)
        elif task == "tile bonus":
            tile_id = self.section_tile(f)
            assert tile_id is not None
            reward = self.data.telegraph_tiles[tile_id]
            self.push({"kind": "discard", "seat": seat, "then": list(reward.effects),
                       "label": reward.label})
        elif task == "flip train":
            f["used"].append(task)
            self.push({"kind": "flip", "seat": seat, "left": 1})

    def use_ability(self, f: Frame) -> None:
        """'Capacités des Ouvriers' for the worker on this action."""
        seat, colour, action = f["seat"], f["worker"], f["action"]
        who, c = filled(WHO_COLOUR[colour], player=self.who(seat)), self.data.constants
        if action == "station":
            if colour == "orange":
                if f["main"]:
                    self.gain(seat, money=f["paid"])
                    self.say(msg("{player} gets the station cost back (${money}).", player=who,
                                 money=cash(f["paid"])))
                    f["paid"] = 0
                else:
                    f["free"] = True
                    self.say(msg("{player} will not pay the station cost.", player=who))
            elif colour == "purple":
                cost = int(c["station"]["purple_flip_cost"])
                self.pay(seat, cost)
                self.say(msg("{player} pays ${cost} to flip a train.", player=who, cost=cash(cost)))
                self.push({"kind": "flip", "seat": seat, "left": 1})
            elif colour == "grey":
                tile = self.city_tile(f["city"])
                self.say(msg("{player} takes the First Station bonus: {reward}.", player=who,
                             reward=word(tile.first.label)))
                self.run(seat, tile.first.effects)
            else:
                cost = int(c["station"]["turquoise_main_again_cost"])
                self.pay(seat, cost)
                tile = self.city_tile(f["city"])
                self.say(msg("{player} pays ${cost} for the main reward again: {reward}.",
                             player=who, cost=cash(cost), reward=word(tile.main.label)))
                self.run(seat, tile.main.effects)
        elif action == "railroad":
            self.railroad_ability(f, who)
        elif action == "telegraph":
            self.telegraph_ability(f, who)
        else:
            self.trade_ability(f, who)

    def railroad_ability(self, f: Frame, who: Msg) -> None:
        """Railroad: Orange discount, Grey shares, Purple train, Turquoise third rail."""
        seat, colour = f["seat"], f["worker"]
        if colour == "orange":
            if f["placed"]:
                rr = self.data.constants["railroad"]["orange_refund"]
                tri = sum(self.triangles()[s] for s in f["placed"])
                money = int(rr["base"]) + int(rr["per_triangle"]) * tri
                self.gain(seat, money=money)
                self.say(msg("{player} gains ${money}.", player=who, money=cash(money)))
            f["discount"] = True
            if not f["placed"]:
                self.say(msg("{player} builds at a discount ($100 + $50 per triangle).",
                             player=who))
        elif colour == "grey":
            self.gain(seat, shares=2)
            self.say(msg("{player} gains 2 shares.", player=who))
        elif colour == "purple":
            cost = self.k("railroad", "purple_train_cost")
            self.pay(seat, cost)
            self.say(msg("{player} pays ${cost} for a train.", player=who, cost=cash(cost)))
            self.push({"kind": "take", "seat": seat, "cost": 0})
        else:
            self.say(msg("{player} builds a third rail.", player=who))
            self.push({"kind": "rail", "seat": seat, "piece": "board", "base": 0,
                       "per": self.k("railroad", "per_triangle"), "market": True,
                       "optional": False, "route": None})

    def telegraph_ability(self, f: Frame, who: Msg) -> None:
        """Telegraph: Purple exchange, Grey first bonus, Orange money, Turquoise tile."""
        seat, colour = f["seat"], f["worker"]
        if colour == "purple":
            self.push({"kind": "exchange", "seat": seat, "give": None})
        elif colour == "grey":
            bonus = self.data.sections[f["section"]].first_bonus
            self.gain(seat, shares=bonus)
            self.say(msgn("{player} takes the First Office bonus: {n} share.",
                          "{player} takes the First Office bonus: {n} shares.", bonus,
                          player=who))
        elif colour == "orange":
            money = self.k("telegraph", "orange_per_share") * f["shares"]
            self.gain(seat, money=money)
            self.say(msgn("{player} gains ${money} for {n} shares taken.",
                          "{player} gains ${money} for {n} shares taken.", f["shares"],
                          player=who, money=cash(money)))
        else:
            cost = self.k("telegraph", "turquoise_tile_bonus_cost")
            tile = self.section_tile(f)
            assert tile is not None
            self.pay(seat, cost)
            reward = self.data.telegraph_tiles[tile]
            self.say(msg("{player} pays ${cost} for the telegraph tile bonus: {reward}.",
                         player=who, cost=cash(cost), reward=word(reward.label)))
            self.run(seat, reward.effects)

    def trade_ability(self, f: Frame, who: Msg) -> None:
        """Trade: Purple advance 3, Grey private market, Orange money, Turquoise flip."""
        seat, colour = f["seat"], f["worker"]
        if colour == "purple":
            self.push({"kind": "advance", "seat": seat, "left": self.k("trade", "purple_advance")})
        elif colour == "grey":
            self.push({"kind": "market", "seat": seat, "active": True, "taken": [],
                       "private": True})
        elif colour == "orange":
            count = len(self.p(seat)["trains"])
            money = self.k("trade", "orange_per_train") * count
            self.gain(seat, money=money)
            self.say(msgn("{player} gains ${money} for {n} train.",
                          "{player} gains ${money} for {n} trains.", count, player=who,
                          money=cash(money)))
        else:
            self.push({"kind": "flip", "seat": seat, "left": 1})


__all__ = ["Actions", "INF"]
