"""The turn card shows who leads in the game's own measure, and a header that says what its
numbers are; a cooperative game shows the table's goods, clock and departure cards."""

from __future__ import annotations

import pytest

import rules
from render import render_board
from render.core.standings import lead_line, stage, standings, table_line
from render.core.turn_card import TurnCard, render_turn_card
from rules.core.computer import computer_action
from tests.render.reading import ocr
from tests.render.test_turn_card import _words

COMPETITIVE = ["steel-driver", "trains", "railroad-revolution", "spike"]


def _midgame(game_id: str, moves: int = 150) -> rules.Match:
    """A seeded game at least `moves` in, played on until the standing has a leader."""
    match = rules.new_match(game_id, ["Ann", "Bob", "Cy"], 7)
    while len(match.log) < moves or not match.standing().cooperative \
            and len(set(match.standing().ranks())) == 1:
        seat = match.to_act()[0]
        match.act(seat, computer_action(match, seat))
    return match


@pytest.mark.parametrize("game_id", COMPETITIVE)
def test_each_player_row_starts_with_their_place_and_standing(game_id: str) -> None:
    match = _midgame(game_id)
    view = match.view(None)
    st = match.standing()
    rows = standings(view)
    assert len(set(st.ranks())) > 1, "a game this far in has a leader"
    for seat, _, words in rows:
        place = {1: "1st", 2: "2nd", 3: "3rd"}[st.ranks()[seat]]
        assert words.replace("\u00a0", " ").startswith(f"{place} · {st.lines[seat]}"), words
    assert lead_line(view) == f"Standing ({st.measure}): {st.lead_words(match.players)}"
    assert stage(view) == st.where[:1].upper() + st.where[1:]
    assert table_line(view) == st.table


def test_steel_driver_header_says_round_of_rounds_and_the_phase() -> None:
    view = _midgame("steel-driver", 60).view(None)
    assert stage(view).startswith(f"Round {view['round']} of 5, ")


def test_spike_scores_in_dollars_never_in_vp() -> None:
    view = _midgame("spike").view(None)
    assert all("VP" not in words and "$" in words for _, _, words in standings(view))


def test_switch_signal_table_line_has_goods_clock_and_departure_cards() -> None:
    view = _midgame("switch-and-signal", 40).view(None)
    line = table_line(view)
    assert f"of {view['goods_goal']}" in line and "time tokens" in line
    assert "departure card" in line and lead_line(view) == ""


def test_the_standing_reads_at_chat_width() -> None:
    match = _midgame("steel-driver", 120)
    view = match.view(None)
    due = match.to_act()[0]
    card = TurnCard(due=[(match.players[due], "decide")], turn=["Ann passes."])
    read = set(_words(ocr(render_turn_card(view, card, render_board(view)))))
    assert {"ended", "now", "leads", "cash", "shares"} <= read, read
