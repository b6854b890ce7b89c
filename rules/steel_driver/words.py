"""Steel Driver in plain words: the prompt, a label per legal action and extra spellings."""

from __future__ import annotations

from rules.core.choices import Choice, clip_label
from rules.core.lang import tr, trn
from rules.core.standing import warned
from rules.core.text import slug
from rules.steel_driver.base import SteelDriverBase
from rules.steel_driver.board import final_value
from rules.steel_driver.said import colour, cubes, listed

__all__ = ["FULL_NAMES", "Words", "cubes", "listed"]

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
                parts.append(tr("you {n}", n=n) if i == seat else f"{self.players[i]} {n}")
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
                where = tr("starting at a start city (hexagon)")
            elif len(network) <= 4:
                where = tr("from {cities}", cities=listed(network, last="or"))
            else:  # the map rings them in the company's colour
                where = tr("from one of its {n} ringed cities", n=len(network))
            return tr("{player}: build one link for {company} {where}; it has {cubes} and "
                      "{rails}.", player=name, company=co, where=where,
                      cubes=cubes(company["cubes"]),
                      rails=trn("{n} rail", "{n} rails", company["rails_left"]))
        value = final_value(company["goods"], self.board)
        return tr("{player}: take a goods cube for {company} from a city its rails reach "
                  "(each {company} share now pays ${value}).", player=name, company=co,
                  value=value)

    def _auction_prompt(self, seat: int) -> str:
        """The prompt during the auctions."""
        s = self.state
        name = self.players[seat]
        have = s["players"][seat]["cubes"]
        a = s["auction"]
        if a is None:
            unsold = [c.name for c in self.board.companies
                      if s["companies"][c.id]["controller"] is None]
            return tr("{player} ({cubes}): put a company up for auction ({companies}) or pass.",
                      player=name, cubes=cubes(have), companies=", ".join(unsold))
        co = self._name(a["company"])
        if a["high_bidder"] is None:
            if have > 1:
                return tr("{player}: make the opening bid for {company}, 1 to {n} cubes.",
                          player=name, company=co, n=have)
            return tr("{player}: make the opening bid for {company}, 1 cube, all you have.",
                      player=name, company=co)
        lead = self.players[a["high_bidder"]]
        return tr("{player}: bid more than {bid} for {company} ({leader} leads; you have {n}), "
                  "or pass.", player=name, bid=a["high_bid"], company=co, leader=lead, n=have)

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
                group = tr("From {city}", city=ends[0]) if ends else ""
            elif verb == "bid" and bids > 25:
                low = (int(arg) - 1) // BID_GROUP * BID_GROUP + 1
                group = tr("Bids {low}–{high}", low=low, high=low + BID_GROUP - 1)
            elif verb == "pass" and bids > 25:
                group = tr("Pass")
            out.append(Choice(action, clip_label(self.label(seat, action)), group))
        return out

    def label(self, seat: int, action: str) -> str:
        """One legal action in plain words: what it costs and what it gives, and at its end
        what it ends (the auctions, a round, the game)."""
        text = self.plain_label(seat, action)
        said_end = action == "pass" and self._pass_ends_auctions()  # the label says it already
        ends = [w for w in self.risks(seat, action)
                if not (said_end and w == tr("ends the auctions"))]
        return warned(text, *ends)

    def _pass_ends_auctions(self) -> bool:
        """True when passing now ends the auctions because everyone else has passed."""
        s = self.state
        return s["auction"] is None and s["passes"] >= len(self.players) - 1

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
        track = (tr("{n} cities from {city}", n=len(network), city=network[0]) if network
                 else tr("no track yet"))
        box = tr("{cubes} in box", cubes=cubes(company["cubes"])) if company["cubes"] \
            else tr("empty box")
        held = self._holders(cid, seat)
        # Most useful first: what the winner can spend and where, then who already holds shares.
        shares = (tr("shares {holders}", holders=held) if held
                  else tr("winner gets control + 1 of {n} shares", n=company["shares_left"]))
        co = self._name(cid)
        text = tr("Auction {company}: {box}, {track}; {shares}", company=co, box=box,
                  track=track, shares=shares)
        return text if len(text) <= 100 else tr("Auction {company}: {box}, {track}", company=co,
                                                 box=box, track=track)

    def _bid_label(self, seat: int, bid: int) -> str:
        """A bid, what it beats, and what it costs if it wins."""
        s = self.state
        a = s["auction"]
        have = s["players"][seat]["cubes"]
        co = self._name(a["company"])
        beats = (tr("opening bid") if a["high_bidder"] is None
                 else tr("beats {player}'s {bid}", player=self.players[a["high_bidder"]],
                         bid=a["high_bid"]))
        if bid == have:
            spend = tr("your only cube") if have == 1 else tr("all your {n} cubes", n=have)
        else:
            spend = tr("{bid} of your {n} cubes", bid=bid, n=have)
        return tr("Bid {bid} for {company} ({beats}): pay {spend} into its box if you win",
                  bid=bid, company=co, beats=beats, spend=spend)

    def _pass_label(self) -> str:
        """Passing: as the active player, or out of a running auction."""
        s = self.state
        a = s["auction"]
        if a is not None:
            co = self._name(a["company"])
            if a["high_bidder"] is None:
                return tr("Pass: drop out of the {company} auction for good", company=co)
            lead = self.players[a["high_bidder"]]
            return tr("Pass: drop out of the {company} auction for good ({player} leads with "
                      "{bid})", company=co, player=lead, bid=a["high_bid"])
        n = len(self.players)
        if s["passes"] >= n - 1:
            return tr("Pass: open no auction; everyone has passed, so the auctions end")
        nxt = self.players[(s["active"] + 1) % n]
        return tr("Pass: open no auction now; {player} chooses next", player=nxt)

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
        parts = [tr("{cost} of {n} cubes", cost=cost, n=have) if cost < have
                 else tr("its only cube") if have == 1 else tr("all {n} cubes", n=have)]
        if end in company["network"]:
            parts.append(tr("+$0 (already reached)"))
        else:
            parts.append(tr("+${value} profit", value=self.board.cities[end].value))
        if self._joins_coasts(start, end):
            parts.append(tr("+${value} transcontinental", value=self.board.builder_bonus))
        if company["rails_left"] == 1:
            parts.append(tr("last rail"))
        return tr("Build {start} → {end} for {company}: {details}", start=start, end=end,
                  company=self._name(cid), details=", ".join(parts))

    def _take_label(self, arg: str) -> str:
        """A goods cube: its city, colour and what it does to the company's final value."""
        city = self._city_slugs().get(arg)
        if city is None:
            return f"take {arg}"
        cid = self._acting_company()
        goods: dict[str, int] = dict(self.state["companies"][cid]["goods"])
        hue = self.state["goods"].get(city, self.board.cities[city].colour)
        before = final_value(goods, self.board)
        goods[hue] = goods.get(hue, 0) + 1
        after = final_value(goods, self.board)
        return tr("Take the {colour} cube from {city} for {company}: share value ${before} → "
                  "${after}", colour=colour(hue), city=city, company=self._name(cid),
                  before=before, after=after)

    # -- extra spellings ----------------------------------------------------------------------
    def _more_spellings(self, canonical: str) -> list[str]:
        """Other ways to type an action: full company names, a bare number, cities only (and,
        spoken in French, the French verbs)."""
        verb, _, arg = canonical.partition(" ")
        if verb == "auction":
            names = [self._name(arg), *FULL_NAMES.get(arg, ())]
            return [tr("auction {company}", company=n) for n in names] + names
        if verb == "bid":
            return [arg, tr("bid {n} cubes", n=arg), tr("bid {n}", n=arg)]
        if verb == "pass":
            return [tr("pass")]
        if verb == "build":
            ends = self._link_ends(arg)
            if not ends:
                return []
            a, b = ends
            return [tr("build {start} → {end}", start=a, end=b), f"{a} {b}",
                    tr("{start} to {end}", start=a, end=b),
                    tr("build {start} to {end}", start=a, end=b)]
        if verb == "take":
            city = self._city_slugs().get(arg)
            return [tr("take {city}", city=city), city,
                    tr("take {city} cube", city=city)] if city else []
        return []
