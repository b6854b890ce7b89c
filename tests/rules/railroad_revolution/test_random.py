"""Random play through the public contract: 2-4 players, both options, every game ends."""

from __future__ import annotations

import random

import pytest

from rules.railroad_revolution import RailroadRevolution
from rules.railroad_revolution.game import INFO
from tests.rules.harness import play_random

SEEDS = range(60)
_turns: dict[int, float] = {}


def make(players: int, seed: int, options: dict[str, str]) -> RailroadRevolution:
    """The harness's factory."""
    return RailroadRevolution([f"P{i}" for i in range(players)], seed, options)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_play(seed: int) -> None:
    m = play_random(make, INFO, seed)
    assert m.state["stage"] == "over" and m.state["end"] is not None
    _turns[seed] = (m.state["turn"] + 1) / len(m.players)


def test_random_games_have_a_sensible_length() -> None:
    for seed in SEEDS:
        if seed not in _turns:
            m = play_random(make, INFO, seed)
            _turns[seed] = (m.state["turn"] + 1) / len(m.players)
    average = sum(_turns.values()) / len(_turns)
    assert 10 <= average <= 30, average
    assert all(8 <= t <= 40 for t in _turns.values())


def test_every_decision_fits_a_select_menu() -> None:
    for seed in range(12):
        rng = random.Random(seed)
        options = {"milestone_draw": ("draw-3", "whole-pile")[seed % 2],
                   "performance_costs": ("normal", "hard")[seed // 2 % 2]}
        m = make(2 + seed % 3, seed, options)
        while not m.over:
            (seat,) = m.to_act()
            legal = m.legal(seat)
            assert 1 <= len(legal) <= 25, legal
            m.act(seat, rng.choice(legal))
