"""Sentences the game no longer says that saved games may still hold (a snapshot keeps its log
lines as they were said): listed here so the message catalogue keeps their translations."""

from __future__ import annotations

from rules.core.lang import Msg, msg


def retired() -> list[Msg]:
    """Never said by the game; read by `railyard catalogue update`."""
    return [
        # until 2026-11-29: "Lyon–Marseille track (its only space)" nested its parentheses
        # inside labels such as "Move black train 1 next (…)"; now "…, its only space"
        msg("{track} (its only space)", track=""),
    ]
