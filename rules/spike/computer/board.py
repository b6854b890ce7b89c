"""Spike's computer player, part 1: the table as one seat sees it, and searches on the lattice.

Everything here is read from `view` (the seat's own view) plus the fixed board data; nothing
touches a match.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules.spike.board import Board, load_board
from rules.spike.cards import payable

INF = 10**6


@lru_cache(maxsize=1)
def board() -> Board:
    """The fixed lattice, cities and cards."""
    return load_board()


@lru_cache(maxsize=1)
def _labels() -> tuple[dict[str, str], dict[str, int]]:
    """Action words -> point ids, and space labels -> space indices."""
    b = board()
    points = {p.label: p.id for p in b.points.values()}
    spaces: dict[str, int] = {}
    for sp in b.spaces:
        first, second = b.points[sp.a].label, b.points[sp.b].label
        spaces[f"{first}-{second}"] = spaces[f"{second}-{first}"] = sp.index
    return points, spaces


def point_of(label: str) -> str:
    """The point id an action word names."""
    return _labels()[0][label]


def space_of(label: str) -> int:
    """The space index a 'move' action names."""
    return _labels()[1][label]


def kind_of_word(word: str) -> int:
    """The position in rail-kind order of a card's colour word."""
    b = board()
    return b.kind_codes.index(b.kind_by_card(word))


@lru_cache(maxsize=1)
def empty_distances() -> dict[str, dict[str, int]]:
    """Spaces between every two cities on the empty board (set-up choices use these)."""
    b = board()
    out: dict[str, dict[str, int]] = {}
    for c in sorted(b.city_points):
        dist = spread(b, [None] * len(b.spaces), [c])[0]
        out[c] = {p: round(d) for p, d in dist.items() if p in b.city_points}
    return out


@dataclass
class Table:
    """What the seat knows, in the shapes the planner needs."""

    view: dict[str, Any]
    seat: int
    owners: list[int | None]
    hand: list[int]  # rail cards by kind, in rail-kind order
    cost: list[int]  # cards owed for the track laid so far in this build action
    prices: dict[str, int]
    me: dict[str, Any]  # this seat's public entry in view["players"]
    net: set[str]  # points of the network: start city + points touched by own track
    net_cities: set[str]  # city points of the network
    track_cities: set[str]  # city names touched by own track (route cards count these)
    pieces: int  # track pieces left

    @property
    def train(self) -> dict[str, Any]:
        """The seat's train (position, levels, cargo)."""
        train: dict[str, Any] = self.me["train"]
        return train

    def price_at(self, point: str) -> int:
        """The market price of the good a city point produces."""
        b = board()
        return int(self.prices[b.cities[b.points[point].city or ""].good])

    def new_city(self, point: str) -> bool:
        """A city not yet in the network: connecting it scores its good."""
        return point in board().city_points and point not in self.net_cities


def read(view: dict[str, Any]) -> Table:
    """The seat's table from its view."""
    b = board()
    seat = int(view["you"]["seat"])
    owners = [sp["owner"] for sp in view["board"]["spaces"]]
    me = view["players"][seat]
    hand = [int(view["you"]["hand"].get(b.kind(code).card, 0)) for code in b.kind_codes]
    net: set[str] = set()
    if me["start_city"]:
        net.add(b.city_point(me["start_city"]))
    for i, owner in enumerate(owners):
        if owner == seat:
            net.update((b.spaces[i].a, b.spaces[i].b))
    cost = [0] * len(b.kind_codes)
    build = view.get("build")
    if build and build["seat"] == seat:
        for idx in build["laid"]:
            cost[b.kind_index[idx]] += 1
    return Table(view=view, seat=seat, owners=owners, hand=hand, cost=cost,
                 prices=dict(view["market"]["prices"]), me=me, net=net,
                 net_cities={p for p in net if p in b.city_points},
                 track_cities=set(me["network_cities"]), pieces=int(me["tracks_left"]))


# -- searches over free spaces ---------------------------------------------------------------
def spread(b: Board, owners: Sequence[int | None], sources: Iterable[str],
           hand: Sequence[int] | None = None) -> tuple[dict[str, float], dict[str, int]]:
    """Free spaces from the sources to every point, passing through cities (plan level).

    With a hand, a space of a kind the hand lacks costs a hair more, so among equally short
    paths the one the cards already match is kept. Returns distances and, per point, the
    space it is reached by.
    """
    dist: dict[str, float] = {}
    via: dict[str, int] = {}
    if hand is None:
        # Unit steps: a breadth-first search gives the same distances, faster.
        queue = deque(sorted(set(sources)))
        for s in queue:
            dist[s] = 0.0
        while queue:
            p = queue.popleft()
            d = dist[p] + 1.0
            for q, idx in b.adjacent[p]:
                if q not in dist and owners[idx] is None:
                    dist[q] = d
                    via[q] = idx
                    queue.append(q)
        return dist, via
    heap = [(0.0, s) for s in sorted(set(sources))]
    for _, s in heap:
        dist[s] = 0.0
    while heap:
        d, p = heapq.heappop(heap)
        if d > dist[p]:
            continue
        for q, idx in b.adjacent[p]:
            if owners[idx] is not None:
                continue
            step = 1.0 if hand is None or hand[b.kind_index[idx]] else 1.01
            if d + step < dist.get(q, INF):
                dist[q] = d + step
                via[q] = idx
                heapq.heappush(heap, (d + step, q))
    return dist, via


