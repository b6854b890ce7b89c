"""`railyard selfplay`: the win-rate table a server admin or a designer reads."""

from __future__ import annotations

import pytest

import rules
from bot.tools.cli import main
from bot.tools.selfplay import cell_options, play_one


def test_selfplay_prints_the_win_rate_table(capsys: pytest.CaptureFixture[str]) -> None:
    # Seed 1 is a game the planner wins on the easiest Central Europe set-up (rules version 9).
    assert main(["selfplay", "switch-and-signal", "--games", "1", "--seed", "1",
                 "--option", "level=easiest", "--option", "board=central-europe"]) == 0
    out = capsys.readouterr().out
    assert "| level    | board          | games | won" in out
    assert "| easiest  | central-europe |     1 |    1 (100%)" in out
    assert "Illegal choices replaced: 0." in out


def test_selfplay_refuses_an_option_without_a_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "switch-and-signal", "--option", "board"]) == 2
    assert "name=value" in capsys.readouterr().err


@pytest.mark.parametrize(("level", "removed", "goal"), [
    ("easiest", 0, "8 goods"), ("standard", 2, "8 goods"), ("remove-3", 3, "8 goods"),
    ("remove-4", 4, "8 goods"), ("remove-5", 5, "8 goods"), ("10-goods", 2, "10 goods"),
    ("harder", 3, "10 goods"), ("hardest", 6, "10 goods")])
def test_each_row_sets_up_the_rulebook_step_it_names(level: str, removed: int, goal: str) -> None:
    # « retirer une carte ... en plus ... retirez-en 2, 3, voire plus » and « 10 Marchandises »
    lines = run_one_row(level)
    assert f"deliver {goal} to Marseille" in lines[0]
    assert lines[1].startswith(f"{removed} departure card") and f"{19 - removed} remain" in lines[1]


def run_one_row(level: str) -> list[str]:
    """The opening lines of a game set up as a row of the table (the first game's seed)."""
    match = rules.new_match("switch-and-signal", 3, 0, cell_options(level, "central-europe"))
    return [line for _, line in match.lines]


def test_the_table_counts_the_trains_that_entered_one_cube_a_trip(
        capsys: pytest.CaptureFixture[str]) -> None:
    """« Lorsqu'un Train atteint un Port, il est immédiatement renvoyé au Dépot »: a cube needs
    a train put on the network, so the table shows how many entered beside the goods."""
    for seed in (34, 36):
        _, result = play_one("switch-and-signal", 3, cell_options("hardest", "central-europe"),
                             seed)
        assert result.entered >= max(3, result.delivered)  # the start card brings three
    assert main(["selfplay", "switch-and-signal", "--games", "1", "--seed", "36",
                 "--option", "level=hardest", "--option", "board=central-europe"]) == 0
    header, row = (line for line in capsys.readouterr().out.splitlines()
                   if line.startswith(("| level", "| hardest")))
    cells = dict(zip((c.strip() for c in header.split("|")), (c.strip() for c in row.split("|"))))
    assert float(cells["trains"]) >= float(cells["goods"].split("/")[0])
    assert cells["enough"] == ("1" if float(cells["trains"]) >= 10 else "0")
