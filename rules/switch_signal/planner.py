"""A planning player for Switch & Signal that decides from one seat's view only.

`choose(view, legal)` reads `m.view(seat)` (the public table plus that seat's own hand) and
returns one of the canonical texts in `legal`. It never looks at the match state, at other
seats' hands or at coming dice: a move is valued as the average over the faces of the train's
die, played out on its own model of the track (the movement rules of movement.py, rebuilt from
the view's board data).

How it values a position (in "movement points", MP):
* every train on the network costs the points still needed for its job: a loaded train the
  shortest way to a port that takes its cube; an empty train the way to a goods city whose
  cubes are still needed, plus that city's way to the port (trains are given cities greedily,
  cheapest first, so two trains do not count the same cube);
* a red light or a switch set the wrong way on a way costs as much as the card that fixes it;
* a cube no train is working on costs a fresh train (C_NEW);
* the next departure card may move any colour: each train adds, weighted by the chance its
  colour moves, the average change of its cost over its die, and every time token lost.
In its action phase it plays, one at a time, the action (load, move, switch, signal) that
lowers that value most for the cards it costs, and ends its turn when nothing helps.

Known weaknesses: it looks one action ahead (plus a load or one switch/light after a move), so
it does not plan a whole turn's cards together; it never calls the Dispatcher and uses the
Conductor, Section chief and Track guard on simple thresholds; it picks the disc to move for a
green light by a heuristic (the light fewest planned ways use); the weights below were tuned
by self-play on a few dozen games only.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

from rules.switch_signal.cards import COLOURS, KINDS, load_cards

INF = 10_000.0
P_SIG = 1.2  # a red light on the way (fixed later with one card)
P_SW = 1.2  # a switch set the wrong way (one card)
P_STOP = 1.0  # Europe: a goods city on the way ends that move (points left are lost)
C_NEW = 40.0  # a needed cube no train on the network is working on
C_DOOM = 45.0  # a train that can only run into a start space
LOAD = 0.5  # loading costs a card and a stop
P_MOVE = 0.42  # chance that the next departure card moves a given colour
W_TOKEN = 4.0  # one time token, in movement points
EPS = 0.05
IDLE_W = 0.3  # an idle train heads for the port (and back to the depot), out of the way
START_RISK = 0.6  # tokens a train on a start space may cost when a deployment rolls it
FACES = {c: load_cards().dice[c] for c in COLOURS}


# -- the board model ---------------------------------------------------------------------------
@dataclass
class Edge:
    """One movement point: from a state to the next, with what may block it."""

    src: int
    dst: int
    sigs: tuple[str, ...]
    switch: tuple[str, frozenset[str]] | None
    leave_city: str | None


class Net:
    """Static model of one board from the view's board data (cached per board)."""

    def __init__(self, board: dict[str, Any]) -> None:
        self.pass_through = bool(board["pass_through"])
        self.kind = {n["id"]: n["kind"] for n in board["nodes"]}
        self.colour_city = {n["goods_colour"]: n["id"] for n in board["nodes"]
                            if n["goods_colour"]}
        self.city_colour = {n["id"]: n["goods_colour"] for n in board["nodes"]
                            if n["goods_colour"]}
        self.label = {n["id"]: n["label"] for n in board["nodes"]}
        self.by_label = {n["label"]: n["id"] for n in board["nodes"]}
        self.segs: dict[str, tuple[str, str, int]] = {
            s["id"]: (s["a"], s["b"], len(s["spaces"])) for s in board["segments"]}
        self.at_node: dict[str, list[str]] = {n: [] for n in self.kind}
        for sid, (a, b, _) in self.segs.items():
            self.at_node[a].append(sid)
            self.at_node[b].append(sid)
        self.sig_at = {(g["segment"], g["gap"]): g["id"] for g in board["signals"]}
        self.sig_city = {g["id"]: g["city"] for g in board["signals"]}
        self.sig_seg = {g["id"]: (g["segment"], g["gap"]) for g in board["signals"]}
        self.ports = [n for n, k in self.kind.items() if k == "port"]
        self.cities = [n for n, k in self.kind.items() if k == "city"]
        self.junctions = [n for n, k in self.kind.items() if k == "junction"]
        self.pairs = {j: self._pairs(j) for j in self.junctions}
        self.index: dict[tuple[str, int, str] | str, int] = {}
        for sid, (a, b, n) in self.segs.items():
            for h in (a, b):
                for i in range(1, n + 1):
                    self.index[(sid, i, h)] = len(self.index)
        for node, kind in self.kind.items():
            if kind != "junction":
                self.index[node] = len(self.index)
        self.edges: list[Edge] = []
        self._build()
        self.radj: list[list[int]] = [[] for _ in self.index]
        for k, e in enumerate(self.edges):
            self.radj[e.dst].append(k)

    def _pairs(self, j: str) -> list[frozenset[str]]:
        others = [self.other(s, j) for s in self.at_node[j]]
        return [frozenset((x, y)) for i, x in enumerate(others) for y in others[i + 1:]]

    def other(self, sid: str, node: str) -> str:
        a, b, _ = self.segs[sid]
        return b if node == a else a

    def first(self, sid: str, node: str) -> int:
        a, _, n = self.segs[sid]
        return 1 if node == a else n

    def gap(self, sid: str, node: str) -> int:
        a, _, n = self.segs[sid]
        return 0 if node == a else n

    def sig(self, sid: str, gap: int) -> str | None:
        return self.sig_at.get((sid, gap))

    def _sigs(self, *spots: tuple[str, int]) -> tuple[str, ...]:
        return tuple(s for s in (self.sig_at.get(p) for p in spots) if s is not None)

    def _build(self) -> None:
        ix = self.index
        for sid, (a, b, n) in self.segs.items():
            for h in (a, b):
                for i in range(1, n + 1):
                    src = ix[(sid, i, h)]
                    j = i + 1 if h == b else i - 1
                    if 1 <= j <= n:
                        self.edges.append(Edge(src, ix[(sid, j, h)],
                                               self._sigs((sid, min(i, j))), None, None))
                        continue
                    kind = self.kind[h]
                    came = self.other(sid, h)
                    if kind == "junction":
                        for s2 in self.at_node[h]:
                            if s2 == sid:
                                continue
                            out = self.other(s2, h)
                            self.edges.append(Edge(
                                src, ix[(s2, self.first(s2, h), out)],
                                self._sigs((sid, self.gap(sid, h)), (s2, self.gap(s2, h))),
                                (h, frozenset((came, out))), None))
                    elif kind in ("city", "port"):
                        self.edges.append(Edge(src, ix[h], self._sigs((sid, self.gap(sid, h))),
                                               None, None))
        for node, kind in self.kind.items():
            if kind == "junction" or (kind == "port" and not self.pass_through):
                continue
            for sid in self.at_node[node]:
                self.edges.append(Edge(ix[node], ix[(sid, self.first(sid, node),
                                                     self.other(sid, node))],
                                       self._sigs((sid, self.gap(sid, node))), None,
                                       node if kind == "city" else None))

    def state_of(self, at: str, heading: str | None) -> int:
        """The model state of a train's place."""
        if ":" in at:
            sid, _, i = at.partition(":")
            return self.index[(sid, int(i), str(heading))]
        return self.index[at]


