"""Hidden information: hands, deck order and looked-at cards never reach the public side.

Two matches share seed, options and every action; they differ only in one player's hidden cards
(a hand card swapped with a deck card before any action). The kingdom has no effect that shows
deck cards to the table, so everything public must stay identical for the whole game.
"""

from __future__ import annotations

import json
import random

from rules.trains import Trains
from tests.rules.trains.helpers import due


def _pair(seed: int) -> tuple[Trains, Trains, int]:
    names = ["Ann", "Bob", "Cy"]
    options = {"map": "osaka", "kingdom": "tokyo-beginner"}
    a, b = Trains(names, seed, options), Trains(names, seed, options)
    secret = (a.state["first"] + 1) % 3
    p = b.state["players"][secret]
    i = next(k for k, c in enumerate(p["hand"]) if c != p["deck"][0])
    p["hand"][i], p["deck"][0] = p["deck"][0], p["hand"][i]
    return a, b, secret


def _public(m: Trains) -> str:
    return json.dumps([m.view(None), [t for _, t in m.lines]], sort_keys=True)


def test_public_view_and_log_ignore_hidden_cards_for_a_whole_game() -> None:
    for seed in range(3):
        a, b, secret = _pair(seed)
        assert a.view(secret)["you"]["hand"] != b.view(secret)["you"]["hand"]
        rng = random.Random(seed)
        differed = False
        while not a.over:
            seat = due(a)
            assert due(b) == seat
            common = [x for x in a.legal(seat) if x in set(b.legal(seat))]
            assert common
            action = rng.choice(common)
            assert a.act(seat, action) == b.act(seat, action)
            assert _public(a) == _public(b)
            differed |= a.view(secret) != b.view(secret)
        assert b.over and differed


def test_public_view_holds_no_hand_and_a_seat_sees_only_its_own() -> None:
    a, _, secret = _pair(0)
    public = a.view(None)
    assert "you" not in public
    assert all(set(p) == {"seat", "name", "score", "vp_tokens", "cubes_left", "hand_size",
                          "deck_size", "discard_size"} for p in public["players"])
    mine = a.view(secret)["you"]
    assert mine["seat"] == secret and len(mine["hand"]) == 5
    assert sorted(mine["hand"]) == sorted(a.state["players"][secret]["hand"])
    assert mine["legal"] == [] and mine["deck_top"] == []
