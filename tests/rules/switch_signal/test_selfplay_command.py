"""`railyard selfplay`: the win-rate table a server admin or a designer reads."""

from __future__ import annotations

import pytest

from bot.cli import main


def test_selfplay_prints_the_win_rate_table(capsys: pytest.CaptureFixture[str]) -> None:
    # Seed 0 is a game the planner wins on the easiest Central Europe set-up (rules version 6).
    assert main(["selfplay", "switch-and-signal", "--games", "1", "--seed", "0",
                 "--option", "level=easiest", "--option", "board=central-europe"]) == 0
    out = capsys.readouterr().out
    assert "| level    | board          | games | won" in out
    assert "| easiest  | central-europe |     1 |    1 (100%)" in out
    assert "Illegal choices replaced: 0." in out


def test_selfplay_refuses_an_option_without_a_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "switch-and-signal", "--option", "board"]) == 2
    assert "name=value" in capsys.readouterr().err
