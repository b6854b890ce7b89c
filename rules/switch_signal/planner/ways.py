"""Where switches and lights matter: each train's way and what it meets next."""

from __future__ import annotations

from typing import Any

from rules.switch_signal.planner.model import Model
from rules.switch_signal.planner.net import Net, Tables
from rules.switch_signal.planner.position import Pos, Train
from rules.switch_signal.planner.weights import INF


class Ways(Model):
    """Ways, junctions and red lights ahead, and the switches and lights worth a card."""

    def route(self, pos: Pos, tid: str, tab: Tables, limit: int = 14) -> list[int]:
        """Edges of the train's cheapest way through its job to a port (first `limit`)."""
        net = self.net
        t = pos.trains[tid]
        state = net.state_of(t.at, t.heading)
        job = self.jobs.get(tid)
        legs: list[str] = []
        if t.cargo is not None:
            ports = [job] if job is not None and job in net.ports else self.port_targets(
                pos, t.cargo)
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

    def ahead(self, pos: Pos, t: Train, limit: int = 6,
              closed_only: bool = False) -> tuple[set[str], set[str]]:
        """Junctions and red lights the train meets along its current way (no choice taken).

        `closed_only`: only the junction whose switch stops the train (not those it passes).
        """
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
            if closed_only and len(reds) < len(net.at_node[node]):
                reds.clear()  # a green way out: the train is not stopped
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
            pair = pos.switches[h]
            came = net.other(sid, h)
            if not closed_only or came not in pair:
                junctions.add(h)
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
