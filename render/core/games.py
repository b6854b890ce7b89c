"""Which package draws which game: a table id names a `render.<game>` package, imported on use.

Each game package offers `render(view) -> bytes`, `text_lines(view)`, `map_box(view)`,
`focus_box(view)` and `clear_caches()`.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

PACKAGES = {
    "steel-driver": "render.steel_driver",
    "trains": "render.trains",
    "switch-and-signal": "render.switch_signal",
    "spike": "render.spike",
    "railroad-revolution": "render.railroad_revolution",
}


def package(game: object) -> Any:
    """The package (a module) that draws `game`, a table id; None for a game with none."""
    name = PACKAGES.get(str(game))
    return None if name is None else import_module(name)


def packages() -> list[Any]:
    """Every game's package, in table order."""
    return [import_module(name) for name in PACKAGES.values()]
