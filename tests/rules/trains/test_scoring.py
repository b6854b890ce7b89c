"""The end-of-game breakdown: VP by source, summing to the score, shown only once over."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.trains import Trains
from tests.rules.trains.helpers import due

VP_CARDS = {"apartment": 1, "tower": 2, "skyscraper": 4}


def _play(seed: int, check_running: bool = False) -> Trains:
    rng = random.Random(seed)
    players = 2 + seed % 3
    options = {"map": rng.choice(["tokyo", "osaka"]), "kingdom": rng.choice(
        ["random", "osaka-beginner", "holiday-pass"])}
    m = Trains([f"P{i}" for i in range(players)], seed, options)
    while not m.over:
        if check_running:
            assert "breakdown" not in m.view(None)
        seat = due(m)
        m.act(seat, rng.choice(m.legal(seat)))
    return m


@pytest.mark.parametrize("seed", range(12))
def test_breakdown_sums_to_the_score_and_matches_the_board(seed: int) -> None:
    m = _play(seed)
    view = m.view(None)
    assert len(view["breakdown"]) == len(m.players)
    station_vp = m.board.station_vp
    for seat, parts in enumerate(view["breakdown"]):
        assert sum(vp for _, vp in parts) == m.scores()[seat] == view["scores"][seat]
        rows = {label.split(" (")[0]: vp for label, vp in parts}
        mine = [h for h in view["hexes"] if seat in h["cubes"]]
        assert rows["Rails on cities"] == sum(
            station_vp[h["stations"]] for h in mine if h["terrain"] == "city")
        assert rows["Rails on remote locations"] == sum(
            h["value"] for h in mine if h["terrain"] == "remote")
        p = m.state["players"][seat]
        owned = Counter(p["hand"] + p["deck"] + p["discard"])
        for cid, vp in VP_CARDS.items():
            name = m.cards[cid].name
            assert rows.get(f"{name} cards", 0) == owned[cid] * vp
        assert rows.get("Score track", 0) == p["vp"]


def test_vp_cards_and_tourist_train_each_get_a_line() -> None:
    m = _play(1)
    p = m.state["players"][0]
    p["hand"] = [c for c in p["hand"] if c not in VP_CARDS]
    p["deck"] = [c for c in p["deck"] if c not in VP_CARDS]
    p["discard"] = [c for c in p["discard"] if c not in VP_CARDS] + ["skyscraper", "apartment",
                                                                     "apartment"]
    p["vp"] = 3
    rows = dict(m.view(None)["breakdown"][0])
    assert rows["Skyscraper cards (1 x 4 VP)"] == 4
    assert rows["Apartment cards (2 x 1 VP)"] == 2
    assert not any(label.startswith("Tower") for label in rows)
    assert rows["Score track (Tourist Train)"] == 3
    assert sum(rows.values()) == m.scores()[0]


def test_no_breakdown_while_the_game_runs() -> None:
    for seed in range(3):
        m = _play(seed, check_running=True)
        assert "breakdown" in m.view(None)
