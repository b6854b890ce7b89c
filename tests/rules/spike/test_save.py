"""A match saved as JSON and restored goes on exactly like the original."""

from __future__ import annotations

import json
import random

from rules.spike import Spike
from tests.rules.spike.helpers import due, greedy


def _restored(m: Spike) -> Spike:
    data = json.loads(m.to_json())
    copy = Spike(data["players"], data["seed"], data["options"])
    copy.restore([(s, a) for s, a in data["log"]], [(n, t) for n, t in data["lines"]],
                 data["state"], data["reveals"])
    return copy


def test_restored_match_plays_on_identically() -> None:
    m = Spike(["A", "B", "C"], 21, {"expert_routes": "yes"})
    rng = random.Random(21)
    for _ in range(60):
        seat = due(m)
        m.act(seat, rng.choice(m.legal(seat)))
    copy = _restored(m)
    assert copy == m and json.dumps(copy.view(None)) == json.dumps(m.view(None))
    while not m.over:
        seat = due(m)
        action = rng.choice(m.legal(seat))
        assert m.act(seat, action) == copy.act(seat, action)
    assert copy == m and copy.winners() == m.winners()


def test_replaying_the_log_gives_the_same_match() -> None:
    m = greedy(3, 4)
    again = Spike(list(m.players), m.seed, m.options)
    for seat, action in m.log:
        again.act(seat, action)
    assert again == m


def test_state_stays_json_native_at_every_step() -> None:
    m = Spike(["A", "B"], 3, {"expert_contracts": "yes", "expert_routes": "yes"})
    rng = random.Random(3)
    while not m.over:
        assert json.loads(json.dumps(m.state)) == m.state
        seat = due(m)
        legal = m.legal(seat)
        builds = [a for a in legal if a.startswith(("build", "from", "lay", "finish", "joker"))]
        m.act(seat, rng.choice(builds or legal))
    assert json.loads(json.dumps(m.state)) == m.state
