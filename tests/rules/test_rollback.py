"""A refused action leaves the match as it was; a copy never shares a later move."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rules
from rules.core.match import CHECKPOINT_EVERY
from tests.rules.harness import lively


def _played(game_id: str, actions: int, seed: int = 3) -> rules.Match:
    info = rules.game_info(game_id)
    match = rules.new_match(game_id, info.max_players, seed)
    rng = random.Random(seed)
    while not match.over and len(match.log) < actions:
        seat = match.to_act()[0]
        match.act(seat, lively(rng, match.legal(seat)))
    return match


@pytest.mark.parametrize("game_id", [g["id"] for g in rules.catalog()])
def test_an_action_that_fails_half_way_changes_nothing(game_id: str) -> None:
    # Far enough from the last checkpoint that the roll-back replays actions after it.
    match = _played(game_id, CHECKPOINT_EVERY + 7)
    before = match.to_json()
    seat = match.to_act()[0]
    action = match.legal(seat)[0]
    real_apply = match.apply
    calls: list[str] = []

    def breaks_half_way(seat: int, action: str, rng: Any) -> list[str]:
        calls.append(action)
        lines = real_apply(seat, action, rng)  # the state is changed...
        if len(calls) == 1:
            raise RuntimeError("disk on fire")  # ...and then the action fails
        return lines

    match.apply = breaks_half_way  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        match.act(seat, action)
    del match.apply
    assert len(calls) > 1  # the actions since the checkpoint were replayed
    assert match.to_json() == before
    match.act(seat, action)  # and the game goes on exactly as a replay of the log
    assert match == rules.replay(game_id, match.players, match.seed, match.options, match.log)


@pytest.mark.parametrize("game_id", [g["id"] for g in rules.catalog()])
def test_a_copy_is_independent(game_id: str) -> None:
    match = _played(game_id, 20)
    twin = match.copy()
    before = match.to_json()
    seat = twin.to_act()[0]
    twin.act(seat, twin.legal(seat)[-1])
    assert match.to_json() == before
    assert twin.version == match.version + 1


@pytest.mark.parametrize("game_id", [g["id"] for g in rules.catalog()])
def test_remembered_legal_moves_are_always_the_current_ones(game_id: str) -> None:
    # A kept match works `legal` out once per point; a copy that moves on must never leave
    # the other with its answers, nor a refused action leave stale ones.
    info = rules.game_info(game_id)
    kept = rules.new_match(game_id, info.max_players, 11)
    kept.remember_legal()
    plain = rules.new_match(game_id, info.max_players, 11)
    rng = random.Random(11)
    while not kept.over and kept.version < 150:
        for seat in range(info.max_players):
            assert kept.legal(seat) == plain.legal(seat)
        seat = kept.to_act()[0]
        twin = kept.copy()  # a reader's copy, taken before the move: it stays where it was
        action = rng.choice(kept.legal(seat))
        with pytest.raises(rules.IllegalAction):
            kept.act(seat, "no such move at all")
        kept.act(seat, action)
        assert twin.legal(seat) == plain.legal(seat)
        plain.act(seat, action)
