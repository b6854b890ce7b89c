"""Words built for players: the turn card's, a cooperative result, where each score came from."""

from __future__ import annotations

import random

import rules
from bot.tables.presenters import final_summary, results_alt, turn_card


def _finished(game_id: str, players: int, seed: int) -> rules.Match:
    match = rules.new_match(game_id, players, seed)
    pick = random.Random(seed)
    while not match.over:
        seat = match.to_act()[0]
        match.act(seat, pick.choice(match.legal(seat)))
    return match


def test_a_cooperative_game_says_won_or_lost_with_goods_and_cause_not_ranks() -> None:
    match = _finished("switch-and-signal", 2, 5)  # random play loses
    text = final_summary(match)
    result = match.view(None)["result"]
    assert text.startswith("**Game over: the table lost.**")
    assert f"{result['delivered']} of {result['goal']} goods delivered" in text
    assert result["ended_by"] in text and ": 0" not in text  # no ranking of zeros


def test_results_alt_text_gives_each_score_its_sources() -> None:
    match = _finished("steel-driver", 3, 5)
    alt = results_alt(match)
    assert len(alt) <= 1000 and "Game over." in alt
    for name in match.players:
        assert f"{name}: Income as controller" in alt


def test_the_turn_card_names_the_due_player_once_and_asks_the_decision() -> None:
    match = rules.new_match("steel-driver", ["Ann", "Bob", "Cy"], 5)
    due = match.to_act()[0]
    assert match.prompt(due).startswith(f"{match.players[due]} (10 cubes): ")
    card = turn_card(match, ["Round 1: every player receives 10 investment cubes."])
    assert card.due == [(match.players[due], match.prompt(due).split(": ", 1)[1])]
    assert card.due[0][1].startswith("put a company up for auction")
