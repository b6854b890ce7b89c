"""Everything offered to a seat is accepted: every game, at every decision of random games.

What a seat is offered is its legal actions when it is due and its free actions at any time:
the bot lists exactly these in menus and autocomplete, so each must play, and none twice.
"""

from __future__ import annotations

import random

import pytest

import rules

SEEDS = 10
SAMPLE = 8  # offered actions tried per seat and decision (all of them when fewer)


def _cases() -> list[tuple[str, int]]:
    return [(g["id"], seed) for g in rules.catalog() for seed in range(SEEDS)]


@pytest.mark.parametrize(("game_id", "seed"), _cases())
def test_every_offered_action_is_accepted(game_id: str, seed: int) -> None:
    info = rules.game_info(game_id)
    rng = random.Random(seed)
    players = rng.randint(info.min_players, info.max_players)
    options = {o.id: rng.choice(o.choices) if o.choices else o.default for o in info.options}
    m = rules.new_match(game_id, players, seed, options)
    while not m.over:
        due = m.to_act()
        for seat in range(players):
            offered = (m.legal(seat) if seat in due else []) + m.free_actions(seat)
            assert len(offered) == len(set(offered)), f"offered twice to seat {seat}: {offered}"
            # A menu or autocomplete value holds at most 100 characters on Discord.
            assert all(len(a) <= 100 for a in offered), offered
            tried = offered if len(offered) <= SAMPLE else rng.sample(offered, SAMPLE)
            for action in tried:
                try:
                    m.copy().act(seat, action)
                except rules.IllegalAction as exc:
                    pytest.fail(f"seat {seat} was offered {action!r} at action {len(m.log)} "
                                f"and it was refused: {exc}")
        seat = rng.choice(due)
        m.act(seat, rng.choice(m.legal(seat)))
