"""Every legal action in plain words: what it does, costs and gives, and how it may be typed.

Names follow the board: cities by name, rail spaces by route and the number drawn on them
("Washington–Chicago 1"), telegraph sections by their number, milestones by pile and VP.
"""

from __future__ import annotations

from rules.core.choices import Choice, clip_label, fit
from rules.core.lang import Msg, msg, msgn, tr, trn
from rules.core.standing import warned
from rules.railroad_revolution.abilities import Abilities
from rules.railroad_revolution.base import Frame
from rules.railroad_revolution.funding import MONEY_EFFECTS
from rules.railroad_revolution.lexicon import (
    A_TRAIN,
    A_WORKER,
    ACTION,
    COLOUR,
    COLOUR_NAME,
    SIDE_NAME,
    THE_TRACK,
    TRACK,
    TRACK_UNITS,
    WORKER,
    YOUR_TRAIN,
    cash,
    semicolons,
)
from rules.railroad_revolution.names import (
    conditions_words,
    managers_words,
    milestone_name,
    route_name,
    short_reward,
    space_name,
    terrain_words,
)
from rules.railroad_revolution.risks import risks

FRENCH = {"station": "gare", "railroad": "voie ferree", "telegraph": "telegraphe",
          "trade": "commerce", "white": "blanc", "purple": "violet", "grey": "gris",
          "turquoise": "turquoise", "orange": "orange"}
# What each step of a decision is called when a player types a move of another step.
DONE_WORDS = {"hub": msg("Finish the action"), "advance": msg("Stop advancing"),
              "promote": msg("Stop promoting")}


