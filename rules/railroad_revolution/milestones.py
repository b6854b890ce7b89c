"""'Étapes de Compagnie': conditions, completion at the end of a turn, replacement tiles.

'Compléter une Étape': at the end of the turn (after any market) a milestone whose managers are
all in place and whose conditions are met is completed: its managers go back to the supply, it
is turned face down, and a replacement is chosen from the next letter's pile (3 drawn, one kept,
the rest under the pile; variant: choose from the whole pile). D milestones are not replaced.
"""

from __future__ import annotations

from typing import Any

from rules.core.lang import msg, msgn, word
from rules.railroad_revolution.actions import Actions
from rules.railroad_revolution.base import Frame
from rules.railroad_revolution.data import Milestone
from rules.railroad_revolution.names import milestone_name

NEXT_PILE = {"A": "B", "B": "C", "C": "D"}


class Milestones(Actions):
    """Milestone conditions and completions."""

    # -- conditions ('Conditions des tuiles Étape') ----------------------------------------------
    def condition_count(self, seat: int, cond: dict[str, Any]) -> int:
        """How far the player is on one condition."""
        p, data = self.p(seat), self.data
        kind = cond["type"]
        if kind == "connected_cities":
            return sum(1 for c in self.connected(seat) if data.cities[c].level == cond["level"])
        if kind == "stations":
            return sum(1 for c in p["stations"] if data.cities[c].level == cond["level"])
        if kind == "market_rails":
            return sum(1 for s in p["rails"] if data.spaces[s].market)
        return sum(1 for s in p["rails"] if data.spaces[s].triangles == cond["triangles"])

    def conditions_met(self, seat: int, m: Milestone) -> bool:
        """Every condition of the tile is met."""
        return all(self.condition_count(seat, c) >= int(c["min"]) for c in m.conditions)

    def completable(self, seat: int, entry: dict[str, Any]) -> bool:
        """Managers in every slot and conditions met."""
        m = self.milestone(entry["id"])
        return all(x is not None for x in entry["managers"]) and self.conditions_met(seat, m)

    # -- end of turn -----------------------------------------------------------------------------
    def queue_completions(self, start: int) -> None:
        """Find every completed milestone, the current player first, then clockwise."""
        queue = []
        for i in range(self.n()):
            seat = (start + i) % self.n()
            for entry in self.p(seat)["milestones"]:
                if self.completable(seat, entry):
                    queue.append([seat, entry["id"]])
        self.state["milestone_queue"] = queue

    def next_completion(self, replace: bool) -> bool:
        """Complete the next queued milestone; True when a replacement choice is pushed."""
        while self.state["milestone_queue"]:
            seat, mid = self.state["milestone_queue"].pop(0)
            p, m = self.p(seat), self.milestone(mid)
            entry = next(e for e in p["milestones"] if e["id"] == mid)
            for colour in entry["managers"]:
                self.state["supply"][colour] += 1
            p["milestones"].remove(entry)
            p["completed"].append(mid)
            self.say(msgn("{player} completes milestone {milestone}; its {n} manager returns to "
                          "the supply.", "{player} completes milestone {milestone}; its {n} "
                          "managers return to the supply.", len(entry["managers"]),
                          player=self.who(seat), milestone=milestone_name(m)))
            if replace and self.draw_replacement(seat, m):
                return True
        return False

    def draw_replacement(self, seat: int, done: Milestone) -> bool:
        """Draw the replacement tiles; True when there is a choice to make."""
        pile_name = NEXT_PILE.get(done.letter)
        if pile_name is None:
            return False
        pile = self.state["milestone_piles"][pile_name]
        count = len(pile) if self.state["whole_pile"] else self.k("milestone_draw")
        offer = pile[:count]
        del pile[:count]
        if not offer:
            self.say(msg("The {pile} milestone pile is empty: no replacement.", pile=pile_name))
            return False
        self.reveal()
        self.push({"kind": "pick", "seat": seat, "pile": pile_name, "offer": offer})
        self.say(msgn("{player} looks at {n} {pile} milestone to choose a replacement.",
                      "{player} looks at {n} {pile} milestones to choose a replacement.",
                      len(offer), player=self.who(seat), pile=pile_name))
        return True

    def _opt_pick(self, f: Frame) -> list[str]:
        return [f"keep {m}" for m in sorted(f["offer"])]

    def _do_pick(self, f: Frame, action: str) -> None:
        mid = action.removeprefix("keep ")
        self.pop()
        rest = [m for m in f["offer"] if m != mid]
        self.state["milestone_piles"][f["pile"]].extend(rest)
        slots = len(self.milestone(mid).managers)
        self.p(f["seat"])["milestones"].append({"id": mid, "managers": [None] * slots})
        m = self.milestone(mid)
        who, name, label = self.who(f["seat"]), milestone_name(m), word(m.label)
        if rest:
            self.say(msgn("{player} takes milestone {milestone}: {conditions}; the other tile "
                          "goes under the pile.", "{player} takes milestone {milestone}: "
                          "{conditions}; the other tiles go under the pile.", len(rest),
                          player=who, milestone=name, conditions=label))
        else:
            self.say(msg("{player} takes milestone {milestone}: {conditions}.", player=who,
                         milestone=name, conditions=label))
