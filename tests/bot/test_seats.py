"""`railyard selfplay <game> --seats N`: wins by seat and by turn order, with a chi-square test."""

from __future__ import annotations

import math

import pytest

from bot.tools.cli import main
from bot.tools.seats import chi_square, chi_square_sf, seat_table


@pytest.mark.parametrize(("x", "df", "p"), [
    # the 5% and 1% critical values of the chi-square tables, df 1 to 6
    (3.841459, 1, 0.05), (5.991465, 2, 0.05), (7.814728, 3, 0.05), (9.487729, 4, 0.05),
    (11.070498, 5, 0.05), (12.591587, 6, 0.05), (6.634897, 1, 0.01), (9.210340, 2, 0.01),
    (11.344867, 3, 0.01), (13.276704, 4, 0.01), (15.086272, 5, 0.01),
    (0.454936, 1, 0.5), (2.365974, 3, 0.5), (4.351460, 5, 0.5),  # medians
])
def test_the_chi_square_tail_matches_the_printed_tables(x: float, df: int, p: float) -> None:
    assert chi_square_sf(x, df) == pytest.approx(p, rel=1e-5)


def test_the_tail_in_closed_form_at_small_and_large_values() -> None:
    assert chi_square_sf(0.0, 3) == 1.0
    assert chi_square_sf(2.0, 2) == pytest.approx(math.exp(-1))  # df 2: e^(-x/2)
    assert chi_square_sf(1.0, 1) == pytest.approx(math.erfc(math.sqrt(0.5)))
    assert chi_square_sf(60.0, 4) == pytest.approx(2.9e-12, rel=0.05)
    with pytest.raises(ValueError):
        chi_square_sf(1.0, 0)


def test_wins_by_seat_give_the_statistic_and_its_p_value() -> None:
    stat, p = chi_square([30.0, 30.0, 40.0])  # expected 33.3 each
    assert stat == pytest.approx(2.0)
    assert p == pytest.approx(math.exp(-1))
    assert chi_square([25.0, 25.0, 25.0, 25.0]) == (0.0, 1.0)
    stat, p = chi_square([44.0, 8.0, 8.0])  # Steel Driver's computers: seat 1 won 44 of 60
    assert stat == pytest.approx(43.2) and p < 1e-9


def test_the_command_prints_wins_by_seat_and_by_turn_order(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "spike", "--seats", "6", "--players", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Spike: wins by seat, 6 tables of random players" in out and "seeds 3-8" in out
    rows = [line for line in out.splitlines() if line.startswith("| 2 | 6 |")]
    assert len(rows) == 2  # by seat, then by place in the turn order
    for row in rows:
        cells = row.split("|")
        assert sum(float(c.split()[0]) for c in cells[3:5]) == pytest.approx(6.0)
        assert 0.0 <= float(cells[7]) <= 1.0  # the p-value


def test_a_cooperative_game_has_no_seat_to_win(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "switch-and-signal", "--seats", "5", "--players", "2"]) == 0
    assert "cooperative" in capsys.readouterr().out


def test_computer_tables_without_chance_replay_one_game_per_first_player() -> None:
    """Steel Driver draws only its first player: the games column shows the computers' tables
    repeat, and `varied` (tie-breaks following the seed) makes each table its own game."""
    plain = seat_table("steel-driver", 6, 3, "computer")
    assert len(plain.games) <= 3
    varied = seat_table("steel-driver", 6, 3, "varied")
    assert len(varied.games) == 6
    assert sum(varied.wins) == pytest.approx(6.0)
