"""Drivers for Switch & Signal tests: scripted dice and positions set up by hand."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rules.core.rng import Rng
from rules.switch_signal import SwitchSignal, cards


class Dice:
    """Scripted dice: tests say what the movement and start dice show next."""

    def __init__(self) -> None:
        self.moves: list[int] = []
        self.starts: list[tuple[int, int]] = []
        self.colours: list[str] = []

    def movement(self, rng: Rng, colour: str) -> int:
        """Next scripted movement die (records which die was rolled)."""
        assert self.moves, f"unexpected {colour} movement roll"
        self.colours.append(colour)
        return self.moves.pop(0)

    def start(self, rng: Rng) -> tuple[int, int]:
        """Next scripted pair of start dice."""
        assert self.starts, "unexpected start dice roll"
        return self.starts.pop(0)


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[Dice]:
    """Replace the dice for one test."""
    script = Dice()
    monkeypatch.setattr(cards, "roll_movement", script.movement)
    monkeypatch.setattr(cards, "roll_start", script.start)
    yield script
    assert not script.moves and not script.starts, "scripted dice left over"


# The hand-placed positions of these tests (spaces, track lights) are drawn on the boards of
# rules versions 1-3; version 4 only shortened the boards (data/NOTES.md), the rules are the same.
BOARD_VERSION = 3


def new(players: int = 2, seed: int = 0, version: int = BOARD_VERSION,
        **options: str) -> SwitchSignal:
    """A fresh match with generic names (on the version-3 boards unless told)."""
    return SwitchSignal([f"P{i}" for i in range(players)], seed, options or None,
                        rules_version=version)


def due(m: SwitchSignal) -> int:
    """The one seat the match waits for."""
    (seat,) = m.to_act()
    return seat


def act(m: SwitchSignal, *texts: str) -> list[str]:
    """Several actions by the active player; returns every log line."""
    lines: list[str] = []
    for text in texts:
        lines += m.act(due(m), text)
    return lines


def ready(m: SwitchSignal, hand: dict[str, int] | None = None, **trains: str) -> SwitchSignal:
    """Jump to the action phase of turn 2 with trains placed by hand (`black1="PAR"`).

    A train on track is given as `"PAR-J_DIJ:1>J_DIJ"` (space, then heading).
    """
    s = m.state
    s["phase"] = "actions"
    s["turn"] = 2
    s["revealed"] = [s["deck"].pop(0)]
    s["current"] = None
    s["pending"] = None
    s["motion"] = None
    for train in s["trains"].values():
        train.update(at=None, heading=None, cargo=None)
    for tid, where in trains.items():
        at, _, heading = where.partition(">")
        s["trains"][tid].update(at=at, heading=heading or None)
    s["hands"][s["active"]] = dict(hand or {"signal": 3, "switch": 3, "move": 4})
    return m


def move(m: SwitchSignal, tid: str, keep: bool = True) -> list[str]:
    """Play a move card for a train (the die must be scripted); keep the roll if asked."""
    lines = act(m, "move", f"move {tid}")
    if keep and "keep" in m.legal(due(m)):
        lines += act(m, "keep")
    return lines


def train(m: SwitchSignal, tid: str) -> dict[str, Any]:
    """A train's state."""
    found: dict[str, Any] = m.state["trains"][tid]
    return found


def at_reveal(m: SwitchSignal, card: str, hand: dict[str, int] | None = None,
              **trains: str) -> SwitchSignal:
    """Jump to the start of turn 2, with departure card `card` on top of the deck."""
    ready(m, hand, **trains)
    s = m.state
    s["phase"] = "reveal"
    deck = [c for c in s["deck"] + s["revealed"] if c not in ("start", card)]
    s["deck"] = [card] + deck
    s["revealed"] = ["start"]
    return m


def cards_to(m: SwitchSignal, source: str, kind: str) -> dict[str, int]:
    """Fewest signal and switch cards a train at `source` needs to reach each node of a kind."""
    t = m.table()
    board = t.board

    def red(seg_id: str, gap: int) -> int:
        return 0 if t.is_green(board.signal_in(seg_id, gap)) else 1

    best: dict[str, int] = {}
    todo = [(red(seg.id, seg.gap_at(source)), source, seg.id) for seg in board.at_node(source)]
    seen: set[tuple[str, str]] = set()
    while todo:  # cheapest first: (cards so far, node left, segment it leaves by)
        todo.sort()
        cost, node, seg_id = todo.pop(0)
        if (node, seg_id) in seen:
            continue
        seen.add((node, seg_id))
        seg = board.segments[seg_id]
        nxt = seg.other(node)
        cost += sum(red(seg.id, g) for g in range(1, seg.spaces)) + red(seg.id, seg.gap_at(nxt))
        if board.nodes[nxt].kind == kind:
            best[nxt] = min(best.get(nxt, cost), cost)
        if board.nodes[nxt].kind == "junction":
            pair = set(m.state["switches"][nxt])
            todo += [(cost + (pair != {node, out.other(nxt)}), nxt, out.id)
                     for out in board.at_node(nxt) if out.id != seg.id]
        elif board.nodes[nxt].kind == "city":
            todo += [(cost + red(out.id, out.gap_at(nxt)), nxt, out.id)
                     for out in board.at_node(nxt) if out.id != seg.id]
    return best


def cards_for_goods(m: SwitchSignal) -> int:
    """Cards the cubes need from their cities to each port and new trains to a goods city."""
    nodes = m.table().board.nodes
    total = 0
    for n in nodes:
        if nodes[n].kind == "city":
            total += sum(cards_to(m, n, "port").values())
        elif nodes[n].kind == "start":
            total += min(cards_to(m, n, "city").values())
    return total
