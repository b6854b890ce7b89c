"""Why a typed Steel Driver move is refused: what the player has, and what the move needs."""

from __future__ import annotations

from rules.core.reading import closest_name
from rules.core.text import echo, normalize, plural
from rules.steel_driver.words import FULL_NAMES, Words, cubes, listed

FILLER = {"to", "from", "and"}  # "build Denver to Omaha" names the same link as "Denver Omaha"


class Refusals(Words):
    """The `refusal` hook: one short reason for each near miss."""

    def refusal(self, seat: int, typed: str) -> str | None:
        """The reason `typed` names no legal action now, or None to suggest spellings."""
        words = typed.split()
        if not words:
            return None
        phase = self.state["phase"]
        if phase == "auction":
            return self._auction_refusal(seat, words)
        if phase == "build":
            return self._build_refusal(words)
        if phase == "final":
            return self._take_refusal(words)
        return None

    # -- names ---------------------------------------------------------------------------------
    def _find_city(self, words: list[str], exact: bool = False) -> str | None:
        """The city those words name: its full name, or the unique city they start."""
        text = " ".join(words)
        names = {normalize(name): name for name in self.board.cities}
        if text in names:
            return names[text]
        if exact or len(text) < 3:  # "bo" is B&O, not the start of Boston
            return None
        found = [name for said, name in names.items() if said.startswith(text)]
        return found[0] if len(found) == 1 else None

    def _find_cities(self, words: list[str]) -> tuple[list[str], str]:
        """The one or two cities named, and the first words that name no city ("" if none)."""
        words = [w for w in words if w not in FILLER]
        # Whole names before shortened ones: "st louis" is one city, not "St. Louis Louisville".
        for exact in (True, False):
            whole = self._find_city(words, exact)
            if whole:
                return [whole], ""
            for i in range(1, len(words)):
                a, b = self._find_city(words[:i], exact), self._find_city(words[i:], exact)
                if a and b:
                    return [a, b], ""
        for i in range(len(words) - 1, 0, -1):
            first = self._find_city(words[:i])
            if not first:
                continue
            for j in range(len(words) - 1, i, -1):  # a second city, then words that are none
                second = self._find_city(words[i:j])
                if second:
                    return [first, second], " ".join(words[j:])
            return [first], " ".join(words[i:])
        return [], " ".join(words)

    def _find_company(self, words: list[str]) -> str | None:
        """The company id those words name (short name, id or full name)."""
        text = " ".join(words)
        for c in self.board.companies:
            if text in (c.id, normalize(c.name), *map(normalize, FULL_NAMES.get(c.id, ()))):
                return c.id
        return None

    def _unknown(self, text: str, what: str) -> str:
        """"there is no city called `x` on the map", with the nearest name when one is close."""
        names = list(self.board.cities) if what == "city" else [
            c.name for c in self.board.companies]
        near = closest_name(text, names)
        hint = f" (did you mean {near}?)" if near else ""
        return f"there is no {what} called `{echo(text, 30)}`{hint}"

    # -- phase 2 -------------------------------------------------------------------------------
    def _auction_refusal(self, seat: int, words: list[str]) -> str | None:
        """Bids above the cubes held or not above the lead, sold companies, steps out of order."""
        s = self.state
        a = s["auction"]
        verb, rest = words[0], words[1:]
        have = s["players"][seat]["cubes"]
        if verb == "bid" or (verb.isdigit() and len(words) == 1) or verb == "minus":
            amount = _amount(rest if verb == "bid" else words)
            if a is None:
                return "no auction is running: put a company up for auction first, or pass."
            if amount is None:
                return f"say how many cubes you bid, for example `bid {a['high_bid'] + 1}`."
            if amount < 1:
                return "a bid is at least 1 cube."
            if amount > have:
                return f"you have {cubes(have)}; a bid of {amount} needs {amount}."
            if a["high_bidder"] is not None and amount <= a["high_bid"]:
                lead = self.players[a["high_bidder"]]
                return (f"{lead} leads with {a['high_bid']}; bid at least "
                        f"{a['high_bid'] + 1} (you have {have}) or pass.")
            return None
        if verb == "pass" and a is not None and a["high_bidder"] is None:
            return (f"you put {self._name(a['company'])} up for auction, so you make the "
                    f"first bid: {_range(have)}.")
        if verb == "build":
            return "building comes after the auctions, once every company is sold or all pass."
        if verb == "take":
            return "goods cubes are taken only in the final phase, after round 5."
        opening = verb in ("auction", "open")
        cid = self._find_company(rest if opening else words)
        if a is not None and (opening or cid is not None):
            return f"the {self._name(a['company'])} auction is still running: bid or pass."
        if cid is None:
            if not opening:
                return None
            names = listed([c.name for c in self.board.companies], 6)
            if not rest:
                return f"say which company to put up for auction: {names}."
            return f"{self._unknown(' '.join(rest), 'company')}; the companies are {names}."
        co = self._name(cid)
        company = s["companies"][cid]
        if company["controller"] is not None:
            return (f"{co} is already sold this round: {self.players[company['controller']]} "
                    "controls it.")
        if company["shares_left"] <= 0:
            return f"every {co} share is sold."
        if have < 1:
            return "you have no cubes left to bid with."
        return None

    # -- phase 3 -------------------------------------------------------------------------------
    def _build_refusal(self, words: list[str]) -> str | None:
        """Links not on the map, taken, too dear or out of reach; moves of another phase."""
        s = self.state
        cid = self._acting_company()
        co = self._name(cid)
        company = s["companies"][cid]
        verb = words[0]
        if verb in ("bid", "auction"):
            return f"the auctions of round {s['round']} are over; now {co} builds a link."
        if verb == "take":
            return "goods cubes are taken only in the final phase, after round 5."
        if verb == "pass":
            count = len(self.legal(int(company["controller"])))
            return (f"{co} must build while it can: with {cubes(company['cubes'])} it can "
                    f"afford {plural(count, 'link')}.")
        found, unknown = self._find_cities(words[1:] if verb in ("build", "connect") else words)
        if unknown and (found or verb in ("build", "connect")):
            return f"{self._unknown(unknown, 'city')} on the map."
        if len(found) == 1:
            return self._one_city_refusal(cid, found[0])
        if len(found) == 2:
            return self._link_refusal(cid, found[0], found[1])
        return None

    def _one_city_refusal(self, cid: str, city: str) -> str:
        """A single city named: why no link from it can be built."""
        company = self.state["companies"][cid]
        co = self._name(cid)
        if not company["network"] and not self.board.cities[city].hex_start:
            return self._first_build(cid)
        if company["network"] and city not in company["network"]:
            return self._out_of_reach(cid, [city])
        return (f"every link from {city} is taken or costs more than the "
                f"{cubes(company['cubes'])} {co} has.")

    def _link_refusal(self, cid: str, a: str, b: str) -> str | None:
        """Two cities named: why their link cannot be built by this company now."""
        s = self.state
        company = s["companies"][cid]
        co = self._name(cid)
        if a == b:
            return f"a link joins two different cities; {a} was named twice."
        link = next((lk for lk in self.board.links_at(a) if lk.other(a) == b), None)
        if link is None:
            ends = listed(sorted(lk.other(a) for lk in self.board.links_at(a)), 6)
            return f"no link joins {a} and {b} on the map; from {a} links go to {ends}."
        owner = s["links"][link.id]
        if owner is not None:
            return (f"{a}–{b} already carries {self._name(owner)}'s rail; "
                    "a link holds one company's rail.")
        if link.cost > company["cubes"]:
            return f"{a}–{b} costs {cubes(link.cost)}; {co} has {company['cubes']}."
        if not company["network"]:
            if not (self.board.cities[a].hex_start or self.board.cities[b].hex_start):
                return self._first_build(cid)
        elif a not in company["network"] and b not in company["network"]:
            return self._out_of_reach(cid, [a, b])
        return None

    def _first_build(self, cid: str) -> str:
        """The first rail of a company starts at a hexagon."""
        starts = sorted(c.name for c in self.board.cities.values() if c.hex_start)
        return (f"{self._name(cid)} has no track yet: its first link starts at a start "
                f"city (hexagon): {listed(starts, 6)}.")

    def _out_of_reach(self, cid: str, cities: list[str]) -> str:
        """A link or city the company's rails do not reach."""
        network = list(self.state["companies"][cid]["network"])
        named = " or ".join(cities)
        return (f"{self._name(cid)}'s rails don't reach {named}; build from a city on its "
                f"line: {listed(network, 5)}.")

    # -- phase 6 -------------------------------------------------------------------------------
    def _take_refusal(self, words: list[str]) -> str | None:
        """Cubes already taken, cities without rail or out of the company's reach."""
        s = self.state
        cid = self._acting_company()
        co = self._name(cid)
        verb = words[0]
        if verb in ("bid", "auction", "build"):
            return "the five rounds are over: companies now take goods cubes in turn."
        reach = sorted(c for c in s["companies"][cid]["network"] if c in s["goods"])
        if verb == "pass":
            return f"{co} must take a cube while one is in reach: {listed(reach, 5)}."
        found, unknown = self._find_cities(words[1:] if verb == "take" else words)
        if unknown and (found or verb == "take"):
            return f"{self._unknown(unknown, 'city')} on the map."
        if len(found) != 1:
            return None
        city = found[0]
        if city not in s["goods"]:
            railed = any(o is not None for lk in self.board.links_at(city)
                         for o in [s["links"][lk.id]])
            if railed:
                return f"{city}'s goods cube was already taken."
            return f"{city} has no goods cube: no rail reaches it."
        return f"{co}'s rails don't reach {city}; it can take from {listed(reach, 5)}."


def _amount(words: list[str]) -> int | None:
    """The number of a bid ("9", "minus 1", "9 cubes"), or None."""
    words = [w for w in words if w not in ("cube", "cubes")]
    if any(len(w) > 9 for w in words):
        return None  # no bid has that many digits (and Python won't read past 4,300)
    if len(words) == 1 and words[0].isdigit():
        return int(words[0])
    if len(words) == 2 and words[0] == "minus" and words[1].isdigit():
        return -int(words[1])
    return None


def _range(have: int) -> str:
    """"1 to 8 cubes", or "1 cube" for a player down to one."""
    return f"1 to {have} cubes" if have > 1 else "1 cube"
