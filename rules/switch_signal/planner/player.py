"""The entry point: a Planner keeps the distance tables between decisions."""

from __future__ import annotations

from typing import Any

from rules.switch_signal.planner.decide import Ctx
from rules.switch_signal.planner.net import Net, Tables


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
