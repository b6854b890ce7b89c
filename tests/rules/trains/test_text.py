"""Typed actions: card names (English, French, other names), hex names and coordinates."""

from __future__ import annotations

import json

import pytest

import rules
from rules.trains import Trains
from tests.rules.trains.helpers import due, me, play, ready, set_cards


def test_card_names_in_english_french_and_other_names() -> None:
    m = ready(kingdom="osaka-beginner")
    seat = due(m)
    set_cards(m, seat, ["normal-train", "normal-train", "express-train", "ironworks"])
    m.act(seat, "Play Normal Train")
    m.act(seat, "play train normal")  # French rulebook name
    m.act(seat, "play Steel Mill")  # the other English name of Ironworks
    m.act(seat, "pl expr")  # prefixes of the words
    assert [e["card"] for e in m.state["turn"]["play"]] == [
        "normal-train", "normal-train", "ironworks", "express-train"]
    m.act(seat, "buy Usine siderurgique")
    assert m.state["turn"]["gained"] == ["ironworks"]
    m.act(seat, "end")
    assert due(m) != seat


def test_hexes_by_name_or_coordinates_and_the_row_menu_of_version_1() -> None:
    m = Trains(["P0", "P1"], 0, {}, rules_version=1)
    first = due(m)
    with pytest.raises(rules.IllegalAction, match="choose the row first: `row c`"):
        m.act(first, "start kichijoji")  # first pick a row: the full list is too long
    m.act(first, "row c")
    m.act(first, "start c5")  # Kichijoji's coordinates
    second = due(m)
    m.act(second, "row f")
    m.act(second, "start Mizonoguchi")  # the French example's spelling
    assert m.state["cubes"] == {"kichijoji": [first], "mizonokuchi": [second]}
    set_cards(m, first, ["lay-rails"])
    m.act(first, "play lay rails")
    m.act(first, "lay D4")
    assert m.state["cubes"]["d4"] == [first]


@pytest.mark.parametrize("text", ["", "xyzzy", "buy waste", "play tower", "lay atlantis",
                                  "pass pass", "row z", "999"])
def test_garbage_is_refused_and_changes_nothing(text: str) -> None:
    m = ready()
    seat = due(m)
    set_cards(m, seat, ["tower", "normal-train", "waste"])
    before = m.to_json()
    with pytest.raises(rules.IllegalAction):
        m.act(seat, text)
    with pytest.raises(rules.IllegalAction, match="not your turn"):
        m.act(1 - seat, "end turn")
    assert m.to_json() == before


def test_views_are_json_and_list_the_board() -> None:
    m = ready(3, kingdom="tokyo-beginner")
    set_cards(m, due(m), ["lay-rails"])
    play(m, "play lay-rails")
    public = m.view(None)
    json.dumps(public)
    assert len(public["hexes"]) == 76 and len(public["barriers"]) == 7
    assert public["pending"] == {"kind": "lay", "card": "lay-rails", "as": None}
    assert public["turn"]["play"] == [{"card": "lay-rails", "name": "Lay Rails",
                                       "applied": True, "as": None}]
    assert [s["card"] for s in public["supply"]][:8] == [
        "express-train", "limited-express-train", "lay-rails", "station-expansion",
        "apartment", "tower", "skyscraper", "waste"]
    mine = m.view(due(m))["you"]
    assert mine["legal"] == m.legal(due(m)) and mine["pending"]["kind"] == "lay"
    assert me(m)["hand"] == []
    assert "lay a rail with Lay Rails on a space next to your rails" in public["prompt"]
    osaka = ready(kingdom="holiday-pass", map="osaka", hexes=["c4", "f6"])
    assert len(osaka.view(None)["barriers"]) == 11
