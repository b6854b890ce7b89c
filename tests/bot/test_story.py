"""A finished game's story: each player's standing at each stage, ending with the scores."""

from __future__ import annotations

import random

import pytest

import rules
from bot.tables.story import MOST_POINTS, score_story, story_view


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


def test_the_story_view_has_one_line_per_player_ending_at_the_final_scores() -> None:
    match = rules.new_match("railroad-revolution", ["Ann", "Bob", "Cid"], 4)
    rng = random.Random(4)
    while not match.over:
        seat = match.to_act()[0]
        match.act(seat, rng.choice(match.legal(seat)))
    view = story_view(match)
    assert view is not None and [p["name"] for p in view["players"]] == ["Ann", "Bob", "Cid"]
    assert [p["values"][-1] for p in view["players"]] == [float(s) for s in match.scores()]
    assert all(len(p["said"]) == len(p["values"]) >= 2 for p in view["players"])
    assert view["players"][0]["said"][-1] == f"{match.scores()[0]:g} VP"
