"""The planner's model of a board: movement-point edges and per-setting distance tables."""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

from rules.switch_signal.planner.weights import INF, P_SIG, P_STOP, P_SW


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

    def step_text(self, step: str, macro: tuple[Any, ...]) -> str:
        """The menu answer for one step of a chosen action (signal, switch or move)."""
        if step == "target":
            return f"green {macro[1]}"
        if step == "source":
            return f"from {macro[2]}"
        if step == "junction":
            return f"junction {self.label[macro[1]]}"
        if step == "setting":
            return "open " + "-".join(sorted(self.label[x] for x in macro[2]))
        if step == "train":
            return f"move {macro[1]}"
        return "cancel"

    def state_of(self, at: str, heading: str | None) -> int:
        """The model state of a train's place."""
        if ":" in at:
            sid, _, i = at.partition(":")
            return self.index[(sid, int(i), str(heading))]
        return self.index[at]


_NETS: dict[tuple[Any, ...], Net] = {}


def net_of(board: dict[str, Any]) -> Net:
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
        # a goods city's way to its nearest port among those given: (MP, port)
        self.to_port: dict[tuple[str, tuple[str, ...]], tuple[float, str | None]] = {}

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