_NETS: dict[tuple[Any, ...], Net] = {}


def _net(board: dict[str, Any]) -> Net:
    key = (board["id"], tuple((s["id"], len(s["spaces"])) for s in board["segments"]),
           tuple(g["id"] for g in board["signals"]))
    net = _NETS.get(key)
    if net is None:
        net = _NETS[key] = Net(board)
    return net


class Tables:
    """Cost to reach each port and goods city from every state, for one signal/switch setting."""

    def __init__(self, net: Net, greens: frozenset[str],
                 switches: dict[str, frozenset[str]]) -> None:
        self.net = net
        europe = not net.pass_through
        costs = []
        for e in net.edges:
            c = 1.0
            for s in e.sigs:
                if s not in greens:
                    c += P_SIG
            if e.switch is not None and switches[e.switch[0]] != e.switch[1]:
                c += P_SW
            if europe and e.leave_city is not None:
                c += P_STOP
            costs.append(c)
        self.costs = costs
        self.to: dict[str, list[float]] = {t: self._dijkstra(t)
                                           for t in net.ports + net.cities}
        self.c2p: dict[tuple[str, tuple[str, ...]], float] = {}

    def _dijkstra(self, target: str) -> list[float]:
        net = self.net
        dist = [INF] * len(net.index)
        start = net.index[target]
        dist[start] = 0.0
        heap = [(0.0, start)]
        edges, costs, radj = net.edges, self.costs, net.radj
        while heap:
            d, v = heapq.heappop(heap)
            if d > dist[v]:
                continue
            for k in radj[v]:
                u = edges[k].src
                nd = d + costs[k]
                if nd < dist[u]:
                    dist[u] = nd
                    heapq.heappush(heap, (nd, u))
        return dist


# -- the position --------------------------------------------------------------------------------
@dataclass
class Train:
    """A train on the network in the planner's model."""

    colour: str
    at: str
    heading: str | None
    cargo: str | None


@dataclass
class Pos:
    """Trains on the network, goods, deliveries and the signal/switch setting."""

    trains: dict[str, Train]
    goods: dict[str, int]
    delivered: dict[str, dict[str, int]]
    greens: frozenset[str]
    switches: dict[str, frozenset[str]]
    dispatcher: bool

    def copy(self) -> Pos:
        return Pos({k: Train(t.colour, t.at, t.heading, t.cargo) for k, t in self.trains.items()},
                   dict(self.goods), {p: dict(v) for p, v in self.delivered.items()},
                   self.greens, self.switches, self.dispatcher)

    def occupant(self, at: str) -> str | None:
        for tid, t in self.trains.items():
            if t.at == at:
                return tid
        return None


