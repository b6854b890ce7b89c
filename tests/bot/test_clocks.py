"""Clock arithmetic: time per move, then the reserve bank; and the reminder calendar."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.store.records import GameRow, SeatRow
from bot.tables import clocks
from bot.tables.durations import format_duration, parse_duration
from bot.tables.reminders import Prefs, is_quiet, next_reminder, parse_quiet, wording

HOUR = 3600


def _game(settings: dict[str, object], reserve: float | None = None) -> GameRow:
    seats = (SeatRow(0, 10, "Ann", False, reserve), SeatRow(1, 11, "Bob", False, None))
    return GameRow(1, 1, 1, "steel-driver", {}, 1, "active", 10, 3, 0.0, 0.0, None, seats,
                   settings, 1000.0)


def test_no_clock_means_no_deadline() -> None:
    assert clocks.deadline(_game({}), 0) is None
    assert clocks.reserve_after_move(_game({}), 0, 5000.0) is None


def test_deadline_is_time_per_move_plus_the_bank() -> None:
    game = _game({"clock_move": 24 * HOUR, "clock_bank": 12 * HOUR})
    assert clocks.deadline(game, 0) == 1000 + 36 * HOUR


def test_only_time_beyond_the_allowance_comes_out_of_the_bank() -> None:
    game = _game({"clock_move": 10 * HOUR, "clock_bank": 5 * HOUR})
    assert clocks.reserve_after_move(game, 0, 1000 + 9 * HOUR) == 5 * HOUR
    assert clocks.reserve_after_move(game, 0, 1000 + 12 * HOUR) == 3 * HOUR
    assert clocks.reserve_after_move(game, 0, 1000 + 99 * HOUR) == 0
    spent = _game({"clock_move": 10 * HOUR, "clock_bank": 5 * HOUR}, reserve=HOUR)
    assert clocks.deadline(spent, 0) == 1000 + 11 * HOUR


@pytest.mark.parametrize(("text", "seconds"), [("90s", 90), ("15m", 900), ("12h", 43200),
                                               ("2d", 172800), ("1h30m", 5400), ("off", 0)])
def test_durations(text: str, seconds: int) -> None:
    assert parse_duration(text) == seconds
    assert parse_duration(format_duration(seconds).replace(" ", "")) == seconds


def test_bad_durations_and_quiet_hours_are_refused() -> None:
    for bad in ("soon", "12", "h", "-3h"):
        with pytest.raises(ValueError):
            parse_duration(bad)
    for bad in ("22", "25-3", "8-8", "night"):
        with pytest.raises(ValueError):
            parse_quiet(bad)


def test_quiet_hours_wrap_midnight_in_the_players_zone() -> None:
    prefs = Prefs(quiet=(22, 8), tz="Asia/Tokyo")
    at = datetime(2026, 11, 25, 14, 30, tzinfo=UTC).timestamp()  # 23:30 in Tokyo
    assert is_quiet(prefs, at)
    assert not is_quiet(Prefs(quiet=(22, 8), tz="UTC"), at)  # 14:30 in UTC


def test_reminder_calendar_uses_own_pace_snoozes_and_stops() -> None:
    game = _game({"remind_every": 12 * HOUR, "remind_max": 3})
    assert next_reminder(game, Prefs(), 0, 0) == 1000 + 12 * HOUR
    assert next_reminder(game, Prefs(every=HOUR), 0, 0) == 1000 + HOUR
    assert next_reminder(game, Prefs(), 1, 1) == 1000 + 36 * HOUR
    assert next_reminder(game, Prefs(), 3, 0) is None
    assert "last reminder" in wording(3, game, "Trains", "1d")
    assert next_reminder(_game({"remind_every": 0}), Prefs(), 0, 0) is None
