"""The planner's position: trains on the network, goods, deliveries, lights and switches."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


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
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def copy(self) -> Pos:
        """A copy to change; it shares the memo of what depends on the deliveries only."""
        return Pos({k: Train(t.colour, t.at, t.heading, t.cargo) for k, t in self.trains.items()},
                   dict(self.goods), {p: dict(v) for p, v in self.delivered.items()},
                   self.greens, self.switches, self.dispatcher, self.memo)

    def occupant(self, at: str) -> str | None:
        for tid, t in self.trains.items():
            if t.at == at:
                return tid
        return None
