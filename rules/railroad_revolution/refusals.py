"""Why a typed move is refused (with what the player has and needs), and the private panel."""

from __future__ import annotations

from rules.core.lang import Msg, msg, msgn, tr, trn
from rules.core.reading import closest_name
from rules.railroad_revolution.base import Frame
from rules.railroad_revolution.data import ACTIONS, COLOURS, STACKS
from rules.railroad_revolution.lexicon import (
    A_WORKER,
    ACTION,
    COLOUR,
    ON_ACTION,
    THE_SIDE,
    TRAIN,
    TRAIN_FACE,
    WORKER,
    cash,
    commas,
    filled,
    listed,
    or_listed,
    semicolons,
)
from rules.railroad_revolution.names import (
    city_words,
    condition_words,
    conditions_words,
    find_in,
    managers_words,
    milestone_name,
    route_name,
    route_words,
    space_name,
    space_words,
)
from rules.railroad_revolution.spelling import Spellings
from rules.railroad_revolution.words import FRENCH

# Typed words that name an action space or a worker colour (English and French).
ACTION_WORDS = {**{a: a for a in ACTIONS}, "gare": "station", "voie": "railroad",
                "telegraphe": "telegraph", "commerce": "trade", "rail": "railroad"}
COLOUR_WORDS = {**{c: c for c in COLOURS}, "gray": "grey",
                **{FRENCH[c]: c for c in COLOURS}}


