"""The computer teammate: the planning player, deciding from its seat's view."""

from __future__ import annotations

from typing import Any

from rules.core.rng import Rng
from rules.switch_signal.planner import choose as plan


def choose(view: dict[str, Any], legal: list[str], rng: Rng) -> str:
    """The planner's choice; it needs no randomness (it averages over the dice instead)."""
    return plan(view, legal)
