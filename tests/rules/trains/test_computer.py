"""The Trains computer player: it wins against random play, finishes games between computers
in a normal number of turns, plays its turn in a sensible order, decides only from its own
view, is deterministic and fast."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from rules.core.computer import computer_action, decision_rng, play_table
from rules.trains import Trains
from rules.trains.computer import choose
from tests.rules.trains.helpers import due, ready, set_cards

COMPUTER_FILES = sorted((Path(__file__).resolve().parents[3] / "rules" / "trains" / "computer")
                        .glob("*.py"))


def _table(players: int, seed: int) -> Trains:
    """A fresh match; odd seeds play on the Osaka side (random kingdom either way)."""
    return Trains([f"P{i}" for i in range(players)], seed,
                  {"map": ("tokyo", "osaka")[seed % 2]})


def _turn(m: Trains) -> list[str]:
    """Let the computer play the due seat's whole turn; the actions it took."""
    seat, taken = due(m), []
    while not m.over and due(m) == seat:
        action = computer_action(m, seat)
        taken.append(action)
        m.act(seat, action)
        if action in ("end turn", "pass"):
            break
    return taken


def _wins(players: int, seeds: range) -> int:
    """Games of one computer (seat 0) and random seats where the computer is among winners."""
    won = 0
    for seed in seeds:
        m = _table(players, seed)
        play_table(m, ["computer"] + ["random"] * (players - 1), seed)
        won += 0 in m.winners()
    return won


# -- it wins --------------------------------------------------------------------------------
def test_computer_beats_one_random_player() -> None:
    assert _wins(2, range(40)) >= 38  # 95% of 40 seeds


def test_computer_beats_three_random_players() -> None:
    assert _wins(4, range(20)) >= 19  # 95% of 20 seeds


@pytest.mark.parametrize("players,seeds", [(2, range(5)), (3, range(1)), (4, range(2))])
def test_computers_alone_finish_in_a_normal_number_of_turns(players: int, seeds: range) -> None:
    for seed in seeds:
        m = _table(players, seed)
        play_table(m, ["computer"] * players, seed)
        turns = m.state["turn_number"] // players
        passes = sum(1 for _, a in m.log if a == "pass")
        builds = sum(1 for _, a in m.log if a.startswith(("lay ", "station ")))
        # About 45 minutes ('Durée'): some 15 to 40 turns each, rails and stations laid
        # all along. Passing returns a hand's Waste ('passer son tour'): a hand of Waste is
        # passed, but most turns are played.
        assert 12 <= turns <= 40, (seed, turns)
        assert m.state["end_reasons"]
        assert passes <= turns * players * 3 // 10, (seed, passes)
        assert builds >= 10 * players


# -- it plays sensibly ---------------------------------------------------------------------
def test_plays_its_trains_before_laying_a_rail_and_then_buys() -> None:
    m = ready(2, seed=3)
    seat = due(m)
    set_cards(m, seat, ["lay-rails", "normal-train", "normal-train", "express-train", "waste"])
    taken = _turn(m)
    plays = [a for a in taken if a.startswith("play ")]
    assert plays.index("play lay-rails") == len(plays) - 1, taken
    assert any(a.startswith("lay ") for a in taken), taken
    assert taken[-1] == "end turn"


def test_lays_its_rail_on_the_city_with_a_station_next_to_its_network() -> None:
    m = ready(2, seed=1, hexes=["d5", "haneda"])  # d5 touches Shinjuku-Shibuya and plain spaces
    m.state["stations"]["shinjuku-shibuya"] = 1
    seat = m.state["first"]
    m.state["current"] = seat
    m.state["cubes"] = {"d5": [seat], "haneda": [1 - seat]}
    set_cards(m, seat, ["lay-rails", "express-train", "express-train", "normal-train",
                        "normal-train"])
    assert "lay shinjuku-shibuya" in _turn(m)


def test_places_its_station_on_its_own_city_not_a_rivals() -> None:
    m = ready(2, seed=2)
    seat = due(m)
    m.state["cubes"] = {"kawasaki": [seat], "yokohama": [1 - seat]}
    set_cards(m, seat, ["station-expansion", "normal-train", "normal-train", "waste", "waste"])
    assert "station kawasaki" in _turn(m)


def test_buys_a_limited_express_early_and_a_skyscraper_late() -> None:
    m = ready(2, seed=4, kingdom="tokyo-beginner")
    seat = due(m)
    set_cards(m, seat, ["express-train", "express-train", "normal-train", "normal-train",
                        "waste"])
    assert "buy limited-express-train" in _turn(m)
    m = ready(2, seed=4, kingdom="tokyo-beginner")
    m.state["turn_number"] = 60  # the end is near: points now, not money
    set_cards(m, due(m), ["express-train", "express-train", "normal-train", "normal-train",
                          "express-train"])
    assert "buy skyscraper" in _turn(m)


