"""Why a typed Steel Driver move is refused: what the player has, and what the move needs."""

from __future__ import annotations

from rules.core.lang import ENGLISH, language, tr, trn
from rules.core.reading import closest_name
from rules.core.text import echo, normalize
from rules.steel_driver.said import cubes, listed
from rules.steel_driver.words import FULL_NAMES, Words

FILLER = {"to", "from", "and"}  # "build Denver to Omaha" names the same link as "Denver Omaha"
# Spoken in French: the verbs a French player types (accents folded), and their small words.
FRENCH_VERBS = {"miser": "bid", "passer": "pass", "construire": "build", "prendre": "take",
                "encheres": "auction"}
FRENCH_FILLER = {"a", "de", "depuis", "vers", "et", "le", "cube"}


class Refusals(Words):
    """The `refusal` hook: one short reason for each near miss."""

    def refusal(self, seat: int, typed: str) -> str | None:
        """The reason `typed` names no legal action now, or None to suggest spellings."""
        words = typed.split()
        if words and language() != ENGLISH:
            words[0] = FRENCH_VERBS.get(words[0], words[0])
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
        filler = FILLER if language() == ENGLISH else FILLER | FRENCH_FILLER
        words = [w for w in words if w not in filler]
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
        typed = echo(text, 30)
        if what == "city":
            if near:
                return tr("there is no city called `{typed}` (did you mean {name}?)",
                          typed=typed, name=near)
            return tr("there is no city called `{typed}`", typed=typed)
        if near:
            return tr("there is no company called `{typed}` (did you mean {name}?)",
                      typed=typed, name=near)
        return tr("there is no company called `{typed}`", typed=typed)

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
                return tr("no auction is running: put a company up for auction first, or pass.")
            if amount is None:
                return tr("say how many cubes you bid, for example `bid {bid}`.",
                          bid=a["high_bid"] + 1)
            if amount < 1:
                return tr("a bid is at least 1 cube.")
            if amount > have:
                return tr("you have {cubes}; a bid of {bid} needs {bid}.", cubes=cubes(have),
                          bid=amount)
            if a["high_bidder"] is not None and amount <= a["high_bid"]:
                lead = self.players[a["high_bidder"]]
                return tr("{player} leads with {bid}; bid at least {least} (you have {n}) or pass.",
                          player=lead, bid=a["high_bid"], least=a["high_bid"] + 1, n=have)
            return None
        if verb == "pass" and a is not None and a["high_bidder"] is None:
            if have > 1:
                return tr("you put {company} up for auction, so you make the first bid: 1 to {n} "
                          "cubes.", company=self._name(a["company"]), n=have)
            return tr("you put {company} up for auction, so you make the first bid: 1 cube.",
                      company=self._name(a["company"]))
        if verb == "build":
            return tr("building comes after the auctions, once every company is sold or all "
                      "pass.")
        if verb == "take":
            return tr("goods cubes are taken only in the final phase, after round {round}.",
                      round=self.board.rounds)
        opening = verb in ("auction", "open")
        cid = self._find_company(rest if opening else words)
        if a is not None and (opening or cid is not None):
            return tr("the {company} auction is still running: bid or pass.",
                      company=self._name(a["company"]))
        if cid is None:
            if not opening:
                return None
            names = listed([c.name for c in self.board.companies], 6)
            if not rest:
                return tr("say which company to put up for auction: {companies}.",
                          companies=names)
            return tr("{reason}; the companies are {companies}.",
                      reason=self._unknown(" ".join(rest), "company"), companies=names)
        co = self._name(cid)
        company = s["companies"][cid]
        if company["controller"] is not None:
            return tr("{company} is already sold this round: {player} controls it.", company=co,
                      player=self.players[company["controller"]])
        if company["shares_left"] <= 0:
            return tr("every {company} share is sold.", company=co)
        if have < 1:
            return tr("you have no cubes left to bid with.")
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
            return tr("the auctions of round {round} are over; now {company} builds a link.",
                      round=s["round"], company=co)
        if verb == "take":
            return tr("goods cubes are taken only in the final phase, after round {round}.",
                      round=self.board.rounds)
        if verb == "pass":
            count = len(self.legal(int(company["controller"])))
            return trn("{company} must build while it can: with {cubes} it can afford {n} link.",
                       "{company} must build while it can: with {cubes} it can afford {n} links.",
                       count, company=co, cubes=cubes(company["cubes"]))
        found, unknown = self._find_cities(words[1:] if verb in ("build", "connect") else words)
        if unknown and (found or verb in ("build", "connect")):
            return tr("{reason} on the map.", reason=self._unknown(unknown, "city"))
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
        return tr("every link from {city} is taken or costs more than the {cubes} {company} has.",
                  city=city, cubes=cubes(company["cubes"]), company=co)

    def _link_refusal(self, cid: str, a: str, b: str) -> str | None:
        """Two cities named: why their link cannot be built by this company now."""
        s = self.state
        company = s["companies"][cid]
        co = self._name(cid)
        if a == b:
            return tr("a link joins two different cities; {city} was named twice.", city=a)
        link = next((lk for lk in self.board.links_at(a) if lk.other(a) == b), None)
        if link is None:
            ends = listed(sorted(lk.other(a) for lk in self.board.links_at(a)), 6)
            return tr("no link joins {a} and {b} on the map; from {a} links go to {cities}.",
                      a=a, b=b, cities=ends)
        owner = s["links"][link.id]
        if owner is not None:
            return tr("{a}–{b} already carries {company}'s rail; a link holds one company's rail.",
                      a=a, b=b, company=self._name(owner))
        if link.cost > company["cubes"]:
            return tr("{a}–{b} costs {cubes}; {company} has {n}.", a=a, b=b,
                      cubes=cubes(link.cost), company=co, n=company["cubes"])
        if not company["network"]:
            if not (self.board.cities[a].hex_start or self.board.cities[b].hex_start):
                return self._first_build(cid)
        elif a not in company["network"] and b not in company["network"]:
            return self._out_of_reach(cid, [a, b])
        return None

    def _first_build(self, cid: str) -> str:
        """The first rail of a company starts at a hexagon."""
        starts = sorted(c.name for c in self.board.cities.values() if c.hex_start)
        return tr("{company} has no track yet: its first link starts at a start city (hexagon): "
                  "{cities}.", company=self._name(cid), cities=listed(starts, 6))

    def _out_of_reach(self, cid: str, cities: list[str]) -> str:
        """A link or city the company's rails do not reach."""
        network = list(self.state["companies"][cid]["network"])
        return tr("{company}'s rails don't reach {cities}; build from a city on its line: "
                  "{line}.", company=self._name(cid), cities=listed(cities, last="or"),
                  line=listed(network, 5))

    # -- phase 6 -------------------------------------------------------------------------------
    def _take_refusal(self, words: list[str]) -> str | None:
        """Cubes already taken, cities without rail or out of the company's reach."""
        s = self.state
        cid = self._acting_company()
        co = self._name(cid)
        verb = words[0]
        if verb in ("bid", "auction", "build"):
            return tr("the five rounds are over: companies now take goods cubes in turn.")
        reach = sorted(c for c in s["companies"][cid]["network"] if c in s["goods"])
        if verb == "pass":
            return tr("{company} must take a cube while one is in reach: {cities}.", company=co,
                      cities=listed(reach, 5))
        found, unknown = self._find_cities(words[1:] if verb == "take" else words)
        if unknown and (found or verb == "take"):
            return tr("{reason} on the map.", reason=self._unknown(unknown, "city"))
        if len(found) != 1:
            return None
        city = found[0]
        if city not in s["goods"]:
            railed = any(o is not None for lk in self.board.links_at(city)
                         for o in [s["links"][lk.id]])
            if railed:
                return tr("{city}'s goods cube was already taken.", city=city)
            return tr("{city} has no goods cube: no rail reaches it.", city=city)
        return tr("{company}'s rails don't reach {city}; it can take from {cities}.", company=co,
                  city=city, cities=listed(reach, 5))


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

