"""The computer player: it beats random play, finishes its games, plays fair and fast."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from rules.core.computer import computer_action, decision_rng, play_table, random_action
from rules.spike import Spike
from rules.spike.computer import choose
from tests.rules.spike.helpers import (
    BOARD,
    act,
    contract,
    due,
    kind_word,
    own,
    ready,
    set_contracts,
    set_hand,
    turn_to,
)

TWO_SEEDS = range(40)
FOUR_SEEDS = range(20)


def _pick(m: Spike, seat: int) -> str:
    """The computer's choice for `seat` (always asked, even with one legal action)."""
    return choose(m.view(seat), m.legal(seat), random.Random(0))


def _wins_against_random(players: int, seeds: range) -> int:
    """Games (seat of the computer rotating) the computer finishes first, alone or tied."""
    won = 0
    for seed in seeds:
        seat = seed % players
        kinds = ["random"] * players
        kinds[seat] = "computer"
        m = Spike([f"P{i}" for i in range(players)], seed, {})
        play_table(m, kinds, seed)
        won += seat in m.winners()
    return won


# -- it plays sensibly --------------------------------------------------------------------
def test_the_computer_beats_one_random_player_in_at_least_95_percent_of_games() -> None:
    assert _wins_against_random(2, TWO_SEEDS) >= 0.95 * len(TWO_SEEDS)


def test_the_computer_beats_three_random_players_in_at_least_95_percent_of_games() -> None:
    assert _wins_against_random(4, FOUR_SEEDS) >= 0.95 * len(FOUR_SEEDS)


def _computer_table(players: int, seed: int) -> Spike:
    """A table of computers played to its end (thinking time is measured by selfplay)."""
    m = Spike([f"P{i}" for i in range(players)], seed, {})
    while not m.over:
        seat = due(m)
        legal = m.legal(seat)
        action = choose(m.view(seat), list(legal), decision_rng(m, seat))
        assert action in legal
        m.act(seat, action)
        assert len(m.log) < 3000, "a table of computers stalls"
    return m


def test_computers_alone_finish_a_two_player_game_in_a_normal_length_and_deliver() -> None:
    m = _computer_table(2, 3)
    # Three rounds through the rail deck ('Manches'): about 30 turns each, like random play.
    assert m.state["end_reason"] == "the third time card was revealed"
    assert 40 <= m.state["turn_number"] <= 120
    assert not [a for _, a in m.log if a in ("pass", "extra move")]  # no idle turns
    for p in m.state["players"]:
        assert sum(c["token"] == "done" for c in p["contracts"]) >= 3
        assert p["tracks"] <= 20  # most of the 45 pieces are laid
        assert p["money"] >= 50


def test_computers_alone_finish_a_four_player_game_in_a_normal_length() -> None:
    m = _computer_table(4, 5)
    assert m.over and 50 <= m.state["turn_number"] <= 160
    for p in m.state["players"]:
        assert p["income"]["goods"] >= 10 and p["income"]["deliveries"] >= 5


# -- single decisions a player would notice -----------------------------------------------
def _kansas_city(**hand: int) -> Spike:
    """P0's train in Kansas City (cattle) with track to Topeka, where cattle pays $11."""
    m = ready(2, ["Kansas City", "Boston"])
    own(m, 0, "Kansas City", "r6c1", "Topeka")
    set_contracts(m, 0, ("cattle", 1, "a"), ("wheat", 1, "a"))
    set_hand(m, 0, **hand)
    turn_to(m, 0)
    return m


def _own_turn(m: Spike) -> None:
    """Seat 0 plays one whole turn by the computer's choices."""
    turn_to(m, 0)
    turns = m.state["turn_number"]
    while m.state["turn_number"] == turns and not m.over:
        act(m, _pick(m, 0))


def test_it_loads_a_good_it_can_deliver_then_restarts_towards_the_destination() -> None:
    m = _kansas_city(white=1)
    assert _pick(m, 0) == "load cattle"
    act(m, "load cattle")
    assert _pick(m, 0) == "restart"  # not a draw: the train must leave the city
    act(m, "restart")
    act(m, _pick(m, 0))
    assert m.train_space(0) in m.own_spaces(0)
    for _ in range(4):  # the train runs on to Topeka, two spaces away, and delivers
        if contract(m, 0, "cattle")["token"] == "done":
            break
        _own_turn(m)
    assert contract(m, 0, "cattle")["delivered"] == ["Topeka", 11]


def test_it_delivers_when_its_train_stands_in_a_destination() -> None:
    m = _kansas_city()
    contract(m, 0, "cattle")["token"] = "train"
    train = m.state["players"][0]["train"]
    train["point"] = BOARD.city_point("Topeka")
    assert _pick(m, 0) == "deliver cattle"


