"""What a Railroad Revolution seat knows at the table is in its view, and no hidden tile.

From the rulebook, every seat may know:
- the board: rails, stations, telegraph offices, the city and telegraph tiles face up
  (« placez au hasard, face visible »), the performance track markers;
- the face-up market tile, how many tiles are in its pile and discard pile (« Marchés »), the
  four face-up train stacks (« formez 4 piles faces visibles ») and how many trains each holds,
  how many milestone tiles each face-down pile holds, the workers in the common supply;
- each player's money, shares, workers (stock and player board), trains face up or down,
  milestones with their managers, completed milestones and player-board sections;
- the action under way, done in front of everyone: the worker placed and its action, whether the
  main action is done, which optional parts were taken, and whether « l'effet additionnel »
  went to the worker's ability or to a promotion (« soit ... soit »: never both);
- the decision being taken and its price, e.g. M5's promotions at $100 each, and what each
  player accepted of the market tile.
A seat also knows the three milestone tiles it drew to choose from (« prenez les 3 tuiles faces
cachées du dessus de la pile appropriée, choisissez-en une »). Nobody knows the order of the
face-down milestone piles. `test_hidden.py` checks the public side; this checks every seat.
"""

from __future__ import annotations

import random

from rules.core.computer import computer_action
from rules.railroad_revolution import RailroadRevolution
from tests.rules.harness import fresh_twin, views_of
from tests.rules.railroad_revolution.helpers import act, due, me, ready, start, top

EVERY = 5  # actions between two looks at the views


def _step(m: RailroadRevolution, rng: random.Random) -> None:
    """The computer's move, or now and then any legal one."""
    seat = due(m)
    m.act(seat, rng.choice(m.legal(seat)) if rng.random() < 0.3 else computer_action(m, seat))


def _check(m: RailroadRevolution) -> None:
    """The action under way and the decision on top, as the match holds them."""
    view, s = m.view(None), m.state
    hub = next((f for f in s["stack"] if f["kind"] == "hub"), None)
    action = view["action"]
    if hub is None:
        assert action is None
    else:
        assert (action["seat"], action["action"], action["worker"], action["main_done"]) == \
            (hub["seat"], hub["action"], hub["worker"], hub["main"])
        assert action["ability_used"] == (hub["mode"] == "ability")
        assert action["promotion_used"] == (hub["mode"] == "promote")
        assert not (action["ability_used"] and action["promotion_used"])
        assert action["taken"] == hub["used"]
        assert action["market_reached"] == bool(s["market_flag"])
    f = m.top()
    pending = view["pending"]
    if f is None:
        assert pending is None
        return
    assert pending["kind"] == f["kind"] and pending.get("seat") == f.get("seat")
    for key in ("each", "left", "cost", "taken", "active"):
        assert pending.get(key) == f.get(key)
    assert "offer" not in pending
    assert view["milestone_piles"] == {k: len(v) for k, v in s["milestone_piles"].items()}
    assert view["market"]["pile"] == len(s["market"]["pile"])
    for seat in range(m.n()):
        player, p = view["players"][seat], s["players"][seat]
        assert (player["money"], player["shares"]) == (p["money"], p["shares"])
        assert [t["face_up"] for t in player["trains"]] == [t["up"] for t in p["trains"]]


def test_every_seat_sees_the_action_under_way_and_its_costs() -> None:
    kinds: set[str] = set()
    extras: set[str] = set()
    for seed in (1, 2):
        m, rng, k = RailroadRevolution(["Ann", "Bob", "Cy"], seed, {}), random.Random(seed), 0
        while not m.over:
            if k % EVERY == 0:
                _check(m)
                kinds.add(m.view(None)["pending"]["kind"])
                extras.add(str((m.view(None)["action"] or {}).get("extra")))
            _step(m, rng)
            k += 1
    assert {"hub", "promote", "market"} <= kinds and {"ability", "promote"} <= extras


def test_no_view_shows_the_order_of_the_milestone_piles() -> None:
    checked = 0
    for seed in (3, 4):
        m, rng, k = RailroadRevolution(["Ann", "Bob", "Cy"], seed, {}), random.Random(seed), 0
        while not m.over and k < 240:
            if k % (4 * EVERY) == 0:
                twin = fresh_twin(m)
                for pile in twin.state["milestone_piles"].values():
                    rng.shuffle(pile)
                assert views_of(twin, [0, 1, 2]) == views_of(m, [0, 1, 2])
                checked += 1
            _step(m, rng)
            k += 1
    assert checked >= 20


def test_the_drawn_milestones_show_only_in_the_choosers_view() -> None:
    m = ready(3)
    seat = due(m)
    me(m, seat)["milestones"] = [{"id": "a1-4", "managers": ["turquoise"]}]
    me(m, seat)["rails"] = ["was-cha-1", "cha-mia-1", "cha-mia-2"]
    start(m, "trade")
    act(m, "sell building", "done")
    assert top(m)["kind"] == "pick"
    twin = fresh_twin(m)
    pile = twin.state["milestone_piles"][top(m)["pile"]]
    twin.state["stack"][-1]["offer"] = pile[:3]  # three other tiles drawn
    others = [s for s in range(3) if s != seat]
    assert views_of(twin, others) == views_of(m, others)
    assert [t["id"] for t in m.view(seat)["you"]["milestone_offer"]] == top(m)["offer"]
    assert twin.view(seat)["you"]["milestone_offer"] != m.view(seat)["you"]["milestone_offer"]


def test_m5_promotions_show_their_price_to_every_seat() -> None:
    m = ready(3)
    m.state["market"]["up"] = "m5"
    m.state["market"]["pile"] = [t for t in m.state["market"]["pile"] if t != "m5"]
    seat = due(m)
    me(m, seat)["money"] = 2000
    start(m, "railroad")
    act(m, "rail cha-mia-1", "rail cha-mia-2")
    assert top(m)["kind"] == "market" and m.view(None)["action"] is None  # the action is done
    me(m, seat)["milestones"] = [{"id": "d-01", "managers": [None, None]}]
    me(m, seat)["stock"]["white"] = 6
    act(m, "accept top")
    for viewer in (None, 0, 1, 2):
        pending = m.view(viewer)["pending"]
        assert (pending["kind"], pending["each"], pending["left"]) == ("promote", 100, 2)
    act(m, "promote stock white to d-01")
    assert m.view(None)["pending"]["left"] == 1


def test_ability_or_promotion_is_told_once_chosen() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "station", "orange")
    action = m.view(None)["action"]
    assert (action["extra"], action["ability_used"], action["promotion_used"]) == \
        (None, False, False)
    act(m, "build washington", "use orange")
    action = m.view(1 - seat)["action"]  # the other player sees it too
    assert (action["extra"], action["ability_used"], action["promotion_used"]) == \
        ("ability", True, False)
    assert action["main_done"] and action["city"] == "washington"
    assert "promote" not in m.legal(seat)
