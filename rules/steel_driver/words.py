"""Steel Driver in plain words: the prompt, a label per legal action and extra spellings."""

from __future__ import annotations

from rules.core.choices import Choice, clip_label
from rules.core.standing import warned
from rules.core.text import plural, slug
from rules.steel_driver.base import SteelDriverBase
from rules.steel_driver.board import final_value

# The companies' full names (our addition): the board shows the short ones, players may type
# either; the first name is the one to print.
FULL_NAMES: dict[str, tuple[str, ...]] = {
    "bo": ("Baltimore and Ohio",),
    "prr": ("Pennsylvania Railroad", "Pennsylvania"),
    "nyc": ("New York Central",),
    "up": ("Union Pacific",),
    "sp": ("Southern Pacific",),
    "atsf": ("Santa Fe", "Atchison Topeka and Santa Fe"),
}
BID_GROUP = 10  # bids shown ten at a time when a player holds many cubes


def cubes(n: int) -> str:
    """"1 cube", "3 cubes"."""
    return plural(n, "cube")


def listed(names: list[str], most: int = 4, last: str = "and") -> str:
    """"A, B and C", cut to `most` names ("A, B, C and 4 more")."""
    if len(names) > most:
        names = names[:most - 1] + [f"{len(names) - most + 1} more"]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {last} {names[-1]}"


