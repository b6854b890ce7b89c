"""Typed spellings, prompts, the views a renderer draws from, and the data checks."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from rules.railroad_revolution import RailroadRevolution
from rules.railroad_revolution.board import build_graph
from rules.railroad_revolution.data import DataError, _check_counts, _effects, load_data
from rules.railroad_revolution.game import INFO
from tests.rules.railroad_revolution.helpers import act, due, give, me, rails, ready, start


def test_info_and_options() -> None:
    assert INFO.id == "railroad-revolution" and INFO.hidden_information
    assert (INFO.min_players, INFO.max_players) == (2, 4)
    assert {o.id: o.choices for o in INFO.options} == {
        "milestone_draw": ("draw-3", "whole-pile"), "performance_costs": ("normal", "hard")}


@pytest.mark.parametrize("typed", ["place grey on telegraph", "grey telegraph",
                                   "telegraphe gris", "telegraph gray", "tel gr"])
def test_worker_placement_spellings(typed: str) -> None:
    m = ready(2)
    give(m, due(m), white=4, grey=1)
    assert m.parse(due(m), typed) == "telegraph grey"


def test_cities_by_name_or_code() -> None:
    m = ready(4)
    seat = due(m)
    rails(m, seat, "cha-lrk-1", "cha-lrk-2")
    start(m, "station")
    assert m.parse(seat, "build Little Rock") == "build little-rock"
    assert m.parse(seat, "build LRK") == "build little-rock"


def test_prompts_say_what_is_expected() -> None:
    m = ready(2)
    seat = due(m)
    assert m.prompt(seat) == (f"P{seat}: place a worker from your stock on Station, Railroad, "
                              "Telegraph or Trade.")
    assert m.prompt(1 - seat) == ""
    start(m, "railroad")
    assert m.prompt(seat) == (f"P{seat}: Railroad: place rail 1 of 2 ($400 + $100 per ▲) on a "
                              "numbered space linked to your network.")
    act(m, "rail cha-mia-1", "rail cha-mia-2")
    assert "market" in m.prompt(seat)


def test_public_view_has_what_a_renderer_needs() -> None:
    m = ready(3)
    view = m.view(None)
    json.dumps(view)
    assert {"board", "market", "players", "to_act", "prompt", "recent", "winners", "scores",
            "breakdown", "train_stacks", "milestone_piles", "supply", "player_board"} <= set(view)
    board = view["board"]
    assert board["canvas"] == {"width": 1600, "height": 1000, "source": "proposal"}
    assert len(board["cities"]) == 15 and all("x" in c and "y" in c for c in board["cities"])
    assert len(board["spaces"]) == 42 and board["spaces"][0]["rails"] == [0, 1, 2]
    assert len(board["routes"]) == 22 and all(len(r["path"]) >= 2 for r in board["routes"])
    assert [s["box"] for s in board["telegraph"]["sections"]][0] == [26, 770, 166, 970]
    assert len(board["telegraph"]["links"]) == 7
    assert set(board["performance_tracks"]) == {"telegraph", "stations", "network"}
    assert board["performance_tracks"]["network"]["markers"] == [0, 0, 0]
    houston = next(c for c in board["cities"] if c["id"] == "houston")
    assert houston["first_station"] == "neutral"
    player = view["players"][0]
    assert {"money", "shares", "workers", "trains", "milestones", "tracks", "sections",
            "rails", "stations", "offices", "score"} <= set(player)
    assert "you" not in view


def test_private_view_adds_legal_actions() -> None:
    m = ready(2)
    seat = due(m)
    assert m.view(seat)["you"]["legal"] == m.legal(seat)
    assert m.view(1 - seat)["you"]["legal"] == []


def test_the_view_shows_progress_on_milestone_conditions() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["milestones"] = [{"id": "a2-1", "managers": [None]}]
    rails(m, seat, "cha-lrk-1", "cha-lrk-2")
    [entry] = m.view(None)["players"][seat]["milestones"]
    assert [c["have"] for c in entry["conditions"]] == [1, 0]
    assert not entry["conditions_met"]


def test_data_is_checked_on_load() -> None:
    data = load_data()
    assert len(data.spaces) == 42 and data.start_space == "was-cha-1"
    assert build_graph(data).number_of_nodes() == 15 + 42
    with pytest.raises(DataError, match="city tile count"):
        _check_counts(replace(data, city_tiles={}))
    with pytest.raises(DataError, match="unknown effect type"):
        _effects([{"type": "teleport"}], "x")
    with pytest.raises(DataError, match="lacks"):
        _effects([{"type": "advance"}], "x")


def test_a_reloaded_match_plays_on_exactly_like_the_original() -> None:
    m = RailroadRevolution(["A", "B", "C"], 5, {"milestone_draw": "whole-pile"})
    rng = random.Random(5)
    for _ in range(150):
        seat = due(m)
        m.act(seat, rng.choice(m.legal(seat)))
    again = RailroadRevolution(["A", "B", "C"], 5, {"milestone_draw": "whole-pile"})
    again.restore(m.log, m.lines.saved(), json.loads(json.dumps(m.state)), m.reveals)
    assert again.to_json() == m.to_json()
    while not m.over:
        seat = due(m)
        action = rng.choice(m.legal(seat))
        assert m.act(seat, action) == again.act(seat, action)
    assert again.to_json() == m.to_json()
    assert json.dumps(again.view(None)) == json.dumps(m.view(None))
