"""Random play over every game in the catalog, through the public contract only."""

from __future__ import annotations

import pytest

import rules
from tests.rules.harness import play_random

GAMES_PER_ID = 120


def _seeds() -> list[tuple[str, int]]:
    return [(g["id"], seed) for g in rules.catalog() for seed in range(GAMES_PER_ID)]


def test_catalog_entries_are_complete() -> None:
    for entry in rules.catalog():
        assert entry["id"] and entry["title"]
        assert 1 <= entry["min_players"] <= entry["max_players"]
        assert isinstance(entry["options"], list)
    with pytest.raises(rules.UnknownGame):
        rules.new_match("no-such-game", 3, 1)


@pytest.mark.parametrize(("game_id", "seed"), _seeds())
def test_random_play(game_id: str, seed: int) -> None:
    def make(players: int, seed: int, options: dict[str, str]) -> rules.Match:
        return rules.new_match(game_id, players, seed, options)

    m = play_random(make, rules.game_info(game_id), seed)
    assert m.to_json() == rules.load_match(m.to_json()).to_json()
    assert rules.replay(game_id, len(m.players), seed, m.options, m.log) == m
