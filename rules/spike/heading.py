"""Which way a move takes a Spike train: the city it heads for, and whether it turns back.

The rulebook lets a train turn back on its own track ('Explication d'un déplacement de
train'); the options only name track spaces, so a player could not tell forward from back.
Each step is named after the nearest city it leads toward along the player's own track, and
a step toward where this movement began counts as going back (listed after the others).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from rules.spike.movement import MovementMixin
from rules.spike.names import point_name


@dataclass(frozen=True)
class Heading:
    """Where one move option leads."""

    toward: str  # the nearest city ahead, or "the end of your track"
    back: bool  # toward where this movement began


def _own(m: MovementMixin, seat: int) -> dict[str, list[tuple[str, int]]]:
    """Point -> (neighbour, space) along the seat's own track."""
    owners = m.state["owners"]
    out: dict[str, list[tuple[str, int]]] = {}
    for sp in m.board.spaces:
        if owners[sp.index] == seat:
            out.setdefault(sp.a, []).append((sp.b, sp.index))
            out.setdefault(sp.b, []).append((sp.a, sp.index))
    return out


def _distances(graph: dict[str, list[tuple[str, int]]], starts: list[str],
               behind: str | None = None) -> dict[str, int]:
    """Steps along the own track from any of `starts`, never through the point `behind`."""
    seen = {p: 0 for p in starts}
    queue = deque(starts)
    while queue:
        p = queue.popleft()
        for q, _ in graph.get(p, []):
            if q != behind and q not in seen:
                seen[q] = seen[p] + 1
                queue.append(q)
    return seen


def _toward(m: MovementMixin, graph: dict[str, list[tuple[str, int]]], ahead: str,
            via: str) -> str:
    """The nearest city (or two, tied) from `ahead`, never back through `via`."""
    if m.board.is_city(ahead):
        return point_name(ahead)
    seen = _distances(graph, [ahead], via)
    cities = sorted((d, point_name(p)) for p, d in seen.items() if m.board.is_city(p))
    if not cities:
        return "the end of your track"
    near = [name for d, name in cities if d == cities[0][0]][:2]
    return " or ".join(near)


def way_order(m: MovementMixin, seat: int) -> Callable[[tuple[str, str]], int]:
    """Sort key of (action, label) pairs: onward moves first, turning back after, stop last."""
    ways = headings(m, seat)
    return lambda pair: 2 if pair[0] == "stop" else int(pair[0] in ways and ways[pair[0]].back)


def headings(m: MovementMixin, seat: int) -> dict[str, Heading]:
    """Each move or enter option of the seat's train, with where it leads."""
    board = m.board
    graph = _own(m, seat)
    here = m.train_space(seat)
    step = m.step()
    behind: str | None = None
    start = step.get("from") if step.get("moved") else None
    if here is not None and isinstance(start, dict):
        begun = [start["point"]] if start.get("point") is not None else (
            [board.spaces[start["space"]].a, board.spaces[start["space"]].b]
            if start.get("space") is not None else [])
        far = _distances(graph, begun)
        a, b = board.spaces[here].a, board.spaces[here].b
        if far.get(a, 99) != far.get(b, 99):  # a loop leaves both ends as near: no cue
            behind = a if far.get(a, 99) < far.get(b, 99) else b
    out: dict[str, Heading] = {}
    for action, point, idx in m.move_choices(seat):
        if point is not None:  # entering the city at one end of the train's space
            out[action] = Heading(point_name(point), point == behind)
            continue
        assert idx is not None
        sp = board.spaces[idx]
        at = m.train_point(seat)
        if at is None and here is not None:
            now = board.spaces[here]
            at = next(e for e in (sp.a, sp.b) if e in (now.a, now.b))
        assert at is not None
        out[action] = Heading(_toward(m, graph, sp.other(at), at), at == behind)
    return out
