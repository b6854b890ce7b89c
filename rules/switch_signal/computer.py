"""The computer teammate: the planning player, deciding from its seat's view."""

from __future__ import annotations

import random
from typing import Any

from rules.switch_signal.planner import choose as plan


def choose(view: dict[str, Any], legal: list[str], rng: random.Random) -> str:
    """The planner's choice; it needs no randomness (it averages over the dice instead)."""
    return plan(view, legal)
