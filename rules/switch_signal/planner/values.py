"""What a position is worth: the movement points still needed, train by train."""

from __future__ import annotations

import heapq
from itertools import permutations
from typing import Any, Protocol

from rules.switch_signal.cards import KINDS
from rules.switch_signal.planner.net import Net, Tables, net_of
from rules.switch_signal.planner.position import Pos, Train
from rules.switch_signal.planner.weights import (
    C_DOOM,
    C_NEW,
    CARD_SPENT_LATE,
    FACES,
    IDLE_W,
    INF,
    LOAD,
    START_RISK,
    W_TOKEN,
)


class TableSource(Protocol):
    """Where the distance tables come from: the Planner (player.py) keeps them between decisions."""

    def tables(self, net: Net, greens: frozenset[str],
               switches: dict[str, frozenset[str]]) -> Tables: ...


class Values:
    """Everything worked out for one decision from one view, and the value of a position."""

    def __init__(self, planner: TableSource, view: dict[str, Any]) -> None:
        self.planner = planner
        self.view = view
        self.net = net_of(view["board"])
        board = view["board"]
        greens = frozenset(g["id"] for g in board["signals"] if g["green"])
        switches = {j: frozenset(v["open"]) for j, v in board["switches"].items()}
        trains = {t["id"]: Train(t["colour"], t["at"], t["heading"], t["cargo"])
                  for t in view["trains"] if t["at"] is not None}
        self.pos = Pos(trains, dict(view["goods"]),
                       {p: dict(v) for p, v in view["delivered"].items()}, greens, switches,
                       bool(view["dispatcher_active"]))
        self.goal = int(view["goods_goal"])
        self.hand: dict[str, int] = dict(view.get("hand") or {k: 0 for k in KINDS})
        dep = view["departure"]
        self.last_turn = bool(dep["last_card"])
        # a hand is worth something only on its owner's next turn: with fewer departure cards
        # left than seats, none comes, so a card spent now costs (almost) nothing
        self.card_worth = 1.0 if dep["deck"] >= len(view["players"]) else CARD_SPENT_LATE
        clock = view["clock"]
        self.w_token: float = W_TOKEN * 7.0 / max(1, int(clock["size"]))
        if dep["deck"] <= 2:
            self.w_token *= 1.5
        if self.last_turn and int(clock["tokens"]) > max(max(f) for f in FACES.values()):
            self.w_token = 0.0  # no card is left to set aside; only an empty clock loses
        self._risk: dict[tuple[Any, ...], float] = {}
        self.delivered = sum(sum(v.values()) for v in self.pos.delivered.values())
        self.jobs = self.assign(self.pos, self.tables(self.pos))[1]

    # -- values -----------------------------------------------------------------------------------
    def tables(self, pos: Pos) -> Tables:
        return self.planner.tables(self.net, pos.greens, pos.switches)

    def port_targets(self, pos: Pos, colour: str) -> list[str]:
        """Ports that still take a cube of that colour."""
        if not self.net.pass_through:
            return self.net.ports
        found: list[str] | None = pos.memo.get(("ports", colour))
        if found is not None:
            return found
        out = []
        for port in self.net.ports:
            have = pos.delivered[port]
            extras = sum(max(0, n - 1) for n in have.values())
            if have[colour] == 0 or (self.goal > 8 and extras < 1):
                out.append(port)
        pos.memo[("ports", colour)] = out
        return out

    def needs(self, pos: Pos) -> tuple[dict[str, int], int]:
        """Cubes of each colour still needed beyond those on trains, and any-colour extras."""
        ports = self.net.ports
        per_colour = 2
        loaded = {c: 0 for c in self.net.colour_city}
        for t in pos.trains.values():
            if t.cargo is not None:
                loaded[t.cargo] += 1
        need = {}
        for c in self.net.colour_city:
            done = sum(pos.delivered[p][c] for p in ports)
            need[c] = max(0, per_colour - done - loaded[c])
        done_total = sum(sum(v.values()) for v in pos.delivered.values())
        extras = max(0, self.goal - done_total - sum(loaded.values()) - sum(need.values()))
        return need, extras

    def train_cost(self, tab: Tables, pos: Pos, t: Train) -> float:
        """Cost of one train's job on its own (empty trains: the best city)."""
        state = self.net.state_of(t.at, t.heading)
        if t.cargo is not None:
            best = min((tab.to[p][state] for p in self.port_targets(pos, t.cargo)), default=INF)
            return best if best < INF else C_DOOM
        best = INF
        for city in self.net.colour_city.values():
            if pos.goods[city] > 0:
                best = min(best, tab.to[city][state] + LOAD + self.city_to_port(tab, pos, city))
        return best if best < INF else C_DOOM

    def city_to_port(self, tab: Tables, pos: Pos, city: str) -> float:
        """A goods city's way to the nearest port that takes its colour."""
        return self.port_way(tab, pos, city, None)[0]

    def port_way(self, tab: Tables, pos: Pos, city: str,
                 claimed: dict[str, set[str]] | None) -> tuple[float, str | None]:
        """A goods city's way to the nearest port that takes its colour and no train claims."""
        colour = self.net.city_colour[city]
        ports = tuple(self.port_targets(pos, colour))
        if claimed is not None:
            ports = tuple(p for p in ports if p not in claimed[colour])
        found = tab.to_port.get((city, ports))
        if found is None:
            state = self.net.index[city]
            found = tab.to_port[(city, ports)] = min(((tab.to[p][state], p) for p in ports),
                                                     default=(INF, None))
        return found

    def value(self, pos: Pos, tab: Tables | None = None) -> float:
        """Movement points still needed (lower is better)."""
        return self.assign(pos, tab or self.tables(pos))[0]

    def assign(self, pos: Pos, tab: Tables) -> tuple[float, dict[str, str | None]]:
        """The value and each train's job: a port (loaded), a goods city, or None (idle)."""
        net = self.net
        need, extras = self.needs(pos)
        jobs: dict[str, str | None] = {}
        options: list[tuple[float, str, str, str, str | None]] = []
        ports, total = self.port_jobs(pos, tab)
        # North America: each colour's free port slots go one per cube, as the loaded trains'
        # did (None: any port, one-port board or 10 goods)
        claimed: dict[str, set[str]] | None = None
        if net.pass_through and self.goal <= 8:
            claimed = {c: set() for c in net.colour_city}
            for tid, bound in ports.items():
                claimed[str(pos.trains[tid].cargo)].add(bound)
        for tid, t in pos.trains.items():
            state = net.state_of(t.at, t.heading)
            jobs[tid] = ports.get(tid)
            if t.cargo is not None:
                continue
            for colour, city in net.colour_city.items():
                if pos.goods[city] > 0:
                    way, slot = self.port_way(tab, pos, city, claimed)
                    c = tab.to[city][state] + LOAD + way
                    if c < C_NEW:
                        options.append((c, tid, colour, city, slot))
        heapq.heapify(options)
        taken = {city: 0 for city in net.colour_city.values()}
        while options:
            c, tid, colour, city, slot = heapq.heappop(options)
            if jobs[tid] is not None or taken[city] >= pos.goods[city]:
                continue
            if claimed is not None and slot in claimed[colour]:  # taken since: the next port
                way, slot = self.port_way(tab, pos, city, claimed)
                state = net.state_of(pos.trains[tid].at, pos.trains[tid].heading)
                c = tab.to[city][state] + LOAD + way
                if c < C_NEW:
                    heapq.heappush(options, (c, tid, colour, city, slot))
                continue
            if need[colour] > 0:
                need[colour] -= 1
            elif extras > 0:
                extras -= 1
            else:
                continue
            jobs[tid] = city
            taken[city] += 1
            total += c
            if claimed is not None and slot is not None:
                claimed[colour].add(slot)
        total += C_NEW * (sum(need.values()) + extras)
        for tid, t in pos.trains.items():
            if jobs[tid] is None:
                total += self.job_cost(tab, pos, t, None)
            if self.net.kind.get(t.at) == "start":  # a deployment may be refused there
                total += START_RISK * self.w_token
        return total, jobs

    def port_jobs(self, pos: Pos, tab: Tables) -> tuple[dict[str, str], float]:
        """Each loaded train's port and their cost: two cubes of a colour need two ports.

        « Vous devez déposer 1 Marchandise de chaque couleur dans chacun des 2 Ports » (rulebook,
        North America's special rules): two white cubes are not both worth the nearer port.
        """
        net = self.net
        jobs: dict[str, str] = {}
        total = 0.0
        by_colour: dict[str, list[tuple[str, int]]] = {}
        for tid, t in pos.trains.items():
            if t.cargo is not None:
                by_colour.setdefault(t.cargo, []).append((tid, net.state_of(t.at, t.heading)))
        for colour, loaded in by_colour.items():
            targets = self.port_targets(pos, colour)
            if not targets:
                total += C_DOOM * len(loaded)
                for tid, _ in loaded:
                    jobs[tid] = "port"
                continue
            if len(loaded) == 1 or not net.pass_through or self.goal > 8:
                for tid, state in loaded:
                    port = min(targets, key=lambda x: tab.to[x][state])
                    jobs[tid] = port
                    total += min(tab.to[port][state], C_DOOM)
                continue
            best: tuple[float, tuple[str | None, ...]] | None = None
            slots: list[str | None] = [*targets, *([None] * len(loaded))]
            for pick in permutations(slots, len(loaded)):
                cost = sum(C_DOOM if port is None else min(tab.to[port][state], C_DOOM)
                           for port, (_, state) in zip(pick, loaded, strict=True))
                if best is None or cost < best[0] - 1e-9:
                    best = (cost, pick)
            assert best is not None
            total += best[0]
            for slot, (tid, _) in zip(best[1], loaded, strict=True):
                jobs[tid] = slot or "port"
        return jobs, total

    def job_cost(self, tab: Tables, pos: Pos, t: Train, job: str | None) -> float:
        """A train's cost for its given job (an idle train: a little, to clear the way)."""
        state = self.net.state_of(t.at, t.heading)
        if job is None:
            if self.net.pass_through:
                return 0.0
            best = min(tab.to[p][state] for p in self.net.ports)
            return IDLE_W * min(best, C_DOOM)
        if t.cargo is not None:
            if job in self.net.ports:
                return min(tab.to[job][state], C_DOOM)
            best = min((tab.to[p][state] for p in self.port_targets(pos, t.cargo)), default=INF)
            return min(best, C_DOOM)
        if job == "port" or pos.goods.get(job, 0) <= 0:
            return self.own_cost(tab, pos, t)
        return min(tab.to[job][state] + LOAD + self.city_to_port(tab, pos, job), C_DOOM)

    def own_cost(self, tab: Tables, pos: Pos, t: Train) -> float:
        """A train's own cost, capped: a train with no useful job costs nothing more."""
        return min(self.train_cost(tab, pos, t), C_NEW)

    def load(self, pos: Pos, tid: str) -> None:
        """Charger un Train: the empty train takes a cube of its city."""
        t = pos.trains[tid]
        t.cargo = next(c for c, n in self.net.colour_city.items() if n == t.at)
        pos.goods[t.at] -= 1

    def card_cost(self, count: int) -> float:
        """Cost of spending `count` cards: cards kept beyond 5 are lost to the draw anyway."""
        held = sum(self.hand.values())
        cost = 0.0
        for k in range(count):
            if held - k <= 5:
                cost += self.card_worth
        return cost
