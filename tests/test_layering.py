"""The layers stay apart: rules is pure, render sees only views, only bot knows Discord."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {
    # rules copies a match's own state through pickle in memory (3x json); nothing from outside
    # is ever unpickled.
    # babel: each language's plural rules, numbers and lists (CLDR), and its catalogues.
    "rules": {"rules", "networkx", "pickle", "babel", "gettext"},
    # render may deflate a PNG's row slices on worker threads (zlib lets go of the GIL); from
    # rules it takes only the words (rules/core/lang.py), checked below.
    "render": {"render", "PIL", "concurrent", "rules", "babel"},
}
FORBIDDEN_CALLS = {"open", "print", "input"}
FORBIDDEN_MODULES = {"random", "time", "datetime", "os", "socket", "sqlite3", "asyncio"}
STDLIB = {"__future__", "abc", "collections", "copy", "dataclasses", "functools", "hashlib",
          "importlib", "itertools", "json", "math", "re", "typing", "pathlib", "io",
          "statistics", "enum", "string", "zlib", "struct", "difflib", "unicodedata", "heapq",
          "contextlib", "contextvars", "decimal",
          "types",  # levels.py names a game's optional computer module's type
          "sys"}  # lang.py reads its caller's module name (sys._getframe): whose catalogue


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_package_imports_only_what_its_layer_may(package: str) -> None:
    for path in (ROOT / package).rglob("*.py"):
        extra = _imports(path) - ALLOWED[package] - STDLIB
        assert not extra, f"{path.relative_to(ROOT)} imports {extra}"


def test_render_takes_only_words_from_rules() -> None:
    """A picture is drawn from the public view alone: render imports nothing of the rules but
    the language machinery (which words, in which language)."""
    for path in (ROOT / "render").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
            for name in names:
                assert not name.startswith("rules") or name == "rules.core.lang", (path, name)


def test_rules_do_no_io_clock_or_global_random() -> None:
    for path in (ROOT / "rules").rglob("*.py"):
        assert not _imports(path) & FORBIDDEN_MODULES, path
        tree = ast.parse(path.read_text())
        calls = {n.func.id for n in ast.walk(tree)
                 if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
        assert not calls & FORBIDDEN_CALLS, f"{path} calls {calls & FORBIDDEN_CALLS}"


# The bot's layers, lowest first: each may import the ones before it (and rules, render), none
# after it. Only the adapter talks to Discord.
BOT_LAYERS = ["ops", "store", "tables", "adapter", "tools"]
DISCORD = {"discord", "yarl", "aiohttp"}


def _layer(path: Path) -> str:
    return path.relative_to(ROOT / "bot").parts[0]


def test_bot_is_only_its_layers() -> None:
    """Nothing loose in bot/: the package's own files, and one folder per layer."""
    loose = {p.name for p in (ROOT / "bot").iterdir() if p.name != "__pycache__"}
    assert loose == {"__init__.py", "__main__.py", *BOT_LAYERS}


def _bot_layers_imported(path: Path) -> set[str]:
    """The layers of bot/ a file imports from, at any depth of the file."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
            [f"{node.module}.{a.name}" for a in node.names]
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 else [])
        found |= {n.split(".")[1] for n in names if n.startswith("bot.")}
    return found


@pytest.mark.parametrize("layer", BOT_LAYERS)
def test_bot_layer_imports_only_downwards(layer: str) -> None:
    """ops <- store <- tables <- adapter <- tools: no layer imports one above it."""
    above = set(BOT_LAYERS[BOT_LAYERS.index(layer) + 1:])
    for path in (ROOT / "bot" / layer).rglob("*.py"):
        wrong = _bot_layers_imported(path) & above
        assert not wrong, f"{path.relative_to(ROOT)} imports {wrong}, above {layer}"


def test_only_the_adapter_knows_discord() -> None:
    """Table logic, store, settings and tools run without discord.py (the terminal, tests)."""
    for path in (ROOT / "bot").rglob("*.py"):
        if _layer(path) == "adapter":
            continue
        assert not _imports(path) & DISCORD, f"{path.relative_to(ROOT)} imports Discord"


def test_the_layer_checks_catch_a_wrong_import(tmp_path: Path) -> None:
    """The checks read function-level imports too (where a lazy `import discord` would hide)."""
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    import discord\n    from bot.adapter.client import x\n")
    assert "discord" in _imports(sample)
    assert _bot_layers_imported(sample) == {"adapter"}
