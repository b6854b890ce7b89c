"""A finished game's story: each player's standing at each stage, ending with the scores."""

from __future__ import annotations

import random

import pytest

import rules
from bot.tables.story import MOST_POINTS, score_story


def _played(game_id: str, players: int, seed: int) -> rules.Match:
    match = rules.new_match(game_id, players, seed)
    rng = random.Random(seed)
    while not match.over:
        seat = match.to_act()[0]
        match.act(seat, rng.choice(match.legal(seat)))
    return match


@pytest.mark.parametrize("game_id", ["steel-driver", "trains", "spike", "railroad-revolution"])
def test_the_story_follows_the_game_and_ends_with_the_scores(game_id: str) -> None:
    match = _played(game_id, 3, seed=2)
    story = score_story(lambda: rules.new_match(game_id, 3, 2), match.log)
    assert story is not None
    points = story["points"]
    assert 3 <= len(points) <= MOST_POINTS
    assert all(len(p) == 3 for p in points)
    assert points[-1] == [float(s) for s in match.scores()]
    assert points[0] != points[-1]  # the game moved the scores


def test_a_cooperative_game_has_no_race_to_tell() -> None:
    match = _played("switch-and-signal", 2, seed=1)
    assert score_story(lambda: rules.new_match("switch-and-signal", 2, 1), match.log) is None
