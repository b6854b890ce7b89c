"""What the computer player reads from its view: its pieces, the time left, what things are worth.

Everything here is computed from `view` (the public table plus the seat's own secrets) and the
game's fixed data (board, tiles). VP estimates are rough exchange rates, not rules.
"""

from __future__ import annotations

import math
from collections import deque
from functools import cache
from typing import Any

from rules.railroad_revolution.board import network
from rules.railroad_revolution.data import SPECIALISTS, CityTile, GameData, load_data

SHARE = 150  # 'Vendre des Parts': a share sells for $150 at any time
MIN_WORKERS = 4  # 'Nombre minimum d'Ouvriers disponibles'
TRAIN_VP = 8  # 'Fin du jeu et Décompte': 8 VP per face-up train
# Average VP of the next letter's milestones: completing a tile brings one of them.
NEXT_VP = {"A": 22, "B": 34, "C": 43}


@cache
def hops() -> dict[str, dict[str, int]]:
    """Rails needed to reach each space from each space (neighbours touch or share a city)."""
    net = network()
    near: dict[str, set[str]] = {s: set(net.space_spaces[s]) for s in net.space_cities}
    for s, cities in net.space_cities.items():
        for c in cities:
            near[s].update(x for x in net.city_spaces[c] if x != s)
    out: dict[str, dict[str, int]] = {}
    for start in near:
        dist = {start: 0}
        todo = deque([start])
        while todo:
            s = todo.popleft()
            for x in near[s]:
                if x not in dist:
                    dist[x] = dist[s] + 1
                    todo.append(x)
        out[start] = dist
    return out


def city_tile(data: GameData, view_city: dict[str, Any]) -> CityTile:
    """The tile a city of the view shows (printed for Washington and Charlotte)."""
    printed = data.cities[view_city["id"]].printed
    return printed if printed is not None else data.city_tiles[view_city["tile"]]


class Me:
    """The deciding seat's situation, read once per decision from its view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.data = load_data()
        self.seat: int = view["you"]["seat"]
        self.p: dict[str, Any] = view["players"][self.seat]
        self.cities = {c["id"]: c for c in view["board"]["cities"]}
        self.sections = {s["section"]: s for s in view["board"]["telegraph"]["sections"]}
        self.tracks: dict[str, Any] = view["board"]["performance_tracks"]
        self.turns = self.turns_left()
        self._phi: dict[tuple[frozenset[str], frozenset[str]], float] = {}
        # Buildings the option being priced would add (its rewards' steps count them).
        self.adding: dict[str, int] = {}

    # -- time and money --------------------------------------------------------------------------
    def turns_left(self) -> int:
        """My turns still to play, this one included ('Fin du jeu': the round, then one more)."""
        if self.p["turns_left"] is not None:
            return max(1, int(self.p["turns_left"]))
        # The end comes when someone empties the left of the logo; about 1.4 pieces go a turn.
        fewest = min(sum(s["buildings"] + s["rails"] for s in q["sections"] if s["left_of_logo"])
                     for q in self.view["players"])
        return int(fewest / 1.4) + 2

    @property
    def money(self) -> int:
        """Cash in hand."""
        return int(self.p["money"])

    @property
    def funds(self) -> int:
        """Cash plus shares at their sale value."""
        return self.money + SHARE * int(self.p["shares"])

    def mv(self) -> float:
        """VP per dollar: worth less as the end nears, and beyond what I can still spend."""
        rate = 0.003 + 0.006 * min(1.0, (self.turns - 1) / 5)
        need = 200 + 250 * min(self.turns, 8)
        return rate * min(1.2, max(0.12, need / max(self.funds, 100)))

    # -- workers --------------------------------------------------------------------------------
    @property
    def available(self) -> int:
        """Workers in stock and on the player board."""
        return int(self.p["workers"]["available"])

    def colours_owned(self) -> dict[str, int]:
        """Available workers by colour (stock and board)."""
        out = dict(self.p["workers"]["stock"])
        for w in self.p["workers"]["board"]:
            out[w["colour"]] += 1
        return out

    def wanted_colours(self) -> dict[str, float]:
        """How much each specialist colour is needed as a manager of my open milestones."""
        want = {c: 0.0 for c in SPECIALISTS}
        have = self.colours_owned()
        for m in self.p["milestones"]:
            value = self.milestone_value(m)
            for need, got in zip(m["managers_needed"], m["managers"]):
                if got is None and need in want:
                    want[need] += value / 4 if have[need] == 0 else value / 12
        return want

    def worker_value(self, colour: str | None = None) -> float:
        """A worker more: promotions need a 5th available worker, and some colours are wanted."""
        base = 2.0 if self.turns > 2 else 0.3
        empty = [m for m in self.p["milestones"] if None in m["managers"]]
        if empty and self.available - MIN_WORKERS <= len(empty):
            # Without a spare worker no promotion is possible ('Nombre minimum d'Ouvriers').
            base += min(6.0, 0.3 * sum(self.milestone_value(m) for m in empty))
        if colour is None or colour == "white":
            return base
        return base + self.wanted_colours().get(colour, 0.0)

    # -- the network and milestones ('Étapes de Compagnie') --------------------------------------
    def milestone_value(self, m: dict[str, Any]) -> float:
        """The milestone's VP times my chance to complete it in time."""
        rails = frozenset(self.p["rails"])
        stations = frozenset(self.p["stations"])
        managers = sum(1 for x in m["managers"] if x is None)
        return self.chance(m["vp"], m["pile"][0], m["conditions"], rails, stations, managers,
                           m["managers_needed"])

    def chance(self, vp: int, letter: str, conditions: list[dict[str, Any]],
               rails: frozenset[str], stations: frozenset[str], empty: int,
               needed: list[str]) -> float:
        """VP discounted by the actions still needed (see `actions_needed`): near ones first."""
        actions = need = actions_needed(conditions, rails, stations, self.data)
        turns = max(actions, empty)  # a promotion comes with an action, one a turn
        if empty:
            have = self.colours_owned()
            spare = self.available - MIN_WORKERS
            for colour in needed[len(needed) - empty:]:
                need += 0.6 if (have.get(colour, 0) or colour == "any") and spare > 0 else 1.6
            if spare < empty:
                turns += 1  # a 5th available worker must come first ('Nombre minimum')
        # Too far for the turns left: worth nothing; a tile completed early leads to the next
        # letter's tile ('prenez les 3 tuiles ... de la pile suivante').
        late = min(1.0, max(0.0, self.turns - turns + 1))
        follow = 0.35 * NEXT_VP.get(letter, 0) * min(
            1.0, max(0.0, (self.turns - need - 3) / 5))
        return (float(vp) + follow) * math.exp(-need / 2.2) * late

    def plan_value(self, rails: frozenset[str], stations: frozenset[str]) -> float:
        """Worth of a network and stations: milestones, level-5 cities, cities to build in."""
        key = (rails, stations)
        if key in self._phi:
            return self._phi[key]
        total = 0.0
        for m in self.p["milestones"]:
            empty = sum(1 for x in m["managers"] if x is None)
            total += self.chance(m["vp"], m["pile"][0], m["conditions"], rails, stations,
                                 empty, m["managers_needed"])
        connected = set(network().connected_cities(rails))
        net_step = self.tracks["network"]["steps"]
        pos = int(self.p["tracks"]["network"])
        level5 = sum(1 for c in connected if self.data.cities[c].level == 5)
        # 'Réseau': each level-5 city multiplies the Network track (worth a little even at 0).
        total += level5 * max(net_step[pos]["vp"], net_step[min(8, pos + 2)]["vp"] * 0.6)
        # A reachable city without my station is a future station (and more milestones).
        for c in sorted(connected):
            if c not in stations:
                total += 0.4 * min(self.turns, 4) / 4
        total = float(total)
        self._phi[key] = total
        return total


