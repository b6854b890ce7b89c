"""Every legal action in plain words: what it does, costs and gives, and how it may be typed.

Names follow the board: cities by name, rail spaces by route and the number drawn on them
("Washington–Chicago 1"), telegraph sections by their number, milestones by pile and VP.
"""

from __future__ import annotations

import math

from rules.core.choices import Choice, clip_label, fit
from rules.core.standing import warned
from rules.railroad_revolution.base import Frame, an, plural
from rules.railroad_revolution.data import Reward
from rules.railroad_revolution.funding import MONEY_EFFECTS
from rules.railroad_revolution.names import (
    TRIANGLE,
    condition_words,
    managers_words,
    milestone_name,
    route_name,
    short_reward,
    space_name,
    terrain_words,
)
from rules.railroad_revolution.risks import risks
from rules.railroad_revolution.turns import Turns

FRENCH = {"station": "gare", "railroad": "voie ferree", "telegraph": "telegraphe",
          "trade": "commerce", "white": "blanc", "purple": "violet", "grey": "gris",
          "turquoise": "turquoise", "orange": "orange"}
TRACK_WORDS = {"telegraph": "offices", "stations": "stations", "network": "level-5 cities"}
# A station paid by its own First Station bonus, taken first ('Résolution des effets').
FUNDED = {("first",): ", its 1st bonus first pays ({bonus})",
          ("grey",): ", grey's 1st bonus first pays ({bonus})",
          ("first", "grey"): ", both 1st bonuses first pay (2× {bonus})"}
# What each step of a decision is called when a player types a move of another step.
DONE_WORDS = {"hub": "Finish the action", "advance": "Stop advancing",
              "promote": "Stop promoting"}


