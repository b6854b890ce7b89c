"""Branch Line, a test-only sixth game: its rules (`rules/`), data (`rules/data/`) and picture
(`render/`) laid out as a real game's `rules/<game>/` and `render/<game>/` folders.

It is the worked example of the README's "Adding a game". A real game would add its class to
`rules._GAMES` (the one registry line) and be found by the renderer registry on its own; this
one lives under tests/, so it is added at run time and taken out again:

    with registered():
        rules.new_match("branch-line", 3, seed)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

# Imported by name: `rules` and `render` here are this package's own subfolders.
from render.core.games import register as add_renderer
from render.core.games import unregister as remove_renderer
from rules import register as add_game
from rules import unregister as remove_game
from tests.toy_game import render as board
from tests.toy_game.rules import BranchLine

GAME = BranchLine.info.id


@contextmanager
def registered() -> Iterator[str]:
    """Branch Line in the rules catalog and the renderer registry, for the `with` block only."""
    add_game(BranchLine)
    add_renderer(board)
    try:
        yield GAME
    finally:
        remove_renderer(GAME)
        remove_game(GAME)
