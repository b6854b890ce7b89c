"""Words built for players: the turn card's, a cooperative result, where each score came from."""

from __future__ import annotations

import random
import re

import pytest

import rules
from bot.store import GameRow, SeatRow
from bot.tables.presenters import (
    final_summary,
    results_alt,
    status_message,
    status_text,
    turn_card,
)


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


def _midgame(game_id: str, names: list[str], moves: int) -> rules.Match:
    """A seeded game some moves in, played by the computer."""
    from rules.core.computer import computer_action

    match = rules.new_match(game_id, names, 7)
    for _ in range(moves):
        seat = match.to_act()[0]
        match.act(seat, computer_action(match, seat))
    return match


def _row(match: rules.Match) -> GameRow:
    seats = tuple(SeatRow(i, i + 1, name, False) for i, name in enumerate(match.players))
    return GameRow(1, 1, 1, match.game_id, {}, 7, "active", 10, match.version, 0.0, 0.0, None,
                   seats)


def test_steel_driver_status_ranks_cash_plus_shares_and_says_what_the_numbers_are() -> None:
    match = _midgame("steel-driver", ["Ann", "Bob", "Cy"], 120)
    st = match.standing()
    for text in (status_text(_row(match), match), status_message(_row(match), match)):
        assert f"**Steel Driver** · round {match.state['round']} of 5, " in text
        assert "**Standing** (cash + shares, if it ended now; " in text
        lead = st.order()[0]
        cash = match.state["players"][lead]["cash"]
        assert f"1. {match.players[lead]}: ${st.values[lead]:g} (${cash} cash + " in text
        assert "A share would pay now: " in text


@pytest.mark.parametrize(("game_id", "where", "measure"), [
    ("trains", "· turn ", "**Standing** (VP"),
    ("railroad-revolution", "· round ", "**Standing** (VP"),
    ("spike", "· round ", "**Standing** ($ before route cards"),
])
def test_every_status_says_where_the_game_stands_and_who_leads(game_id: str, where: str,
                                                               measure: str) -> None:
    match = _midgame(game_id, ["Ann", "Bob", "Cy"], 150)
    text = status_text(_row(match), match)
    assert where in text.splitlines()[0] and measure in text
    for name in match.players:
        assert re.search(rf"^\d\. {name}: ", text, re.M), text


def test_a_cooperative_status_gives_goods_clock_and_departure_cards_not_ranks() -> None:
    match = _midgame("switch-and-signal", ["Ann", "Bob"], 40)
    text = status_message(_row(match), match)
    s = match.state
    assert f"Goods delivered: {match.view(None)['delivered_total']} of 8" in text
    assert f"clock: {s['clock']} of {s['clock_size']} time tokens" in text
    assert f"{len(s['deck'])} departure cards left" in text and "Standing" not in text
