"""Workers: promotions to manager, gaining, exchanging and hiring ('Ouvriers').

'Promouvoir un Ouvrier' moves a worker from stock or player board onto a milestone slot that
accepts its colour; 'Embauche supplémentaire' hires any colour for $800; exchanges swap one of
the player's workers for one of the supply.
"""

from __future__ import annotations

from rules.core.lang import msg
from rules.railroad_revolution.base import Frame
from rules.railroad_revolution.funding import Funding
from rules.railroad_revolution.lexicon import A_ONE, A_WORKER, cash
from rules.railroad_revolution.names import milestone_name


class Workers(Funding):
    """Worker decisions."""

    # -- promotions ('Promouvoir un Ouvrier') ----------------------------------------------------
    def _opt_promote(self, f: Frame) -> list[str]:
        if f["each"] and not self.can_pay(f["seat"], f["each"]):
            return []
        out = [f"promote {loc} {c} to {m}" for loc, c, m in self.promote_targets(f["seat"])]
        return out + ["done"] if out else []

    def _do_promote(self, f: Frame, action: str) -> None:
        if action == "done":
            self.pop()
            return
        _, loc, colour, _, mid = action.split(" ")
        self.promote(f["seat"], loc, colour, mid)
        if f["each"]:
            self.pay(f["seat"], f["each"])
            self.say(msg("{player} pays ${cost} for the promotion.", player=self.who(f["seat"]),
                         cost=cash(f["each"])))
        f["left"] -= 1
        if f["left"] <= 0:
            self.pop()

    def promote(self, seat: int, loc: str, colour: str, mid: str) -> None:
        """Move a worker onto a manager slot of one of the player's milestones."""
        self.remove_worker(seat, loc, colour)
        entry = next(m for m in self.p(seat)["milestones"] if m["id"] == mid)
        slots = self.milestone(mid).managers
        free = [i for i, (need, got) in enumerate(zip(slots, entry["managers"])) if got is None]
        exact = [i for i in free if slots[i] == colour]
        entry["managers"][(exact or free)[0]] = colour
        self.say(msg("{player} promotes {worker} to manager of milestone {milestone}.",
                     player=self.who(seat), worker=A_WORKER[colour],
                     milestone=milestone_name(self.milestone(mid))))

    # -- gaining, exchanging, hiring ------------------------------------------------------------
    def _opt_gain(self, f: Frame) -> list[str]:
        return [f"gain {c}" for c in self.supply_colours(f["picks"][0])]

    def _do_gain(self, f: Frame, action: str) -> None:
        colour = action.split(" ")[1]
        self.gain_worker(f["seat"], colour)
        self.say(msg("{player} gains {worker}.", player=self.who(f["seat"]),
                     worker=A_WORKER[colour]))
        f["picks"].pop(0)
        if not f["picks"]:
            self.pop()

    def _opt_exchange(self, f: Frame) -> list[str]:
        if f["give"] is None:
            out = [f"give {loc} {c}" for loc, c in self.sources(f["seat"])
                   if any(x != c for x in self.supply_colours())]
            return out + ["skip"] if out else []
        return [f"get {c}" for c in self.supply_colours() if c != f["give"][1]]

    def _do_exchange(self, f: Frame, action: str) -> None:
        seat = f["seat"]
        if action == "skip":
            self.pop()
            return
        if f["give"] is None:
            f["give"] = action.split(" ")[1:]
            return
        loc, old = f["give"]
        new = action.split(" ")[1]
        where = self.worker_action(seat, old)
        self.discard_worker(seat, loc, old)
        self.state["supply"][new] -= 1
        self.put_worker(seat, loc, new, where)
        self.say(msg("{player} exchanges {worker} for {other}.", player=self.who(seat),
                     worker=A_WORKER[old], other=A_ONE[new]))
        self.pop()

    def can_hire(self, seat: int) -> bool:
        """'Embauche supplémentaire': $800 for a worker of any colour the supply has."""
        return bool(self.supply_colours()) and self.can_pay(seat, self.k("hire_worker_cost"))

    def _opt_hire(self, f: Frame) -> list[str]:
        if not self.can_hire(f["seat"]):
            return []
        return [f"hire {c}" for c in self.supply_colours()] + ["cancel"]

    def _do_hire(self, f: Frame, action: str) -> None:
        self.pop()
        if action == "cancel":
            return
        colour, cost = action.split(" ")[1], self.k("hire_worker_cost")
        self.pay(f["seat"], cost)
        self.gain_worker(f["seat"], colour)
        self.say(msg("{player} hires {worker} for ${cost}.", player=self.who(f["seat"]),
                     worker=A_WORKER[colour], cost=cash(cost)))
