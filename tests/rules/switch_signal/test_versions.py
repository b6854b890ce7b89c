"""Rules versions 4 and 5 retuned the boards: a game keeps the data of the version it began."""

from __future__ import annotations

from dataclasses import replace

import rules
from rules.switch_signal import SwitchSignal
from rules.switch_signal.board import load_board
from rules.switch_signal.cards import load_cards


def test_a_version_3_game_still_plays_on_the_old_board() -> None:
    old = SwitchSignal(["A", "B"], 7, None, rules_version=3)
    new = SwitchSignal(["A", "B"], 7, None)
    assert old.started_under == 3 and new.started_under == 5
    assert old.table().board.source == "central_europe.json"
    assert new.table().board.source == "central_europe_v5.json"
    spaces = {s["id"]: len(s["spaces"]) for s in old.view()["board"]["segments"]}
    assert spaces["PAR-J_DIJ"] == 3 and sum(spaces.values()) == 130
    again = rules.load_match(old.to_json())
    assert again.started_under == 3 and again == old
    assert sum(len(s["spaces"]) for s in again.view()["board"]["segments"]) == 130


def test_a_version_3_north_america_game_keeps_its_lights() -> None:
    old = SwitchSignal(["A", "B"], 3, {"board": "north-america"}, rules_version=3)
    board = old.table().board
    assert board.source == "north_america.json"
    assert len([s for s in board.signals.values() if s.city is None]) == 18
    codes = {g["id"]: g["code"] for g in old.view()["board"]["signals"]}
    assert codes == {sig: f"L{i}" for i, sig in enumerate(board.signals, start=1)}


def test_version_4_boards_keep_the_layout_and_the_junctions() -> None:
    for board in ("central-europe", "north-america"):
        v3, v4 = load_board(board, 3), load_board(board, 4)
        assert v3.nodes.keys() == v4.nodes.keys() and v3.segments.keys() == v4.segments.keys()
        assert v3.first_game.switches == v4.first_game.switches
        # the same segments and city entrances (a light on open track moved with its segment)
        for a, b in zip(v3.first_game.greens, v4.first_game.greens, strict=True):
            assert (v3.signals[a].segment, v3.signals[a].city) == \
                (v4.signals[b].segment, v4.signals[b].city)
        assert v3.signals[v3.extra_green].segment == v4.signals[v4.extra_green].segment
        assert all(v4.segments[s].spaces <= v3.segments[s].spaces for s in v3.segments)
    assert load_board("central-europe", 4).between("S6", "PAR").spaces == 2  # rulebook example


def test_version_4_changes_only_proposed_departure_cards() -> None:
    old, new = load_cards(3), load_cards(4)
    assert load_cards(1) == load_cards(2) == old
    assert replace(new, departures=old.departures) == old  # dice, hands, agents, start card
    assert new.departures != old.departures and new.departures.keys() == old.departures.keys()
    cards = list(new.departures.values())
    # what the rulebook states: 18 cards, the worked example, one card with 2 deploy icons,
    # one with 3 multicolour icons
    assert len(cards) == 18
    assert (new.departures["1"].deploy, new.departures["1"].moves) == (("any",), ("black", "grey"))
    assert sum(len(c.deploy) == 2 for c in cards) == 1
    assert sum(c.moves == ("any", "any", "any") for c in cards) == 1
    # deploy icons are where they were: only the move icons changed
    assert all(c.deploy == old.departures[c.id].deploy for c in cards)


def test_a_version_4_game_keeps_the_version_4_board_and_a_new_game_gets_version_5() -> None:
    for board, v4_total, v5_total in (("central-europe", 78, 73), ("north-america", 79, 70)):
        old = SwitchSignal(["A", "B", "C"], 5, {"board": board}, rules_version=4)
        new = SwitchSignal(["A", "B", "C"], 5, {"board": board})
        assert (old.started_under, new.started_under) == (4, 5)
        stem = board.replace("-", "_")
        assert old.table().board.source == f"{stem}_v4.json"
        assert new.table().board.source == f"{stem}_v5.json"
        for match, total in ((old, v4_total), (new, v5_total)):
            assert sum(len(s["spaces"]) for s in match.view()["board"]["segments"]) == total
        again = rules.load_match(old.to_json())
        assert isinstance(again, SwitchSignal) and again.started_under == 4 and again == old
        assert again.table().board.source == f"{stem}_v4.json"
    # the same cards: version 5 changed only the boards
    assert load_cards(5) == load_cards(4)


def test_version_5_shortens_only_unlit_segments_on_the_goods_routes() -> None:
    shortened = {
        "central-europe": {"J_TLS-MAR", "J_DIJ-J_BAS", "J_LYO-MAR", "PAR-J_BRU", "NUE-J_LEI"},
        "north-america": {"DEN-J_ABQ", "J_ABQ-J_OKC", "J_SHV-J_MEM", "J_SHV-ATL", "ATL-J_CHA",
                          "J_LOU-J_WAS", "CHI-J_CLE", "J_WAS-NYC", "J_WAS-J_CHA"},
    }
    for board, changed in shortened.items():
        v4, v5 = load_board(board, 4), load_board(board, 5)
        assert v4.nodes.keys() == v5.nodes.keys() and v4.segments.keys() == v5.segments.keys()
        assert v4.first_game == v5.first_game and v4.extra_green == v5.extra_green
        assert v4.signals.keys() == v5.signals.keys()
        assert {s for s in v4.segments if v4.segments[s].spaces != v5.segments[s].spaces} == changed
        lit = {sig.segment for sig in v4.signals.values() if sig.city is None}
        for s in changed:
            assert (v4.segments[s].spaces, v5.segments[s].spaces) == (2, 1) and s not in lit
    assert load_board("central-europe", 5).between("S6", "PAR").spaces == 2  # rulebook example
