"""Random play through the public contract: both maps, every kingdom, 2-4 players."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.trains import Trains
from rules.trains.game import INFO, KINGDOMS
from tests.rules.harness import play_random
from tests.rules.trains.helpers import only


def make(players: int, seed: int, options: dict[str, str]) -> Trains:
    """The harness's factory."""
    return Trains([f"P{i}" for i in range(players)], seed, options)


@pytest.mark.parametrize("seed", range(60))
def test_random_play(seed: int) -> None:
    m = play_random(make, INFO, seed)
    assert m.state["end_reasons"]


@pytest.mark.parametrize("game_map", ["tokyo", "osaka"])
@pytest.mark.parametrize("kingdom", KINGDOMS)
def test_random_play_on_every_map_and_kingdom(game_map: str, kingdom: str) -> None:
    printed = "yes" if kingdom in ("osaka-beginner", "reforming-tunneling") else "no"
    info = only(map=game_map, kingdom=kingdom, printed_cards=printed)
    m = play_random(make, info, 1000 + KINGDOMS.index(kingdom))
    assert m.options["map"] == game_map and m.state["end_reasons"]


def _fits_menus(m: Trains, seat: int) -> None:
    """A long decision comes in groups (rows, verbs) that each fit a menu of 25."""
    choices = m.choices(seat)
    assert choices and [c.action for c in choices] == m.legal(seat)
    if len(choices) > 25:
        groups = Counter(c.group for c in choices)
        assert "" not in groups and len(groups) <= 25 and max(groups.values()) <= 25, groups


@pytest.mark.parametrize("version", [1, 2])
def test_decisions_fit_a_select_menu(version: int) -> None:
    for seed in range(8):
        rng = random.Random(seed)
        m = Trains([f"P{i}" for i in range(2 + seed % 3)], seed,
                   {"map": ("tokyo", "osaka")[seed % 2],
                    "kingdom": KINGDOMS[seed % len(KINGDOMS)]}, rules_version=version)
        while not m.over:
            (seat,) = m.to_act()
            legal = m.legal(seat)
            if version == 1:  # old games split long lists of spaces by row themselves
                assert 1 <= len(legal) <= 25, legal
            _fits_menus(m, seat)
            m.act(seat, rng.choice(legal))
