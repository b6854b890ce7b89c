"""Boards as plain text: for screen readers, alt text, and people who prefer words."""

from __future__ import annotations

from typing import Any

from render.core import games

ALT_TEXT_LIMIT = 1000  # Discord allows 1024 characters of alt text


def _generic(view: dict[str, Any]) -> list[str]:
    lines = [f"{view.get('title', view.get('game', 'Game'))}."]
    if view.get("prompt"):
        lines.append(f"To act: {view['prompt']}")
    lines += [f"Recent: {line}" for line in view.get("recent", [])[-3:]]
    return lines


def board_text(view: dict[str, Any]) -> str:
    """The public view as readable lines of text."""
    own = getattr(games.package(view.get("game")), "text_lines", None)
    lines: list[str] = own(view) if own is not None else _generic(view)
    return "\n".join(lines)


def alt_text(view: dict[str, Any]) -> str:
    """A short description of the board image for its alt text."""
    text = board_text(view).replace("\n", " ")
    return text if len(text) <= ALT_TEXT_LIMIT else text[: ALT_TEXT_LIMIT - 1] + "…"