def trace(b: Board, via: dict[str, int], end: str) -> list[int]:
    """The spaces from a source of `spread` to `end`, source first."""
    out: list[int] = []
    point = end
    while point in via:
        idx = via[point]
        out.append(idx)
        point = b.spaces[idx].other(point)
    return out[::-1]


def junction_distances(b: Board, owners: Sequence[int | None], target: str) -> dict[str, int]:
    """Free spaces from every point to `target` through junctions only (one connection)."""
    dist = {target: 0}
    queue = deque([target])
    while queue:
        p = queue.popleft()
        if p != target and p in b.city_points:
            continue  # a connection stops at the first city it reaches
        for q, idx in b.adjacent[p]:
            if owners[idx] is None and q not in dist:
                dist[q] = dist[p] + 1
                queue.append(q)
    return dist


def min_cards(hand: Sequence[int], cost: Sequence[int]) -> int:
    """Fewest cards that pay `cost` (matching cards, then the fewest joker sets), or INF."""
    short = sum(max(c - h, 0) for h, c in zip(hand, cost))
    spare = sorted((h - min(h, c) for h, c in zip(hand, cost)), reverse=True)
    sets = 0
    for s in spare:
        if short <= 0:
            break
        if s < 2:
            return INF
        short -= s - 1
        sets += 1
    return INF if short > 0 else sum(cost) + sets


def connection(t: Table, target: str, limit: int = 4000) -> tuple[str, list[int]] | None:
    """The cheapest path the hand can pay from the network to `target`, through junctions.

    Paths are at most one space longer than the shortest; among those the hand can pay
    (with what this build action owes already), the fewest cards, then the shortest.
    """
    b = board()
    if t.pieces <= 0:
        return None
    dist = junction_distances(b, t.owners, target)
    starts = sorted((dist[p], p) for p in t.net if p in dist and p != target)
    if not starts:
        return None
    shortest = starts[0][0]
    if shortest > t.pieces:
        return None
    best: tuple[int, int, str, list[int]] | None = None
    budget = [limit]

    def walk(start: str, point: str, path: list[int], cost: list[int], seen: set[str],
             most: int) -> None:
        nonlocal best
        if budget[0] <= 0:
            return
        budget[0] -= 1
        for q, idx in b.adjacent[point]:
            if t.owners[idx] is not None or q in seen or q not in dist:
                continue
            if len(path) + 1 + dist[q] > most:
                continue
            k = b.kind_index[idx]
            cost[k] += 1
            if payable(t.hand, cost):
                path.append(idx)
                if q == target:
                    key = (min_cards(t.hand, cost), len(path), start, list(path))
                    if best is None or key[:2] < best[:2]:
                        best = key
                elif q not in b.city_points:
                    seen.add(q)
                    walk(start, q, path, cost, seen, most)
                    seen.discard(q)
                path.pop()
            cost[k] -= 1

    for slack in (0, 1):
        for d, start in starts:
            most = min(shortest + slack, t.pieces)
            if d <= most:
                walk(start, start, [], list(t.cost), {start}, most)
        if best is not None:
            return best[2], best[3]
    return None


# -- the train ------------------------------------------------------------------------------
State = tuple[str, Any]  # ("c", city point) or ("s", space index)


def train_state(t: Table) -> State:
    """Where the train is, as a search state."""
    if t.train["point"] is not None:
        return ("c", t.train["point"])
    return ("s", int(t.train["space"]))


def train_distances(t: Table, target: str) -> dict[State, int]:
    """Steps along own track from every train position to the city point `target`.

    'Explication d'un déplacement': a step goes onto the next own space (through a junction
    or past a city: 'Règle spéciale pour passer une ville'), or into a city, which stops it.
    """
    b = board()
    own = [i for i, o in enumerate(t.owners) if o == t.seat]
    at: dict[str, list[int]] = {}
    for i in own:
        at.setdefault(b.spaces[i].a, []).append(i)
        at.setdefault(b.spaces[i].b, []).append(i)
    dist: dict[State, int] = {("c", target): 0}
    queue: deque[State] = deque([("c", target)])
    while queue:
        state = queue.popleft()
        d = dist[state]
        if state[0] == "c":
            nxt: list[State] = [("s", i) for i in at.get(state[1], [])]
            if state[1] != target:
                nxt = []  # entering another city would stop the train there
        else:
            sp = b.spaces[state[1]]
            nxt = [("c", e) for e in (sp.a, sp.b) if e in b.city_points]
            nxt += [("s", j) for e in (sp.a, sp.b) for j in at.get(e, []) if j != state[1]]
        for n in nxt:
            if n not in dist:
                dist[n] = d + 1
                queue.append(n)
    return dist
