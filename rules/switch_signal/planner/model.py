"""The movement rules (movement.py) played out on the planner's model of the track."""

from __future__ import annotations

from rules.switch_signal.planner.net import Tables
from rules.switch_signal.planner.position import Pos
from rules.switch_signal.planner.values import Values
from rules.switch_signal.planner.weights import C_NEW, FACES


class Model(Values):
    """Moving a train in the model: choices taken to keep its own cost low."""

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
                pos.memo = {}  # port_targets may change
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
        pos.memo = trial.memo
        return tokens

    def _own(self, pos: Pos, tid: str, tab: Tables) -> float:
        """A train's own cost (0 delivered, C_NEW back in the depot with its job undone)."""
        t = pos.trains.get(tid)
        job = self.jobs.get(tid, "port")
        if t is None:
            delivered = sum(sum(v.values()) for v in pos.delivered.values())
            return 0.0 if delivered > self.delivered or job is None else C_NEW
        return self.job_cost(tab, pos, t, job)

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
