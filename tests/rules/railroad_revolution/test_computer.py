"""The computer player: it wins against random play, builds towards its milestones, plays fair
(only its view), is deterministic and fast."""

from __future__ import annotations

import ast
import copy
import json
import random
from pathlib import Path

import pytest

from rules.core.computer import computer_action, decision_rng, play_table
from rules.railroad_revolution import RailroadRevolution
from rules.railroad_revolution.computer import choose
from tests.rules.railroad_revolution.helpers import due, me, ready, top

PACKAGE = Path(__file__).resolve().parents[3] / "rules" / "railroad_revolution"


def _match(players: int, seed: int) -> RailroadRevolution:
    return RailroadRevolution([f"P{i}" for i in range(players)], seed, {})


def _table(players: int, seed: int) -> tuple[RailroadRevolution, int]:
    """One computer seat (changing with the seed) against random seats, played out."""
    m = _match(players, seed)
    seat = seed % players
    kinds = ["random"] * players
    kinds[seat] = "computer"
    play_table(m, kinds, seed)
    return m, seat


def _turns_per_player(m: RailroadRevolution) -> float:
    return float(m.state["turn"] + 1) / len(m.players)


def _play_turn(m: RailroadRevolution) -> None:
    """Computers answer every decision until the next player's turn (or the end)."""
    turn = m.state["turn"]
    for _ in range(200):
        seat = due(m)
        m.act(seat, computer_action(m, seat))
        if m.over or (top(m)["kind"] == "place" and m.state["turn"] != turn):
            return
    raise AssertionError("the turn never ended")


# -- it plays well enough --------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seeds"), [(2, range(40)), (4, range(20))])
def test_the_computer_beats_random_players(players: int, seeds: range) -> None:
    wins, margins = 0, []
    for seed in seeds:
        m, seat = _table(players, seed)
        wins += seat in m.winners()
        scores = m.scores()
        margins.append(scores[seat] - max(s for i, s in enumerate(scores) if i != seat))
    assert wins >= 0.95 * len(seeds), (wins, margins)
    assert sum(margins) / len(margins) > 50  # not by luck: far ahead on average


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 1), (3, 2), (4, 3)])
def test_a_table_of_computers_finishes_in_a_normal_number_of_turns(players: int,
                                                                   seed: int) -> None:
    m = _match(players, seed)
    play_table(m, ["computer"] * players, seed)
    assert m.over and m.winners()
    # 20 pieces sit left of the logo and each turn takes one or two: about 14-22 turns each.
    assert 12 <= _turns_per_player(m) <= 24, _turns_per_player(m)
    assert not any("can take no action" in text for _, text in m.lines)  # never stuck
    for seat in range(players):
        p = m.state["players"][seat]
        assert p["completed"], seat  # every computer completes milestones
        assert len(p["rails"]) >= 4 and p["stations"] and len(p["offices"]) >= 3, seat
        assert m.scores()[seat] >= 100


def test_the_computer_never_sells_a_share_or_hires_for_nothing() -> None:
    m = _match(2, 5)
    sold, hired = 0, [0, 0]
    while not m.over:
        seat = due(m)
        action = computer_action(m, seat)
        sold += action == "sell share"  # the engine sells shares itself when paying
        hired[seat] += action == "hire"
        m.act(seat, action)
    assert sold == 0
    for seat in range(2):  # a worker hired ($800) becomes the manager of a milestone
        assert hired[seat] <= len(m.state["players"][seat]["completed"])


# -- it builds towards its goals -------------------------------------------------------------------
def test_rails_go_towards_the_milestone_and_a_promotion_completes_it() -> None:
    m = ready(2, seed=3)
    seat = due(m)
    p = me(m, seat)
    p["milestones"] = [{"id": "a1-2", "managers": [None]}]  # 2 level-2 cities, Orange
    p["stock"]["orange"] = 1
    p["money"] = 4000
    p["offices"] = list(m.data.sections)  # the telegraph is full: rails or stations now
    for section in m.data.sections:
        m.state["offices"][str(section)] = [seat]
    first_rails: list[str] = []
    for _ in range(12):
        _play_turn(m)
        if not first_rails and len(p["rails"]) > 1:
            first_rails = p["rails"][1:]
        if p["completed"]:
            break
    # The first Railroad already reaches a level-2 city; then the Orange manager completes it.
    assert any(m.data.cities[c].level == 2 for c in m.net.connected_cities(
        [m.data.start_space, *first_rails]))
    assert p["completed"] == ["a1-2"]


