"""The layers stay apart: rules is pure, render sees only views, only bot knows Discord."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {
    # rules copies a match's own state through pickle in memory (3x json); nothing from outside
    # is ever unpickled.
    "rules": {"rules", "networkx", "pickle"},
    # render may deflate a PNG's row slices on worker threads (zlib lets go of the GIL).
    "render": {"render", "PIL", "concurrent"},
}
FORBIDDEN_CALLS = {"open", "print", "input"}
FORBIDDEN_MODULES = {"random", "time", "datetime", "os", "socket", "sqlite3", "asyncio"}
STDLIB = {"__future__", "abc", "collections", "copy", "dataclasses", "functools", "hashlib",
          "importlib", "itertools", "json", "math", "re", "typing", "pathlib", "io",
          "statistics", "enum", "string", "zlib", "struct", "difflib", "unicodedata", "heapq"}


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


def test_rules_do_no_io_clock_or_global_random() -> None:
    for path in (ROOT / "rules").rglob("*.py"):
        assert not _imports(path) & FORBIDDEN_MODULES, path
        tree = ast.parse(path.read_text())
        calls = {n.func.id for n in ast.walk(tree)
                 if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
        assert not calls & FORBIDDEN_CALLS, f"{path} calls {calls & FORBIDDEN_CALLS}"