def _distances(own: set[str]) -> dict[str, int]:
    """Rails needed to own each space, from the spaces in `own`."""
    h = hops()
    dist = {s: 99 for s in h}
    for o in own:
        for s, d in h[o].items():
            if d < dist[s]:
                dist[s] = d
    return dist


def _grow(dist: dict[str, int], targets: dict[str, list[str]], count: int) -> float:
    """Rails to own `count` of the targets (each a list of spaces, any one will do), greedily."""
    h = hops()
    rails = 0.0
    left = dict(targets)
    for _ in range(count):
        best: tuple[int, str, str] | None = None
        for key, spaces in left.items():
            for s in spaces:
                if best is None or dist[s] < best[0]:
                    best = (dist[s], key, s)
        if best is None:
            return rails + 20.0  # not enough targets left on the board
        rails += best[0]
        for s, d in h[best[2]].items():  # the target is now part of the network
            if d < dist[s]:
                dist[s] = d
        del left[best[1]]
    return rails


def actions_needed(conditions: list[dict[str, Any]], rails: frozenset[str],
                   stations: frozenset[str], data: GameData) -> float:
    """Rough actions (a Railroad lays 2 rails, a Station builds 1) to meet these conditions."""
    net = network()
    dist = _distances(set(rails))
    rail_count, builds = 0.0, 0
    for c in conditions:
        kind = c["type"]
        if kind == "stations":
            have = sum(1 for x in stations if data.cities[x].level == c["level"])
            more = int(c["min"]) - have
            if more <= 0:
                continue
            builds += more
            cands = {x: list(net.city_spaces[x]) for x, city in data.cities.items()
                     if city.level == c["level"] and x not in stations}
            rail_count += _grow(dist, cands, more)
        elif kind == "connected_cities":
            connected = {x for x, near in net.city_spaces.items()
                         if any(dist[s] == 0 for s in near)}
            have = sum(1 for x in connected if data.cities[x].level == c["level"])
            more = int(c["min"]) - have
            if more > 0:
                cands = {x: list(net.city_spaces[x]) for x, city in data.cities.items()
                         if city.level == c["level"] and x not in connected}
                rail_count += _grow(dist, cands, more)
        else:
            if kind == "market_rails":
                fits = [s for s, sp in data.spaces.items() if sp.market]
            else:
                fits = [s for s, sp in data.spaces.items() if sp.triangles == c["triangles"]]
            more = int(c["min"]) - sum(1 for s in fits if dist[s] == 0)
            if more > 0:
                rail_count += _grow(dist, {s: [s] for s in fits if dist[s] > 0}, more)
    return rail_count / 2 + builds
