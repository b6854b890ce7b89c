"""A sentence the game no longer says keeps its translation for the saved games that hold it."""

from __future__ import annotations

from rules.core.lang import speaking
from rules.switch_signal.names import space_said
from rules.switch_signal.retired import retired
from tests.rules.switch_signal.helpers import new


def test_a_one_space_track_is_named_without_nested_parentheses() -> None:
    board = new(version=9).table().board
    seg = next(s for s in board.segments.values() if s.spaces == 1)
    said = space_said(board, seg.id, 1).said()
    assert said.endswith(" track, its only space") and "(" not in said


def test_a_retired_sentence_still_reads_in_french() -> None:
    (old,) = retired()
    with speaking("fr"):
        assert old.said() == " (son unique case)"
