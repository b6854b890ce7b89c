"""Whatever a player types, however long, a refusal quotes it short and changes nothing."""

from __future__ import annotations

import random

import pytest

import rules
from rules.core.match import TEXT_LIMIT

LONG = 6000  # what Discord lets a slash-command text option carry


def _inputs(match: rules.Match, seat: int) -> list[str]:
    """Over-long texts built on every verb the seat could use now."""
    verbs = sorted({a.split(" ")[0] for a in match.legal(seat)} | {"bid", "take", "show"})
    texts = ["x" * LONG, "9" * LONG, "<@123> @everyone " + "y" * LONG]
    for verb in verbs:  # as long as a move may be: each game's own refusal must quote it short
        rest = TEXT_LIMIT - len(verb) - 1
        texts += [f"{verb} " + "9" * rest, f"{verb} " + "z" * rest, f"{verb} " + "a b" * 99,
                  f"{verb} <@123> " + "w" * (rest - 8)]
    return texts


@pytest.mark.parametrize("game_id", [g["id"] for g in rules.catalog()])
def test_over_long_input_is_refused_briefly(game_id: str) -> None:
    info = rules.game_info(game_id)
    match = rules.new_match(game_id, info.max_players, 5)
    rng = random.Random(5)
    for step in range(60):
        if match.over:
            break
        seat = match.to_act()[0]
        if step % 15 == 0:  # a few points of the game, each with every verb
            before = match.to_json()
            for text in _inputs(match, seat):
                with pytest.raises(rules.IllegalAction) as refused:
                    match.act(seat, text)
                assert len(str(refused.value)) <= 600, str(refused.value)[:200]
                assert "<@123>" not in str(refused.value)
            assert match.to_json() == before
        match.act(seat, rng.choice(match.legal(seat)))


def test_an_empty_move_is_answered_with_a_move_open_now() -> None:
    m = rules.new_match("switch-and-signal", 2, 5)
    seat = m.to_act()[0]
    with pytest.raises(rules.IllegalAction) as said:
        m.act(seat, "   ")
    assert str(said.value) == f"Say what to do: for example `{m.legal(seat)[0]}`."
