"""Why a typed move is refused (with what the player has and needs), and the private panel."""

from __future__ import annotations

from rules.core.reading import closest_name
from rules.railroad_revolution.base import Frame, plural
from rules.railroad_revolution.data import ACTIONS, COLOURS, STACKS
from rules.railroad_revolution.names import (
    city_words,
    condition_words,
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
            return f"you have ${p['money']} and no shares"
        return f"you have ${p['money']} and {plural(shares, 'share')} (${self.funds(seat)} in all)"

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
                return "you have no share left to sell."
            return None if self.may_sell_share(seat) else self.refuse_owed(seat, "keep the "
                                                                           "shares it costs")
        if verb == "pass" and f["kind"] == "market" and self.giving_back(seat) \
                and f["active"] and not f["private"]:
            return self.refuse_owed(seat, "accept it")
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
            return "no market is open now."
        if verb == "accept" and words[1:2] in (["top"], ["bottom"]) and f["active"] \
                and self.giving_back(seat) and words[1] not in self.giving_back(seat):
            return self.refuse_owed(seat, "accept it first")
        if verb == "accept" and words[1:2] in (["top"], ["bottom"]):
            m = self.side(words[1])
            return f"the {words[1]} market costs {plural(m.shares, 'share')}" + (
                f" and ${m.money}" if m.money else "") + f"; {self.means(seat)}."
        if verb == "promote" and f["kind"] not in ("promote", "hub"):
            return f"you cannot promote now: first {self.describe(f)}."
        if verb == "promote":
            return self.refuse_promote(seat, colour)
        if verb == "take" and f["kind"] == "take":
            empty = [s for s in STACKS if not self.state["train_stacks"][s]]
            return f"the {' and '.join(empty)} train stack is empty." if empty else None
        if verb == "flip" and not self.p(seat)["trains"]:
            return "you have no train to flip."
        if verb == "flip" and f["kind"] == "flip" and self.reserve(seat) > self.funds(seat):
            return f"your station still needs ${self.reserve(seat)} and {self.means(seat)}: " \
                   "flip a face-up train whose bonus gives money or shares."
        return self.refuse_step(f, verb)

    def refuse_step(self, f: Frame, verb: str) -> str | None:
        """A verb of another step: say what comes first."""
        steps = {"advance": "advance", "keep": "pick", "flip": "flip", "take": "take",
                 "gain": "gain", "give": "exchange", "get": "exchange", "choose": "setup",
                 "discard": "discard"}
        if any(a.split(" ")[0] == verb for a in self.core_options(f)):
            return None  # the step is now: the core names the closest spellings
        if verb in steps and f["kind"] != steps[verb]:
            return f"that step is not now: first {self.describe(f)}."
        return None

    def not_now(self, f: Frame, action: str) -> str:
        """A move of an action that is not the step now."""
        if f["kind"] == "place":
            return f"place a worker on {action} first."
        return f"that is not the step now: first {self.describe(f)}."

    def refuse_hire(self, seat: int, f: Frame, colour: str | None) -> str | None:
        """A worker that cannot be hired."""
        if f["kind"] == "hire":
            if colour is not None and not self.state["supply"][colour]:
                return f"the supply has no {colour} worker left."
            return None
        if "hire" in self.legal(seat):
            return None
        if not self.supply_colours():
            return "the supply has no worker left to hire."
        cost = self.k("hire_worker_cost")
        if self.afford(seat, cost):
            return f"hiring costs ${cost} and your action still needs ${self.reserve(seat)}; " \
                   f"{self.means(seat)}."
        return f"hiring costs ${cost}; {self.means(seat)}."

    def refuse_place(self, seat: int, f: Frame, action: str, colour: str) -> str | None:
        """A worker placement that cannot be made."""
        if f["kind"] == "place" and f"{action} {colour}" in self.legal(seat):
            return None  # it can be made: the words were off (a misspelt colour), not the move
        if f["kind"] != "place":
            return f"you already placed a worker this turn: {self.describe(f)}."
        stock = self.p(seat)["stock"]
        if not stock[colour]:
            have = ", ".join(f"{n} {c}" for c, n in stock.items() if n) or "none"
            return f"you have no {colour} worker in stock (your stock: {have})."
        if action in ("station", "telegraph") and not self.pieces(seat, "building"):
            return "you have no building left on your player board."
        if action == "railroad" and not self.pieces(seat, "rail"):
            return "you have no rail left on your player board."
        if action == "station" and not self.station_candidates(seat):
            return "every city your rails reach already has one of your stations."
        if action == "telegraph" and not self.open_sections(seat):
            return "you already have an office in every telegraph section."
        hub = self.new_hub(seat, action, colour)
        least, own = self.main_min(hub, True), self.need(hub)
        if action == "station" and least:  # its price before any bonus pays part of it
            least = min(self.city_cost(c) for c in self.station_candidates(seat))
        if own < least:  # 'Résolution des effets': its bonuses would pay part of it
            return f"{action.capitalize()} costs at least ${least} now, ${own} once its " \
                   f"bonuses are taken first; {self.means(seat)}."
        return f"{action.capitalize()} costs at least ${least} now; {self.means(seat)}."

    def refuse_city(self, seat: int, f: Frame, typed: str) -> str:
        """A station that cannot be built."""
        city = find_in(city_words(), typed)
        hub = f["kind"] == "hub" and f["action"] == "station" and not f["main"]
        if f["kind"] == "hub" and f["action"] == "station" and f["main"]:
            return "you already built your station this turn."
        if not hub and f["kind"] != "city":
            return self.not_now(f, "Station")
        if city is None:
            names = [c.name for c in self.data.cities.values()]
            last = typed.split()[-1] if typed.split() else typed
            near = closest_name(" ".join(w for w in typed.split() if w not in (
                "build", "station", "gare", "in", "on", "a")), names) or closest_name(last, names)
            if near:
                return f"no city has that name; did you mean {near}?"
            return f"no city has that name; the cities are {', '.join(names)}."
        name = self.data.cities[city].name
        if city in self.p(seat)["stations"]:
            return f"you already have a station in {name}."
        if f["kind"] == "city" and f["first_only"] and self.state["stations"][city]:
            return f"the First Station of {name} is taken."
        if f["kind"] == "city" and f["cities"] and city not in f["cities"]:
            allowed = " or ".join(self.data.cities[c].name for c in f["cities"])
            return f"this bonus puts the building in {allowed} only."
        if city not in self.connected(seat):
            reach = ", ".join(self.data.cities[c].name for c in self.connected(seat))
            return f"{name} is not connected to your network (your rails reach {reach})."
        if hub and self.station_need(f, city, True) < self.city_cost(city):
            return f"a station in {name} costs ${self.city_cost(city)}, " \
                   f"${self.station_need(f, city, True)} once its 1st station bonus is taken " \
                   f"first; {self.means(seat)}."
        return f"a station in {name} costs ${self.city_cost(city)}; {self.means(seat)}."

    def refuse_rail(self, seat: int, f: Frame, typed: str) -> str:
        """A rail that cannot be placed there, or not now."""
        space = find_in(space_words(), typed)
        hub = f["kind"] == "hub" and f["action"] == "railroad" and not f["main"]
        if f["kind"] == "hub" and f["action"] == "railroad" and f["main"]:
            return "you already placed the rails of this action."
        if not hub and f["kind"] != "rail":
            return self.not_now(f, "Railroad")
        if space is None:
            # "washington chicago 3": a route named with a number it does not have
            route = find_in(route_words(), typed) or find_in(route_words(),
                                                             typed.rsplit(" ", 1)[0])
            if route is None:
                named = [space_name(self.data, s) for s in self.data.spaces]
                said = " ".join(w for w in typed.split() if w not in ("rail", "on", "the"))
                near = closest_name(said, named)
                if near:
                    return f"no rail space has that name; did you mean `{near}`?"
                return "name a rail space as the map shows it, e.g. `Washington–Chicago 1`."
            open_here = [s for s in self.data.routes[route].spaces
                         if s in self.net.available(self.p(seat)["rails"])]
            if not open_here:
                return f"no space of {route_name(self.data, route)} is linked to your network."
            spaces = " or ".join(f"`{space_name(self.data, s)}`" for s in open_here)
            return f"say which space of {route_name(self.data, route)}: {spaces}."
        name = space_name(self.data, space)
        route = self.data.spaces[space].route
        if f.get("route") not in (None, route):
            return f"you are looking at {route_name(self.data, f['route'])}: go back first."
        if any(a.startswith("route ") for a in self.legal(seat)):
            return f"choose the route first: `{route_name(self.data, route)}`."
        if space in self.p(seat)["rails"]:
            return f"you already have a rail on {name}."
        if space not in self.net.available(self.p(seat)["rails"]):
            return f"{name} is not linked to your network: a new rail must touch a city you " \
                   "reach or one of your rails."
        tri = self.triangles()[space]
        if hub:
            base, per = self.rail_prices(f["discount"])
            cost = (0 if f["placed"] else base) + per * tri
            left = f["need"] - len(f["placed"]) - 1
            if self.afford(seat, cost) and left:
                return f"after a rail on {name} (${cost}) you could not pay your last rail; " \
                       f"{self.means(seat)}."
        else:
            cost = f["base"] + f["per"] * tri
        return f"a rail on {name} costs ${cost}; {self.means(seat)}."

    def refuse_office(self, seat: int, f: Frame, words: list[str]) -> str:
        """A telegraph office that cannot be built."""
        hub = f["kind"] == "hub" and f["action"] == "telegraph" and not f["main"]
        if f["kind"] == "hub" and f["action"] == "telegraph" and f["main"]:
            return "you already built your office this turn."
        if not hub and f["kind"] != "office":
            return self.not_now(f, "Telegraph")
        number = next((int(w) for w in words if w.isdigit()), None)
        if number not in self.data.sections:
            return f"the telegraph line has sections 1 to {len(self.data.sections)}."
        if number in self.p(seat)["offices"]:
            return f"you already have an office in section {number}."
        if f["kind"] == "office" and f["market_only"] and not self.data.sections[number].market:
            return "this bonus only goes to a section with a market icon."
        return f"the First Office of section {number} is taken."

    def refuse_owed(self, seat: int, what: str) -> str:
        """Below 4 workers: the market that gives one back must be accepted."""
        back = " or ".join(self.giving_back(seat))
        return f"you have {self.available(seat)} available workers and must end your turn " \
               f"with {self.k('min_available_workers')}: the {back} market gives one back, so " \
               f"{what} (or hire a worker)."

    def refuse_promote(self, seat: int, colour: str | None) -> str | None:
        """A promotion that cannot be made."""
        least = self.k("min_available_workers")
        if not self.can_lose_worker(seat) and self.any_order():
            return f"you must end your turn with {least} available workers; you have " \
                   f"{self.available(seat)} and no market of this turn gives one back."
        if not self.can_lose_worker(seat):
            return f"you must keep {least} available workers; you have {self.available(seat)}."
        if colour is not None and colour not in {c for _, c in self.sources(seat)}:
            return f"you have no {colour} worker in stock or on your player board."
        if colour is not None:
            return f"none of your milestones has a free manager slot for a {colour} worker."
        return None

    def private_lines(self, seat: int) -> list[str]:
        """The seat's money, workers, trains and milestones, and the milestones it drew."""
        p, data = self.p(seat), self.data
        stock = ", ".join(f"{n} {c}" for c, n in p["stock"].items() if n) or "none"
        placed = ", ".join(f"{c} on {a.capitalize()}" for a, c in p["board"]) or "none"
        trains = ", ".join(f"{data.trains[t['id']].type} ({'face up' if t['up'] else 'face down'})"
                           for t in p["trains"]) or "none"
        lines = [f"Money: ${p['money']} and {plural(p['shares'], 'share')} "
                 f"(${self.funds(seat)} in all, shares sell for ${self.k('share_sale_value')}).",
                 f"Workers in stock: {stock}; on actions: {placed}.",
                 f"Your trains: {trains}."]
        for entry in p["milestones"]:
            m = self.milestone(entry["id"])
            conds = ", ".join(f"{condition_words(c)} ({self.condition_count(seat, c)}/{c['min']})"
                              for c in m.conditions)
            have = [c for c in entry["managers"] if c]
            managers = f"managers {', '.join(have)}" if have else "no manager yet"
            lines.append(f"Milestone {milestone_name(m)}: {conds}; needs {managers_words(m)} "
                         f"({managers}).")
        f = self.top()
        if f is not None and f["kind"] == "pick" and f["seat"] == seat:
            drawn = "; ".join(f"{milestone_name(self.milestone(mid))}: " + " & ".join(
                condition_words(c) for c in self.milestone(mid).conditions)
                + f", {managers_words(self.milestone(mid))}" for mid in f["offer"])
            lines.append(f"You drew, keep one: {drawn}.")
        return lines
