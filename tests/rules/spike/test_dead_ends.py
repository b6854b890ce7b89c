"""No offered track space leads into a dead end.

« Lorsque vous construisez des voies, vous devez toujours terminer une connexion à une nouvelle
ville à partir de votre réseau. »
"""

from __future__ import annotations

import random

import pytest

import rules
from rules.spike import Spike
from rules.spike.building import can_connect, distances_to_new
from tests.rules.spike.helpers import BOARD, act, due, greedy, lay, own, ready, set_hand, turn_to
from tests.rules.spike.test_build import _brute


def _pocket(version: int | None = None) -> Spike:
    """P0 at Raleigh NE (from Raleigh); P1's track closes every way out of Baltimore SE."""
    m = ready(2, ["Raleigh", "Kansas City"], version=version)
    own(m, 1, "Baltimore", "r8c13", "Norfolk")
    own(m, 1, "r8c12", "r8c13")
    turn_to(m, 0)
    set_hand(m, 0, white=2, blue=2, red=2, green=2, yellow=2, black=2)
    act(m, "build", "from raleigh", lay("Raleigh", "r9c12"))
    return m


def test_a_space_into_a_closed_junction_is_not_offered() -> None:
    m = _pocket()
    assert lay("r9c12", "r8c13") not in m.legal(0)
    with pytest.raises(rules.IllegalAction, match="once that space is laid, Baltimore SE is a "
                       "dead end"):
        m.act(0, "lay baltimore se")
    assert lay("r9c12", "Norfolk") in m.legal(0)
    for action in m.legal(0):
        if action.startswith("lay "):
            after = m.copy()
            after.act(0, action)
            assert after.state["step"]["head"] is None or after.legal(0) != ["undo"], action


def test_version_2_games_keep_offering_it_and_it_leads_only_to_undo() -> None:
    m = _pocket(version=2)
    assert lay("r9c12", "r8c13") in m.legal(0)
    act(m, lay("r9c12", "r8c13"))
    assert m.legal(0) == ["undo"]


def test_search_with_a_space_just_taken_agrees_with_trying_every_path() -> None:
    """Distances worked out before the space was taken are a lower bound, not a promise."""
    rng = random.Random(7)
    cities = sorted({c.point for c in BOARD.cities.values()})
    answers = set()
    for _ in range(400):
        owners: list[int | None] = [None] * len(BOARD.spaces)
        for idx in rng.sample(range(len(BOARD.spaces)), 150):
            owners[idx] = 1
        junction = rng.choice([p for p in BOARD.points if not BOARD.is_city(p)])
        free = [(q, i) for q, i in BOARD.adjacent[junction] if owners[i] is None]
        if not free:
            continue
        _, taken = rng.choice(free)
        new = set(rng.sample([c for c in cities if c != junction], 20))
        dist = distances_to_new(BOARD, owners, new)  # before the space is taken
        ahead = list(owners)
        ahead[taken] = 0
        hand = [rng.randint(0, 3) for _ in range(6)]
        pieces = rng.randint(1, 8)
        fast = can_connect(BOARD, ahead, junction, [0] * 6, hand, pieces, new, dist, exact=False)
        assert fast == _brute(ahead, junction, hand, pieces, new), (junction, hand, pieces)
        answers.add(fast)
    assert answers == {True, False}


def test_random_games_offer_no_dead_end() -> None:
    for seed in (1, 2):
        m = greedy(2 + seed, seed)  # a whole game, then its positions replayed one by one
        replay = Spike(m.players, m.seed, m.options)
        for seat, action in m.log:
            step = replay.state["step"]
            if step["kind"] == "build" and step["head"] is not None and due(replay) == seat:
                for lay_action in [a for a in replay.legal(seat) if a.startswith("lay ")]:
                    after = replay.copy()
                    after.act(seat, lay_action)
                    head = after.state["step"].get("head")
                    assert head is None or after.legal(seat) != ["undo"], (seed, lay_action)
            replay.act(seat, action)