def test_freight_train_returns_every_waste_for_coins() -> None:
    m = ready(2, seed=5, kingdom="reforming-tunneling")
    seat = due(m)
    set_cards(m, seat, ["freight-train", "waste", "waste", "waste", "normal-train"])
    taken = _turn(m)
    assert taken[:2] == ["play freight-train", "return 3"], taken


def test_passes_a_hand_of_waste_to_return_it() -> None:
    m = ready(2, seed=6)
    set_cards(m, due(m), ["waste", "waste", "waste", "normal-train", "normal-train"])
    assert _turn(m) == ["pass"]


@pytest.mark.parametrize("ahead", [True, False])
def test_lays_its_last_rail_only_when_that_ending_wins(ahead: bool) -> None:
    m = ready(2, seed=7, hexes=["d5", "haneda"])
    seat = m.state["first"]
    rich = seat if ahead else 1 - seat
    m.state["players"][rich]["deck"] += ["skyscraper"] * 3  # 12 VP, known to all (bought)
    m.state["players"][seat]["cubes_left"] = 1
    set_cards(m, seat, ["lay-rails", "normal-train", "normal-train", "normal-train", "waste"])
    _turn(m)
    assert m.over == ahead
    assert (m.state["players"][seat]["cubes_left"] == 0) == ahead


# -- it plays fair ---------------------------------------------------------------------------
def _scramble(m: Trains, seat: int, rng: random.Random) -> None:
    """Reshuffle a seat's hand, deck and discard pile together: same sizes, same cards owned
    (so the same public score), new secrets."""
    p = m.state["players"][seat]
    cards = p["hand"] + p["deck"] + p["discard"]
    rng.shuffle(cards)
    sizes = [len(p["hand"]), len(p["deck"])]
    p["hand"], p["deck"] = cards[:sizes[0]], cards[sizes[0]:sizes[0] + sizes[1]]
    p["discard"], p["known_top"] = cards[sizes[0] + sizes[1]:], 0


def test_choices_ignore_the_other_seats_hidden_cards() -> None:
    rng = random.Random(0)
    checked = changed = 0
    for seed in (11, 12):
        m = _table(3, seed)
        while not m.over:
            seat = due(m)
            action = computer_action(m, seat)
            if m.state["phase"] == "turn" and len(m.log) % 4 == 0:
                twin = m.copy()
                assert isinstance(twin, Trains)
                for other in range(3):
                    if other != seat:
                        _scramble(twin, other, rng)
                assert twin.view(seat) == m.view(seat)
                changed += twin.state["players"] != m.state["players"]
                assert computer_action(twin, seat) == action
                checked += 1
            m.act(seat, action)
    assert checked > 100 and changed > checked // 2  # the secrets really differed


def test_computer_modules_read_no_match_state() -> None:
    """Only the view, the legal actions and pure data (cards, board) are used."""
    allowed = {"rules.trains.board", "rules.trains.cards", "rules.trains.computer",
               "rules.trains.computer.board", "rules.trains.computer.cards",
               "rules.trains.computer.steps", "rules.trains", "rules.core.rng"}
    # strong.py plays sampled deals out on matches of its own, dealt from the seat's view
    # (tests/rules/test_levels.py checks a sample ignores the real secrets)
    played = [p for p in COMPUTER_FILES if p.name != "strong.py"]
    assert len(played) == 4
    for path in played:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("rules."):
                    assert node.module in allowed, (path, node.module)
            assert not (isinstance(node, ast.Name) and node.id == "state"), path


def test_computer_view_is_part_of_the_seat_view_and_chooses_the_same() -> None:
    """The lean view a computer reads holds nothing the seat's view lacks, and the choice made
    from it is the one made from the whole view (only the words for people are left out)."""
    m = Trains(["P0", "P1"], 5, {})
    steps = 0
    while not m.over and steps < 400:
        seat = due(m)
        legal = m.legal(seat)
        lean, whole = m.computer_view(seat), m.view(seat)
        assert set(lean) < set(whole) and "prompt" not in lean
        assert all(lean[k] == whole[k] for k in lean if k != "you")
        assert all(lean["you"][k] == v for k, v in whole["you"].items())
        pick = choose(lean, list(legal), decision_rng(m, seat))
        assert pick == choose(whole, list(legal), decision_rng(m, seat))
        m.act(seat, pick)
        steps += 1
    assert steps > 100


# -- deterministic, legal and fast -------------------------------------------------------------
@pytest.mark.parametrize("version", [1, 2])
def test_same_view_same_choice_and_always_legal(version: int) -> None:
    """Also in games of rules version 1, which ask for a row before a space."""
    m = Trains(["P0", "P1", "P2"], 20 + version, {"map": "osaka"}, rules_version=version)
    steps = 0
    while not m.over:
        seat = due(m)
        legal = m.legal(seat)
        view = m.view(seat)
        random.seed(steps)  # the global generator must not matter
        first = choose(view, list(legal), decision_rng(m, seat))
        random.seed(steps + 1000)
        again = choose(m.view(seat), list(legal), decision_rng(m, seat))
        assert first == again and first in legal
        m.act(seat, first)
        steps += 1
    assert m.state["end_reasons"]
