"""No import circles inside a layer, and the layers import only downwards (rules <- render <- bot).

Every `.py` file of a checked package is parsed with `ast`; each import is resolved to a module of
this repository (absolute or relative, `import a.b`, `from a import b`, `from . import b`,
`from .a import b`), and the imports form a graph that must have no cycle.

What counts: every import statement, at module level or inside a function or class, and also
those under `if TYPE_CHECKING:` (COUNT_TYPE_CHECKING). A type-only import does not run, but it
still ties the two modules together: `views.py` naming the game class it is called by is the
circle this test exists to keep out. A module that needs another's type takes a lower one (a
base class, a dataclass, a Protocol of its own) instead.

`from a import name` counts as an import of `a.name` when that is a module of the repository,
else of `a` itself (its `__init__`); parent packages that Python runs on the way are not counted,
or every package `__init__` that lists its own modules would be a circle.

Which modules each layer may import at all (rules <- render <- bot) is checked by
tests/test_layering.py; here only that its lists keep the higher layers out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.test_layering import ALLOWED

ROOT = Path(__file__).resolve().parent.parent

# The packages whose internal import graph must have no cycle. Extend this list to check more.
ACYCLIC_PACKAGES = ["rules", "render", "bot"]
# Whether imports under `if TYPE_CHECKING:` count (see above).
COUNT_TYPE_CHECKING = True

# Which of the repository's layers each layer may not import (rules <- render <- bot); the check
# itself is tests/test_layering.py.
FORBIDDEN_LAYERS = {
    "rules": {"render", "bot"},
    "render": {"bot"},
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(body: list[ast.stmt], type_checking: bool = COUNT_TYPE_CHECKING,
                  ) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement in `body` and the blocks inside it (functions, classes, ifs, ...),
    without `if TYPE_CHECKING:` ones unless asked. Only statements are walked: that is fast."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
            continue
        if isinstance(node, ast.If) and not type_checking and _is_type_checking(node.test):
            yield from _import_nodes(node.orelse, type_checking)  # an `else:` does run
            continue
        for field in ("body", "orelse", "finalbody"):
            yield from _import_nodes(getattr(node, field, []), type_checking)
        for block in getattr(node, "handlers", []) + getattr(node, "cases", []):
            yield from _import_nodes(block.body, type_checking)


class Graph:
    """Modules of the repository and which of them each one imports."""

    def __init__(self, packages: list[str], type_checking: bool = COUNT_TYPE_CHECKING) -> None:
        self.type_checking = type_checking
        self.files: dict[str, Path] = {}
        for package in packages:
            for path in sorted((ROOT / package).rglob("*.py")):
                self.files[_module_name(path)] = path
        self.edges: dict[str, set[str]] = {name: set() for name in self.files}
        for name, path in self.files.items():
            self.edges[name] = self._imports(name, path)

    def _known(self, name: str) -> bool:
        return name in self.files or (ROOT / name.replace(".", "/")).with_suffix(".py").exists() \
            or (ROOT / name.replace(".", "/") / "__init__.py").exists()

    def _imports(self, name: str, path: Path) -> set[str]:
        is_package = path.name == "__init__.py"
        found: set[str] = set()
        for node in _import_nodes(ast.parse(path.read_text("utf-8")).body, self.type_checking):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names if self._known(a.name)}
                continue
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                full = f"{module}.{alias.name}"
                if self._known(full):
                    found.add(full)
                elif self._known(module):
                    found.add(module)
        found.discard(name)
        return found


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One circle [a, b, ..., a] through each group of modules that import each other."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def connect(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                top = stack.pop()
                group.add(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return [_circle(edges, group) for group in sorted(groups, key=min)]


def _circle(edges: dict[str, set[str]], group: set[str]) -> list[str]:
    """A shortest circle through the first module of `group` (breadth first)."""
    start = min(group)
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(edges.get(node, set()) & group):
                if nxt == start:
                    chain = [node]
                    while chain[-1] != start:
                        chain.append(came[chain[-1]])
                    return [start, *reversed(chain[:-1]), start] if len(chain) > 1 \
                        else [start, start]
                if nxt not in came:
                    came[nxt] = node
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"no circle in {group}")  # Tarjan only groups modules on a circle


@pytest.mark.parametrize("package", ACYCLIC_PACKAGES)
def test_no_import_cycles(package: str) -> None:
    graph = Graph([package])
    assert len(graph.files) > 1
    found = cycles(graph.edges)
    assert not found, "import cycles:\n" + "\n".join(" \u2192 ".join(c) for c in found)


def test_layers_import_only_downwards() -> None:
    """rules never imports render or bot, render never imports bot.

    tests/test_layering.py enforces it (each layer may import only the modules it lists, every
    import counted); this pins that its lists keep the higher layers out.
    """
    for package, higher in FORBIDDEN_LAYERS.items():
        assert not ALLOWED[package] & higher, (package, ALLOWED[package] & higher)


def test_the_checker_sees_every_kind_of_import_and_each_circle(tmp_path: Path) -> None:
    """Relative, absolute, aliased and function-level imports count; TYPE_CHECKING by choice."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from typing import TYPE_CHECKING\n"
        "import networkx as nx\n"
        "import rules.core.rng\n"
        "from . import match\n"
        "from .errors import IllegalAction\n"
        "from ..core import text as t\n"
        "from rules import catalog\n"
        "def f():\n"
        "    from rules.core.journal import Journal\n"
        "if TYPE_CHECKING:\n"
        "    from rules.core.guide import Guide\n"
    )
    seen = {"rules.core.rng", "rules.core.match", "rules.core.errors", "rules.core.text",
            "rules", "rules.core.journal"}
    assert Graph([], type_checking=False)._imports("rules.core.sample", sample) == seen
    assert Graph([], type_checking=True)._imports("rules.core.sample", sample) == seen | {
        "rules.core.guide"}
    edges = {"a": {"b"}, "b": {"c", "d"}, "c": {"a"}, "d": set(), "e": {"f"}, "f": {"e"}}
    assert cycles(edges) == [["a", "b", "c", "a"], ["e", "f", "e"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
