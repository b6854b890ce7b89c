"""The computer's map sense: where to start, lay rails and place stations, from the view only.

Every space is worth what one of our cubes there would score at the end ('Bonus de Points Cubes
de Rails': 0/2/4/8 VP on a city by its stations, the printed number on a remote location). A
network is worth the spaces it holds plus the spaces it could reach, discounted by the coins
and cards it would take to get there ('Pose de rail' cost table).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Any

from rules.trains.board import Board, Waivers, load_board
from rules.trains.cards import load_cards

GAMMA = 0.6  # a target one plain step away is worth 60% of having it
COIN = 0.35  # VP a coin would buy instead (Apartment 3 -> 1, Skyscraper 8 -> 4)
WASTE = 0.5  # VP lost to one more Waste clogging the deck
TEMPO = 0.3  # a rail laid also brings the end nearer ('a utilisé tous ses cubes')
REACH = 5.5  # farther than this the network potential ignores a space (speed)


# Coins to enter a space with no waiver, by (map, space, stations, rivals' cubes).
_PLAIN_COINS: dict[tuple[str, str, int, int], int | None] = {}


@dataclass
class Spot:
    """The board as one seat sees it: whose cubes are where, stations, and our ongoing waivers."""

    board: Board
    seat: int
    players: int
    cubes: dict[str, list[int]]
    stations: dict[str, int]
    progress: float = 0.0
    cubes_left: int = 20
    rush: float = 0.0  # 0..1: how much a leader late in the game wants the end to come
    lead: float = 0.0  # our score minus the best rival's
    stations_left: int = 30
    _steps: dict[str, float | None] = field(default_factory=dict)
    _dist: dict[frozenset[str], dict[str, float]] = field(default_factory=dict)
    _worth: dict[str, float] = field(default_factory=dict)
    _edges: dict[str, list[tuple[str, float]]] = field(default_factory=dict)

    def mine(self) -> set[str]:
        """Spaces holding one of our cubes."""
        return {h for h, seats in self.cubes.items() if self.seat in seats}

    def rivals(self, hex_id: str) -> int:
        """Other players' cubes on a space."""
        return sum(1 for s in self.cubes.get(hex_id, []) if s != self.seat)

    def coins(self, hex_id: str, waive: Waivers | None = None) -> int | None:
        """Coins to lay a rail there (None on the sea)."""
        return self.board.rail_cost(hex_id, self.stations.get(hex_id, 0), self.rivals(hex_id),
                                    waive or Waivers())

    def step(self, hex_id: str) -> float | None:
        """What entering a space costs a network: a rail card, its coins and Waste."""
        if hex_id not in self._steps:
            key = (self.board.id, hex_id, self.stations.get(hex_id, 0), self.rivals(hex_id))
            if key not in _PLAIN_COINS:  # the same few costs, asked at every decision
                _PLAIN_COINS[key] = self.coins(hex_id)
            coins = _PLAIN_COINS[key]
            self._steps[hex_id] = None if coins is None else (
                1.0 + COIN * coins + (WASTE if self.rivals(hex_id) else 0.0))
        return self._steps[hex_id]

    def worth(self, hex_id: str) -> float:
        """End VP of one of our cubes there, counting a likely next station on a city."""
        if hex_id not in self._worth:
            self._worth[hex_id] = self._value(hex_id)
        return self._worth[hex_id]

    def _value(self, hex_id: str) -> float:
        """`worth` uncached."""
        h = self.board.hexes[hex_id]
        if h.terrain == "remote":
            return float(h.value)
        if h.terrain != "city":
            return 0.0
        vp, st = self.board.station_vp, self.stations.get(hex_id, 0)
        nxt = vp[min(st + 1, h.buildings)]
        return vp[st] + 0.6 * (nxt - vp[st]) + 0.2 * (h.buildings - st)

    def distances(self, sources: set[str]) -> dict[str, float]:
        """Cheapest cost to bring a rail from `sources` to each space (Dijkstra), cached."""
        key = frozenset(sources)
        if key not in self._dist:
            self._dist[key] = self._dijkstra(sources)
        return self._dist[key]

    def _dijkstra(self, sources: set[str]) -> dict[str, float]:
        """`distances` uncached."""
        dist = dict.fromkeys(sources, 0.0)
        heap = [(0.0, h) for h in sorted(sources)]
        while heap:
            d, here = heapq.heappop(heap)
            if d > dist.get(here, 1e9):
                continue
            for near, cost in self._around(here):
                if near in sources:
                    continue
                nd = d + cost
                if nd < dist.get(near, 1e9) and nd <= REACH:
                    dist[near] = nd
                    heapq.heappush(heap, (nd, near))
        return dist

    def _around(self, here: str) -> list[tuple[str, float]]:
        """The spaces next to `here` a rail can enter, with their cost (built when first met:
        a search within `REACH` meets few of the board's spaces)."""
        found = self._edges.get(here)
        if found is None:
            found = self._edges[here] = [(n, c) for n in self.board.adjacent[here]
                                         if (c := self.step(n)) is not None]
        return found

    def reach_weight(self) -> float:
        """How much the not-yet-reached spaces count: less with few cubes or little time left."""
        return min(1.0, self.cubes_left / 6) * (1.0 - 0.7 * self.progress)


