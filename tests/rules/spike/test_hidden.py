"""Hidden information: rail card hands and route cards never reach the public side."""

from __future__ import annotations

import json
import random

from rules.spike import Spike
from tests.rules.spike.helpers import due, new


def _public(m: Spike) -> str:
    return json.dumps([m.view(None), [t for _, t in m.lines]])


def test_public_view_and_log_ignore_the_route_cards_until_the_end() -> None:
    for seed in range(2):
        a, b = new(3, seed), new(3, seed)
        secret = (a.state["first"] + 1) % 3
        unused = next(i for i in range(36)
                      if i not in [p["route"] for p in a.state["players"]])
        b.state["players"][secret]["route"] = unused
        assert a.view(secret)["you"]["route_card"] != b.view(secret)["you"]["route_card"]
        rng = random.Random(seed)
        while not a.over:
            seat = due(a)
            assert due(b) == seat and a.legal(seat) == b.legal(seat)
            assert _public(a) == _public(b)
            action = rng.choice(a.legal(seat))
            lines_a, lines_b = a.act(seat, action), b.act(seat, action)
            if not a.over:
                assert lines_a == lines_b
        assert b.over
        assert a.view(None)["players"][secret]["route_card"] != \
            b.view(None)["players"][secret]["route_card"]  # revealed at the end only


def test_public_view_and_log_ignore_hand_order_and_deck_below_the_cards_drawn() -> None:
    a, b = new(2, 5), new(2, 5)
    deck = b.state["deck"]
    deck[-1], deck[-2] = deck[-2], deck[-1]
    if deck == a.state["deck"]:
        deck[-1], deck[-3] = deck[-3], deck[-1]
    for _ in range(30):  # set-up and first turns draw only from the top of the deck
        if a.over:
            break
        seat = due(a)
        action = a.legal(seat)[0]
        a.act(seat, action)
        b.act(seat, action)
        assert _public(a) == _public(b)


def test_public_view_shows_counts_not_cards() -> None:
    m = new(3)
    public = m.view(None)
    assert "you" not in public
    text = json.dumps(public)
    assert '"hand"' not in text and '"route_offer"' not in text
    assert [p["hand_size"] for p in public["players"]] == [m.hand_size(i) for i in range(3)]
    mine = m.view(0)["you"]
    assert sum(mine["hand"].values()) == m.hand_size(0) and mine["route_card"] is not None


def test_deck_draw_is_marked_as_revealing() -> None:
    m = new(2)
    while m.state["phase"] == "setup":
        seat = due(m)
        m.act(seat, m.legal(seat)[0])
    seat = due(m)
    m.act(seat, "draw deck")
    assert m.reveals and m.reveals[-1] == len(m.log)
