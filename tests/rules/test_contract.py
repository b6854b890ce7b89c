"""Random play over every game in the catalog, through the public contract only."""

from __future__ import annotations

import json
import random

import pytest

import rules

GAMES_PER_ID = 200
GARBAGE = ["", "xyzzy", "bid -1", "build nowhere-somewhere", "take atlantis", "pass pass", "999"]


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
    info = rules.game_info(game_id)
    rng = random.Random(seed)
    players = rng.randint(info.min_players, info.max_players)
    options = {o.id: rng.choice(o.choices) for o in info.options}
    m = rules.new_match(game_id, players, seed, options)
    for step in range(5000):
        if m.over:
            break
        due = m.to_act()
        assert due and all(0 <= s < players for s in due)
        seat = rng.choice(due)
        legal = m.legal(seat)
        assert legal, f"seat {seat} is due but has nothing legal"
        assert legal == sorted(set(legal), key=legal.index)  # no duplicates
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
    assert len(m.scores()) == players and m.winners()
    json.dumps(m.view(None))
    for seat in range(players):
        json.dumps(m.view(seat))
    assert rules.replay(game_id, players, seed, m.options, m.log) == m
    assert rules.load_match(m.to_json()) == m
    assert m.to_json() == rules.load_match(m.to_json()).to_json()