def read(view: dict[str, Any], progress: float = 0.0) -> Spot:
    """The board part of a seat's view."""
    seat = int(view["you"]["seat"])
    cubes = {h["id"]: list(h["cubes"]) for h in view["hexes"] if h["cubes"]}
    stations = {h["id"]: int(h["stations"]) for h in view["hexes"] if h["stations"]}
    left = int(view["players"][seat]["cubes_left"])
    return Spot(load_board(view["map"]), seat, len(view["players"]), cubes, stations,
                progress, left, rush(view, progress), lead(view),
                int(view["stations_left"]))


def lead(view: dict[str, Any]) -> float:
    """Our score minus the best rival's (VP cards bought are public, so scores are too)."""
    scores = [float(x) for x in view["scores"]]
    seat = int(view["you"]["seat"])
    return scores[seat] - max(x for i, x in enumerate(scores) if i != seat)


def rush(view: dict[str, Any], progress: float) -> float:
    """Late in the game the leader hastens the end (last rails, last stations, last piles)."""
    ahead = lead(view)
    late = max(0.0, min(1.0, (progress - 0.5) * 2))
    return late * (1.0 if ahead >= 0 else 0.3 if ahead > -6 else 0.0)


def waivers(view: dict[str, Any], extra: str | None = None) -> Waivers:
    """Surcharges cancelled by applied Rail cards in play (and by `extra` if played now)."""
    cards = load_cards()
    effects = {cards[e["as"] or e["card"]].effect for e in view["turn"]["play"] if e["applied"]}
    if extra is not None:
        effects.add(cards[extra].effect)
    subway = "subway-excavation" in effects
    collab = "collaboration" in effects
    return Waivers(river=subway or "steel-bridge" in effects,
                   mountain=subway or "tunnel" in effects,
                   city=subway or "viaduct" in effects,
                   remote=subway and bool(view["printed_cards"]),
                   others_coins=subway or collab, others_waste=collab)


def _potential_gain(spot: Spot, old: dict[str, float], new_from: str) -> float:
    """How much nearer the network gets to every valuable space by also holding `new_from`."""
    gain = 0.0
    for target, d in spot.distances({new_from}).items():
        w = spot.worth(target)
        if w <= 0 or target == new_from:
            continue
        before = GAMMA ** old[target] if target in old else 0.0
        after = GAMMA ** d
        if after > before:
            gain += w * (after - before)
    return gain


