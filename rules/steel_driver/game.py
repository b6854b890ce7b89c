"""Steel Driver (Martin Wallace): auctions for control, rail building, final goods sets.

Rulebook sections are cited by their French titles ("Phase 2 : mise aux enchères", ...).
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import IllegalAction
from rules.core.match import GameInfo, Match
from rules.core.rng import Rng
from rules.core.text import slug
from rules.steel_driver.board import Board, final_value, load_board, transcontinental_route
from rules.steel_driver.views import public_view

INFO = GameInfo(
    id="steel-driver",
    title="Steel Driver",
    min_players=3,
    max_players=6,
    options=(),
    summary="Bid investment cubes for control of six railroads, build across America, "
    "and cash in on the goods your lines reach. 5 rounds.",
)


class SteelDriver(Match):
    """A match of Steel Driver."""

    info = INFO

    @property
    def board(self) -> Board:
        """The fixed map and tables."""
        return load_board()

    # -- set-up ------------------------------------------------------------------------------
    def setup(self, rng: Rng) -> list[str]:
        """Installation du jeu: companies in box order, first player drawn at random."""
        board = self.board
        first = rng.below(len(self.players))
        self.state = {
            "round": 0,
            "phase": "auction",
            "active": first,
            "passes": 0,
            "last_opener": None,
            "auction": None,
            "players": [
                {"cubes": 0, "cash": 0, "income": 0, "payout": {},
                 "shares": {c.id: 0 for c in board.companies}}
                for _ in self.players
            ],
            "companies": {
                c.id: {
                    "cubes": 0, "profit": 0, "controller": None, "last_controller": None,
                    "shares_left": board.shares_per_company, "rails_left": board.rails_per_company,
                    "network": [], "goods": {}, "final_value": None,
                }
                for c in board.companies
            },
            "order": [c.id for c in board.companies],
            "pass_row": [],
            "turn": 0,
            "links": {lid: None for lid in board.links},
            "goods": {},
            "transcontinental": None,
            "last_action": None,
        }
        lines = [f"{self.players[first]} is drawn as first player."]
        lines += self._start_round()
        lines += self._advance()
        return lines

    # -- the contract ------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        """The one seat whose decision the game waits for."""
        seat = self._due()
        return [] if seat is None else [seat]

    def legal(self, seat: int) -> list[str]:
        """Legal actions for the seat's next decision."""
        if seat != self._due():
            return []
        return [canonical for canonical, _ in self._options()]

    def spellings(self, seat: int) -> list[tuple[str, str]]:
        """Canonical actions plus the other accepted spellings (e.g. a link named either way)."""
        if seat != self._due():
            return []
        out: list[tuple[str, str]] = []
        for canonical, aliases in self._options():
            out.append((canonical, canonical))
            out.extend((alias, canonical) for alias in aliases)
        return out

    def apply(self, seat: int, action: str, rng: Rng) -> list[str]:
        """Apply a canonical action, then run every automatic step that follows."""
        verb, _, arg = action.partition(" ")
        s = self.state
        if s["phase"] == "auction":
            lines = self._apply_auction(seat, verb, arg)
        elif s["phase"] == "build":
            lines = self._apply_build(verb, arg)
        else:
            lines = self._apply_take(verb, arg)
        return lines + self._advance()

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Steel Driver has no secrets: every seat sees the public view."""
        return public_view(self)

    def scores(self) -> list[float]:
        """Cash per seat."""
        return [float(p["cash"]) for p in self.state["players"]]

    def winners(self) -> list[int]:
        """Richest player; tie: the tied player controlling the company with most goods cubes."""
        if self.state["phase"] != "over":
            return []
        cash = [p["cash"] for p in self.state["players"]]
        tied = [i for i, c in enumerate(cash) if c == max(cash)]
        if len(tied) == 1:
            return tied

        def most_goods(seat: int) -> int:
            held = [sum(c["goods"].values()) for c in self.state["companies"].values()
                    if c["controller"] == seat]
            return max(held, default=-1)

        best = max(most_goods(i) for i in tied)
        return [i for i in tied if most_goods(i) == best]

    def prompt(self, seat: int) -> str:
        """What the due seat must decide."""
        s = self.state
        name = self.players[seat]
        if s["phase"] == "auction":
            a = s["auction"]
            if a is None:
                return f"{name}: open an auction for a company, or pass."
            company = self._name(a["company"])
            if a["high_bidder"] is None:
                return f"{name}: make the opening bid for {company}."
            return (f"{name}: bid more than {a['high_bid']} for {company} "
                    f"({self.players[a['high_bidder']]} leads), or pass.")
        cid = s["order"][s["turn"]]
        if s["phase"] == "build":
            cubes = s["companies"][cid]["cubes"]
            return f"{name}: build a link for {self._name(cid)} ({cubes} cubes)."
        return f"{name}: take a goods cube for {self._name(cid)}."

    # -- whose decision ----------------------------------------------------------------------
    def _due(self) -> int | None:
        s = self.state
        if s["phase"] == "over":
            return None
        if s["phase"] == "auction":
            a = s["auction"]
            return int(s["active"] if a is None else a["turn"])
        controller = s["companies"][s["order"][s["turn"]]]["controller"]
        return None if controller is None else int(controller)

    def _options(self) -> list[tuple[str, list[str]]]:
        """(canonical, other spellings) for the decision now due."""
        s = self.state
        if s["phase"] == "auction":
            return self._auction_options()
        cid = s["order"][s["turn"]]
        if s["phase"] == "build":
            return self._build_options(cid)
        return [(f"take {slug(city)}", [f"take {city}"]) for city in self._takeable(cid)]

    def _name(self, cid: str) -> str:
        return self.board.company(cid).name

    # -- Phase 1 and round flow ----------------------------------------------------------------
    def _start_round(self) -> list[str]:
        """Phase 1: each player receives cubes by player count; unused ones carry over."""
        s = self.state
        s["round"] += 1
        s["phase"] = "auction"
        s["passes"] = 0
        s["auction"] = None
        gain = self.board.cubes_per_player[len(self.players)]
        for p in s["players"]:
            p["cubes"] += gain
        return [f"Round {s['round']}: every player receives {gain} investment cubes."]

    def _advance(self) -> list[str]:
        """Run automatic steps (forced passes, phase changes) until a real decision is due."""
        lines: list[str] = []
        for _ in range(10_000):
            s = self.state
            if s["phase"] == "over":
                return lines
            if s["phase"] == "auction":
                step = self._auction_step()
            elif s["phase"] == "build":
                step = self._build_step()
            else:
                step = self._take_step()
            if step is None:
                return lines
            lines += step
        raise RuntimeError("automatic steps did not settle")

    # -- Phase 2: auctions --------------------------------------------------------------------
    def _unsold(self) -> list[str]:
        """Companies whose control marker is still in its box this round."""
        s = self.state
        return [c.id for c in self.board.companies if s["companies"][c.id]["controller"] is None]

    def _auction_options(self) -> list[tuple[str, list[str]]]:
        s = self.state
        a = s["auction"]
        if a is None:
            cubes = s["players"][s["active"]]["cubes"]
            opens = [(f"auction {cid}", [f"auction {self._name(cid)}"])
                     for cid in self._unsold()] if cubes >= 1 else []
            return opens + [("pass", [])]
        cubes = s["players"][a["turn"]]["cubes"]
        bids: list[tuple[str, list[str]]] = [
            (f"bid {n}", []) for n in range(a["high_bid"] + 1, cubes + 1)
        ]
        # The opener must make the first bid of at least 1 cube; others may pass.
        return bids if a["high_bidder"] is None else bids + [("pass", [])]

    def _auction_step(self) -> list[str] | None:
        """Forced passes in the auction, and the end of the auction phase."""
        s = self.state
        n = len(self.players)
        if s["auction"] is None:
            if not self._unsold() or s["passes"] >= n:
                return self._end_auctions()
            if s["players"][s["active"]]["cubes"] == 0:
                return self._pass_active(forced=True)
            return None
        a = s["auction"]
        if a["high_bidder"] is not None and s["players"][a["turn"]]["cubes"] <= a["high_bid"]:
            return self._pass_bid(a["turn"], forced=True)
        return None

    def _apply_auction(self, seat: int, verb: str, arg: str) -> list[str]:
        s = self.state
        a = s["auction"]
        if a is None and verb == "auction":
            s["auction"] = {"company": arg, "opener": seat, "high_bid": 0, "high_bidder": None,
                            "in": list(range(len(self.players))), "turn": seat}
            s["last_action"] = {"seat": seat, "text": f"auction {arg}", "links": [], "cities": []}
            return [f"{self.players[seat]} puts {self._name(arg)} up for auction."]
        if a is None and verb == "pass":
            return self._pass_active(forced=False)
        if a is not None and verb == "bid":
            a["high_bid"] = int(arg)
            a["high_bidder"] = seat
            s["last_action"] = {"seat": seat, "text": f"bid {arg}", "links": [], "cities": []}
            line = f"{self.players[seat]} bids {arg} for {self._name(a['company'])}."
            return [line] + self._next_bidder()
        if a is not None and verb == "pass":
            return self._pass_bid(seat, forced=False)
        raise IllegalAction("That is not possible in the auction now.")

    def _pass_active(self, forced: bool) -> list[str]:
        """The active player passes the marker to the left neighbour."""
        s = self.state
        seat = s["active"]
        s["passes"] += 1
        s["active"] = (seat + 1) % len(self.players)
        why = " (no cubes)" if forced else ""
        return [f"{self.players[seat]} passes{why}."]

    def _pass_bid(self, seat: int, forced: bool) -> list[str]:
        """A bidder drops out of this auction for good."""
        a = self.state["auction"]
        a["in"].remove(seat)
        why = " (not enough cubes)" if forced else ""
        line = f"{self.players[seat]} passes on {self._name(a['company'])}{why}."
        a["turn"] = seat
        return [line] + self._next_bidder()

    def _next_bidder(self) -> list[str]:
        """Ask the next remaining player to the left; with one left, that player wins."""
        a = self.state["auction"]
        if len(a["in"]) == 1:
            return self._win_auction()
        n = len(self.players)
        seat = a["turn"]
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if nxt in a["in"] and nxt != a["high_bidder"]:
                a["turn"] = nxt
                return []
        return self._win_auction()

    def _win_auction(self) -> list[str]:
        """Winner pays the bid into the company box and takes control and one share."""
        s = self.state
        a = s["auction"]
        seat, cid, bid = a["high_bidder"], a["company"], a["high_bid"]
        player, company = s["players"][seat], s["companies"][cid]
        player["cubes"] -= bid
        player["shares"][cid] += 1
        company["cubes"] += bid
        company["controller"] = seat
        company["last_controller"] = seat
        company["shares_left"] -= 1
        s["auction"] = None
        s["passes"] = 0
        s["last_opener"] = a["opener"]
        # The active marker goes to the left of the player who held it (the opener).
        s["active"] = (a["opener"] + 1) % len(self.players)
        return [f"{self.players[seat]} wins {self._name(cid)} for {bid} cubes and takes a share."]

    def _end_auctions(self) -> list[str]:
        """All passed or all sold: marker to the left of the last opener; build phase starts."""
        s = self.state
        if s["last_opener"] is not None:
            s["active"] = (s["last_opener"] + 1) % len(self.players)
        s["phase"] = "build"
        s["pass_row"] = []
        s["turn"] = 0
        order = ", ".join(self._name(c) for c in s["order"])
        return [f"Auctions are over. Build order: {order}."]

    # -- Phase 3: building ---------------------------------------------------------------------
    def _build_options(self, cid: str) -> list[tuple[str, list[str]]]:
        """Links the company may build now: affordable, free, touching its network or a hexagon."""
        s = self.state
        company = s["companies"][cid]
        if company["controller"] is None or company["rails_left"] <= 0:
            return []
        network = set(company["network"])
        out: list[tuple[str, list[str]]] = []
        for lid, owner in s["links"].items():
            link = self.board.links[lid]
            if owner is not None or link.cost > company["cubes"]:
                continue
            if network:
                starts = [c for c in (link.a, link.b) if c in network][:1]
            else:
                starts = [c for c in (link.a, link.b) if self.board.cities[c].hex_start]
            for start in starts:
                end = link.other(start)
                canonical = f"build {slug(start)}-{slug(end)}"
                aliases = [f"build {start} {end}"]
                if len(starts) == 1:
                    aliases += [f"build {slug(end)}-{slug(start)}", f"build {end} {start}"]
                out.append((canonical, aliases))
        return sorted(out)

    def _build_step(self) -> list[str] | None:
        """Skip finished companies; a company that cannot build passes (Phase 3)."""
        s = self.state
        if len(s["pass_row"]) == len(s["order"]):
            return self._end_round()
        cid = s["order"][s["turn"]]
        if cid in s["pass_row"]:
            s["turn"] = (s["turn"] + 1) % len(s["order"])
            return []
        if self._build_options(cid):
            return None
        s["pass_row"].append(cid)
        company = s["companies"][cid]
        if company["controller"] is None:
            why = "its control was not sold this round"
        elif company["rails_left"] <= 0:
            why = "it has no rails left"
        else:
            why = "it cannot build"
        s["turn"] = (s["turn"] + 1) % len(s["order"])
        return [f"{self._name(cid)} passes: {why}."]

    def _apply_build(self, verb: str, arg: str) -> list[str]:
        s = self.state
        cid = s["order"][s["turn"]]
        company = s["companies"][cid]
        start_slug, end_slug = self._split_link(arg)
        start, end = self.board.city_by_slug(start_slug), self.board.city_by_slug(end_slug)
        lid = "-".join(sorted((start_slug, end_slug)))
        link = self.board.links[lid]
        company["cubes"] -= link.cost
        company["rails_left"] -= 1
        s["links"][lid] = cid
        lines = []
        gained = []
        if not company["network"]:
            company["network"].append(start)
        if end not in company["network"]:
            company["network"].append(end)
            value = self.board.cities[end].value
            company["profit"] += value
            gained.append(end)
            lines.append(f"{self._name(cid)} builds {start}-{end} for {link.cost} cubes; "
                         f"{end} adds ${value} profit.")
        else:
            lines.append(f"{self._name(cid)} builds {start}-{end} for {link.cost} cubes.")
        s["last_action"] = {"seat": company["controller"], "text": f"build {arg}",
                            "links": [lid], "cities": gained}
        lines += self._check_transcontinental(cid)
        s["turn"] = (s["turn"] + 1) % len(s["order"])
        return lines

    def _split_link(self, arg: str) -> tuple[str, str]:
        """Cut "new-york-boston" into two city slugs."""
        names = {slug(c) for c in self.board.cities}
        for i, ch in enumerate(arg):
            if ch == "-" and arg[:i] in names and arg[i + 1:] in names:
                return arg[:i], arg[i + 1:]
        raise IllegalAction(f"Unknown link `{arg}`.")

    def _check_transcontinental(self, builder: str) -> list[str]:
        """Liaison transcontinentale: +$50 to the builder, +$30 to each other company on it."""
        s = self.state
        if s["transcontinental"] is not None:
            return []
        owners = {lid: o for lid, o in s["links"].items() if o is not None}
        found = transcontinental_route(owners, self.board, builder)
        if found is None:
            return []
        due, routes = found
        board = self.board
        s["companies"][builder]["profit"] += board.builder_bonus
        lines = [f"Transcontinental link! {self._name(builder)} gains ${board.builder_bonus}."]
        for cid in due:
            if cid != builder:
                s["companies"][cid]["profit"] += board.other_bonus
                lines.append(f"{self._name(cid)} is on the route and gains ${board.other_bonus}.")
        s["transcontinental"] = {"builder": builder, "companies": due,
                                 "links": sorted({lid for r in routes for lid in r})}
        return lines

    # -- Phases 4 and 5 ------------------------------------------------------------------------
    def _end_round(self) -> list[str]:
        """Phase 4 income to controllers, then phase 5 (or phase 6 after the last round)."""
        s = self.state
        lines = []
        for c in self.board.companies:
            company = s["companies"][c.id]
            if company["controller"] is not None and company["profit"] > 0:
                controller = s["players"][company["controller"]]
                controller["cash"] += company["profit"]
                controller["income"] += company["profit"]
                lines.append(f"{self.players[company['controller']]} collects "
                             f"${company['profit']} from {c.name}.")
        s["order"] = list(s["pass_row"])
        s["pass_row"] = []
        s["turn"] = 0
        for company in s["companies"].values():
            company["profit"] = 0
        if s["round"] >= self.board.rounds:
            return lines + self._start_final()
        for company in s["companies"].values():
            company["controller"] = None
        return lines + self._start_round()

    # -- Phase 6: final profit -----------------------------------------------------------------
    def _start_final(self) -> list[str]:
        """Unspent cubes leave; goods on every railed city; control goes to the majority."""
        s = self.state
        s["phase"] = "final"
        touched = {city for lid, o in s["links"].items() if o is not None
                   for city in (self.board.links[lid].a, self.board.links[lid].b)}
        s["goods"] = {city: self.board.cities[city].colour for city in sorted(touched)}
        lines = ["Final phase: company cubes are removed and a goods cube goes on every "
                 f"city with rail ({len(touched)} cities)."]
        n = len(self.players)
        for c in self.board.companies:
            company = s["companies"][c.id]
            company["cubes"] = 0
            shares = [p["shares"][c.id] for p in s["players"]]
            if max(shares) == 0:
                company["controller"] = None
                continue
            start = company["controller"]
            if start is None:
                start = company["last_controller"] if company["last_controller"] is not None else 0
            # Tie: first tied player clockwise, starting with the current controller.
            for step in range(n):
                seat = (start + step) % n
                if shares[seat] == max(shares):
                    company["controller"] = seat
                    break
            lines.append(f"{self.players[company['controller']]} controls {c.name} "
                         f"with {max(shares)} shares.")
        return lines

    def _takeable(self, cid: str) -> list[str]:
        """Cities with a goods cube that the company reaches with its own rails."""
        s = self.state
        company = s["companies"][cid]
        if company["controller"] is None:
            return []
        return sorted((c for c in company["network"] if c in s["goods"]), key=slug)

    def _take_step(self) -> list[str] | None:
        s = self.state
        if len(s["pass_row"]) == len(s["order"]):
            return self._finish()
        cid = s["order"][s["turn"]]
        if cid in s["pass_row"]:
            s["turn"] = (s["turn"] + 1) % len(s["order"])
            return []
        if self._takeable(cid):
            return None
        s["pass_row"].append(cid)
        s["turn"] = (s["turn"] + 1) % len(s["order"])
        return [f"{self._name(cid)} can take no more goods and passes."]

    def _apply_take(self, verb: str, arg: str) -> list[str]:
        s = self.state
        cid = s["order"][s["turn"]]
        city = self.board.city_by_slug(arg)
        colour = s["goods"].pop(city)
        goods = s["companies"][cid]["goods"]
        goods[colour] = goods.get(colour, 0) + 1
        s["last_action"] = {"seat": s["companies"][cid]["controller"], "text": f"take {arg}",
                            "links": [], "cities": [city]}
        s["turn"] = (s["turn"] + 1) % len(s["order"])
        return [f"{self._name(cid)} takes the {colour} cube from {city}."]

    def _finish(self) -> list[str]:
        """Set values, payout per share, and the winner."""
        s = self.state
        lines = []
        for c in self.board.companies:
            company = s["companies"][c.id]
            company["final_value"] = final_value(company["goods"], self.board)
            for seat, p in enumerate(s["players"]):
                pay = p["shares"][c.id] * company["final_value"]
                p["cash"] += pay
                p["payout"][c.id] = pay
                if pay:
                    lines.append(f"{self.players[seat]} receives ${pay} for "
                                 f"{p['shares'][c.id]} {c.name} share(s).")
        s["phase"] = "over"
        s["auction"] = None
        names = " and ".join(self.players[w] for w in self.winners())
        return lines + [f"Game over. {names} win{'s' if len(self.winners()) == 1 else ''}!"]
