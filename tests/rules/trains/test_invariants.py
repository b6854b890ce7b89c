"""Eager random play (plays and buys more than it ends turns) checking that no card, cube or
station pawn is ever created or lost, and that every card effect gets exercised."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.trains import Trains
from rules.trains.effects import STEPS
from tests.rules.trains.helpers import with_custom
from tests.rules.trains.test_cards_a import EXTRA

KINGDOMS = ["tokyo-beginner", "osaka-beginner", "reforming-tunneling", "holiday-pass", "custom"]


def census(m: Trains) -> Counter[str]:
    """Every card of the game, wherever it is."""
    s = m.state
    found: Counter[str] = Counter({c: n for c, n in s["supply"].items()})
    for p in s["players"]:
        found.update(p["hand"] + p["deck"] + p["discard"])
    found.update(e["card"] for e in s["turn"]["play"])
    found.update(s["turn"]["gained"] + s["trash"])
    pending = s["pending"] or {}
    for zone in ("revealed", "left", "placed"):
        found.update(pending.get(zone, []))
    return found


def pieces(m: Trains) -> tuple[int, int]:
    """(cubes on the board + in reserves, stations on the board + left)."""
    s = m.state
    cubes = sum(len(v) for v in s["cubes"].values()) + sum(p["cubes_left"] for p in s["players"])
    return cubes, sum(s["stations"].values()) + s["stations_left"]


def eager(m: Trains, rng: random.Random, legal: list[str]) -> str:
    """Play every card first, then buy the dearest card; seldom end or skip anything."""
    plays = [a for a in legal if a.startswith("play ")]
    if plays and rng.random() < 0.9:
        return rng.choice(plays)
    buys = [a for a in legal if a.startswith("buy ")]
    if buys and rng.random() < 0.8:
        top = max(m.cards[a[4:]].cost for a in buys)
        return rng.choice([a for a in buys if m.cards[a[4:]].cost == top])
    busy = [a for a in legal if a not in ("end turn", "skip", "pass", "back", "done", "none")]
    return rng.choice(busy) if busy and rng.random() < 0.85 else rng.choice(legal)


@pytest.mark.parametrize("seed", range(20))
def test_eager_play_conserves_cards_and_pieces(seed: int) -> None:
    rng = random.Random(seed)
    kingdom = KINGDOMS[seed % len(KINGDOMS)]
    options = {"kingdom": kingdom, "map": ("tokyo", "osaka")[seed % 2],
               "printed_cards": ("no", "yes")[seed // 10]}
    cls = with_custom(EXTRA) if kingdom == "custom" else Trains
    if kingdom == "custom":
        options["custom_cards"] = EXTRA
    players = 2 + seed % 3
    m = cls([f"P{i}" for i in range(players)], seed, options)
    cards, board = census(m), pieces(m)
    assert board == (20 * players, 30)
    steps = 0
    while not m.over:
        (seat,) = m.to_act()
        legal = m.legal(seat)
        assert legal and len(legal) == len(set(legal))
        m.act(seat, eager(m, rng, legal))
        steps += 1
        assert census(m) + Counter() == cards + Counter(), steps
        assert pieces(m) == board
        assert steps < 20_000
    assert m.winners()


def test_eager_play_reaches_every_decision() -> None:
    seen: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        kingdom = KINGDOMS[seed % len(KINGDOMS)]
        cls = with_custom(EXTRA) if kingdom == "custom" else Trains
        options = {"kingdom": kingdom, "custom_cards": EXTRA} if kingdom == "custom" else {
            "kingdom": kingdom}
        options["printed_cards"] = ("no", "yes")[seed % 2]
        m = cls(["A", "B"], seed, options)
        while not m.over:
            (seat,) = m.to_act()
            pending = m.state["pending"]
            seen.add(pending["kind"] if pending else "main")
            m.act(seat, eager(m, rng, m.legal(seat)))
    assert seen == set(STEPS) | {"main", "start"}