def test_it_takes_a_face_up_card_its_next_track_needs() -> None:
    m = ready(2, ["Kansas City", "Boston"])
    set_contracts(m, 0, ("cattle", 1, "a"))
    set_hand(m, 0)
    turn_to(m, 0)
    first, second = kind_word("Kansas City", "r6c1"), kind_word("r6c1", "Topeka")
    others = [k.code for k in BOARD.kinds if k.card not in (first, second)]
    m.state["display"] = [others[0], others[1], BOARD.kind_by_card(first), others[0]]
    assert _pick(m, 0) == "load cattle"  # free: the token waits on the train
    act(m, "load cattle")
    assert _pick(m, 0) == f"take {first}"


def test_it_builds_towards_its_contract_when_the_cards_pay() -> None:
    m = ready(2, ["Kansas City", "Boston"])
    set_contracts(m, 0, ("cattle", 1, "a"))
    set_hand(m, 0, white=2, blue=2, red=2, green=2, yellow=2, black=2)
    turn_to(m, 0)
    act(m, "load cattle")
    assert _pick(m, 0) == "build"
    while m.state["current"] == 0 and due(m) == 0:
        act(m, _pick(m, 0))
    assert "Topeka" in m.track_cities(0)  # cattle pays $11 there, two spaces away
    assert m.hand_size(0) >= 12 - len(m.own_spaces(0)) - 3  # few cards lost to jokers


def test_it_pays_with_matching_cards_rather_than_a_joker_set() -> None:
    m = ready(2, ["Raleigh", "Kansas City"])
    turn_to(m, 0)
    set_hand(m, 0, blue=1, black=1, white=2)
    act(m, "build", "from raleigh", f"lay r9c12 {kind_word('Raleigh', 'r9c12')}",
        f"lay norfolk {kind_word('r9c12', 'Norfolk')}", "finish")
    assert m.legal(0) == ["pay 1 blue 1 black", "pay 2 white 1 blue", "pay 2 white 1 black"]
    assert _pick(m, 0) == "pay 1 blue 1 black"


def test_it_upgrades_early_but_not_when_the_game_is_about_to_end() -> None:
    m = ready(2, ["Kansas City", "Boston"])
    set_hand(m, 0)
    m.state["players"][0]["money"] = 10
    turn_to(m, 0)
    assert _pick(m, 0) == "upgrade power"  # more cards per draw for the whole game
    m.state["round"], m.state["time_drawn"] = 3, 2
    m.state["deck"] = m.state["deck"][:3] + ["T"]
    assert not _pick(m, 0).startswith("upgrade")


# -- it plays fair and is deterministic ---------------------------------------------------
def _midgame(seed: int) -> Spike:
    """A two-player match of computers stopped at the start of a turn of seat 0, mid-game."""
    m = Spike(["P0", "P1"], seed, {})
    while not (m.state["phase"] == "play" and m.state["turn_number"] >= 14
               and due(m) == 0 and m.state["step"]["kind"] == "main"):
        m.act(due(m), computer_action(m, due(m)))
    return m


def _other_secrets(m: Spike) -> None:
    """Seat 1 holds other rail cards (as many) and another route card."""
    p = m.state["players"][1]
    size = sum(p["hand"].values())
    p["hand"] = {code: 0 for code in BOARD.kind_codes}
    p["hand"][BOARD.kind_codes[0]] = size
    p["route"] = (p["route"] + 1) % len(BOARD.routes)


def test_choices_depend_only_on_the_seats_own_view() -> None:
    first = _midgame(7)
    second = Spike(["P0", "P1"], 7, {})
    for seat, action in first.log:
        second.act(seat, action)
    _other_secrets(second)
    assert first.state["players"][1] != second.state["players"][1]
    decisions = 0
    while due(first) == 0 and first.view(0) == second.view(0):
        pick = computer_action(first, 0)
        assert pick == computer_action(second, 0)
        first.act(0, pick)
        second.act(0, pick)
        decisions += 1
    assert decisions >= 2


def test_the_choice_is_a_function_of_view_legal_and_rng_only() -> None:
    m = _midgame(11)
    rng = random.Random(4)
    for _ in range(60):
        if m.over:
            break
        seat = due(m)
        view, legal = m.view(seat), m.legal(seat)
        state = copy.deepcopy(m.state)
        again: dict[str, Any] = json.loads(json.dumps(view))
        pick = choose(view, list(legal), random.Random(9))
        assert pick in legal
        assert choose(again, list(legal), random.Random(9)) == pick
        assert m.state == state  # the view is only read
        m.act(seat, pick if seat == 0 else random_action(m, seat, rng))
