"""`railyard play`: a hot-seat game in the terminal with the same action text."""

from __future__ import annotations

import io
import random
from pathlib import Path

import rules
from bot.local import play_local


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
