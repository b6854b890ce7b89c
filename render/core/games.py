"""Which package draws which game: each `render/<game>/` package names its table id in `GAME`.

The registry looks through the `render` folder once, on first use, and imports every package
beside `core/` to read its `GAME`: a new game's renderer needs no line here. A game drawn by a
package elsewhere (a test's own game) is added with `register(package)` and taken out again with
`unregister(game)`.

What a game package offers (only `GAME` and `render` are required; core has a default for the
rest):

    GAME = "<table id>"
    render(view) -> bytes                    the whole board, PNG bytes of the public view
    text_lines(view) -> list[str]            the board in sentences (default: title, prompt,
                                             the recent lines)
    map_box(view) -> Box | None              where the map lies on the board (default: all of it)
    focus_box(view) -> Box | None            the board around the last move, for the turn card
                                             (default: None, no inset)
    map_marks(view) -> MapMarks              where the map's words and its legends lie, board
                                             pixels: the zoom cuts no word, shows no legend
                                             (render.core.inset; default: none known). Layers
                                             of words kept in a cache are drawn afresh inside
                                             canvas.leaving_out (canvas.leaving_words_out())
    clear_caches() -> None                   forget cached layouts (default: nothing to forget)
    player_numbers(view) -> list[str]        each player's key numbers in words, seat order,
                                             for the turn card (default: the lines of the
                                             view's `standing`)
    table_line(view) -> str                  the whole table's numbers: a cooperative game's
                                             progress, or how near the end is (default: the
                                             `table` of the view's `standing`)
    hand_cards(private, public) -> list[HandCard]   a seat's hand as cards (default: no hand)
    HAND_COLUMNS: int                        cards side by side in the hand picture (default 2)
    draw_hand_icon(draw, kind, centre)       the small picture of a card whose `icon` is `kind`
    render_results(view) -> bytes            the end-of-game picture (default: the ranking)
"""

from __future__ import annotations

from functools import cache
from importlib import import_module, resources
from typing import Any

ROOT = __name__.split(".", 1)[0]  # "render": the folder whose packages are searched
# Not games: the drawing every game shares, and the community's pictures (profiles, boards).
SHARED = ("core", "community")

_added: dict[str, Any] = {}  # game id -> package, registered at run time


@cache
def _found() -> dict[str, Any]:
    """Game id -> package of every game folder under `render/`, imported once."""
    found: dict[str, Any] = {}
    folders = sorted(entry.name for entry in resources.files(ROOT).iterdir()
                     if entry.is_dir() and entry.joinpath("__init__.py").is_file())
    for folder in folders:
        if folder in SHARED or folder.startswith(("_", ".")):
            continue
        module = import_module(f"{ROOT}.{folder}")
        game = getattr(module, "GAME", None)
        if not isinstance(game, str) or not game:
            raise ValueError(f"{module.__name__} draws no game: it needs GAME = \"<table id>\".")
        if game in found:
            raise ValueError(f"{module.__name__} and {found[game].__name__} both draw {game!r}.")
        found[game] = module
    return found


def package(game: object) -> Any:
    """The package (a module) that draws `game`, a table id; None for a game with none."""
    key = str(game)
    return _added.get(key) or _found().get(key)


def packages() -> list[Any]:
    """Every game's package: those of the `render` folder by folder name, then registered ones."""
    return [*_found().values(), *_added.values()]


def known() -> list[str]:
    """Every game id with a renderer, sorted."""
    return sorted({*_found(), *_added})


def register(module: Any) -> None:
    """Draw the game `module.GAME` with `module` (a package outside `render/`), until
    `unregister`; a game id that is already drawn is refused."""
    game = getattr(module, "GAME", None)
    if not isinstance(game, str) or not game:
        raise ValueError(f"{getattr(module, '__name__', module)!r} names no GAME to draw.")
    if package(game) not in (None, module):
        raise ValueError(f"Game {game!r} already has a renderer.")
    _added[game] = module


def unregister(game: str) -> None:
    """Forget a package added with `register` (the `render` folder's own stay)."""
    if game in _found() and game not in _added:
        raise ValueError(f"Game {game!r} is drawn by the render folder: it cannot be removed.")
    _added.pop(game, None)
