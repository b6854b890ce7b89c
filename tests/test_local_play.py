"""`railyard play`: a hot-seat game in the terminal with the same action text."""

from __future__ import annotations

import io
import random
from pathlib import Path

import rules
from bot.tools.local import play_local


def test_a_whole_local_game_writes_boards(tmp_path: Path) -> None:
    # Script the players' input from a game played through the rules with the same seed.
    shadow = rules.new_match("steel-driver", ["A", "B", "C"], 11)
    rng = random.Random(1)
    typed = ["help", "log", "nonsense"]
    while not shadow.over:
        seat = shadow.to_act()[0]
        action = rng.choice(shadow.legal(seat))
        shadow.act(seat, action)
        typed.append(action.upper())  # players type loosely
    out = io.StringIO()
    match = play_local("steel-driver", 3, names=["A", "B", "C"], seed=11, out=tmp_path,
                       stdin=io.StringIO("\n".join(typed) + "\n"), stdout=out,
                       render=lambda view: b"png")
    assert match.over and match == shadow
    text = out.getvalue()
    assert "is not a move you can make now" in text  # "nonsense" was refused, the game went on
    assert "(winner)" in text
    assert len(list(tmp_path.glob("steel-driver-*.png"))) == len(shadow.log) + 1


def test_numbers_pick_from_the_list_and_save_resumes(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = play_local("steel-driver", 3, seed=5, out=tmp_path, save=save,
                       stdin=io.StringIO("1\n1\n"), stdout=io.StringIO(),
                       render=lambda view: b"png")
    assert len(first.log) == 2 and save.exists()
    again = play_local("steel-driver", 3, seed=5, out=tmp_path, save=save,
                       stdin=io.StringIO(""), stdout=io.StringIO(), render=lambda view: b"png")
    assert again == first


def test_options_latest_board_status_and_a_clean_stop(tmp_path: Path) -> None:
    out = io.StringIO()
    match = play_local("trains", 2, names=["Ann", "Bob"], seed=3, options={"map": "osaka"},
                       out=tmp_path, stdin=io.StringIO("status\nexplain waste\n1\n"),
                       stdout=out, render=lambda view: str(len(view)).encode())
    text = out.getvalue()
    assert match.options["map"] == "osaka" and len(match.log) == 1
    assert "Ann: 0" in text and "Waiting for: Bob" in text  # status in words, by name
    assert "scores [" not in text
    assert "Waste (Trains)" in text  # `explain` answers from the game's guide
    assert "Stopped." in text  # input ended: a clean stop, no traceback
    latest = tmp_path / "latest.png"
    assert latest.read_bytes() == (tmp_path / "trains-0001.png").read_bytes()


def test_hot_seat_hides_a_hand_before_the_next_player_looks(tmp_path: Path) -> None:
    shadow = rules.new_match("trains", ["Ann", "Bob"], 4)
    typed = []
    while len({s for s, _ in shadow.log}) < 2 or shadow.log[-1][0] == shadow.log[0][0]:
        seat = shadow.to_act()[0]
        action = shadow.legal(seat)[0]
        shadow.act(seat, action)
        typed.append(action)
    out = io.StringIO()
    play_local("trains", 2, names=["Ann", "Bob"], seed=4, out=tmp_path,
               stdin=io.StringIO("\n".join([*typed[:-1], "", typed[-1]]) + "\n"), stdout=out,
               render=lambda view: b"png")
    text = out.getvalue()
    first, _, rest = text.partition("\033[2J")  # the screen is cleared between the two
    assert "alone looks at the screen" in first and "For Ann's eyes only" in first
    assert "For Bob's eyes only" in rest and "For Bob's eyes only" not in first


def test_a_handover_writes_the_turn_card_for_the_next_player(tmp_path: Path) -> None:
    # Steel Driver's first auction: three passes or bids hand the turn to the next player.
    out = io.StringIO()
    play_local("steel-driver", 3, names=["Ann", "Bob", "Cy"], seed=5, out=tmp_path,
               stdin=io.StringIO("auction B&O\nbid 3\n"), stdout=out)
    card = tmp_path / "turn.png"
    assert f"Turn card: {card}" in out.getvalue()
    from PIL import Image

    with Image.open(card) as image:
        assert image.width == 1100 and image.height < 1400


def test_computer_players_take_their_seats_and_never_ask_for_input(tmp_path: Path) -> None:
    out = io.StringIO()
    match = play_local("switch-and-signal", 2, names=["Ann"], computers=1, seed=4,
                       out=tmp_path, stdin=io.StringIO("1\n" * 40), stdout=out,
                       render=lambda view: b"png")
    text = out.getvalue()
    assert match.players == ["Ann", "Computer"]
    assert "Computer (computer) plays:" in text
    assert "Computer> " not in text  # nobody is asked to type for it
    assert {seat for seat, _ in match.log} == {0, 1}


def test_a_computer_turn_shows_each_public_line_once_and_no_empty_steps(tmp_path: Path) -> None:
    out = io.StringIO()
    # the computer arranges a later game's discs first: each change takes several small steps
    match = play_local("switch-and-signal", 2, names=["Ann"], computers=1, seed=2,
                       out=tmp_path, stdin=io.StringIO(""), stdout=out,
                       render=lambda view: b"png", options={"layout": "arrange"})
    blocks = out.getvalue().split("Computer (computer) plays:\n")[1:]
    assert blocks and match.players == ["Ann", "Computer"]
    assert all(block.startswith("  ") for block in blocks)  # every block has a log line
    assert "sets the" in out.getvalue()
