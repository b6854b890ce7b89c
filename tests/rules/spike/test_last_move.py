"""The last completed turn in the public view: what it built, where the train ran, where it
loaded or delivered; read back from the log, so saved matches keep their format."""

from __future__ import annotations

import json
import random

import rules
from rules.core.match import Match
from rules.spike import Spike
from tests.rules.spike.helpers import (
    act,
    build,
    contract,
    lay,
    move,
    new,
    own,
    pay_first,
    point,
    ready,
    set_contracts,
    set_hand,
    space,
)


def _game() -> Spike:
    """P0 (first) in Kansas City, P1 in Omaha; P0 holds plenty of every rail card."""
    m = ready(2, ["Kansas City", "Omaha"])
    assert m.to_act() == [0]
    set_hand(m, 0, white=4, blue=4, red=4, green=4, yellow=4, black=4)
    return m


def test_no_last_move_before_anyone_acts() -> None:
    assert new(2).view(None)["last_move"] is None


def test_after_the_set_up_the_last_placement_is_the_last_move() -> None:
    last = _game().view(None)["last_move"]
    assert last["seat"] == 1 and last["cities"] == [point("Omaha")]
    assert last["built"] == [] and last["moved"] == [] and not last["upgraded"]
    assert "P1 places their locomotive in Omaha." in last["lines"]


def test_a_finished_build_is_the_last_move_once_the_turn_is_over() -> None:
    m = _game()
    build(m, "Kansas City", "r6c1", "Topeka", finish=False)
    view = m.view(None)
    assert view["build"]["laid"] and view["last_move"]["seat"] == 1  # still P1's placement
    act(m, "finish")
    pay_first(m)
    last = m.view(None)["last_move"]
    assert m.to_act() == [1] and last["seat"] == 0
    assert last["built"] == [space("Kansas City", "r6c1"), space("r6c1", "Topeka")]
    assert any(line.startswith("P0 builds 2 track from Kansas City to Topeka")
               for line in last["lines"])
    act(m, "draw deck", "stop")
    last = m.view(None)["last_move"]
    assert last["seat"] == 1 and last["built"] == []
    assert last["lines"][0] == "P1 draws a rail card from the deck."


def test_undone_and_cancelled_track_is_not_in_the_last_move() -> None:
    m = _game()
    first, second = lay("Kansas City", "r6c1"), lay("r6c1", "Topeka")
    act(m, "build", "from kansas-city", first, "undo", "undo", "cancel", "draw deck", "stop")
    assert m.view(None)["last_move"]["built"] == []
    act(m, "draw deck", "stop")
    act(m, "build", "from kansas-city", first, "undo", first, second, "finish")
    pay_first(m)
    assert m.view(None)["last_move"]["built"] == [space("Kansas City", "r6c1"),
                                                  space("r6c1", "Topeka")]


def test_train_run_loading_and_delivery_are_in_the_last_move() -> None:
    m = _game()
    own(m, 0, "Kansas City", "r6c1", "Topeka")
    set_contracts(m, 0, ("cattle", 1, "a"), ("peaches", 1, "a"), ("wheat", 1, "a"))
    act(m, "load cattle", "restart", move("Kansas City", "r6c1"))
    last = m.view(None)["last_move"]
    assert m.to_act() == [1] and last["seat"] == 0
    assert last["moved"] == [space("Kansas City", "r6c1")]
    assert last["cities"] == [point("Kansas City")]  # where it loaded
    act(m, "draw deck", "stop")
    act(m, move("r6c1", "Topeka"), "draw deck", "stop")  # the free move, then an action
    assert m.view(None)["last_move"]["moved"] == [space("r6c1", "Topeka")]
    act(m, "draw deck", "stop")
    act(m, "enter topeka", "deliver cattle", "draw deck", "stop")
    last = m.view(None)["last_move"]
    assert contract(m, 0, "cattle")["token"] == "done"
    assert last["seat"] == 0 and last["moved"] == [] and last["cities"] == [point("Topeka")]
    assert "P0 delivers cattle to Topeka for $11." in last["lines"]


def test_an_upgrade_is_marked_on_the_train() -> None:
    m = _game()
    act(m, "draw deck", "stop")
    m.state["players"][1]["money"] = 10
    act(m, "upgrade speed")
    last = m.view(None)["last_move"]
    assert last["seat"] == 1 and last["upgraded"] and last["built"] == []


def test_the_saved_match_has_no_new_field_and_reloads_alike() -> None:
    m = _game()
    build(m, "Kansas City", "r6c1", "Topeka")
    saved = json.loads(m.to_json())
    assert "last_move" not in saved["state"]
    assert saved["format"] == Spike.state_format == Match.state_format  # not bumped
    again = rules.load_match(m.to_json())
    assert again.view(None)["last_move"] == m.view(None)["last_move"]
    assert again.view(None)["last_move"]["built"]


def test_random_games_ring_exactly_the_track_of_the_last_finished_turn() -> None:
    for players, seed in ((3, 4), (2, 9)):
        m = rules.new_match("spike", ["Ann", "Bob", "Cleo"][:players], seed)
        rng = random.Random(seed)
        owners: dict[int, list[int | None]] = {}  # turn number -> owners before it
        turn_of: list[int] = []
        for _ in range(220):
            if not m.to_act():
                break
            turn = m.state["turn_number"] if m.state["phase"] == "play" else 0
            owners.setdefault(turn, list(m.state["owners"]))
            turn_of.append(turn)
            m.act(m.to_act()[0], rng.choice(m.legal(m.to_act()[0])))
            last = m.view(None)["last_move"]
            now = m.state["turn_number"] if m.state["phase"] == "play" else 0
            done = [t for t in owners if t and (t < now or m.over)]
            if not done or last is None:
                continue
            finished = max(done)
            after = owners.get(finished + 1, m.state["owners"])
            laid = {i for i, (a, b) in enumerate(zip(owners[finished], after, strict=True))
                    if a != b}
            assert set(last["built"]) == laid
            assert all(m.state["owners"][i] == last["seat"] for i in last["built"])