class Words(Turns):
    """Labels, spellings and prompts."""

    # -- money -----------------------------------------------------------------------------------
    def price(self, seat: int, cost: int) -> str:
        """'$600 of your $900', or '$600 of your $400, selling 2 shares', or 'free'."""
        if cost <= 0:
            return "free"
        money = int(self.p(seat)["money"])
        if cost <= money:
            return f"${cost} of your ${money}"
        sold = math.ceil((cost - money) / self.k("share_sale_value"))
        return f"${cost} of your ${money}, selling {plural(sold, 'share')}"

    def reward_words(self, seat: int, reward: Reward) -> str:
        """A printed reward; its printed cost against the seat's money."""
        text = short_reward([{**e, "cost": 0} for e in reward.effects])
        return f"{text} for {self.price(seat, reward.cost)}" if reward.cost else text

    # -- labels ----------------------------------------------------------------------------------
    def choices(self, seat: int) -> list[Choice]:
        """Every legal action with its label, grouped by action or milestone for long lists."""
        f = self.top()
        out = []
        for action in self.legal(seat):
            group = ""
            if action in ("sell share", "hire"):
                group = "Shares and hiring"
            elif f is not None and f["kind"] == "place" and action != "pass":
                group = action.split(" ")[0].capitalize()
            elif action.startswith("promote ") and " to " in action:
                group = milestone_name(self.milestone(action.rsplit(" ", 1)[1]))
            elif action.startswith("rail ") and action[5:] in self.data.spaces:
                group = route_name(self.data, self.data.spaces[action[5:]].route)
            out.append(Choice(action, clip_label(self.label(seat, action)), group))
        return out

    def label(self, seat: int, action: str) -> str:
        """One legal action in plain words, with its price and what it gives, and at its end
        what it risks (starting the end of the game, the last turn)."""
        return warned(self.plain_label(seat, action), *risks(self, seat, action))

    def plain_label(self, seat: int, action: str) -> str:
        """One legal action in plain words, without its warnings."""
        f = self.top()
        if f is None:
            return action
        verb, _, arg = action.partition(" ")
        if action == "sell share":
            have = self.p(seat)["shares"]
            return f"Sell a share for ${self.k('share_sale_value')} (you have {have})"
        if action == "hire":
            return f"Hire a worker of any colour: {self.price(seat, self.k('hire_worker_cost'))}"
        kind = f["kind"]
        if kind == "place":
            return self.place_label(seat, action)
        if kind == "setup":
            _, face = self.data.setup_face(arg)
            offer = next(o for o in self.state["setup_offer"] if o["key"] == arg)
            worker = an(offer["worker"])
            return f"Setup tile: {short_reward(face.reward.effects)}, + {worker} worker"
        if verb in ("rail", "route", "back"):
            return self.rail_label(seat, f, action)
        if kind == "hub":
            return self.hub_label(seat, f, action)
        return self.effect_label(seat, f, action)

    def place_label(self, seat: int, action: str) -> str:
        """'Railroad, white worker: 2 rails, $400 + $100 per ▲'."""
        if action == "pass":
            return "Pass: none of the four actions can be carried out"
        name, colour = action.split(" ")
        return f"{name.capitalize()}, {colour} worker: {self.ability_words(seat, name, colour)}"

    def ability_words(self, seat: int, action: str, colour: str) -> str:
        """What an action does with a worker of that colour."""
        c = self.data.constants
        base, per = self.rail_prices(False)
        rails = f"2 rails, ${base} + ${per} per {TRIANGLE}"
        sell = f"sell your leftmost piece for ${self.leftmost_money(seat)}"
        return {
            ("station", "white"): "a station in a city you reach, pay its cost",
            ("station", "orange"): "a station in a city you reach, at no cost",
            ("station", "purple"): f"a station; may pay ${c['station']['purple_flip_cost']} "
            "to flip a train",
            ("station", "grey"): "a station, and its 1st station bonus even if taken",
            ("station", "turquoise"): "a station; may pay "
            f"${c['station']['turquoise_main_again_cost']} for its reward again",
            ("railroad", "white"): rails,
            ("railroad", "orange"): "2 rails, ${} + ${} per {}".format(*self.rail_prices(True),
                                                                        TRIANGLE),
            ("railroad", "grey"): f"{rails}; +2 shares",
            ("railroad", "purple"): f"{rails}; may pay ${c['railroad']['purple_train_cost']} "
            "for a train",
            ("railroad", "turquoise"): f"{rails}; a 3rd rail at ${per} per {TRIANGLE}",
            ("telegraph", "white"): "an office, gain its shares",
            ("telegraph", "orange"): "an office, its shares + "
            f"${c['telegraph']['orange_per_share']} per share",
            ("telegraph", "grey"): "an office, its shares + the 1st office bonus",
            ("telegraph", "purple"): "an office, its shares; may swap a worker",
            ("telegraph", "turquoise"): "an office; its tile bonus for "
            f"${c['telegraph']['turquoise_tile_bonus_cost']}, not a worker",
            ("trade", "white"): sell,
            ("trade", "orange"): f"{sell}; +${c['trade']['orange_per_train']} per train",
            ("trade", "grey"): f"{sell}; a market alone, 1 share off",
            ("trade", "purple"): f"{sell}; +{c['trade']['purple_advance']} track steps",
            ("trade", "turquoise"): f"{sell}; flip a train",
        }[(action, colour)]

    def leftmost_money(self, seat: int) -> int:
        """What Trade pays now: the money printed over the leftmost section holding a piece."""
        for i, (b, r) in enumerate(self.p(seat)["sections"]):
            if b or r:
                return self.data.board_sections[i][0]
        return 0

    def rail_label(self, seat: int, f: Frame, action: str) -> str:
        """A rail space (with its price), a route of the map, or back to the routes."""
        verb, _, arg = action.partition(" ")
        if verb == "back":
            return "Back to the list of routes"
        if verb == "route":
            return f"Rails on {route_name(self.data, arg)}: choose a numbered space there"
        tri = self.triangles()[arg]
        if f["kind"] == "hub":
            base, per = self.rail_prices(f["discount"])
            cost = (0 if f["placed"] else base) + per * tri
        else:
            cost = f["base"] + f["per"] * tri
        where = f"{space_name(self.data, arg)} ({terrain_words(self.data, arg)})"
        return f"Rail on {where}: {self.price(seat, cost)}"

    def hub_label(self, seat: int, f: Frame, action: str) -> str:
        """A step of the action under way."""
        verb, _, arg = action.partition(" ")
        data = self.data
        if verb == "build":
            tile = self.city_tile(arg)
            cost = 0 if f["free"] else tile.cost
            first = "" if self.state["stations"][arg] else \
                f"; 1st: {short_reward(tile.first.effects)}"
            uses = tuple(self.station_funding(f, arg, cost))
            price = self.price(seat, cost)
            if uses:  # 'Résolution des effets': its 1st station bonus is taken first to pay
                gains = [e for e in tile.first.effects if e["type"] in MONEY_EFFECTS]
                price = f"${cost} of your ${self.p(seat)['money']}" + FUNDED[uses].format(
                    bonus=short_reward(gains))
                first = ""
            main = short_reward(tile.main.effects)
            return fit(f"Station in {data.cities[arg].name}: {price}; gives {main}{first}",
                       f"Station in {data.cities[arg].name}: {price}; {main}{first}",
                       f"Station in {data.cities[arg].name}: {price}; gives {main}")
        if verb == "office":
            sec = data.sections[int(arg)]
            first = f" (+{sec.first_bonus} as 1st office)" if not self.state["offices"][arg] else ""
            extra = ", market" if sec.market else ", tile bonus" if sec.has_tile else ""
            return f"Office in telegraph section {arg}: +{plural(sec.main_shares, 'share')}" \
                   f"{first}{extra}"
        if verb == "sell":
            return f"Sell your leftmost {arg} for ${self.leftmost_money(seat)}"
        if action == "promote":
            instead = "" if f["worker"] == "white" else f" (instead of the {f['worker']} ability)"
            return f"Promote a worker to milestone manager{instead}{self.then_market(seat)}"
        if verb == "use":
            return f"{arg.capitalize()}: {self.use_words(seat, f)}"
        if action == "reward":
            tile = self.city_tile(f["city"])
            return f"Main reward of {data.cities[f['city']].name}: " \
                   f"{self.reward_words(seat, tile.main)}"
        if action == "first bonus":
            tile = self.city_tile(f["city"])
            return f"1st station bonus of {data.cities[f['city']].name}: " \
                   f"{self.reward_words(seat, tile.first)}"
        if action == "tile bonus":
            section_tile = self.section_tile(f)
            label = self.reward_words(seat, self.data.telegraph_tiles[section_tile]) \
                if section_tile else "?"
            return f"Telegraph tile bonus, discard a worker: {label}"
        if action == "flip train":
            return "Flip a train (a face-up one gives its bonus, then stops scoring 8 VP)"
        if action == "done":
            return "Finish the action"
        return action

    def use_words(self, seat: int, f: Frame) -> str:
        """The worker's ability in this action, at this point."""
        colour, action, c = f["worker"], f["action"], self.data.constants
        if action == "station":
            if colour == "orange":
                return f"get the ${f['paid']} station cost back" if f["main"] else \
                    "build this station at no cost"
            if colour == "purple":
                cost = int(c["station"]["purple_flip_cost"])
                if not f["main"] and self.funds(seat) - cost < self.main_min(f, True):
                    # the flip's bonus pays for the station ('Résolution des effets')
                    return f"pay ${cost} to flip a train first; its bonus (up to " \
                           f"+${self.flip_money(seat)}) pays the station"
                return f"pay ${cost} to flip a train"
            tile = self.city_tile(f["city"])
            if colour == "grey":
                return f"take the 1st station bonus: {self.reward_words(seat, tile.first)}"
            cost = int(c["station"]["turquoise_main_again_cost"]) + tile.main.cost
            return f"the main reward again, {self.price(seat, cost)}: " \
                   f"{short_reward(tile.main.effects)}"
        if action == "railroad":
            if colour == "orange":
                base, per = self.rail_prices(True)
                return f"rails at ${base} + ${per} per {TRIANGLE}" + (
                    " (the difference is paid back)" if f["placed"] else "")
            if colour == "grey":
                return "gain 2 shares"
            if colour == "purple":
                return f"a train tile, {self.price(seat, self.k('railroad', 'purple_train_cost'))}"
            return f"place a 3rd rail, ${self.k('railroad', 'per_triangle')} per {TRIANGLE}"
        if action == "telegraph":
            if colour == "purple":
                return "exchange one of your workers for one from the supply"
            if colour == "grey":
                bonus = self.data.sections[f["section"]].first_bonus
                return f"the 1st office bonus again: +{plural(bonus, 'share')}"
            if colour == "orange":
                return f"+${self.k('telegraph', 'orange_per_share') * f['shares']} " \
                       f"(${self.k('telegraph', 'orange_per_share')} per share taken)"
            section_tile = self.section_tile(f)
            label = short_reward(self.data.telegraph_tiles[section_tile].effects) \
                if section_tile else "?"
            cost = self.k("telegraph", "turquoise_tile_bonus_cost")
            return f"tile bonus, {self.price(seat, cost)}: {label}"
        if colour == "purple":
            return f"advance up to {self.k('trade', 'purple_advance')} steps on the tracks"
        if colour == "grey":
            return "accept one market alone, 1 share cheaper"
        if colour == "orange":
            n = len(self.p(seat)["trains"])
            return f"+${self.k('trade', 'orange_per_train') * n} " \
                   f"(${self.k('trade', 'orange_per_train')} per train, you have {n})"
        return "flip a train"

    def effect_label(self, seat: int, f: Frame, action: str) -> str:
        """A step of a reward, bonus, market or track."""
        verb, _, arg = action.partition(" ")
        kind, data, words = f["kind"], self.data, action.split(" ")
        if action in ("done", "skip", "cancel", "pass"):
            return self.decline_label(f, action)
        if verb == "advance":
            step = self.p(seat)["tracks"][arg] + 1
            vp = data.tracks[arg].vp[step]
            return f"{arg.capitalize()} track to step {step} ({vp} VP × {TRACK_WORDS[arg]}): " \
                   f"{self.step_words(seat, self.step_cost(arg, step))}"
        if verb == "discard":
            where = "stock" if words[1] == "stock" else "player board"
            why = "for the tile bonus" if kind == "discard" else \
                f"to move up the {f['track']} track"
            return f"Discard {an(words[2])} worker from your {where} {why}"
        if verb == "flip":
            up = words[1] == "down"
            train = next(t for t in self.p(seat)["trains"]
                         if data.trains[t["id"]].type == words[2] and t["up"] == up)
            if up:
                gives = self.reward_words(seat, data.trains[train["id"]].bonus)
                return fit(f"Flip your {words[2]} train face down: {gives}; −8 VP",
                           f"Flip your {words[2]} train down: {gives}; −8 VP")
            return f"Flip your {words[2]} train face up: +8 VP at the end"
        if verb == "take":
            stack = self.state["train_stacks"][words[1]]
            return f"Take {an(words[1])} train: 8 VP face up; flipped down: " \
                   f"{short_reward(data.trains[stack[0]].bonus.effects)}"
        if verb == "gain":
            return f"Gain {an(arg)} worker ({self.state['supply'][arg]} in the supply)"
        if verb == "hire":
            return f"Hire {an(arg)} worker: {self.price(seat, self.k('hire_worker_cost'))}"
        if verb == "give":
            where = "stock" if words[1] == "stock" else "player board"
            return f"Exchange {an(words[2])} worker from your {where}"
        if verb == "get":
            return f"Take {an(arg)} worker in exchange ({self.state['supply'][arg]} in the supply)"
        if verb == "build":
            first = " on the First Station" if not self.state["stations"][arg] else ""
            return f"Station in {data.cities[arg].name}{first}: free, no reward"
        if verb == "office":
            first = " on the First Office" if not self.state["offices"][arg] else ""
            return f"Office in telegraph section {arg}{first}: free, no shares"
        if verb == "promote":
            m = self.milestone(words[4])
            where = "stock" if words[1] == "stock" else "player board"
            pay = f": {self.price(seat, f['each'])}" if f["each"] else ""
            return f"Promote {an(words[2])} worker ({where}) to manager of " \
                   f"{milestone_name(m)}{pay}{self.then_market(seat)}"
        if verb == "accept":
            return self.market_label(seat, f, arg)
        if verb == "keep":
            m = self.milestone(arg)
            conds = " & ".join(condition_words(c) for c in m.conditions)
            # Said shorter rather than cut: "stations in 1 level-4 & 2 level-1".
            return fit(f"Keep {milestone_name(m)}: {conds}; {managers_words(m)}",
                       f"Keep {milestone_name(m)}: {conds.replace(' & stations in ', ' & ')}; "
                       f"{managers_words(m)}",
                       f"Keep {milestone_name(m)}: {conds.replace(' & stations in ', ' & ')}; "
                       f"{managers_words(m).replace(' managers', '')}")
        return action

    def decline_label(self, f: Frame, action: str) -> str:
        """Done, skip, cancel or pass, in the words of the step it ends."""
        kind = f["kind"]
        if action == "done":
            return DONE_WORDS.get(kind, "Done")
        if kind == "market":
            return "Accept no (more) market"
        if kind == "rail":
            return "Skip: keep that rail on your player board"
        if kind in ("city", "office"):
            return "Skip: keep that building on your player board"
        if kind == "exchange":
            return "Skip: keep your workers as they are"
        if kind == "hire":
            return "Cancel: hire nobody"
        if kind == "discard":
            return "Cancel: keep your workers, no tile bonus"
        return "Cancel: do not move up that track"

    def then_market(self, seat: int) -> str:
        """A promotion that leaves the seat below 4 workers until the market gives one back."""
        if not self.below_minimum_after(seat):
            return ""
        return "; back to 4 at the market"

    def step_words(self, seat: int, cost: dict[str, int]) -> str:
        """What entering a track step costs."""
        parts = []
        if cost.get("pay"):
            parts.append(self.price(seat, cost["pay"]))
        if cost.get("discard_shares"):
            parts.append(f"discard {plural(cost['discard_shares'], 'share')} of your "
                         f"{self.p(seat)['shares']}")
        if cost.get("discard_workers"):
            parts.append("discard a worker")
        return "; ".join(parts) or "free"

    def market_label(self, seat: int, f: Frame, side: str) -> str:
        """'Top market: 2 shares of your 3: +2 steps'."""
        m = self.side(side)
        have = self.p(seat)["shares"]
        money = f" + {self.price(seat, m.money)}" if m.money else ""
        gives = self.reward_words(seat, m.reward)
        if side in self.giving_back(seat):
            gives += " (back to 4 workers)"
        if f["private"]:  # grey on Trade: the worker brings one of the shares
            return f"{side.capitalize()} market: {plural(m.shares, 'share')}, grey gives 1, " \
                   f"you have {have}{money}: {gives}"
        return f"{side.capitalize()} market: {plural(m.shares, 'share')} of your {have}" \
               f"{money}: {gives}"
