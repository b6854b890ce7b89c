"""Steel Driver (Martin Wallace): auctions for control, rail building, final goods sets.

Rulebook sections are cited by their French titles ("Phase 2 : mise aux enchères", ...).
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import IllegalAction
from rules.core.journal import Line
from rules.core.lang import msg, msgn, tr
from rules.core.match import GameInfo
from rules.core.rng import Rng
from rules.core.text import slug
from rules.steel_driver.auction import Auctions
from rules.steel_driver.board import transcontinental_route
from rules.steel_driver.final import FinalPhase
from rules.steel_driver.refusals import Refusals
from rules.steel_driver.risks import Risks
from rules.steel_driver.standing import Standings
from rules.steel_driver.views import public_view
from rules.steel_driver.words import Words

INFO = GameInfo(
    id="steel-driver",
    title="Steel Driver",
    min_players=3,
    max_players=6,
    options=(),
    summary="Bid investment cubes for control of six railroads, build across America, "
    "and cash in on the goods your lines reach. 5 rounds.",
)


class SteelDriver(Auctions, FinalPhase, Refusals, Risks, Standings, Words):
    """A match of Steel Driver."""

    info = INFO

    # -- set-up ------------------------------------------------------------------------------
    def setup(self, rng: Rng) -> list[Line]:
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
        lines: list[Line] = [msg("{player} is drawn as first player.", player=self.players[first])]
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
            # Names as the board prints them first: "did you mean" quotes the first of equals.
            out.extend((alias, canonical) for alias in self._more_spellings(canonical))
            out.extend((alias, canonical) for alias in aliases)
            out.append((canonical, canonical))
        return out

    def apply(self, seat: int, action: str, rng: Rng) -> list[Line]:
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

    # -- Phase 1 and round flow ----------------------------------------------------------------
    def _start_round(self) -> list[Line]:
        """Phase 1: each player receives cubes by player count; unused ones carry over."""
        s = self.state
        s["round"] += 1
        s["phase"] = "auction"
        s["passes"] = 0
        s["auction"] = None
        gain = self.board.cubes_per_player[len(self.players)]
        for p in s["players"]:
            p["cubes"] += gain
        return [msgn("Round {round}: every player receives {n} investment cube.",
                     "Round {round}: every player receives {n} investment cubes.", gain,
                     round=s["round"])]

    def _advance(self) -> list[Line]:
        """Run automatic steps (forced passes, phase changes) until a real decision is due."""
        lines: list[Line] = []
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
                    aliases += [f"build {end} {start}", f"build {slug(end)}-{slug(start)}"]
                out.append((canonical, aliases))
        return sorted(out)

    def _build_step(self) -> list[Line] | None:
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
        co = self._name(cid)
        if company["controller"] is None:
            line = msg("{company} passes: its control was not sold this round.", company=co)
        elif company["rails_left"] <= 0:
            line = msg("{company} passes: it has no rails left.", company=co)
        else:
            line = msg("{company} passes: it cannot build.", company=co)
        s["turn"] = (s["turn"] + 1) % len(s["order"])
        return [line]

    def _apply_build(self, verb: str, arg: str) -> list[Line]:
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
        lines: list[Line] = []
        gained = []
        if not company["network"]:
            company["network"].append(start)
        if end not in company["network"]:
            company["network"].append(end)
            value = self.board.cities[end].value
            company["profit"] += value
            gained.append(end)
            lines.append(msgn("{company} builds {start}-{end} for {n} cube; {end} adds ${value} "
                              "profit.", "{company} builds {start}-{end} for {n} cubes; {end} "
                              "adds ${value} profit.", link.cost, company=self._name(cid),
                              start=start, end=end, value=value))
        else:
            lines.append(msgn("{company} builds {start}-{end} for {n} cube.",
                              "{company} builds {start}-{end} for {n} cubes.", link.cost,
                              company=self._name(cid), start=start, end=end))
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
        raise IllegalAction(tr("Unknown link `{link}`.", link=arg))

    def _check_transcontinental(self, builder: str) -> list[Line]:
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
        lines: list[Line] = [msg("Transcontinental link! {company} gains ${amount}.",
                                 company=self._name(builder), amount=board.builder_bonus)]
        for cid in due:
            if cid != builder:
                s["companies"][cid]["profit"] += board.other_bonus
                lines.append(msg("{company} is on the route and gains ${amount}.",
                                 company=self._name(cid), amount=board.other_bonus))
        s["transcontinental"] = {"builder": builder, "companies": due,
                                 "links": sorted({lid for r in routes for lid in r})}
        return lines

    # -- Phases 4 and 5 ------------------------------------------------------------------------
    def _end_round(self) -> list[Line]:
        """Phase 4 income to controllers, then phase 5 (or phase 6 after the last round)."""
        s = self.state
        lines: list[Line] = []
        for c in self.board.companies:
            company = s["companies"][c.id]
            if company["controller"] is not None and company["profit"] > 0:
                controller = s["players"][company["controller"]]
                controller["cash"] += company["profit"]
                controller["income"] += company["profit"]
                lines.append(msg("{player} collects ${amount} from {company}.",
                                 player=self.players[company["controller"]],
                                 amount=company["profit"], company=c.name))
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