class Planner:
    """Chooses one legal action from one seat's view."""

    def __init__(self) -> None:
        self._tables: dict[tuple[Any, ...], Tables] = {}
        self.fallbacks = 0

    # -- entry point ------------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal: list[str]) -> str:
        """One canonical text from `legal`."""
        if len(legal) == 1:
            return legal[0]
        ctx = Ctx(self, view)
        pick = ctx.decide(legal)
        if pick in legal:
            return pick
        self.fallbacks += 1
        for safe in ("keep", "resolve", "reveal", "start", "cancel", "done"):
            if safe in legal:
                return safe
        return next((a for a in legal if a != "show hand"), legal[0])

    def tables(self, net: Net, greens: frozenset[str],
               switches: dict[str, frozenset[str]]) -> Tables:
        key = (id(net), greens, tuple(sorted((j, tuple(sorted(p))) for j, p in switches.items())))
        found = self._tables.get(key)
        if found is None:
            if len(self._tables) > 256:
                self._tables.clear()
            found = self._tables[key] = Tables(net, greens, switches)
        return found


_DEFAULT = Planner()


def choose(view: dict[str, Any], legal: list[str]) -> str:
    """Module-level entry: one legal action for the seat whose view this is."""
    return _DEFAULT.choose(view, legal)


# -- one decision --------------------------------------------------------------------------------
class Ctx:
    """Everything worked out for one decision from one view."""

    def __init__(self, planner: Planner, view: dict[str, Any]) -> None:
        self.planner = planner
        self.view = view
        self.net = _net(view["board"])
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
        clock = view["clock"]
        self.w_token: float = W_TOKEN * 7.0 / max(1, int(clock["size"]))
        if dep["deck"] <= 2:
            self.w_token *= 1.5
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
        out = []
        for port in self.net.ports:
            have = pos.delivered[port]
            extras = sum(max(0, n - 1) for n in have.values())
            if have[colour] == 0 or (self.goal > 8 and extras < 1):
                out.append(port)
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
        colour = self.net.city_colour[city]
        ports = tuple(self.port_targets(pos, colour))
        key = (city, ports)
        found = tab.c2p.get(key)
        if found is None:
            state = self.net.index[city]
            found = tab.c2p[key] = min((tab.to[p][state] for p in ports), default=INF)
        return found

    def value(self, pos: Pos, tab: Tables | None = None) -> float:
        """Movement points still needed (lower is better)."""
        return self.assign(pos, tab or self.tables(pos))[0]

    def assign(self, pos: Pos, tab: Tables) -> tuple[float, dict[str, str | None]]:
        """The value and each train's job: a port (loaded), a goods city, or None (idle)."""
        net = self.net
        need, extras = self.needs(pos)
        total = 0.0
        jobs: dict[str, str | None] = {}
        options = []
        for tid, t in pos.trains.items():
            state = net.state_of(t.at, t.heading)
            jobs[tid] = None
            if t.cargo is not None:
                best = min((tab.to[p][state] for p in self.port_targets(pos, t.cargo)),
                           default=INF)
                total += best if best < INF else C_DOOM
                jobs[tid] = "port"
                continue
            for colour, city in net.colour_city.items():
                if pos.goods[city] > 0:
                    c = tab.to[city][state] + LOAD + self.city_to_port(tab, pos, city)
                    if c < C_NEW:
                        options.append((c, tid, colour, city))
        options.sort()
        taken = {city: 0 for city in net.colour_city.values()}
        for c, tid, colour, city in options:
            if jobs[tid] is not None or taken[city] >= pos.goods[city]:
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
        total += C_NEW * (sum(need.values()) + extras)
        for tid, t in pos.trains.items():
            if jobs[tid] is None:
                total += self.job_cost(tab, pos, t, None)
            if self.net.kind.get(t.at) == "start":  # a deployment may be refused there
                total += START_RISK * self.w_token
        return total, jobs

    def job_cost(self, tab: Tables, pos: Pos, t: Train, job: str | None) -> float:
        """A train's cost for its given job (an idle train: a little, to clear the way)."""
        state = self.net.state_of(t.at, t.heading)
        if job is None:
            if self.net.pass_through:
                return 0.0
            best = min(tab.to[p][state] for p in self.net.ports)
            return IDLE_W * min(best, C_DOOM)
        if t.cargo is not None:
            best = min((tab.to[p][state] for p in self.port_targets(pos, t.cargo)), default=INF)
            return min(best, C_DOOM)
        if job == "port" or pos.goods[job] <= 0:
            return self.own_cost(tab, pos, t)
        return min(tab.to[job][state] + LOAD + self.city_to_port(tab, pos, job), C_DOOM)

    # -- movement model (movement.py) -------------------------------------------------------------
    def green_exits(self, pos: Pos, node: str, exclude: str | None) -> list[str]:
        net = self.net
        return [s for s in net.at_node[node] if s != exclude
                and (net.sig(s, net.gap(s, node)) is None
                     or net.sig(s, net.gap(s, node)) in pos.greens)]

    def passes(self, pos: Pos, node: str) -> bool:
        kind = self.net.kind[node]
        if self.net.pass_through:
            return kind in ("city", "port")
        return kind == "city" and pos.dispatcher

    def run(self, pos: Pos, tid: str, mp: int, tab: Tables, exit_seg: str | None = None,
            entered: str | None = None) -> float:
        """Move a train `mp` points in `pos` (changed in place); returns time tokens lost.

        Choices (which exit, stop or go on) are taken to keep the train's own cost low.
        """
        net = self.net
        tokens = 0.0
        train = pos.trains[tid]
        while mp > 0 and tid in pos.trains:
            at = train.at
            if ":" in at:
                sid, _, si = at.partition(":")
                i = int(si)
                a, b, n = net.segs[sid]
                h = str(train.heading)
                j = i + 1 if h == b else i - 1
                if 1 <= j <= n:
                    gaps = [(sid, min(i, j))]
                    target, heading, seg2 = f"{sid}:{j}", h, sid
                    open_ok = True
                else:
                    gaps = [(sid, net.gap(sid, h))]
                    if net.kind[h] != "junction":
                        target, heading, seg2, open_ok = h, None, sid, True
                    else:
                        came = net.other(sid, h)
                        pair = pos.switches[h]
                        if came not in pair:
                            open_ok, target, heading, seg2 = False, "", None, sid
                        else:
                            out = next(x for x in pair if x != came)
                            seg2 = next(s for s in net.at_node[h] if net.other(s, h) == out)
                            gaps.append((seg2, net.gap(seg2, h)))
                            target = f"{seg2}:{net.first(seg2, h)}"
                            heading, open_ok = out, True
            else:
                kind = net.kind[at]
                if kind == "start":
                    seg2 = net.at_node[at][0]
                elif exit_seg is not None:
                    seg2, exit_seg = exit_seg, None
                else:
                    exits = self.green_exits(pos, at, entered)
                    if entered is not None:
                        if not exits:
                            break
                        options: list[str | None] = [None, *exits]
                    elif not exits:
                        tokens += mp
                        break
                    else:
                        options = list(exits)
                    if len(options) == 1:
                        seg2 = str(options[0])
                    else:
                        return tokens + self._best_branch(pos, tid, mp, tab, options, entered)
                gaps = [(seg2, net.gap(seg2, at))]
                target = f"{seg2}:{net.first(seg2, at)}"
                heading, open_ok = net.other(seg2, at), True
            # regles 6 and 7
            first = net.sig_at.get(gaps[0])
            if first is not None and first not in pos.greens:
                tokens += mp
                break
            if not open_ok:
                tokens += mp
                break
            if any(net.sig_at.get(g) is not None and net.sig_at[g] not in pos.greens
                   for g in gaps[1:]):
                tokens += mp
                break
            other = pos.occupant(target)
            if other is not None:
                if ":" not in target:
                    head_on = net.kind[target] == "start"
                else:
                    head_on = pos.trains[other].heading != heading
                if head_on:
                    self._to_depot(pos, tid)
                    tokens += 2 * mp
                else:
                    tokens += mp
                break
            mp -= 1
            entered = None
            train.at, train.heading = target, heading
            if ":" in target:
                continue
            kind = net.kind[target]
            if kind == "start":
                self._to_depot(pos, tid)
                tokens += 2
                break
            if kind == "port" and train.cargo is not None \
                    and target in self.port_targets(pos, train.cargo):
                pos.delivered[target][train.cargo] += 1
                del pos.trains[tid]
                break
            if kind == "port" and not net.pass_through:
                del pos.trains[tid]
                break
            if mp > 0 and self.passes(pos, target):
                entered = seg2
                continue
            break
        return tokens

    def _to_depot(self, pos: Pos, tid: str) -> None:
        train = pos.trains.pop(tid)
        if train.cargo is not None:
            pos.goods[self.net.colour_city[train.cargo]] += 1

    def _best_branch(self, pos: Pos, tid: str, mp: int, tab: Tables,
                     options: list[str | None], entered: str | None) -> float:
        """At a choice point: play each branch out and keep the best for this train."""
        best: tuple[float, Pos, float] | None = None
        for opt in options:
            trial = pos.copy()
            if opt is None:
                tokens = 0.0
            else:
                tokens = self.run(trial, tid, mp, tab, exit_seg=opt, entered=entered)
            score = self.w_token * tokens + self._own(trial, tid, tab)
            if best is None or score < best[0] - 1e-9:
                best = (score, trial, tokens)
        assert best is not None
        _, trial, tokens = best
        pos.trains, pos.goods, pos.delivered = trial.trains, trial.goods, trial.delivered
        return tokens

    def _own(self, pos: Pos, tid: str, tab: Tables) -> float:
        """A train's own cost (0 delivered, C_NEW back in the depot with its job undone)."""
        t = pos.trains.get(tid)
        job = self.jobs.get(tid, "port")
        if t is None:
            delivered = sum(sum(v.values()) for v in pos.delivered.values())
            return 0.0 if delivered > self.delivered or job is None else C_NEW
        return self.job_cost(tab, pos, t, job)

    # -- expectations -----------------------------------------------------------------------------
    def move_outcomes(self, pos: Pos, tid: str, tab: Tables) -> list[tuple[float, Pos, float]]:
        """(probability, position after, tokens lost) for each face of the train's die."""
        faces = FACES[pos.trains[tid].colour]
        out = []
        for face in sorted(set(faces)):
            p = faces.count(face) / len(faces)
            trial = pos.copy()
            tokens = self.run(trial, tid, face, tab)
            out.append((p, trial, tokens))
        return out

    def risk(self, pos: Pos, tab: Tables, jobs: dict[str, str | None]) -> float:
        """Expected change of value from the next departure card's forced moves."""
        if self.last_turn:
            return 0.0
        total = 0.0
        occupied = frozenset(t.at for t in pos.trains.values())
        goods = tuple(pos.goods.values())
        for tid, t in pos.trains.items():
            job = jobs.get(tid)
            key = (id(tab), tid, t.at, t.heading, t.cargo, job, goods, occupied, pos.dispatcher)
            found = self._risk.get(key)
            if found is None:
                found = self._risk[key] = P_MOVE * self.local_effect(pos, tid, tab, job)
            total += found
        return total

    def local_effect(self, pos: Pos, tid: str, tab: Tables, job: str | None) -> float:
        """Expected change of one train's cost for its job (and time lost) when it moves."""
        before = self.job_cost(tab, pos, pos.trains[tid], job)
        delivered = sum(sum(v.values()) for v in pos.delivered.values())
        exp = 0.0
        for p, after, tokens in self.move_outcomes(pos, tid, tab):
            t = after.trains.get(tid)
            if t is not None:
                cost = self.job_cost(tab, after, t, job)
            elif sum(sum(v.values()) for v in after.delivered.values()) > delivered:
                cost = 0.0
            elif job is None:
                cost = 0.0
            else:  # back in the depot: its job is left for a new train
                cost = max(C_NEW, before + 4.0)
            exp += p * (cost - before + self.w_token * tokens)
        return exp

    def own_cost(self, tab: Tables, pos: Pos, t: Train) -> float:
        """A train's own cost, capped: a train with no useful job costs nothing more."""
        return min(self.train_cost(tab, pos, t), C_NEW)

    def end_value(self, pos: Pos, tab: Tables | None = None) -> float:
        """Value at the end of the turn: as it stands plus the next card's forced moves."""
        tab = tab or self.tables(pos)
        base, jobs = self.assign(pos, tab)
        return base + self.risk(pos, tab, jobs)

    def move_value(self, pos: Pos, tid: str, spent: int = 1) -> float:
        """Expected end value after a move card for that train.

        A train that stops empty in a goods city with cubes is loaded at once when a card is
        left to pay for it (one card more).
        """
        tab = self.tables(pos)
        left = sum(self.hand.values()) - spent
        total = 0.0
        for p, after, tokens in self.move_outcomes(pos, tid, tab):
            extra = 0.0
            t = after.trains.get(tid)
            used = spent
            if (left >= 1 and t is not None and t.cargo is None and ":" not in t.at
                    and self.net.kind[t.at] == "city" and after.goods[t.at] > 0):
                self.load(after, tid)
                extra = self.card_cost(spent + 1) - self.card_cost(spent)
                used += 1
            end = self.end_value(after, tab)
            if t is not None and sum(self.hand.values()) - used >= 1:
                end = min(end, self.follow_up(after, tid, used))
            total += p * (self.w_token * tokens + extra + end)
        return total

    def follow_up(self, pos: Pos, tid: str, used: int) -> float:
        """Best end value after one switch or signal for the train just moved (cards paid)."""
        net = self.net
        t = pos.trains[tid]
        junctions, reds = self.ahead(pos, t)
        best = INF
        left = dict(self.hand)
        for kind in ("move",) * min(used, left.get("move", 0)):
            left[kind] -= 1
        held = sum(self.hand.values())

        def cost(kind: str) -> float:
            n = 1 if left.get(kind, 0) > 0 else 2
            return sum(1.0 for k in range(used, used + n) if held - k <= 5)

        for j in sorted(junctions):
            for pair in net.pairs[j]:
                if pair == pos.switches[j]:
                    continue
                trial = pos.copy()
                trial.switches = dict(pos.switches)
                trial.switches[j] = pair
                best = min(best, self.end_value(trial) + cost("switch"))
        for target in sorted(reds):
            sources = self.sources_in(pos, target)
            if not sources:
                continue
            source = min(sources, key=lambda s: (net.sig_city[s] is not None, s))
            trial = pos.copy()
            trial.greens = (pos.greens - {source}) | {target}
            best = min(best, self.end_value(trial) + cost("signal"))
        return best

    def load(self, pos: Pos, tid: str) -> None:
        """Charger un Train: the empty train takes a cube of its city."""
        t = pos.trains[tid]
        t.cargo = next(c for c, n in self.net.colour_city.items() if n == t.at)
        pos.goods[t.at] -= 1

    # -- decisions --------------------------------------------------------------------------------
    def decide(self, legal: list[str]) -> str:
        v = self.view
        if v["motion"] is not None:
            return self.decide_motion(legal)
        phase = v["phase"]
        if phase == "arrange":
            return "start"
        if phase == "reveal":
            return "reveal"
        if phase == "depart":
            return self.decide_depart(legal)
        return self.decide_actions(legal)

    def decide_motion(self, legal: list[str]) -> str:
        m = self.view["motion"]
        tid = m["train"]
        pos = self.pos
        tab = self.tables(pos)
        if m["waiting_for"] == "roll":
            if "agent logistician" not in legal:
                return "keep"
            keep = self._after_roll(pos, tid, int(m["die"]), tab)
            faces = FACES[pos.trains[tid].colour]
            again = sum(self._after_roll(pos, tid, f, tab) for f in faces) / len(faces)
            return "agent logistician" if keep - again > 3.0 else "keep"
        best, pick = INF, legal[0]
        at = pos.trains[tid].at
        for action in legal:
            trial = pos.copy()
            if action == "stop":
                tokens = 0.0
            elif action.startswith("go "):
                to = self.net.by_label[action[3:]]
                seg = next(s for s in self.net.at_node[at] if self.net.other(s, at) == to)
                entered = "?" if m["waiting_for"] == "through" else None
                tokens = self.run(trial, tid, int(m["points_left"]), tab, exit_seg=seg,
                                  entered=entered)
            else:
                continue
            score = self.w_token * tokens + self.end_value(trial, tab)
            if score < best - 1e-9:
                best, pick = score, action
        return pick

    def _after_roll(self, pos: Pos, tid: str, die: int, tab: Tables) -> float:
        trial = pos.copy()
        tokens = self.run(trial, tid, die, tab)
        return self.w_token * tokens + self.end_value(trial, tab)

    def colour_effect(self, pos: Pos, colour: str, tab: Tables,
                      skip: str | None = None) -> float:
        """Expected change of value when every train of a colour moves (one after another)."""
        base = self.value(pos, tab)
        total = 0.0
        for tid in self.order(pos, colour, tab):
            if tid == skip:
                continue
            exp = sum(p * (self.value(after, tab) - base + self.w_token * tokens)
                      for p, after, tokens in self.move_outcomes(pos, tid, tab))
            total += exp
        return total

    def order(self, pos: Pos, colour: str, tab: Tables,
              among: list[str] | None = None) -> list[str]:
        """Trains of a colour, the one whose move goes best first."""
        tids = among if among is not None else [t for t, x in pos.trains.items()
                                                if x.colour == colour]
        base = self.value(pos, tab)
        scored = []
        for tid in tids:
            exp = sum(p * (self.value(after, tab) - base + self.w_token * tokens)
                      for p, after, tokens in self.move_outcomes(pos, tid, tab))
            scored.append((exp, tid))
        scored.sort()
        return [tid for _, tid in scored]

    def decide_depart(self, legal: list[str]) -> str:
        pos = self.pos
        tab = self.tables(pos)
        cur = self.view["departure"]["current"] or {}
        deploys = [a for a in legal if a.startswith("deploy ")]
        if deploys:
            for colour in ("black", "brown", "grey"):
                if f"deploy {colour}" in legal:
                    return f"deploy {colour}"
        # agents that stop trains from moving
        halts = [a for a in legal if a.startswith("agent conductor ")]
        if halts:
            best, pick = 3.0, None
            for action in halts:
                colour = action.split()[2]
                if colour == cur.get("moving_colour"):
                    among = [t for t in cur.get("to_move", []) if t in pos.trains]
                    harm = sum(self._expected(pos, t, tab) for t in among)
                else:
                    harm = self.colour_effect(pos, colour, tab)
                if harm > best:
                    best, pick = harm, action
            if pick is not None:
                return pick
        chiefs = [a for a in legal if a.startswith("agent section-chief ")]
        if chiefs:
            best, pick = 3.0, None
            for action in chiefs:
                tid = action.split()[2]
                if tid in pos.trains:
                    harm = self._expected(pos, tid, tab)
                    if harm > best:
                        best, pick = harm, action
            if pick is not None:
                return pick
        if "agent track-guard" in legal and "resolve" in legal:
            effect = self.card_effect(pos, cur, tab)
            return "agent track-guard" if effect > 4.0 else "resolve"
        if "resolve" in legal:
            return "resolve"
        colours = [a for a in legal if a.startswith("colour ")]
        if colours:
            scored = sorted((self.colour_effect(pos, a.split()[1], tab), a) for a in colours)
            return scored[0][1]
        moves = [a for a in legal if a.startswith("move ")]
        if moves:
            first = self.order(pos, "", tab, [a.split()[1] for a in moves])[0]
            return f"move {first}"
        return next((a for a in legal if a not in ("show hand", "agent dispatcher")), legal[0])

    def _expected(self, pos: Pos, tid: str, tab: Tables) -> float:
        base = self.value(pos, tab)
        return sum(p * (self.value(after, tab) - base + self.w_token * tokens)
                   for p, after, tokens in self.move_outcomes(pos, tid, tab))

    def card_effect(self, pos: Pos, cur: dict[str, Any], tab: Tables) -> float:
        """Expected change of value from the moves on the revealed card."""
        total = 0.0
        used: list[str] = []
        for icon in cur.get("moves", []):
            if icon == "any":
                options = [c for c in COLOURS if c not in used]
                scored = sorted((self.colour_effect(pos, c, tab), c) for c in options)
                total += scored[0][0]
                used.append(scored[0][1])
            else:
                total += self.colour_effect(pos, icon, tab)
                used.append(icon)
        return total

    # -- the action phase -------------------------------------------------------------------------
    def card_cost(self, count: int) -> float:
        """Cost of spending `count` cards: cards kept beyond 5 are lost to the draw anyway."""
        held = sum(self.hand.values())
        cost = 0.0
        for k in range(count):
            if held - k <= 5:
                cost += 1.0
        return cost

    def pay_for(self, kind: str) -> tuple[str, float] | None:
        """How an action of that kind is paid: its own card, or two cards of any kind."""
        if self.hand.get(kind, 0) > 0:
            return kind, self.card_cost(1)
        if sum(self.hand.values()) >= 2:
            return f"wild {kind}", self.card_cost(2)
        return None

    def decide_actions(self, legal: list[str]) -> str:
        pending = self.view["pending"]
        if pending is not None:
            return self.decide_pending(pending, legal)
        best = self.best_macro(None)
        if best is None:
            return "done" if "done" in legal else legal[0]
        _, macro = best
        kind = macro[0]
        if kind == "load":
            return f"load {macro[1]}"
        pay = self.pay_for(kind)
        assert pay is not None
        return pay[0]

    def decide_pending(self, pending: dict[str, Any], legal: list[str]) -> str:
        kind, step = pending["kind"], pending["step"]
        if step == "pay":
            return self.pay_pair(legal)
        if step == "card":
            return self.pay_one(legal)
        best = self.best_macro(kind, pending)
        if best is None:
            return "cancel"
        macro = best[1]
        if step == "target":
            return f"green {macro[1]}"
        if step == "source":
            return f"from {macro[2]}"
        if step == "junction":
            return f"junction {self.net.label[macro[1]]}"
        if step == "setting":
            return "open " + "-".join(sorted(self.net.label[x] for x in macro[2]))
        if step == "train":
            return f"move {macro[1]}"
        return "cancel"

    def _spare(self) -> list[str]:
        """Card kinds from the most plentiful; moves kept last."""
        order = {"signal": 0, "switch": 1, "move": 2}
        return sorted(KINDS, key=lambda k: (-self.hand.get(k, 0), order[k]))

    def pay_pair(self, legal: list[str]) -> str:
        best, pick = None, legal[0]
        for action in legal:
            words = action.split()
            if len(words) != 3:
                continue
            left = dict(self.hand)
            left[words[1]] -= 1
            left[words[2]] -= 1
            score = (sum(1 for k in KINDS if left[k] > 0), left["move"], left["switch"])
            if best is None or score > best:
                best, pick = score, action
        return pick

    def pay_one(self, legal: list[str]) -> str:
        for kind in self._spare():
            if f"discard {kind}" in legal:
                return f"discard {kind}"
        return legal[0]

    def best_macro(self, kind: str | None,
                   pending: dict[str, Any] | None = None) -> tuple[float, tuple[Any, ...]] | None:
        """The action that gains most for its cards (None: nothing is worth a card)."""
        pos = self.pos
        tab = self.tables(pos)
        now = self.end_value(pos, tab)
        best: tuple[float, tuple[Any, ...]] | None = None
        for macro, cost in self.candidates(kind, pending):
            after = self.macro_value(macro)
            gain = now - after - cost
            if pending is not None:
                gain += 1000.0  # already chosen and partly paid: finish it
            if gain > EPS and (best is None or gain > best[0] + 1e-9):
                best = (gain, macro)
        return best

    def candidates(self, kind: str | None,
                   pending: dict[str, Any] | None) -> list[tuple[tuple[Any, ...], float]]:
        pos = self.pos
        out: list[tuple[tuple[Any, ...], float]] = []
        total = sum(self.hand.values())
        wild = pending is not None and pending.get("pay") is not None \
            and len(pending["pay"]) == 2
        if pending is not None:
            cost_of = {kind: 0.0}
        else:
            cost_of = {}
            for k in KINDS:
                pay = self.pay_for(k)
                if pay is not None:
                    cost_of[k] = pay[1]
        del wild
        if kind is None and total >= 1:
            for tid, t in pos.trains.items():
                if (":" not in t.at and self.net.kind[t.at] == "city" and t.cargo is None
                        and pos.goods[t.at] > 0):
                    out.append((("load", tid), self.card_cost(1)))
        if "move" in cost_of and kind in (None, "move"):
            for tid in pos.trains:
                out.append((("move", tid), cost_of["move"]))
        if "switch" in cost_of and kind in (None, "switch"):
            for j, pair in self.switch_candidates(pending):
                out.append((("switch", j, pair), cost_of["switch"]))
        if "signal" in cost_of and kind in (None, "signal"):
            for target, source in self.signal_candidates(pending):
                out.append((("signal", target, source), cost_of["signal"]))
        return out

    def macro_value(self, macro: tuple[Any, ...]) -> float:
        pos = self.pos
        if macro[0] == "load":
            trial = pos.copy()
            self.load(trial, macro[1])
            return self.end_value(trial)
        if macro[0] == "move":
            spent = 1 if self.hand.get("move", 0) > 0 or self.view["pending"] else 2
            return self.move_value(pos, macro[1], spent)
        trial = pos.copy()
        if macro[0] == "switch":
            switches = dict(pos.switches)
            switches[macro[1]] = macro[2]
            trial.switches = switches
        else:
            trial.greens = (pos.greens - {macro[2]}) | {macro[1]}
        return self.end_value(trial)

    # -- where switches and lights matter ---------------------------------------------------------
    def route(self, pos: Pos, tid: str, tab: Tables, limit: int = 14) -> list[int]:
        """Edges of the train's cheapest way through its job to a port (first `limit`)."""
        net = self.net
        t = pos.trains[tid]
        state = net.state_of(t.at, t.heading)
        job = self.jobs.get(tid)
        legs: list[str] = []
        if t.cargo is not None:
            ports = self.port_targets(pos, t.cargo)
            if ports:
                legs.append(min(ports, key=lambda x: tab.to[x][state]))
        elif job is not None and job != "port" and pos.goods.get(job, 0) > 0:
            legs.append(job)
            ports = self.port_targets(pos, net.city_colour[job])
            if ports:
                city = net.index[job]
                legs.append(min(ports, key=lambda x: tab.to[x][city]))
        edges: list[int] = []
        out_edges = self._out(net)
        for goal in legs:
            dist = tab.to[goal]
            while len(edges) < limit:
                if state == net.index[goal] or dist[state] >= INF:
                    break
                nxt = None
                for k in out_edges[state]:
                    e = net.edges[k]
                    if abs(dist[state] - (tab.costs[k] + dist[e.dst])) < 1e-9:
                        nxt = k
                        break
                if nxt is None:
                    break
                edges.append(nxt)
                state = net.edges[nxt].dst
        return edges

    @staticmethod
    def _out(net: Net) -> list[list[int]]:
        cached: list[list[int]] | None = getattr(net, "_out_edges", None)
        if cached is None:
            cached = [[] for _ in net.index]
            for k, e in enumerate(net.edges):
                cached[e.src].append(k)
            net._out_edges = cached  # type: ignore[attr-defined]
        return cached

    def ahead(self, pos: Pos, t: Train, limit: int = 6) -> tuple[set[str], set[str]]:
        """Junctions and red lights the train meets along its current way (no choice taken)."""
        net = self.net
        junctions: set[str] = set()
        reds: set[str] = set()
        at, heading = t.at, t.heading
        if ":" not in at:
            node = at
            for s in net.at_node[node]:
                g = net.sig(s, net.gap(s, node))
                if g is not None and g not in pos.greens:
                    reds.add(g)
            return junctions, reds
        for _ in range(limit):
            sid, _, si = at.partition(":")
            i = int(si)
            a, b, n = net.segs[sid]
            h = str(heading)
            j = i + 1 if h == b else i - 1
            if 1 <= j <= n:
                g = net.sig(sid, min(i, j))
                if g is not None and g not in pos.greens:
                    reds.add(g)
                    break
                at = f"{sid}:{j}"
                continue
            g = net.sig(sid, net.gap(sid, h))
            if g is not None and g not in pos.greens:
                reds.add(g)
            if net.kind[h] != "junction":
                break
            junctions.add(h)
            pair = pos.switches[h]
            came = net.other(sid, h)
            if came not in pair:
                break
            out = next(x for x in pair if x != came)
            s2 = next(s for s in net.at_node[h] if net.other(s, h) == out)
            at, heading = f"{s2}:{net.first(s2, h)}", out
        return junctions, reds

    def switch_candidates(self, pending: dict[str, Any] | None) -> list[tuple[str,
                                                                              frozenset[str]]]:
        pos = self.pos
        tab = self.tables(pos)
        net = self.net
        wanted: set[tuple[str, frozenset[str]]] = set()
        for tid, t in pos.trains.items():
            for k in self.route(pos, tid, tab):
                sw = net.edges[k].switch
                if sw is not None and pos.switches[sw[0]] != sw[1]:
                    wanted.add(sw)
            junctions, _ = self.ahead(pos, t)
            for j in junctions:
                for pair in net.pairs[j]:
                    if pair != pos.switches[j]:
                        wanted.add((j, pair))
        if pending is not None and pending.get("junction"):
            wanted = {w for w in wanted if w[0] == pending["junction"]}
        return sorted(wanted, key=lambda w: (w[0], sorted(w[1])))

    def signal_candidates(self, pending: dict[str, Any] | None) -> list[tuple[str, str]]:
        pos = self.pos
        tab = self.tables(pos)
        net = self.net
        targets: set[str] = set()
        used: dict[str, float] = {}
        for tid, t in pos.trains.items():
            weight = 2.0 if t.cargo is not None else 1.0
            for n, k in enumerate(self.route(pos, tid, tab, limit=40)):
                for s in net.edges[k].sigs:
                    if s not in pos.greens and n < 14:
                        targets.add(s)
                    elif s in pos.greens:
                        used[s] = used.get(s, 0) + weight / (1.0 + n / 10.0)
            _, reds = self.ahead(pos, t)
            targets |= reds
        if pending is not None and pending.get("target"):
            targets = {pending["target"]}
        out = []
        for target in sorted(targets):
            sources = self.sources(target)
            if not sources:
                continue
            # the disc whose light the fewest ways use; ties: open track first
            source = min(sources, key=lambda s: (used.get(s, 0), net.sig_city[s] is not None, s))
            out.append((target, source))
        return out

    def sources(self, target: str) -> list[str]:
        """Green discs that may move to `target` (every city keeps one green)."""
        return self.sources_in(self.pos, target)

    def sources_in(self, pos: Pos, target: str) -> list[str]:
        """Green discs that may move to `target` in that position."""
        net = self.net
        want = net.sig_city[target]
        out = []
        for g in sorted(pos.greens):
            city = net.sig_city[g]
            if city is None or city == want or sum(
                    1 for x in pos.greens if net.sig_city[x] == city) > 1:
                out.append(g)
        return out
