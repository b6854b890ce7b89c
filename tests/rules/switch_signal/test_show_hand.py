"""Showing a hand: the others at any time, the active player among their own choices."""

from __future__ import annotations

import pytest

import rules
from rules.switch_signal import SwitchSignal
from tests.rules.switch_signal.helpers import act, due, ready


def offered(m: SwitchSignal, seat: int) -> list[str]:
    """Everything the bot offers that seat: its choices when due, and its free actions."""
    return (m.legal(seat) if seat in m.to_act() else []) + m.free_actions(seat)


def test_the_active_player_is_offered_show_hand_once_where_the_turn_allows_it() -> None:
    m = ready(SwitchSignal(["Ann", "Ben"], 0, None), hand={"signal": 2, "switch": 1, "move": 2})
    seat = due(m)
    assert offered(m, seat).count("show hand") == 1
    act(m, "signal")  # a light card is being played: which light comes first
    assert "show hand" not in offered(m, seat)
    with pytest.raises(rules.IllegalAction):
        m.act(seat, "show hand")
    assert offered(m, 1 - seat) == ["show hand"]  # the others may show theirs meanwhile
    m.act(1 - seat, "show hand")
    assert "shows their hand" in m.lines[-1][1] and offered(m, 1 - seat) == []


def test_games_started_under_version_2_keep_showing_the_hand_mid_card() -> None:
    m = ready(SwitchSignal(["Ann", "Ben"], 0, None, rules_version=2),
              hand={"signal": 2, "switch": 1, "move": 2})
    seat = due(m)
    act(m, "signal")
    m.act(seat, "show hand")  # a stored log of that game replays as it was played
    assert "shows their hand" in m.lines[-1][1]