@pytest.mark.parametrize("seed", range(8))
def test_a_face_down_train_is_turned_face_up_when_trading(seed: int) -> None:
    m = ready(2, seed=seed)
    seat = due(m)
    p = me(m, seat)
    p["trains"][0]["up"] = False
    p["money"] = 6000  # rich: nothing better than the 8 VP of the train
    for sec in p["sections"]:
        sec[0] = 0  # no building left: no office and no station to build
    before = m.scores()[seat]
    _play_turn(m)
    assert p["trains"][0]["up"] and m.scores()[seat] >= before + 8


def test_the_last_turn_is_not_spent_on_money() -> None:
    m = ready(2, seed=2)
    seat = due(m)
    m.state["end"] = {"seat": seat, "turn": 0, "last_turn": m.state["turn"]}
    p = me(m, seat)
    p["money"] = 1500
    p["offices"] = [1, 2]  # two offices, the telegraph track at step 4
    m.state["offices"]["1"], m.state["offices"]["2"] = [seat], [seat]
    p["tracks"]["telegraph"] = 4
    before = m.scores()[seat]
    assert m.view(seat)["players"][seat]["turns_left"] == 1
    first = computer_action(m, seat)
    assert not first.startswith("trade ")  # money is worth nothing after the last turn
    _play_turn(m)
    assert m.over and m.scores()[seat] >= before + 4 + 5  # a third office, linked to 2


# -- it plays fair ---------------------------------------------------------------------------------
def test_choices_ignore_the_hidden_order_of_the_milestone_piles() -> None:
    """Two matches that differ only in the face-down milestone piles get the same choices."""
    a, b = _match(3, 7), _match(3, 7)
    for pile in ("B", "C", "D"):
        tiles = b.state["milestone_piles"][pile]
        tiles[6:] = tiles[6:][::-1]  # the tiles below the first draws, in another order
    assert a.state["milestone_piles"] != b.state["milestone_piles"]
    same = 0
    while not a.over:
        seat = due(a)
        assert due(b) == seat
        if a.view(seat) != b.view(seat):
            break  # the seat now sees its own different draw: its secret, not the others'
        action = computer_action(a, seat)
        assert computer_action(b, seat) == action
        a.act(seat, action)
        b.act(seat, action)
        same += 1
    assert same > 150


def test_choices_ignore_the_other_seats_next_milestones() -> None:
    """Whatever milestone tiles lie face down for the others, the seat's choice is the same."""
    m = ready(2, seed=4)
    seat = due(m)
    view, legal = m.view(seat), m.legal(seat)
    twin = copy.deepcopy(m)
    for pile in twin.state["milestone_piles"].values():
        random.Random(5).shuffle(pile)
    assert twin.state["milestone_piles"] != m.state["milestone_piles"]
    assert twin.view(seat) == view
    assert choose(twin.view(seat), twin.legal(seat), random.Random(1)) == choose(
        view, legal, random.Random(1))


def test_the_computer_reads_no_match_state() -> None:
    """Its modules import only the game's fixed data and pure helpers, never the engine."""
    allowed = {"rules.railroad_revolution.data", "rules.railroad_revolution.board"}
    # strong.py plays sampled deals out on matches of its own, dealt from the seat's view
    # (tests/rules/test_levels.py checks a sample ignores the real secrets)
    for path in sorted(p for p in (PACKAGE / "computer").glob("*.py") if p.name != "strong.py"):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(
                    "rules.railroad_revolution"):
                names = [a.name for a in node.names]
                assert node.module in allowed or node.module.startswith(
                    "rules.railroad_revolution.computer") or all(
                    n.startswith("computer") for n in names), (path.name, node.module)
            assert not (isinstance(node, ast.Attribute) and node.attr == "state"), path.name


# -- deterministic and fast ------------------------------------------------------------------------
def test_the_same_view_gives_the_same_choice_and_is_left_unchanged() -> None:
    m = _match(3, 9)
    rng = random.Random(9)
    checked = 0
    while not m.over and checked < 400:
        seat = due(m)
        view, legal = m.view(seat), m.legal(seat)
        before = json.dumps(view, sort_keys=True)
        first = choose(view, list(legal), decision_rng(m, seat))
        assert json.dumps(view, sort_keys=True) == before
        assert choose(copy.deepcopy(view), list(legal), decision_rng(m, seat)) == first
        assert first in legal
        m.act(seat, first if checked % 3 else rng.choice(legal))
        checked += 1