def lay_scores(spot: Spot, options: list[str], coins: int, waive: Waivers,
               spend: list[float] | None = None) -> dict[str, float]:
    """Value of laying our next rail on each space we can pay for now; `spend[k]` is what
    the best buy is worth with k coins (the coins a rail costs are not spent on cards)."""
    mine = spot.mine()
    old = spot.distances(mine)
    out: dict[str, float] = {}
    for h in options:
        cost = spot.coins(h, waive)
        if cost is None or cost > coins or h in mine:
            continue
        d = old.get(h, REACH)
        now = spot.worth(h) * (1.0 - 0.5 * GAMMA ** d)  # held beats merely near
        reach = _potential_gain(spot, old, h) * spot.reach_weight()
        waste = WASTE * (1 + (spot.rivals(h) > 0 and not waive.others_waste))
        lost = COIN * cost if spend is None else spend[coins] - spend[coins - cost]
        out[h] = now + reach - lost - waste + TEMPO + 1.5 * spot.rush
        if spot.cubes_left == 1 and spot.lead + spot.board.cube_vp(
                h, spot.stations.get(h, 0)) < 0:
            out[h] -= 20.0  # our last rail ends the game: not while we are behind
    return out


def lay_candidates(spot: Spot) -> list[str]:
    """Spaces next to our network without our cube (before affordability)."""
    mine = spot.mine()
    if spot.cubes_left <= 0:
        return []
    return sorted({n for h in mine for n in spot.board.adjacent[h]} - mine)


def best_lay(view: dict[str, Any], spot: Spot, extra: str | None = None,
             spend: list[float] | None = None) -> tuple[str, float]:
    """The best space for a rail laid now (with `extra` played first), and its value."""
    waive = waivers(view, extra)
    scores = lay_scores(spot, lay_candidates(spot), int(view["turn"]["coins"]), waive, spend)
    if not scores:
        return "", -9.0
    best = max(sorted(scores), key=lambda h: scores[h])
    return best, scores[best]


def station_scores(spot: Spot, options: list[str]) -> dict[str, float]:
    """Value of one more station on each city: our cubes' gain minus the best rival's."""
    old = spot.distances(spot.mine())
    vp = spot.board.station_vp
    out: dict[str, float] = {}
    for city in options:
        h = spot.board.hexes[city]
        st = spot.stations.get(city, 0)
        if st >= h.buildings:
            continue
        inc = vp[st + 1] - vp[st]
        seats = spot.cubes.get(city, [])
        mine = inc if spot.seat in seats else (
            inc * GAMMA ** old[city] * spot.reach_weight() * 0.7 if city in old else 0.0)
        rival = max([inc for s in seats if s != spot.seat], default=0)
        helped = (0.7 if spot.players == 2 else 0.45) * (1.0 - 0.5 * spot.rush)
        out[city] = mine - helped * rival - WASTE + spot.rush
        if spot.stations_left == 1 and spot.lead + (inc if spot.seat in seats else 0) < rival:
            out[city] -= 20.0  # the last station pawn ends the game: not while we are behind
    return out


def best_station(view: dict[str, Any], spot: Spot) -> tuple[str, float]:
    """The best city for a station pawn now, and its value."""
    if int(view["stations_left"]) <= 0:
        return "", -9.0
    cities = [h.id for h in spot.board.cities()]
    scores = station_scores(spot, cities)
    if not scores:
        return "", -9.0
    best = max(sorted(scores), key=lambda h: scores[h])
    return best, scores[best]


def start_scores(spot: Spot, options: list[str]) -> dict[str, float]:
    """Value of each starting space: what it holds and what lies within cheap reach."""
    out: dict[str, float] = {}
    taken = {h for h in spot.cubes}
    for h in options:
        total = spot.worth(h)
        for target, d in spot.distances({h}).items():
            if target != h:
                total += spot.worth(target) * GAMMA ** d
                if target in taken:
                    total -= 0.8 * GAMMA ** d  # a rival already starts close by
        out[h] = total
    return out
