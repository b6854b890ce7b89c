"""Computer levels (rules.core.levels): legal, repeatable, and blind to what the seat cannot see."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.core.computer import computer_action
from rules.core.levels import LEVELS, hooks, level_action
from rules.core.match import Match
from rules.core.rng import Rng


def _played(game_id: str, players: int, decisions: int, seed: int = 1) -> Match:
    """A table after `decisions` normal decisions."""
    match = rules.new_match(game_id, [f"p{i}" for i in range(players)], seed, {})
    for _ in range(decisions):
        seat = match.to_act()[0]
        match.act(seat, computer_action(match, seat))
    return match


def test_an_unknown_level_is_refused() -> None:
    match = _played("trains", 2, 0)
    with pytest.raises(ValueError, match="gentle, normal, strong"):
        level_action(match, 0, "expert")


def test_the_cooperative_game_plays_alike_at_every_level() -> None:
    match = _played("switch-and-signal", 2, 3)
    seat = match.to_act()[0]
    assert {level_action(match, seat, level) for level in LEVELS} == {
        computer_action(match, seat)}


def test_gentle_plays_the_normal_runner_up_now_and_then_and_always_legally() -> None:
    match = rules.new_match("steel-driver", ["a", "b", "c"], 2, {})
    differ = 0
    for _ in range(120):
        seat = match.to_act()[0]
        gentle = level_action(match, seat, "gentle")
        assert gentle in match.legal(seat)
        assert level_action(match, seat, "gentle") == gentle  # from public facts only
        differ += gentle != computer_action(match, seat)
        match.act(seat, gentle)
    assert 5 <= differ <= 60


def _buy_point(seed: int) -> Match:
    """A Trains table where the seat due would buy a card (the strong computer weighs buys)."""
    match = _played("trains", 2, 200, seed)  # late: the play-outs are short
    while not computer_action(match, match.to_act()[0]).startswith("buy "):
        seat = match.to_act()[0]
        match.act(seat, computer_action(match, seat))
    return match


def test_strong_leaves_the_real_table_as_it_was() -> None:
    match = _buy_point(5)
    match.remember_legal()
    seat = match.to_act()[0]
    before, legal = match.to_json(), match.legal(seat)
    level_action(match, seat, "strong")
    assert match.to_json() == before
    assert match.legal(seat) == legal


def _scramble_trains(match: Match, seat: int) -> None:
    """Deal the other seat's cards and this seat's unseen deck again, another way."""
    other = match.state["players"][1 - seat]
    pool = [*other["hand"], *other["deck"], *other["discard"]]
    Rng(99).shuffle(pool)
    hand, deck = len(other["hand"]), len(other["deck"])
    other["hand"], other["deck"], other["discard"] = pool[:hand], pool[hand:hand + deck], \
        pool[hand + deck:]
    mine = match.state["players"][seat]
    known = mine["known_top"]
    mine["deck"][known:] = reversed(mine["deck"][known:])


def _scramble_piles(match: Match, seat: int) -> None:
    """Turn Railroad Revolution's milestone piles and market pile upside down."""
    for pile in match.state["milestone_piles"].values():
        pile.reverse()
    match.state["market"]["pile"].reverse()


def _scramble_spike(match: Match, seat: int) -> None:
    """Swap one card between the other hand and the deck, turn the deck over, and give the
    other player another route card."""
    other = match.state["players"][1 - seat]["hand"]
    deck = match.state["deck"]
    given = next(code for code, n in other.items() if n and code != deck[0])
    other[given] -= 1
    other[deck[0]] += 1
    deck[0] = given
    deck.reverse()
    mine, theirs = (match.state["players"][i]["route"] for i in (seat, 1 - seat))
    match.state["players"][1 - seat]["route"] = next(
        i for i in range(len(match.board.routes)) if i not in (mine, theirs))  # type: ignore[attr-defined]


@pytest.mark.parametrize("game_id, scramble", [("trains", _scramble_trains),
                                               ("railroad-revolution", _scramble_piles),
                                               ("spike", _scramble_spike)])
def test_a_sample_is_the_same_whatever_the_real_secrets(game_id: str, scramble: Any) -> None:
    match = _played(game_id, 2, 120, seed=3)
    seat = match.to_act()[0]
    module = hooks(match)
    assert module is not None
    sample = module.determinise(match, seat, Rng(7))
    twin = match.copy()
    scramble(twin, seat)
    assert twin.state != match.state
    assert module.determinise(twin, seat, Rng(7)).state == sample.state
    assert sample.seed != match.seed  # future draws are not the real ones either



def test_gentle_buys_something_whenever_the_normal_computer_would() -> None:
    match = rules.new_match("trains", ["a", "b"], 6, {})
    buys = slips = 0
    while not match.over:
        seat = match.to_act()[0]
        normal, gentle = computer_action(match, seat), level_action(match, seat, "gentle")
        if normal.startswith("buy "):
            buys += 1
            slips += gentle != normal
            assert gentle.startswith("buy "), (normal, gentle)  # never "end turn" instead
        match.act(seat, gentle)
    assert buys and slips  # it does play other buys


def test_strong_plays_out_the_best_spaces_for_a_rail_or_a_station() -> None:
    """Late in a Trains game the strong computer weighs the normal computer's best spaces by
    play-outs, and at times lays or builds elsewhere than the normal computer would."""
    match = _played("trains", 2, 220, 3)
    module = hooks(match)
    assert module is not None
    weighed = differ = 0
    while not match.over:
        seat = match.to_act()[0]
        legal, normal = match.legal(seat), computer_action(match, seat)
        action = normal
        if normal.startswith(("lay ", "station ")) and len(legal) > 2:
            view = match.computer_view(seat)
            options = module.candidates(view, list(legal), normal, Rng(1))
            assert options[0] == normal and len(set(options)) >= 2
            assert all(o in legal and o.split()[0] == normal.split()[0] for o in options)
            action = level_action(match, seat, "strong")
            assert action in options
            weighed += 1
            differ += action != normal
        match.act(seat, action)
    assert weighed >= 5 and differ >= 1
