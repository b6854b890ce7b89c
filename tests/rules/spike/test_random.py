"""Random play through the public contract, and longer games from a builder-first policy."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules.core.match import Option
from rules.spike import Spike
from rules.spike.game import INFO
from tests.rules.harness import play_random
from tests.rules.spike.helpers import due, greedy

SEEDS = range(60)
LENGTHS: dict[int, int] = {}


def make(players: int, seed: int, options: dict[str, str]) -> Spike:
    """The harness's factory."""
    return Spike([f"P{i}" for i in range(players)], seed, options)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_play(seed: int) -> None:
    m = play_random(make, INFO, seed)
    assert m.state["end_reason"] and m.winners()
    LENGTHS[seed] = len(m.log)


def test_random_games_are_reasonably_short() -> None:
    lengths = [LENGTHS.get(s) or len(play_random(make, INFO, s).log) for s in SEEDS]
    assert 50 < sum(lengths) / len(lengths) < 1000
    assert max(lengths) < 3000


@pytest.mark.parametrize(("contracts", "routes"), [("no", "no"), ("yes", "no"), ("no", "yes"),
                                                   ("yes", "yes")])
def test_random_play_with_every_option(contracts: str, routes: str) -> None:
    fixed = {"expert_contracts": contracts, "expert_routes": routes}
    info = replace(INFO, options=tuple(Option(o.id, o.description, (fixed[o.id],), fixed[o.id])
                                       for o in INFO.options))
    m = play_random(make, info, 500 + len(contracts) * 3 + len(routes))
    assert m.options == fixed and m.over


@pytest.mark.parametrize("seed", range(6))
def test_builder_games_end_with_menus_of_at_most_25_per_group(seed: int) -> None:
    m = greedy(2 + seed % 3, seed, {"expert_contracts": "yes" if seed % 2 else "no"})
    assert m.over and m.winners()
    assert sum(p["tracks"] for p in m.state["players"]) < 45 * len(m.players)
    view = m.view(None)
    for seat in range(len(m.players)):
        assert sum(v for _, v in view["breakdown"][seat]) == view["scores"][seat]


def test_special_end_reached_in_play() -> None:
    """Whoever is due has laid every piece and has nothing left to deliver."""
    m = Spike(["P0", "P1"], 11, {})
    rng = random.Random(0)
    while not m.over:
        seat = due(m)
        if m.state["phase"] == "play" and m.state["step"]["kind"] == "main":
            m.state["players"][seat]["tracks"] = 0
            for c in m.state["players"][seat]["contracts"]:
                c["token"] = "done"
        m.act(seat, rng.choice(m.legal(seat)))
    assert m.state["end_reason"].startswith("a player placed all their track")
