"""Random play through the public contract, shared by the catalog test and each game's tests."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

import rules

GARBAGE = ["", "xyzzy", "bid -1", "build nowhere-somewhere", "take atlantis", "pass pass", "999"]


def play_random(make: Callable[[int, int, dict[str, str]], rules.Match], info: rules.GameInfo,
                seed: int, max_steps: int = 5000) -> rules.Match:
    """Play one seeded random game to the end, checking the contract at every step.

    `make(players, seed, options)` builds the match (e.g. `rules.new_match` for a registered
    game, or the game's class directly while it is not in the catalog yet).
    """
    rng = random.Random(seed)
    players = rng.randint(info.min_players, info.max_players)
    options = {o.id: rng.choice(o.choices) if o.choices else o.default for o in info.options}
    m = make(players, seed, options)
    for step in range(max_steps):
        if m.over:
            break
        due = m.to_act()
        assert due and all(0 <= s < players for s in due)
        seat = rng.choice(due)
        legal = m.legal(seat)
        assert legal, f"seat {seat} is due but has nothing legal"
        assert len(legal) == len(set(legal)), "duplicate legal actions"
        if step % 17 == 0:  # garbage and out-of-turn actions leave no trace
            before = m.to_json()
            for text in GARBAGE:
                if text not in legal:
                    with pytest.raises(rules.IllegalAction):
                        m.act(seat, text)
            idle = [s for s in range(players) if s not in due]
            if idle:
                with pytest.raises(rules.IllegalAction):
                    m.act(idle[0], legal[0])
            assert m.to_json() == before
        m.act(seat, rng.choice(legal))
    assert m.over, "the game did not end"
    assert len(m.scores()) == players
    # A cooperative loss has no winner; otherwise winners are seats of this match.
    assert set(m.winners()) <= set(range(players))
    json.dumps(m.view(None))
    for seat in range(players):
        json.dumps(m.view(seat))
    again = make(players, seed, options)
    for seat, text in m.log:
        again.act(seat, text)
    assert again == m, "replaying the log gives a different match"
    if m.game_id in {g["id"] for g in rules.catalog()}:  # load_match needs the catalog
        loaded = rules.load_match(m.to_json())
        assert loaded == m
        # Same order too: a reloaded match must draw and word everything exactly the same.
        assert json.dumps(loaded.view(None)) == json.dumps(m.view(None))
    return m


def lively(rng: random.Random, legal: list[str]) -> str:
    """A random legal action, but one that only ends the turn just one time in four when
    something else is offered: a table that keeps playing (Trains ends a game after two whole
    rounds without progress, which plain random players reach within a few dozen moves)."""
    busy = [a for a in legal if a not in ("end turn", "done", "pass")]
    return rng.choice(busy if busy and rng.random() < 0.75 else legal)


MatchT = TypeVar("MatchT", bound=rules.Match)


def fresh_twin(m: MatchT) -> MatchT:
    """A copy to change by hand, working out its legal actions afresh."""
    twin = m.fork()
    assert isinstance(twin, type(m))
    return twin


def views_of(m: rules.Match, seats: list[int]) -> list[dict[str, Any]]:
    """The public view, then each of these seats' views."""
    return [m.view(None)] + [m.view(seat) for seat in seats]

