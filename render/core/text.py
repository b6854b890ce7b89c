"""Boards as plain text: for screen readers, alt text, and people who prefer words."""

from __future__ import annotations

from typing import Any

from render.core import games
from rules.core.lang import tr

ALT_TEXT_LIMIT = 1000  # Discord allows 1024 characters of alt text


def _generic(view: dict[str, Any]) -> list[str]:
    title = view["title"] if "title" in view else view.get("game", tr("Game"))
    lines = [tr("{title}.", title=str(title))]
    if view.get("prompt"):
        lines.append(tr("To act: {prompt}", prompt=str(view["prompt"])))
    lines += [tr("Recent: {line}", line=str(line)) for line in view.get("recent", [])[-3:]]
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