class Words(Abilities):
    """Labels, spellings and prompts."""

    # -- labels ----------------------------------------------------------------------------------
    def choices(self, seat: int) -> list[Choice]:
        """Every legal action with its label, grouped by action or milestone for long lists."""
        f = self.top()
        out = []
        for action in self.legal(seat):
            group = ""
            if action in ("sell share", "hire"):
                group = tr("Shares and hiring")
            elif f is not None and f["kind"] == "place" and action != "pass":
                group = str(ACTION[action.split(" ")[0]])
            elif action.startswith("promote ") and " to " in action:
                group = str(milestone_name(self.milestone(action.rsplit(" ", 1)[1])))
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
            return tr("Sell a share for ${money} (you have {have})",
                      money=cash(self.k("share_sale_value")), have=int(self.p(seat)["shares"]))
        if action == "hire":
            return tr("Hire a worker of any colour: {price}",
                      price=self.price(seat, self.k("hire_worker_cost")))
        kind = f["kind"]
        if kind == "place":
            return self.place_label(seat, action)
        if kind == "setup":
            _, face = self.data.setup_face(arg)
            offer = next(o for o in self.state["setup_offer"] if o["key"] == arg)
            return tr("Setup tile: {reward}, + {worker}", reward=short_reward(
                face.reward.effects), worker=A_WORKER[offer["worker"]])
        if verb in ("rail", "route", "back"):
            return self.rail_label(seat, f, action)
        if kind == "hub":
            return self.hub_label(seat, f, action)
        return self.effect_label(seat, f, action)

    def place_label(self, seat: int, action: str) -> str:
        """'Railroad, white worker: 2 rails, $400 + $100 per ▲'."""
        if action == "pass":
            return tr("Pass: none of the four actions can be carried out")
        name, colour = action.split(" ")
        return tr("{action}, {worker}: {ability}", action=ACTION[name], worker=WORKER[colour],
                  ability=self.ability_words(seat, name, colour))

    def rail_label(self, seat: int, f: Frame, action: str) -> str:
        """A rail space (with its price), a route of the map, or back to the routes."""
        verb, _, arg = action.partition(" ")
        if verb == "back":
            return tr("Back to the list of routes")
        if verb == "route":
            return tr("Rails on {route}: choose a numbered space there",
                      route=route_name(self.data, arg))
        tri = self.triangles()[arg]
        if f["kind"] == "hub":
            base, per = self.rail_prices(f["discount"])
            cost = (0 if f["placed"] else base) + per * tri
        else:
            cost = f["base"] + f["per"] * tri
        return tr("Rail on {space} ({terrain}): {price}", space=space_name(self.data, arg),
                  terrain=terrain_words(self.data, arg), price=self.price(seat, cost))

    def hub_label(self, seat: int, f: Frame, action: str) -> str:
        """A step of the action under way."""
        verb, _, arg = action.partition(" ")
        data = self.data
        if verb == "build":
            return self.build_label(seat, f, arg)
        if verb == "office":
            sec = data.sections[int(arg)]
            gains = trn("+{n} share", "+{n} shares", sec.main_shares)
            if not self.state["offices"][arg]:
                gains = tr("{gains} (+{bonus} as 1st office)", gains=gains, bonus=sec.first_bonus)
            if sec.market:
                gains = tr("{gains}, market", gains=gains)
            elif sec.has_tile:
                gains = tr("{gains}, tile bonus", gains=gains)
            return tr("Office in telegraph section {section}: {gains}", section=int(arg),
                      gains=gains)
        if verb == "sell":
            money = cash(self.leftmost_money(seat))
            return tr("Sell your leftmost building for ${money}", money=money) \
                if arg == "building" else tr("Sell your leftmost rail for ${money}", money=money)
        if action == "promote":
            text = tr("Promote a worker to milestone manager") if f["worker"] == "white" else \
                tr("Promote a worker to milestone manager (instead of the {colour} ability)",
                   colour=COLOUR[f["worker"]])
            return self.then_market(seat, text)
        if verb == "use":
            return tr("{colour}: {ability}", colour=COLOUR_NAME[arg],
                      ability=self.use_words(seat, f))
        if action == "reward":
            tile = self.city_tile(f["city"])
            return tr("Main reward of {city}: {reward}", city=data.cities[f["city"]].name,
                      reward=self.reward_words(seat, tile.main))
        if action == "first bonus":
            tile = self.city_tile(f["city"])
            return tr("1st station bonus of {city}: {reward}", city=data.cities[f["city"]].name,
                      reward=self.reward_words(seat, tile.first))
        if action == "tile bonus":
            section_tile = self.section_tile(f)
            label = self.reward_words(seat, self.data.telegraph_tiles[section_tile]) \
                if section_tile else "?"
            return tr("Telegraph tile bonus, discard a worker: {reward}", reward=label)
        if action == "flip train":
            return tr("Flip a train (a face-up one gives its bonus, then stops scoring 8 VP)")
        if action == "done":
            return tr("Finish the action")
        return action

    def build_label(self, seat: int, f: Frame, city: str) -> str:
        """A station of the Station action, with its price, reward and 1st station bonus."""
        tile = self.city_tile(city)
        cost = 0 if f["free"] else tile.cost
        first = None if self.state["stations"][city] else short_reward(tile.first.effects)
        uses = tuple(self.station_funding(f, city, cost))
        price = self.price(seat, cost)
        if uses:  # 'Résolution des effets': its 1st station bonus is taken first to pay
            gains = short_reward([e for e in tile.first.effects if e["type"] in MONEY_EFFECTS])
            money = self.p(seat)["money"]
            price = {("first",): tr("${cost} of your ${money}, its 1st bonus first pays "
                                    "({bonus})", cost=cash(cost), money=cash(money), bonus=gains),
                     ("grey",): tr("${cost} of your ${money}, grey's 1st bonus first pays "
                                   "({bonus})", cost=cash(cost), money=cash(money), bonus=gains),
                     ("first", "grey"): tr("${cost} of your ${money}, both 1st bonuses first "
                                           "pay (2× {bonus})", cost=cash(cost), money=cash(money),
                                           bonus=gains)}[uses]
            first = None
        name, main = self.data.cities[city].name, short_reward(tile.main.effects)
        short = tr("Station in {city}: {price}; gives {main}", city=name, price=price, main=main)
        if first is None:
            return fit(short, tr("Station in {city}: {price}; {main}", city=name, price=price,
                                 main=main), short)
        return fit(tr("Station in {city}: {price}; gives {main}; 1st: {first}", city=name,
                      price=price, main=main, first=first),
                   tr("Station in {city}: {price}; {main}; 1st: {first}", city=name,
                      price=price, main=main, first=first), short)

    def effect_label(self, seat: int, f: Frame, action: str) -> str:
        """A step of a reward, bonus, market or track."""
        verb, _, arg = action.partition(" ")
        kind, data, words = f["kind"], self.data, action.split(" ")
        if action in ("done", "skip", "cancel", "pass"):
            return self.decline_label(f, action)
        if verb == "advance":
            step = self.p(seat)["tracks"][arg] + 1
            return tr("{track} to step {step} ({vp} VP × {units}): {cost}", track=TRACK[arg],
                      step=step, vp=data.tracks[arg].vp[step], units=TRACK_UNITS[arg],
                      cost=self.step_words(seat, self.step_cost(arg, step)))
        if verb == "discard":
            worker, stock = A_WORKER[words[2]], words[1] == "stock"
            if kind == "discard":
                return tr("Discard {worker} from your stock for the tile bonus",
                          worker=worker) if stock else \
                    tr("Discard {worker} from your player board for the tile bonus",
                       worker=worker)
            track = THE_TRACK[f["track"]]
            return tr("Discard {worker} from your stock to move up {track}", worker=worker,
                      track=track) if stock else \
                tr("Discard {worker} from your player board to move up {track}",
                   worker=worker, track=track)
        if verb == "flip":
            up = words[1] == "down"
            train = next(t for t in self.p(seat)["trains"]
                         if data.trains[t["id"]].type == words[2] and t["up"] == up)
            if up:
                gives = self.reward_words(seat, data.trains[train["id"]].bonus)
                return fit(tr("Flip {train} face down: {gives}; −8 VP",
                              train=YOUR_TRAIN[words[2]], gives=gives),
                           tr("Flip {train} down: {gives}; −8 VP",
                              train=YOUR_TRAIN[words[2]], gives=gives))
            return tr("Flip {train} face up: +8 VP at the end", train=YOUR_TRAIN[words[2]])
        if verb == "take":
            stack = self.state["train_stacks"][words[1]]
            return tr("Take {train}: 8 VP face up; flipped down: {bonus}",
                      train=A_TRAIN[words[1]],
                      bonus=short_reward(data.trains[stack[0]].bonus.effects))
        if verb == "gain":
            return tr("Gain {worker} ({n} in the supply)", worker=A_WORKER[arg],
                      n=self.state["supply"][arg])
        if verb == "hire":
            return tr("Hire {worker}: {price}", worker=A_WORKER[arg],
                      price=self.price(seat, self.k("hire_worker_cost")))
        if verb == "give":
            return tr("Exchange {worker} from your stock", worker=A_WORKER[words[2]]) \
                if words[1] == "stock" else \
                tr("Exchange {worker} from your player board", worker=A_WORKER[words[2]])
        if verb == "get":
            return tr("Take {worker} in exchange ({n} in the supply)", worker=A_WORKER[arg],
                      n=self.state["supply"][arg])
        if verb == "build":
            name = data.cities[arg].name
            return tr("Station in {city}: free, no reward", city=name) \
                if self.state["stations"][arg] else \
                tr("Station in {city} on the First Station: free, no reward", city=name)
        if verb == "office":
            return tr("Office in telegraph section {section}: free, no shares",
                      section=int(arg)) if self.state["offices"][arg] else \
                tr("Office in telegraph section {section} on the First Office: free, no "
                   "shares", section=int(arg))
        if verb == "promote":
            return self.promote_label(seat, f, words)
        if verb == "accept":
            return self.market_label(seat, f, arg)
        if verb == "keep":
            m = self.milestone(arg)
            title, managers = milestone_name(m), managers_words(m)
            # Said shorter rather than cut: "stations in 1 level-4 & 2 level-1".
            return fit(tr("Keep {milestone}: {conditions}; {managers}", milestone=title,
                          conditions=conditions_words(m), managers=managers),
                       tr("Keep {milestone}: {conditions}; {managers}", milestone=title,
                          conditions=conditions_words(m, True), managers=managers),
                       tr("Keep {milestone}: {conditions}; {managers}", milestone=title,
                          conditions=conditions_words(m, True),
                          managers=managers_words(m, True)))
        return action

    def promote_label(self, seat: int, f: Frame, words: list[str]) -> str:
        """'Promote a grey worker (stock) to manager of A1 (12 VP): $100 of your $300'."""
        m, worker = milestone_name(self.milestone(words[4])), A_WORKER[words[2]]
        if words[1] == "stock":
            text = tr("Promote {worker} (stock) to manager of {milestone}: {price}",
                      worker=worker, milestone=m, price=self.price(seat, f["each"])) \
                if f["each"] else tr("Promote {worker} (stock) to manager of {milestone}",
                                     worker=worker, milestone=m)
        else:
            text = tr("Promote {worker} (player board) to manager of {milestone}: {price}",
                      worker=worker, milestone=m, price=self.price(seat, f["each"])) \
                if f["each"] else tr("Promote {worker} (player board) to manager of "
                                     "{milestone}", worker=worker, milestone=m)
        return self.then_market(seat, text)

    def decline_label(self, f: Frame, action: str) -> str:
        """Done, skip, cancel or pass, in the words of the step it ends."""
        kind = f["kind"]
        if action == "done":
            return str(DONE_WORDS[kind]) if kind in DONE_WORDS else tr("Done")
        if kind == "market":
            return tr("Accept no (more) market")
        if kind == "rail":
            return tr("Skip: keep that rail on your player board")
        if kind in ("city", "office"):
            return tr("Skip: keep that building on your player board")
        if kind == "exchange":
            return tr("Skip: keep your workers as they are")
        if kind == "hire":
            return tr("Cancel: hire nobody")
        if kind == "discard":
            return tr("Cancel: keep your workers, no tile bonus")
        return tr("Cancel: do not move up that track")

    def then_market(self, seat: int, label: str) -> str:
        """A promotion that leaves the seat below 4 workers until the market gives one back."""
        if not self.below_minimum_after(seat):
            return label
        return tr("{label}; back to 4 at the market", label=label)

    def step_words(self, seat: int, cost: dict[str, int]) -> str:
        """What entering a track step costs."""
        parts: list[Msg | str] = []
        if cost.get("pay"):
            parts.append(self.price(seat, cost["pay"]))
        if cost.get("discard_shares"):
            parts.append(msgn("discard {n} share of your {have}",
                              "discard {n} shares of your {have}", cost["discard_shares"],
                              have=int(self.p(seat)["shares"])))
        if cost.get("discard_workers"):
            parts.append(msg("discard a worker"))
        return str(semicolons(parts)) if parts else tr("free")

    def market_label(self, seat: int, f: Frame, side: str) -> str:
        """'Top market: 2 shares of your 3: +2 steps'."""
        m = self.side(side)
        have = int(self.p(seat)["shares"])
        gives = self.reward_words(seat, m.reward)
        if side in self.giving_back(seat):
            gives = tr("{reward} (back to 4 workers)", reward=gives)
        name = SIDE_NAME[side]
        if f["private"]:  # grey on Trade: the worker brings one of the shares
            if m.money:
                return trn("{side} market: {n} share, grey gives 1, you have {have} + {price}: "
                           "{gives}", "{side} market: {n} shares, grey gives 1, you have {have} "
                           "+ {price}: {gives}", m.shares, side=name, have=have,
                           price=self.price(seat, m.money), gives=gives)
            return trn("{side} market: {n} share, grey gives 1, you have {have}: {gives}",
                       "{side} market: {n} shares, grey gives 1, you have {have}: {gives}",
                       m.shares, side=name, have=have, gives=gives)
        if m.money:
            return trn("{side} market: {n} share of your {have} + {price}: {gives}",
                       "{side} market: {n} shares of your {have} + {price}: {gives}", m.shares,
                       side=name, have=have, price=self.price(seat, m.money), gives=gives)
        return trn("{side} market: {n} share of your {have}: {gives}",
                   "{side} market: {n} shares of your {have}: {gives}", m.shares, side=name,
                   have=have, gives=gives)