class Words(SteelDriverBase):
    """Prompts, labels and spellings that use the names the board shows."""

    # -- helpers on the position ---------------------------------------------------------------
    def _city_slugs(self) -> dict[str, str]:
        """City slug to the name the map prints."""
        return {slug(name): name for name in self.board.cities}

    def _link_ends(self, arg: str) -> tuple[str, str] | None:
        """The two cities of a canonical build argument such as "new-york-boston"."""
        names = self._city_slugs()
        for i, ch in enumerate(arg):
            if ch == "-" and arg[:i] in names and arg[i + 1:] in names:
                return names[arg[:i]], names[arg[i + 1:]]
        return None

    def _acting_company(self) -> str:
        """The company whose turn it is in the build or final phase."""
        s = self.state
        return str(s["order"][s["turn"]])

    def _holders(self, cid: str, seat: int) -> str:
        """Who holds shares of a company, the asking seat called "you"."""
        parts = []
        for i, p in enumerate(self.state["players"]):
            n = p["shares"][cid]
            if n:
                parts.append(f"{'you' if i == seat else self.players[i]} {n}")
        return ", ".join(parts)

    def _joins_coasts(self, a: str, b: str) -> bool:
        """True when a rail on a–b would complete the first New York–San Francisco chain."""
        s = self.state
        if s["transcontinental"] is not None:
            return False
        start, end = self.board.transcontinental
        joined: dict[str, set[str]] = {}
        edges = [(self.board.links[lid].a, self.board.links[lid].b)
                 for lid, owner in s["links"].items() if owner is not None] + [(a, b)]
        for u, v in edges:  # merge connected groups of cities, a link at a time
            group = joined.get(u, {u}) | joined.get(v, {v})
            for city in group:
                joined[city] = group
        return end in joined.get(start, set())

    # -- the prompt ---------------------------------------------------------------------------
    def prompt(self, seat: int) -> str:
        """What the due seat must decide, with the names and numbers the board shows."""
        s = self.state
        name = self.players[seat]
        if s["phase"] == "auction":
            return self._auction_prompt(seat)
        cid = self._acting_company()
        company = s["companies"][cid]
        co = self._name(cid)
        if s["phase"] == "build":
            network = list(company["network"])
            if not network:
                where = "starting at a start city (hexagon)"
            elif len(network) <= 4:
                where = "from " + listed(network, last="or")
            else:  # the map rings them in the company's colour
                where = f"from one of its {len(network)} ringed cities"
            return (f"{name}: build one link for {co} {where}; it has "
                    f"{cubes(company['cubes'])} and {plural(company['rails_left'], 'rail')}.")
        value = final_value(company["goods"], self.board)
        return (f"{name}: take a goods cube for {co} from a city its rails reach "
                f"(each {co} share now pays ${value}).")

    def _auction_prompt(self, seat: int) -> str:
        """The prompt during the auctions."""
        s = self.state
        name = self.players[seat]
        have = s["players"][seat]["cubes"]
        a = s["auction"]
        if a is None:
            unsold = [c.name for c in self.board.companies
                      if s["companies"][c.id]["controller"] is None]
            return (f"{name} ({cubes(have)}): put a company up for auction "
                    f"({', '.join(unsold)}) or pass.")
        co = self._name(a["company"])
        if a["high_bidder"] is None:
            amount = f"1 to {have} cubes" if have > 1 else "1 cube, all you have"
            return f"{name}: make the opening bid for {co}, {amount}."
        lead = self.players[a["high_bidder"]]
        return (f"{name}: bid more than {a['high_bid']} for {co} ({lead} leads; "
                f"you have {have}), or pass.")

    # -- labels -------------------------------------------------------------------------------
    def choices(self, seat: int) -> list[Choice]:
        """Each legal action with its label and, for long lists, a group."""
        legal = self.legal(seat)
        bids = sum(1 for a in legal if a.startswith("bid "))
        out = []
        for action in legal:
            verb, _, arg = action.partition(" ")
            group = ""
            if verb == "build":
                ends = self._link_ends(arg)
                group = f"From {ends[0]}" if ends else ""
            elif verb == "bid" and bids > 25:
                low = (int(arg) - 1) // BID_GROUP * BID_GROUP + 1
                group = f"Bids {low}–{low + BID_GROUP - 1}"
            elif verb == "pass" and bids > 25:
                group = "Pass"
            out.append(Choice(action, clip_label(self.label(seat, action)), group))
        return out

    def label(self, seat: int, action: str) -> str:
        """One legal action in plain words: what it costs and what it gives, and at its end
        what it ends (the auctions, a round, the game)."""
        text = self.plain_label(seat, action)
        ends = [w for w in self.risks(seat, action)
                if not (w == "ends the auctions" and "auctions end" in text)]
        return warned(text, *ends)

    def plain_label(self, seat: int, action: str) -> str:
        """One legal action in plain words, without its warnings."""
        verb, _, arg = action.partition(" ")
        if verb == "auction":
            return self._auction_label(seat, arg)
        if verb == "bid" and arg.isdigit():
            return self._bid_label(seat, int(arg))
        if verb == "pass":
            return self._pass_label()
        if verb == "build":
            return self._build_label(arg)
        if verb == "take":
            return self._take_label(arg)
        return action

    def _auction_label(self, seat: int, cid: str) -> str:
        """What a company brings to whoever wins it: its track, its cubes, its shares."""
        company = self.state["companies"][cid]
        network = company["network"]
        track = f"{len(network)} cities from {network[0]}" if network else "no track yet"
        box = f"{cubes(company['cubes'])} in box" if company["cubes"] else "empty box"
        held = self._holders(cid, seat)
        # Most useful first: what the winner can spend and where, then who already holds shares.
        shares = (f"shares {held}" if held
                  else f"winner gets control + 1 of {company['shares_left']} shares")
        text = f"Auction {self._name(cid)}: {box}, {track}; {shares}"
        return text if len(text) <= 100 else f"Auction {self._name(cid)}: {box}, {track}"

    def _bid_label(self, seat: int, bid: int) -> str:
        """A bid, what it beats, and what it costs if it wins."""
        s = self.state
        a = s["auction"]
        have = s["players"][seat]["cubes"]
        co = self._name(a["company"])
        beats = ("opening bid" if a["high_bidder"] is None
                 else f"beats {self.players[a['high_bidder']]}'s {a['high_bid']}")
        spend = ("your only cube" if have == 1 else f"all your {have} cubes") if bid == have \
            else f"{bid} of your {have} cubes"
        return f"Bid {bid} for {co} ({beats}): pay {spend} into its box if you win"

    def _pass_label(self) -> str:
        """Passing: as the active player, or out of a running auction."""
        s = self.state
        a = s["auction"]
        if a is not None:
            co = self._name(a["company"])
            if a["high_bidder"] is None:
                return f"Pass: drop out of the {co} auction for good"
            lead = self.players[a["high_bidder"]]
            return (f"Pass: drop out of the {co} auction for good "
                    f"({lead} leads with {a['high_bid']})")
        n = len(self.players)
        if s["passes"] >= n - 1:
            return "Pass: open no auction; everyone has passed, so the auctions end"
        nxt = self.players[(s["active"] + 1) % n]
        return f"Pass: open no auction now; {nxt} chooses next"

    def _build_label(self, arg: str) -> str:
        """A link: from, to, its price in the company's cubes and the profit it adds."""
        ends = self._link_ends(arg)
        if ends is None:
            return f"build {arg}"
        start, end = ends
        cid = self._acting_company()
        company = self.state["companies"][cid]
        cost = self.board.links["-".join(sorted((slug(start), slug(end))))].cost
        have = company["cubes"]
        paid = (f"{cost} of {have} cubes" if cost < have
                else "its only cube" if have == 1 else f"all {have} cubes")
        if end in company["network"]:
            gain = "+$0 (already reached)"
        else:
            gain = f"+${self.board.cities[end].value} profit"
        text = f"Build {start} → {end} for {self._name(cid)}: {paid}, {gain}"
        if self._joins_coasts(start, end):
            text += f", +${self.board.builder_bonus} transcontinental"
        if company["rails_left"] == 1:
            text += ", last rail"
        return text

    def _take_label(self, arg: str) -> str:
        """A goods cube: its city, colour and what it does to the company's final value."""
        city = self._city_slugs().get(arg)
        if city is None:
            return f"take {arg}"
        cid = self._acting_company()
        goods: dict[str, int] = dict(self.state["companies"][cid]["goods"])
        colour = self.state["goods"].get(city, self.board.cities[city].colour)
        before = final_value(goods, self.board)
        goods[colour] = goods.get(colour, 0) + 1
        after = final_value(goods, self.board)
        return (f"Take the {colour} cube from {city} for {self._name(cid)}: "
                f"share value ${before} → ${after}")

    # -- extra spellings ----------------------------------------------------------------------
    def _more_spellings(self, canonical: str) -> list[str]:
        """Other ways to type an action: full company names, a bare number, cities only."""
        verb, _, arg = canonical.partition(" ")
        if verb == "auction":
            names = [self._name(arg), *FULL_NAMES.get(arg, ())]
            return [f"auction {n}" for n in names] + names
        if verb == "bid":
            return [arg, f"bid {arg} cubes"]
        if verb == "build":
            ends = self._link_ends(arg)
            return [f"build {ends[0]} → {ends[1]}", f"{ends[0]} {ends[1]}",
                    f"{ends[0]} to {ends[1]}", f"build {ends[0]} to {ends[1]}"] if ends else []
        if verb == "take":
            city = self._city_slugs().get(arg)
            return [f"take {city}", city, f"take {city} cube"] if city else []
        return []

