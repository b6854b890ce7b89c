"""`railyard play`: a hot-seat game in the terminal with the same action text."""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import pytest

import rules
from bot.tools.cli import main
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
    assert match.players == ["Ann", "Computer Ada"]
    assert "Computer Ada plays:" in text and "(computer)" not in text
    assert "Computer Ada> " not in text  # nobody is asked to type for it
    assert {seat for seat, _ in match.log} == {0, 1}


def test_a_computer_turn_shows_each_public_line_once_and_no_empty_steps(tmp_path: Path) -> None:
    out = io.StringIO()
    # the computer arranges a later game's discs first: each change takes several small steps
    match = play_local("switch-and-signal", 2, names=["Ann"], computers=1, seed=2,
                       out=tmp_path, stdin=io.StringIO(""), stdout=out,
                       render=lambda view: b"png", options={"layout": "arrange"})
    blocks = out.getvalue().split("Computer Ada plays:\n")[1:]
    assert blocks and match.players == ["Ann", "Computer Ada"]
    assert all(block.startswith("  ") for block in blocks)  # every block has a log line
    assert "sets the" in out.getvalue()


def test_against_computers_your_hand_at_each_turn_and_commands_at_any_prompt(
        tmp_path: Path) -> None:
    out = io.StringIO()
    typed = ["hand", "status", "rules", "rules 5", "rules 99", "explain waste", "help"]
    match = play_local("trains", 2, names=["Ann"], computers=1, seed=3, out=tmp_path,
                       stdin=io.StringIO("\n".join(typed + ["1"] * 80) + "\n"), stdout=out,
                       render=lambda view: b"png")
    text = out.getvalue()
    answers = text.split("Ann> ")
    assert answers[1].startswith("Only you see this:\n  • Your hand (5)")  # `hand`, no refusal
    assert "[1]" not in answers[1]  # the answer is not buried under the list again
    assert "Waiting for: Ann" in answers[2]  # `status`
    assert "Trains · how to play · page 1/6" in answers[3] and "Pages: 1 Goal" in answers[3]
    assert "page 5/6\nOur adaptations" in answers[4] and "**" not in answers[4]
    assert "pages 1 to 6" in answers[5]
    assert "Waste (Trains)" in answers[6] and "`hand`" in answers[7]
    # Every turn of Ann's after the computer's begins with her hand, not only the first one.
    after_computer = [block.split("Ann> ")[0] for block in text.split("Computer Ada plays:")[1:]
                      if "Ann> " in block]
    assert len(after_computer) >= 3
    assert all("Only you see this:\n  • Your hand" in block for block in after_computer)
    assert len({s for s, _ in match.log}) == 2
    # Terminal words only: no Discord command, no "(computer)" after a computer's name.
    assert not [w for w in ("/game", "/play", "button", "(computer)") if w in text]


def test_railyard_play_fills_the_seats_nobody_is_named_for_with_computers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # the player stops at once
    code = main(["play", "spike", "--players", "3", "--names", "You", "--seed", "1",
                 "--out", str(tmp_path)])
    said = capsys.readouterr()
    assert code == 0 and not said.err
    assert "Spike: You, Computer Ada, Computer Ben." in said.out and "Stopped." in said.out
    assert "Computer Ada places their locomotive" in said.out


def test_railyard_play_options_have_help_and_errors_list_what_is_valid(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "spike", "--option", "variant=x", "--names", "You,Bo"]) == 2
    assert "Spike has no option variant. Its options: expert_contracts, expert_routes." in \
        capsys.readouterr().err
    assert main(["play", "spike", "--option", "list"]) == 0
    listed = capsys.readouterr().out
    assert "expert_routes=no|yes  (default no)" in listed and "Expert route cards:" in listed
    assert main(["play", "steel-driver", "--names", "You"]) == 2
    refused = capsys.readouterr().err
    assert "Steel Driver needs 3-6 players, not 1" in refused and "--players 3" in refused
    assert main(["play", "trains", "--players", "2", "--names", "A,B,C"]) == 2
    assert "fewer than the 3 names" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    helped = " ".join(capsys.readouterr().out.split())
    assert "--players N seats at the table" in helped
    assert "--seed N the number the shuffles and dice follow" in helped
