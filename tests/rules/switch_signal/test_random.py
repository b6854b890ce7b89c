"""Random play through the public contract on both boards and every difficulty."""

from __future__ import annotations

import itertools
import json
import random

import pytest

import rules
from rules.switch_signal import SwitchSignal
from tests.rules.harness import play_random


def make(players: int, seed: int, options: dict[str, str]) -> rules.Match:
    """Build a match directly (the game is not in the catalog yet)."""
    return SwitchSignal([f"P{i}" for i in range(players)], seed, options)


@pytest.mark.parametrize("seed", range(60))
def test_random_play_with_random_options(seed: int) -> None:
    m = play_random(make, SwitchSignal.info, seed)
    assert m.state["outcome"] in ("won", "lost")
    assert len(set(m.scores())) == 1  # cooperative: one shared score
    assert m.winners() in ([], list(range(len(m.players))))
    assert (m.winners() != []) == (m.state["outcome"] == "won")


COMBOS = list(itertools.product(
    ("central-europe", "north-america"),
    ({"time_tokens": "10", "removed_cards": "0", "extra_green": "yes"},
     {"removed_cards": "5", "goods": "10"},
     {"layout": "random", "location_tokens": "shuffled-spaces"},
     {"layout": "arrange", "location_tokens": "no-start-dice"}),
))


@pytest.mark.parametrize(("board", "extra"), COMBOS)
def test_every_board_and_difficulty_ends(board: str, extra: dict[str, str]) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        players = rng.randint(1, 4)
        m = make(players, seed, {"board": board, **extra})
        for _ in range(5000):
            if m.over:
                break
            (seat,) = m.to_act()
            legal = m.legal(seat)
            assert legal and len(legal) == len(set(legal))
            # A long decision comes in groups the bot can show as menus of 25.
            groups: dict[str, int] = {}
            for choice in m.choices(seat):
                groups[choice.group] = groups.get(choice.group, 0) + 1
            assert len(legal) <= 25 or all(n <= 25 for n in groups.values())
            m.act(seat, rng.choice(legal))
        assert m.over
        json.dumps(m.view(None))
        again = make(players, seed, {"board": board, **extra})
        for seat, text in m.log:
            again.act(seat, text)
        assert again == m


def test_state_stays_plain_json_at_every_step() -> None:
    for seed, board in ((1, "central-europe"), (2, "north-america")):
        rng = random.Random(seed)
        m = make(2, seed, {"board": board, "location_tokens": "no-start-dice"})
        while not m.over:
            (seat,) = m.to_act()
            m.act(seat, rng.choice(m.legal(seat)))
            assert json.loads(json.dumps(m.state)) == m.state
            assert m.prompt(seat) or m.over
