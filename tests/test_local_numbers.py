"""Numbers in terminal play: a place in the list never clashes with an amount in a label."""

from __future__ import annotations

import io
from pathlib import Path

import rules
from bot.tools.local import pick_number, play_local
from rules.core.computer import computer_action


def _bidding() -> tuple[rules.Match, int, list[rules.Choice]]:
    """Steel Driver, SP up for auction at 2: the list reads "[1] Bid 3 … [3] Bid 5 …"."""
    m = rules.new_match("steel-driver", ["Ann", "Bo", "Cy"], 1)
    seat = m.to_act()[0]
    m.act(seat, "auction sp")
    m.act(seat, "bid 2")
    seat = m.to_act()[0]
    return m, seat, m.choices(seat)


def test_a_number_that_is_also_an_amount_is_asked_about_not_guessed() -> None:
    m, seat, choices = _bidding()
    assert choices[0].label.startswith("Bid 3 ") and choices[2].label.startswith("Bid 5 ")
    played, question = pick_number(m, seat, choices, "3")
    assert played is None and question is not None
    assert "[3] Bid 5" in question and "[1] Bid 3" in question and "#3" in question
    assert pick_number(m, seat, choices, "#3") == ("bid 5", None)  # the list's 3rd
    assert pick_number(m, seat, choices, "bid 3") == (None, None)  # words go to the game
    assert pick_number(m, seat, choices, "1") == ("bid 3", None)  # no bid of 1: the 1st
    played, why = pick_number(m, seat, choices, "12")  # past the list: the game says why
    assert played is None and why is not None and "cubes" in why


def test_in_the_terminal_the_question_comes_and_nothing_is_played(tmp_path: Path) -> None:
    out = io.StringIO()
    m = play_local("steel-driver", 3, names=["Ann", "Bo", "Cy"], seed=1, out=tmp_path,
                   stdin=io.StringIO("auction sp\nbid 2\n3\n#3\n"), stdout=out,
                   render=lambda view: b"png")
    text = out.getvalue()
    assert "could mean [3] Bid 5" in text
    assert [a for _, a in m.log] == ["auction sp", "bid 2", "bid 5"]


def test_a_number_that_only_appears_in_a_label_is_the_place_in_the_list() -> None:
    """Trains, Station Crew: "[1] Draw 1 card [2] +1 coin …": `1` is the first choice."""
    m = rules.new_match("trains", ["Ann", "Bo"], 11)
    while "coin" not in m.legal(m.to_act()[0]):
        seat = m.to_act()[0]
        m.act(seat, computer_action(m, seat))
    seat = m.to_act()[0]
    choices = m.choices(seat)
    assert m.parse(seat, "1") == "coin" != choices[0].action  # the game alone reads a label
    assert pick_number(m, seat, choices, "1") == (choices[0].action, None)
    assert pick_number(m, seat, choices, "2") == (choices[1].action, None)