class Refusals(Spellings):
    """Refusals that say why, and what only the seat knows."""

    def means(self, seat: int) -> str:
        """'you have $250 and 1 share ($400 in all)'."""
        p = self.p(seat)
        shares = int(p["shares"])
        if not shares:
            return tr("you have ${money} and no shares", money=cash(int(p["money"])))
        return trn("you have ${money} and {n} share (${funds} in all)",
                   "you have ${money} and {n} shares (${funds} in all)", shares,
                   money=cash(int(p["money"])), funds=cash(self.funds(seat)))

    def refusal(self, seat: int, typed: str) -> str | None:
        """The reason a near-miss move cannot be played now."""
        f = self.top()
        if f is None:
            return None
        words = typed.split()
        verb = words[0]
        colour = next((COLOUR_WORDS[w] for w in words if w in COLOUR_WORDS), None)
        action = next((ACTION_WORDS[w] for w in words if w in ACTION_WORDS), None)
        if verb == "sell" and words[1:2] in (["share"], ["shares"]):
            if not self.p(seat)["shares"]:
                return tr("you have no share left to sell.")
            return None if self.may_sell_share(seat) else self.refuse_owed(seat, "keep")
        if verb == "pass" and f["kind"] == "market" and self.giving_back(seat) \
                and f["active"] and not f["private"]:
            return self.refuse_owed(seat, "accept")
        if verb == "hire":
            return self.refuse_hire(seat, f, colour)
        if action and f["kind"] == "place" and colour is None and verb != "rail":
            stock = self.p(seat)["stock"]
            colour = next((c for c in COLOURS if stock[c]), None)
        if colour and action:
            return self.refuse_place(seat, f, action, colour)
        building = f["kind"] == "city" or (f["kind"] == "hub" and f["action"] == "station")
        if verb in ("build", "station", "gare") or (building and typed in city_words()):
            return self.refuse_city(seat, f, typed)
        head = typed.rsplit(" ", 1)[0]
        if verb == "rail" or find_in(space_words(), typed) or find_in(route_words(), typed) \
                or find_in(route_words(), head):
            return self.refuse_rail(seat, f, typed)
        if verb in ("office", "section"):
            return self.refuse_office(seat, f, words)
        if verb == "accept" and f["kind"] != "market":
            return tr("no market is open now.")
        if verb == "accept" and words[1:2] in (["top"], ["bottom"]) and f["active"] \
                and self.giving_back(seat) and words[1] not in self.giving_back(seat):
            return self.refuse_owed(seat, "first")
        if verb == "accept" and words[1:2] in (["top"], ["bottom"]):
            m = self.side(words[1])
            if m.money:
                return trn("{market} costs {n} share and ${money}; {means}.",
                           "{market} costs {n} shares and ${money}; {means}.", m.shares,
                           market=THE_SIDE[words[1]], money=cash(m.money), means=self.means(seat))
            return trn("{market} costs {n} share; {means}.", "{market} costs {n} shares; {means}.",
                       m.shares, market=THE_SIDE[words[1]], means=self.means(seat))
        if verb == "promote" and f["kind"] not in ("promote", "hub"):
            return tr("you cannot promote now: first {decision}.", decision=self.describe(f))
        if verb == "promote":
            return self.refuse_promote(seat, colour)
        if verb == "take" and f["kind"] == "take":
            empty = [s for s in STACKS if not self.state["train_stacks"][s]]
            if not empty:
                return None
            return tr("the {stack} train stack is empty.", stack=listed([TRAIN[s] for s in empty]))
        if verb == "flip" and not self.p(seat)["trains"]:
            return tr("you have no train to flip.")
        if verb == "flip" and f["kind"] == "flip" and self.reserve(seat) > self.funds(seat):
            return tr("your station still needs ${money} and {means}: flip a face-up train whose "
                      "bonus gives money or shares.", money=cash(self.reserve(seat)),
                      means=self.means(seat))
        return self.refuse_step(f, verb)

    def refuse_step(self, f: Frame, verb: str) -> str | None:
        """A verb of another step: say what comes first."""
        steps = {"advance": "advance", "keep": "pick", "flip": "flip", "take": "take",
                 "gain": "gain", "give": "exchange", "get": "exchange", "choose": "setup",
                 "discard": "discard"}
        if any(a.split(" ")[0] == verb for a in self.core_options(f)):
            return None  # the step is now: the core names the closest spellings
        if verb in steps and f["kind"] != steps[verb]:
            return tr("that step is not now: first {decision}.", decision=self.describe(f))
        return None

    def not_now(self, f: Frame, action: str) -> str:
        """A move of an action that is not the step now."""
        if f["kind"] == "place":
            return tr("place a worker on {action} first.", action=ACTION[action])
        return tr("that is not the step now: first {decision}.", decision=self.describe(f))

    def refuse_hire(self, seat: int, f: Frame, colour: str | None) -> str | None:
        """A worker that cannot be hired."""
        if f["kind"] == "hire":
            if colour is not None and not self.state["supply"][colour]:
                return tr("the supply has no {worker} left.", worker=WORKER[colour])
            return None
        if "hire" in self.legal(seat):
            return None
        if not self.supply_colours():
            return tr("the supply has no worker left to hire.")
        cost = self.k("hire_worker_cost")
        if self.afford(seat, cost):
            return tr("hiring costs ${cost} and your action still needs ${money}; {means}.",
                      cost=cash(cost), money=cash(self.reserve(seat)), means=self.means(seat))
        return tr("hiring costs ${cost}; {means}.", cost=cash(cost), means=self.means(seat))

    def refuse_place(self, seat: int, f: Frame, action: str, colour: str) -> str | None:
        """A worker placement that cannot be made."""
        if f["kind"] == "place" and f"{action} {colour}" in self.legal(seat):
            return None  # it can be made: the words were off (a misspelt colour), not the move
        if f["kind"] != "place":
            return tr("you already placed a worker this turn: {decision}.",
                      decision=self.describe(f))
        stock = self.p(seat)["stock"]
        if not stock[colour]:
            return tr("you have no {worker} in stock (your stock: {stock}).",
                      worker=WORKER[colour], stock=self.stock_words(seat))
        if action in ("station", "telegraph") and not self.pieces(seat, "building"):
            return tr("you have no building left on your player board.")
        if action == "railroad" and not self.pieces(seat, "rail"):
            return tr("you have no rail left on your player board.")
        if action == "station" and not self.station_candidates(seat):
            return tr("every city your rails reach already has one of your stations.")
        if action == "telegraph" and not self.open_sections(seat):
            return tr("you already have an office in every telegraph section.")
        hub = self.new_hub(seat, action, colour)
        least, own = self.main_min(hub, True), self.need(hub)
        if action == "station" and least:  # its price before any bonus pays part of it
            least = min(self.city_cost(c) for c in self.station_candidates(seat))
        if own < least:  # 'Résolution des effets': its bonuses would pay part of it
            return tr("{action} costs at least ${least} now, ${own} once its bonuses are taken "
                      "first; {means}.", action=ACTION[action], least=cash(least), own=cash(own),
                      means=self.means(seat))
        return tr("{action} costs at least ${least} now; {means}.", action=ACTION[action],
                  least=cash(least), means=self.means(seat))

    def refuse_city(self, seat: int, f: Frame, typed: str) -> str:
        """A station that cannot be built."""
        city = find_in(city_words(), typed)
        hub = f["kind"] == "hub" and f["action"] == "station" and not f["main"]
        if f["kind"] == "hub" and f["action"] == "station" and f["main"]:
            return tr("you already built your station this turn.")
        if not hub and f["kind"] != "city":
            return self.not_now(f, "station")
        if city is None:
            names = [c.name for c in self.data.cities.values()]
            last = typed.split()[-1] if typed.split() else typed
            near = closest_name(" ".join(w for w in typed.split() if w not in (
                "build", "station", "gare", "in", "on", "a")), names) or closest_name(last, names)
            if near:
                return tr("no city has that name; did you mean {city}?", city=near)
            return tr("no city has that name; the cities are {cities}.",
                      cities=", ".join(names))
        name = self.data.cities[city].name
        if city in self.p(seat)["stations"]:
            return tr("you already have a station in {city}.", city=name)
        if f["kind"] == "city" and f["first_only"] and self.state["stations"][city]:
            return tr("the First Station of {city} is taken.", city=name)
        if f["kind"] == "city" and f["cities"] and city not in f["cities"]:
            allowed = " or ".join(self.data.cities[c].name for c in f["cities"])
            return tr("this bonus puts the building in {cities} only.", cities=or_listed(
                [self.data.cities[c].name for c in f["cities"]])) if len(f["cities"]) <= 2 \
                else tr("this bonus puts the building in {cities} only.", cities=allowed)
        if city not in self.connected(seat):
            reach = ", ".join(self.data.cities[c].name for c in self.connected(seat))
            return tr("{city} is not connected to your network (your rails reach {reach}).",
                      city=name, reach=reach)
        if hub and self.station_need(f, city, True) < self.city_cost(city):
            return tr("a station in {city} costs ${cost}, ${need} once its 1st station bonus "
                      "is taken first; {means}.", city=name, cost=cash(self.city_cost(city)),
                      need=self.station_need(f, city, True), means=self.means(seat))
        return tr("a station in {city} costs ${cost}; {means}.", city=name,
                  cost=cash(self.city_cost(city)), means=self.means(seat))

    def refuse_rail(self, seat: int, f: Frame, typed: str) -> str:
        """A rail that cannot be placed there, or not now."""
        space = find_in(space_words(), typed)
        hub = f["kind"] == "hub" and f["action"] == "railroad" and not f["main"]
        if f["kind"] == "hub" and f["action"] == "railroad" and f["main"]:
            return tr("you already placed the rails of this action.")
        if not hub and f["kind"] != "rail":
            return self.not_now(f, "railroad")
        if space is None:
            # "washington chicago 3": a route named with a number it does not have
            route = find_in(route_words(), typed) or find_in(route_words(),
                                                             typed.rsplit(" ", 1)[0])
            if route is None:
                named = [space_name(self.data, s) for s in self.data.spaces]
                said = " ".join(w for w in typed.split() if w not in ("rail", "on", "the"))
                near = closest_name(said, named)
                if near:
                    return tr("no rail space has that name; did you mean `{space}`?", space=near)
                return tr("name a rail space as the map shows it, e.g. `Washington–Chicago 1`.")
            open_here = [s for s in self.data.routes[route].spaces
                         if s in self.net.available(self.p(seat)["rails"])]
            if not open_here:
                return tr("no space of {route} is linked to your network.",
                          route=route_name(self.data, route))
            spaces = or_listed([f"`{space_name(self.data, s)}`" for s in open_here]) \
                if len(open_here) <= 2 else " or ".join(f"`{space_name(self.data, s)}`"
                                                         for s in open_here)
            return tr("say which space of {route}: {spaces}.",
                      route=route_name(self.data, route), spaces=spaces)
        name = space_name(self.data, space)
        route = self.data.spaces[space].route
        if f.get("route") not in (None, route):
            return tr("you are looking at {route}: go back first.",
                      route=route_name(self.data, f["route"]))
        if any(a.startswith("route ") for a in self.legal(seat)):
            return tr("choose the route first: `{route}`.", route=route_name(self.data, route))
        if space in self.p(seat)["rails"]:
            return tr("you already have a rail on {space}.", space=name)
        if space not in self.net.available(self.p(seat)["rails"]):
            return tr("{space} is not linked to your network: a new rail must touch a city you "
                      "reach or one of your rails.", space=name)
        tri = self.triangles()[space]
        if hub:
            base, per = self.rail_prices(f["discount"])
            cost = (0 if f["placed"] else base) + per * tri
            left = f["need"] - len(f["placed"]) - 1
            if self.afford(seat, cost) and left:
                return tr("after a rail on {space} (${cost}) you could not pay your last rail; "
                          "{means}.", space=name, cost=cash(cost), means=self.means(seat))
        else:
            cost = f["base"] + f["per"] * tri
        return tr("a rail on {space} costs ${cost}; {means}.", space=name, cost=cash(cost),
                  means=self.means(seat))

    def refuse_office(self, seat: int, f: Frame, words: list[str]) -> str:
        """A telegraph office that cannot be built."""
        hub = f["kind"] == "hub" and f["action"] == "telegraph" and not f["main"]
        if f["kind"] == "hub" and f["action"] == "telegraph" and f["main"]:
            return tr("you already built your office this turn.")
        if not hub and f["kind"] != "office":
            return self.not_now(f, "telegraph")
        number = next((int(w) for w in words if w.isdigit()), None)
        if number not in self.data.sections:
            return tr("the telegraph line has sections 1 to {last}.", last=len(self.data.sections))
        if number in self.p(seat)["offices"]:
            return tr("you already have an office in section {section}.", section=number)
        if f["kind"] == "office" and f["market_only"] and not self.data.sections[number].market:
            return tr("this bonus only goes to a section with a market icon.")
        return tr("the First Office of section {section} is taken.", section=number)

    def refuse_owed(self, seat: int, what: str) -> str:
        """Below 4 workers: the market that gives one back must be accepted; `what` the seat
        must do then ('keep' the shares, 'accept' it, accept it 'first')."""
        back = self.giving_back(seat)
        market = THE_SIDE[back[0]] if len(back) == 1 else msg("the top or bottom market")
        blanks = {"have": self.available(seat), "least": self.k("min_available_workers"),
                  "market": market}
        if what == "keep":
            return tr("you have {have} available workers and must end your turn with {least}: "
                      "{market} gives one back, so keep the shares it costs (or hire a "
                      "worker).", **blanks)
        if what == "first":
            return tr("you have {have} available workers and must end your turn with {least}: "
                      "{market} gives one back, so accept it first (or hire a worker).",
                      **blanks)
        return tr("you have {have} available workers and must end your turn with {least}: "
                  "{market} gives one back, so accept it (or hire a worker).", **blanks)

    def refuse_promote(self, seat: int, colour: str | None) -> str | None:
        """A promotion that cannot be made."""
        least = self.k("min_available_workers")
        if not self.can_lose_worker(seat) and self.any_order():
            return tr("you must end your turn with {least} available workers; you have {have} "
                      "and no market of this turn gives one back.", least=cash(least),
                      have=self.available(seat))
        if not self.can_lose_worker(seat):
            return tr("you must keep {least} available workers; you have {have}.", least=least,
                      have=self.available(seat))
        if colour is not None and colour not in {c for _, c in self.sources(seat)}:
            return tr("you have no {worker} in stock or on your player board.",
                      worker=WORKER[colour])
        if colour is not None:
            return tr("none of your milestones has a free manager slot for {worker}.",
                      worker=A_WORKER[colour])
        return None

    def stock_words(self, seat: int) -> str:
        """'2 white, 1 orange', or 'none'."""
        stock = self.p(seat)["stock"]
        return str(commas([stock_count(c, n) for c, n in stock.items() if n])) or tr("none")

    def private_lines(self, seat: int) -> list[str]:
        """The seat's money, workers, trains and milestones, and the milestones it drew."""
        p, data = self.p(seat), self.data
        placed = str(commas([filled(ON_ACTION[c], action=ACTION[a])
                             for a, c in p["board"]])) or tr("none")
        trains = str(commas([TRAIN_FACE[(data.trains[t["id"]].type, bool(t["up"]))]
                             for t in p["trains"]])) or tr("none")
        lines = [trn("Money: ${money} and {n} share (${funds} in all, shares sell for "
                     "${value}).", "Money: ${money} and {n} shares (${funds} in all, shares "
                     "sell for ${value}).", int(p["shares"]), money=cash(int(p["money"])),
                     funds=cash(self.funds(seat)), value=cash(self.k("share_sale_value"))),
                 tr("Workers in stock: {stock}; on actions: {placed}.",
                    stock=self.stock_words(seat), placed=placed),
                 tr("Your trains: {trains}.", trains=trains)]
        for entry in p["milestones"]:
            m = self.milestone(entry["id"])
            conds = commas([msg("{condition} ({have}/{need})", condition=condition_words(c),
                                have=self.condition_count(seat, c), need=int(c["min"]))
                            for c in m.conditions])
            have: list[Msg | str] = [COLOUR[c] for c in entry["managers"] if c]
            managers = msg("managers {colours}", colours=commas(have)) if have else \
                msg("no manager yet")
            lines.append(tr("Milestone {milestone}: {conditions}; needs {needed} ({managers}).",
                            milestone=milestone_name(m), conditions=conds,
                            needed=managers_words(m), managers=managers))
        f = self.top()
        if f is not None and f["kind"] == "pick" and f["seat"] == seat:
            drawn = semicolons([msg("{milestone}: {conditions}, {managers}",
                                    milestone=milestone_name(self.milestone(mid)),
                                    conditions=conditions_words(self.milestone(mid)),
                                    managers=managers_words(self.milestone(mid)))
                                for mid in f["offer"]])
            lines.append(tr("You drew, keep one: {drawn}.", drawn=drawn))
        return lines


def stock_count(colour: str, n: int) -> Msg:
    """'2 white' (workers of a colour in stock)."""
    if colour == "white":
        return msgn("{n} white", "{n} white", n)
    if colour == "purple":
        return msgn("{n} purple", "{n} purple", n)
    if colour == "orange":
        return msgn("{n} orange", "{n} orange", n)
    if colour == "grey":
        return msgn("{n} grey", "{n} grey", n)
    return msgn("{n} turquoise", "{n} turquoise", n)
