"""Hidden hands: never in the public view or log unless shown; departure cards stay unseen."""

from __future__ import annotations

import json
import random
import re

import pytest

from tests.rules.switch_signal.helpers import Dice, act, due, move, new, ready

HAND_TEXT = re.compile(r"\d+ (signal|switch|move)\b")


def test_public_view_shows_hand_sizes_only() -> None:
    m = new(3, seed=1)
    view = m.view(None)
    assert "hand" not in view
    assert [p["hand_size"] for p in view["players"]] == [5, 5, 5]
    assert all(p["hand"] is None and p["shown"] is False for p in view["players"])
    assert m.view(1)["hand"] == m.state["hands"][1]
    assert "action_deck" not in view and view["action_cards"]["draw_pile"] == 81 - 15
    assert view["departure"]["deck"] == 17  # a count, never the order


def test_showing_a_hand_puts_it_on_the_table_until_it_changes() -> None:
    m = ready(new(seed=2), hand={"signal": 2, "switch": 1, "move": 0})
    seat = due(m)
    lines = act(m, "show hand")
    assert lines == [f"P{seat} shows their hand: 2 signal cards and 1 switch card."]
    assert m.view(None)["players"][seat]["hand"] == {"signal": 2, "switch": 1, "move": 0}
    assert "show hand" not in m.legal(seat)
    act(m, "switch", "junction dij", "open bas-lyo")
    assert m.view(None)["players"][seat]["hand"] is None
    assert "show hand" in m.legal(seat)


def test_show_hand_is_marked_as_a_reveal() -> None:
    m = ready(new())
    act(m, "show hand")
    assert m.reveals == [1]


def test_no_public_line_or_view_leaks_a_hand_in_random_games() -> None:
    for seed in range(12):
        rng = random.Random(seed)
        m = new(rng.randint(1, 4), seed=seed)
        while not m.over:
            seat = due(m)
            m.act(seat, rng.choice(m.legal(seat)))
            public = m.view(None)
            for p in public["players"]:
                if not m.state["shown"][p["seat"]]:
                    assert p["hand"] is None
            if not any(m.state["shown"]):
                text = json.dumps({k: v for k, v in public.items() if k != "recent"})
                assert not HAND_TEXT.search(text), text
        for _, line in m.lines:
            if HAND_TEXT.search(line):
                assert "shows their hand" in line, line


def test_cards_set_aside_by_the_clock_are_never_named(dice: Dice) -> None:
    m = ready(new(), black1="S2")
    hidden = m.state["deck"][0]
    m.state["clock"] = 1
    dice.moves = [4]
    lines = move(m, "black1")
    assert m.state["set_aside"] == 1 and hidden not in m.state["deck"]
    assert not any(f"card {hidden}" in line for line in lines)
    assert hidden not in m.view(None)["departure"]["revealed"]


def test_any_player_may_show_their_hand_between_turns() -> None:
    """The rulebook lets players talk about their cards: showing is open to everyone."""
    import rules

    m = rules.new_match("switch-and-signal", ["Ann", "Bob", "Cleo"], 5)
    idle = next(s for s in range(3) if s not in m.to_act())
    assert m.view(None)["players"][idle]["hand"] is None
    with pytest.raises(rules.IllegalAction, match="not your turn"):
        m.act(idle, "reveal")
    lines = m.act(idle, "show hand")
    assert "shows their hand" in lines[0]
    assert m.view(None)["players"][idle]["hand"] == m.view(idle)["hand"]
    assert m.free_actions(idle) == []  # already shown


def test_public_words_and_board_are_the_same_whatever_the_hidden_cards(dice: Dice) -> None:
    """Two tables that differ only in a hand show the same view, log lines and picture."""
    from render import switch_signal as ss

    tables = []
    for hand in ({"signal": 2, "switch": 1, "move": 2}, {"signal": 1, "switch": 3, "move": 1}):
        m = ready(new(seed=4), hand=hand, black1="PAR")
        m.state["greens"].append("par-dij")
        dice.moves = [2]
        act(m, "signal", "L20", "L22", "switch", "junction dijon",
            "open basel lyon", "move", "black train 1", "keep", "go dijon")
        tables.append(m)
    a, b = tables
    assert a.lines == b.lines
    assert a.view(None) == b.view(None)
    assert ss.render(a.view(None)) == ss.render(b.view(None))
    assert a.private_lines(due(a)) != b.private_lines(due(b))
