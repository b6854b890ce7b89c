"""Hidden information: the milestone piles' order and the tiles a player draws to choose from.

Two matches share seed, options and every action; they differ only in hidden items (the order
of the face-down milestone piles). The public view and the public log must stay identical.
"""

from __future__ import annotations

import json
import random

from rules.railroad_revolution import RailroadRevolution
from tests.rules.railroad_revolution.helpers import act, due, me, ready, start, top


def _public(m: RailroadRevolution) -> str:
    return json.dumps([m.view(None), [t for _, t in m.lines]], sort_keys=True)


def _pair(seed: int, players: int) -> tuple[RailroadRevolution, RailroadRevolution]:
    names = [f"P{i}" for i in range(players)]
    a, b = RailroadRevolution(names, seed, {}), RailroadRevolution(names, seed, {})
    for pile in ("B", "C", "D"):
        p = b.state["milestone_piles"][pile]
        p[0], p[1] = p[1], p[0]  # the same three tiles are drawn, in another order
    return a, b


def test_public_view_and_log_ignore_the_order_of_hidden_tiles_for_a_whole_game() -> None:
    differed = False
    for seed in range(2):
        a, b = _pair(seed, 2 + seed)
        rng = random.Random(seed)
        assert _public(a) == _public(b)
        while not a.over:
            seat = due(a)
            assert due(b) == seat
            legal = a.legal(seat)
            assert legal == b.legal(seat)
            action = rng.choice(legal)
            assert a.act(seat, action) == b.act(seat, action)
            assert _public(a) == _public(b)
            if not a.over and top(a)["kind"] == "pick":
                differed |= a.view(due(a)) != b.view(due(a))
        assert b.over
    assert differed  # someone saw the drawn tiles in another order


def test_the_drawn_tiles_are_shown_only_to_the_player_who_chooses() -> None:
    views = []
    for swap in (False, True):
        m = ready(2)
        seat = due(m)
        pile = m.state["milestone_piles"]["B"]
        if swap:  # entirely different tiles on top of the pile
            pile[:] = pile[3:6] + pile[:3] + pile[6:]
        me(m, seat)["milestones"] = [{"id": "a1-4", "managers": ["turquoise"]}]
        me(m, seat)["rails"] = ["was-cha-1", "cha-mia-1", "cha-mia-2"]
        start(m, "trade")
        lines = act(m, "sell building", "done")
        assert top(m)["kind"] == "pick"
        public = m.view(None)
        assert "offer" not in json.dumps(public["pending"])
        mine = m.view(seat)["you"]["milestone_offer"]
        assert len(mine) == 3 and all(x["id"] not in pile for x in mine)
        assert m.view(1 - seat)["you"]["milestone_offer"] == []
        views.append((json.dumps(public, sort_keys=True), lines, mine))
    assert views[0][0] == views[1][0] and views[0][1] == views[1][1]
    assert views[0][2] != views[1][2]


def test_drawing_milestones_is_recorded_as_a_reveal() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["milestones"] = [{"id": "a1-4", "managers": ["turquoise"]}]
    me(m, seat)["rails"] = ["was-cha-1", "cha-mia-1", "cha-mia-2"]
    start(m, "trade")
    act(m, "sell building")
    before = list(m.reveals)
    act(m, "done")
    assert m.reveals == before + [len(m.log)]
