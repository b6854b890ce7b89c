"""Spike's computer player, part 2: what to build towards, and where to send the train.

A project is a set of cities to add to the network for one purpose: a contract (a producer
of its good and one of its destinations, 'Explication du chargement et de la livraison'),
the route card ('Fin du jeu': the top city and a listed city touched by own track), or one
city for the price of its good ('Score pour les marchandises'). Projects are scored by money
per track space; the best one says what to build and which rail cards to collect.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.spike.computer.board import (
    INF,
    Table,
    board,
    empty_distances,
    point_of,
    space_of,
    spread,
    trace,
    train_distances,
    train_state,
)

GOODS_PER_SPACE = 0.6  # a long build passes cities on the way, each scoring its good
OVERHEAD = 2.0  # spaces' worth of turns a project costs beyond its track (actions, train)
TRAIN_RATE = 0.5  # spaces' worth of cost per train step a delivery needs


@dataclass(frozen=True)
class Project:
    """Cities to connect for one purpose, with the planned spaces to get there."""

    score: float
    value: float
    targets: tuple[str, ...]  # city points still to connect, in building order
    path: tuple[int, ...]  # planned free spaces, from the network outwards
    what: str


def route_value(route: dict[str, Any] | None, touched: set[str]) -> int:
    """What the route card pays for these track cities ('Fin du jeu'; see scoring.py)."""
    if not route or route["top"] not in touched:
        return 0
    reached = [v for c, v in route["cities"] if c in touched]
    return max(reached) + len(reached) - 1 if reached else 0


def open_destinations(t: Table, contract: dict[str, Any]) -> list[tuple[str, int]]:
    """(city point, value) of a contract's destinations not yet delivered to by this seat.

    'Chaque joueur ne peut livrer qu'UNE cargaison dans une ville donnée'.
    """
    b = board()
    side = contract["side"]
    if side is None or contract["token"] == "done":
        return []
    return [(b.city_point(c), int(v)) for c, v in contract["destinations"][side]
            if c not in t.me["deliveries"]]


def turns_left(v: dict[str, Any]) -> float:
    """A rough count of this seat's turns to come, from the rail deck ('Manches').

    The game ends when the third time card is drawn in round 3 (they lie in the bottom half
    of that round's deck); each later round's deck is the cards not in hands. The pace is
    the cards drawn per turn so far: hands now plus track laid, less the hands dealt.
    """
    players = v["players"]
    n = len(players)
    total = 60 if n > 2 else 42  # 'Lors d'une partie à deux joueurs, retirez trois cartes'
    hands = sum(int(p["hand_size"]) for p in players)
    laid = sum(45 - int(p["tracks_left"]) for p in players)
    drawn = max(hands + laid - 5 * n, 0)
    pace = (drawn + 24.0) / (int(v["turn_number"]) + 20.0)  # a prior of 1.2 cards a turn
    deck = int(v["rail_cards"]["deck"])
    rnd = int(v["round"])
    pool = max(total - max(hands, 4 * n) - 4, 10)  # display and discards at the reshuffle
    if rnd < 3:
        left = deck + (2 - rnd) * pool + 0.55 * (pool + 3)
    else:
        left = deck * (0.75, 0.7, 0.55, 0.0)[min(int(v["time_cards"]["drawn"]), 3)]
    return left / pace / n


class Planner:
    """Distances from the network and between cities, worked out once per decision."""

    def __init__(self, t: Table) -> None:
        self.t = t
        self.b = board()
        self.dist, self.via = spread(self.b, t.owners, t.net, t.hand)
        self.left = turns_left(t.view)
        self._from: dict[str, tuple[dict[str, float], dict[str, int]]] = {}

    def between(self, a: str, c: str) -> tuple[float, list[int]]:
        """Free spaces from city a to city c, and the path."""
        if a not in self._from:
            self._from[a] = spread(self.b, self.t.owners, [a])
        dist, via = self._from[a]
        if c not in dist:
            return INF, []
        return dist[c], trace(self.b, via, c)

    def reach(self, missing: list[str]) -> tuple[float, tuple[str, ...], list[int]]:
        """Spaces to add one or two cities to the network, the order, and the path."""
        if len(missing) == 1:
            (x,) = missing
            if x not in self.dist:
                return INF, (x,), []
            return self.dist[x], (x,), trace(self.b, self.via, x)
        x, y = missing
        options: list[tuple[float, tuple[str, ...], list[int]]] = []
        for first, second in ((x, y), (y, x)):
            if first in self.dist:
                gap, tail = self.between(first, second)
                options.append((self.dist[first] + gap, (first, second),
                                trace(self.b, self.via, first) + tail))
        if x in self.dist and y in self.dist:
            near, far = sorted((x, y), key=lambda p: self.dist[p])
            options.append((self.dist[x] + self.dist[y], (near, far),
                            trace(self.b, self.via, near) + trace(self.b, self.via, far)))
        return min(options, default=(INF, (x, y), []), key=lambda o: o[0])

    def _project(self, value: float, missing: list[str], what: str,
                 extra: float = 0.0, steps: float = 0.0) -> Project | None:
        """A project adding `missing` to the network, or None when it cannot be built.

        `value` is what it pays once built and, after `steps` train steps, delivered; it is
        lost when the game looks too short for that (the goods of the cities stay).
        """
        cost, order, path = self.reach(missing)
        if cost >= INF or round(cost) > self.t.pieces:
            return None
        train = self.t.train
        turns = max(cost - sum(self.t.hand), 0) / float(train["power"]) + 1
        if steps:
            turns += steps / float(train["speed"]) + 2  # restarts at the producer and before
        if turns > self.left:
            value = 0.0
        value += sum(self.t.price_at(p) for p in missing)
        value += GOODS_PER_SPACE * max(round(cost) - len(missing), 0)
        score = value / (round(cost) + OVERHEAD + extra)
        return Project(score, value, order, tuple(path), what)

    def projects(self) -> list[Project]:
        """Every project worth building, best first."""
        t, b = self.t, self.b
        found: list[Project] = []
        for c in t.me["contracts"]:
            if c["token"] == "done" or c["side"] is None:
                continue
            producers = [b.city_point(p) for p in b.producers(c["good"])]
            sources: list[str | None] = list(producers)
            if c["token"] == "train" or any(p in t.net_cities for p in producers):
                sources = [None]  # the good is on the train, or can be loaded on the network
            for d, v in open_destinations(t, c):
                for p in sources:
                    missing = [x for x in (p, d) if x is not None and x not in t.net_cities]
                    if not missing:
                        continue
                    gap = (0.0 if p is None else empty_gap(p, d)) + 2
                    project = self._project(v, missing, f"deliver {c['good']}",
                                            TRAIN_RATE * gap, gap)
                    if project:
                        found.append(project)
        route = t.view["you"]["route_card"]
        if route:
            now = route_value(route, t.track_cities)
            for city, _ in route["cities"]:
                touched = t.track_cities | {route["top"], city}
                gain = route_value(route, touched) - now
                missing = [b.city_point(x) for x in (route["top"], city)
                           if b.city_point(x) not in t.net_cities]
                if gain > 0 and missing:
                    project = self._project(gain, missing, "route card")
                    if project:
                        found.append(project)
        for name, city in b.cities.items():
            if city.point not in t.net_cities and city.point in self.dist:
                project = self._project(0.0, [city.point], f"connect {name}", -1.0)
                if project:
                    found.append(project)
        found.sort(key=lambda p: (-p.score, p.targets, p.what))
        return found

    def next_city(self, project: Project) -> str:
        """The first city the project's path reaches: the end of its next connection."""
        t, b = self.t, self.b
        point: str | None = None
        for idx in project.path:
            sp = b.spaces[idx]
            if point is None:
                point = sp.a if sp.a in t.net else sp.b
            point = sp.other(point)
            if point in b.city_points and point not in t.net_cities:
                return point
            if point in t.net:
                point = None
        return project.targets[0]


def empty_gap(a: str, c: str) -> float:
    """Spaces between two cities on the empty board."""
    return float(empty_distances()[a].get(c, INF))


# -- the train ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Job:
    """Where the train should go next and why."""

    target: str  # city point
    score: float
    what: str


def cargo_goods(t: Table) -> list[str]:
    """Goods on the seat's freight cars."""
    return list(t.train["cargo"])


def deliverable(t: Table, good: str) -> bool:
    """Has this good's contract a destination left in the network?"""
    c = next((c for c in t.me["contracts"] if c["good"] == good), None)
    return c is not None and any(d in t.net_cities for d, _ in open_destinations(t, c))


def dead(t: Table, good: str) -> bool:
    """A carried good with no destination left in the network."""
    return not deliverable(t, good)


def train_job(t: Table) -> Job | None:
    """The best next stop: a destination for a carried good, or a producer to load at."""
    b = board()
    here = train_state(t)
    cache: dict[str, dict[Any, int]] = {}

    def steps(a: Any, target: str) -> int:
        if target not in cache:
            cache[target] = train_distances(t, target)
        return cache[target].get(a, INF)

    speed = float(t.train["speed"])
    left = turns_left(t.view) + 1  # this turn too
    cargo = cargo_goods(t)
    room = len(cargo) < int(t.train["capacity"]) or any(dead(t, g) for g in cargo)
    jobs: list[Job] = []
    for c in t.me["contracts"]:
        dests = [(d, v) for d, v in open_destinations(t, c) if d in t.net_cities]
        if not dests:
            continue
        if c["token"] == "train":
            for d, v in dests:
                n = steps(here, d)
                if n / speed <= left:
                    jobs.append(Job(d, v / (n + 2), f"deliver {c['good']}"))
        elif c["token"] == "card" and room:
            for p in [b.city_point(x) for x in b.producers(c["good"])]:
                if p not in t.net_cities:
                    continue
                first = steps(here, p)
                for d, v in dests:
                    n = first + steps(("c", p), d)
                    if n / speed + 1 <= left:
                        jobs.append(Job(p, v / (n + 4), f"load {c['good']}"))
    jobs.sort(key=lambda j: (-j.score, j.target, j.what))
    return jobs[0] if jobs else None


def move_toward(t: Table, target: str, options: list[str]) -> str | None:
    """The move or enter option that brings the train closest to `target` (None: no better)."""
    dist = train_distances(t, target)
    now = dist.get(train_state(t), INF)
    best: tuple[int, str] | None = None
    for action in options:
        verb, _, arg = action.partition(" ")
        if verb == "enter":
            state: Any = ("c", point_of(arg))
            if state[1] != target:
                continue  # entering another city stops the train there
        elif verb == "move":
            state = ("s", space_of(arg))
        else:
            continue
        d = dist.get(state, INF)
        if d < now and (best is None or d < best[0]):
            best = (d, action)
    return best[1] if best else None
