"""`railyard selfplay <game>` for the games with opponents: wins by seat, scores, length."""

from __future__ import annotations

import pytest

from bot.tools.cli import main


def test_selfplay_prints_wins_by_seat_length_and_the_game_against_random_players(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "steel-driver", "--games", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Steel Driver: 2 games, 3 computer players (seeds 4-5)" in out
    rows = [line for line in out.splitlines() if line.startswith("|") and "won" not in line
            and "---" not in line]
    assert len(rows) == 3  # one row per seat
    assert sum(float(row.split("|")[2]) for row in rows) == 2.0  # every game has a winner
    assert "ending in round 5.0" in out  # Steel Driver lasts five rounds
    assert "One computer against 2 random players: first (or tied first) in 2 of 2" in out


def test_selfplay_takes_the_table_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "trains", "--games", "1", "--option", "players=2"]) == 0
    out = capsys.readouterr().out
    assert "2 computer players" in out and "against 1 random player:" in out
