"""Expectations: the next departure card's forced moves and the value after a move card."""

from __future__ import annotations

from rules.switch_signal.planner.net import Tables
from rules.switch_signal.planner.position import Pos
from rules.switch_signal.planner.ways import Ways
from rules.switch_signal.planner.weights import C_NEW, FOLLOW_ALL, INF, LAST_CUBE, P_MOVE


class Lookahead(Ways):
    """End-of-turn values: the position plus what the next card's moves may cost."""

    def risk(self, pos: Pos, tab: Tables, jobs: dict[str, str | None]) -> float:
        """Expected change of value from the next departure card's forced moves."""
        if self.last_turn:
            return 0.0
        if pos.dispatcher:  # the next card is played after the Dispatcher's turn
            pos = pos.copy()
            pos.dispatcher = False
        total = 0.0
        occupied = frozenset(t.at for t in pos.trains.values())
        goods = tuple(pos.goods.values())
        for tid, t in pos.trains.items():
            job = jobs.get(tid)
            # the table itself, not id(tab): a table freed by the planner's cache could hand
            # its id to a new one and a stale value would be read (results then depended on
            # earlier games in the same process)
            key = (tab, tid, t.at, t.heading, t.cargo, job, goods, occupied, pos.dispatcher)
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

    def end_value(self, pos: Pos, tab: Tables | None = None) -> float:
        """Value at the end of the turn: as it stands plus the next card's forced moves."""
        tab = tab or self.tables(pos)
        base, jobs = self.assign(pos, tab)
        if self.last_turn:  # only cubes delivered by the end of this turn count
            done = sum(sum(v.values()) for v in pos.delivered.values())
            return base + LAST_CUBE * max(0, self.goal - done)
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
        """Best end value after one switch or signal ahead of any train (cards paid).

        The switch or light may be for another train than the one just moved: a move that
        clears a junction lets the next card set it for a train waiting behind.
        """
        net = self.net
        junctions, reds = self.ahead(pos, pos.trains[tid])
        if FOLLOW_ALL:
            for other in pos.trains.values():
                j2, r2 = self.ahead(pos, other, closed_only=True)
                junctions |= j2
                reds |= r2
        best = INF
        left = dict(self.hand)
        for kind in ("move",) * min(used, left.get("move", 0)):
            left[kind] -= 1
        held = sum(self.hand.values())

        def cost(kind: str) -> float:
            n = 1 if left.get(kind, 0) > 0 else 2
            return sum(self.card_worth for k in range(used, used + n) if held - k <= 5)

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
