"""'Voie Ferrée (Railroad)': two leftmost rails on available spaces, $400 + $100 per triangle."""

from __future__ import annotations

import pytest

from rules.railroad_revolution import effects
from tests.rules.railroad_revolution.helpers import act, due, me, rails, ready, start, top


def test_rulebook_example_1_costs_600() -> None:
    # p.8: $400 + $200 for the two triangles above the rightmost space.
    m = ready(2)
    seat = due(m)
    me(m, seat)["money"] = 1000
    start(m, "railroad")
    act(m, "rail cha-mia-1", "rail was-chi-1")
    assert m.data.spaces["was-chi-1"].triangles == 2
    assert m.data.spaces["cha-mia-1"].triangles == 0  # plains: no extra cost
    assert me(m, seat)["money"] == 1000 - 600


def test_rulebook_example_2_costs_900() -> None:
    # p.8: $400 + $200 (next to Washington) + $300 (next to Charlotte).
    m = ready(2)
    seat = due(m)
    me(m, seat)["money"] = 1000
    start(m, "railroad")
    act(m, "rail was-chi-1", "rail cha-lrk-1")
    assert me(m, seat)["money"] == 100


def test_rails_come_from_the_leftmost_sections_of_the_player_board() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "railroad")
    act(m, "rail cha-mia-1", "rail cha-mia-2")
    assert me(m, seat)["sections"][0] == [1, 0]
    assert me(m, seat)["rails"] == ["was-cha-1", "cha-mia-1", "cha-mia-2"]


def test_the_second_rail_may_use_the_space_the_first_opened() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "railroad")
    assert "rail cha-mia-2" not in m.legal(seat)
    act(m, "rail cha-mia-1")
    assert "rail cha-mia-2" in m.legal(seat)


def test_the_two_rails_need_not_touch_each_other() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "railroad")
    act(m, "rail cha-mia-1")
    assert "rail was-chi-1" in m.legal(seat)


def test_exactly_two_rails_and_no_done_before_the_second() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "railroad")
    act(m, "rail cha-mia-1")
    assert "done" not in m.legal(seat) and top(m)["kind"] == "hub"


def test_one_rail_left_may_be_placed_for_the_full_400() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["sections"] = [[0, 0]] * 7 + [[2, 1]]
    start(m, "railroad")
    act(m, "rail cha-mia-1")
    assert me(m, seat)["money"] == 200 and top(m)["kind"] == "place"


def test_railroad_cannot_be_chosen_without_rails_or_money() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["money"], me(m, seat)["shares"] = 450, 0
    assert "railroad white" not in m.legal(seat)
    me(m, seat)["money"] = 500  # the cheapest pair: cha-mia-1 (plains) then cha-mia-2 (1)
    assert "railroad white" in m.legal(seat)
    me(m, seat)["sections"] = [[1, 0]] * 8
    assert "railroad white" not in m.legal(seat)


def test_spaces_whose_cost_cannot_be_paid_are_not_offered() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["money"], me(m, seat)["shares"] = 600, 0
    start(m, "railroad")
    # cha-lrk-1 (3 triangles) + the cheapest second rail (0) = $700 > $600
    assert [a for a in m.legal(seat) if a.startswith("rail")] == ["rail was-chi-1",
                                                                   "rail cha-mia-1"]


def test_one_rail_per_player_per_space_but_players_share_spaces() -> None:
    m = ready(2)
    a = due(m)
    rails(m, 1 - a, "cha-mia-1")
    rails(m, a, "cha-mia-1")
    start(m, "railroad")
    assert "rail cha-mia-1" not in m.legal(a)
    rails(m, a)
    assert "rail cha-mia-1" in m.legal(a)


def test_orange_gains_100_and_50_per_triangle() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["money"] = 1000
    start(m, "railroad", "orange")
    act(m, "rail was-chi-1", "rail cha-lrk-1", "use orange")
    assert me(m, seat)["money"] == 1000 - 900 + 100 + 50 * 5


def test_orange_is_a_discount_when_used_first() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["money"], me(m, seat)["shares"] = 350, 0
    me(m, seat)["stock"]["orange"] = 1
    assert "railroad white" not in m.legal(seat)
    assert "railroad orange" in m.legal(seat)  # $300 + $50 per triangle
    act(m, "railroad orange")
    assert "promote" not in m.legal(seat)
    act(m, "use orange", "rail cha-mia-1", "rail cha-mia-2")
    assert me(m, seat)["money"] == 0


def test_grey_gains_two_shares() -> None:
    m = ready(2)
    seat = due(m)
    start(m, "railroad", "grey")
    act(m, "use grey", "rail cha-mia-1", "rail was-chi-1")
    assert me(m, seat)["shares"] == 5


def test_purple_pays_300_for_a_train() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["money"] = 1000
    start(m, "railroad", "purple")
    act(m, "rail cha-mia-1", "rail was-chi-1", "use purple")
    assert m.legal(seat)[:4] == ["take money train", "take advance train",
                                 "take shares train", "take rail train"]
    act(m, "take rail train")
    assert me(m, seat)["money"] == 1000 - 600 - 300 and len(me(m, seat)["trains"]) == 2
    assert len(m.state["train_stacks"]["rail"]) == 2


def test_turquoise_places_a_third_rail_for_100_per_triangle() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["money"] = 1000
    start(m, "railroad", "turquoise")
    act(m, "rail cha-mia-1", "rail cha-mia-2", "use turquoise", "rail was-chi-1")
    assert me(m, seat)["money"] == 1000 - 500 - 200
    assert len(me(m, seat)["rails"]) == 4


def test_a_rail_on_a_market_space_resolves_the_market_after_the_action() -> None:
    m = ready(3)
    seat = due(m)
    start(m, "railroad", "grey")
    act(m, "rail cha-mia-1", "rail cha-mia-2")  # cha-mia-2 has a market icon
    assert top(m)["kind"] == "hub"  # the action is not over yet
    act(m, "use grey")
    assert top(m)["kind"] == "market" and due(m) == seat


def test_two_market_spaces_in_one_action_resolve_one_market() -> None:
    m = ready(3)
    seat = due(m)
    rails(m, seat, "cha-mia-1", "chi-dul-1", "was-chi-1", "was-chi-2")
    me(m, seat)["money"] = 2000
    start(m, "railroad")
    act(m, "rail cha-mia-2", "rail chi-dul-2")
    tile = m.state["market"]["up"]
    act(m, "pass", "pass", "pass")
    assert m.state["market"]["discard"] == [tile] and top(m)["kind"] == "place"


def test_rules_version_1_split_long_lists_of_spaces_by_route(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(effects, "SPACE_MENU", 2)
    m = ready(2, version=1)
    seat = due(m)
    start(m, "railroad")
    assert m.legal(seat)[:3] == ["route was-chi", "route cha-mia", "route cha-lrk"]
    act(m, "route cha-mia")
    assert m.legal(seat)[:2] == ["rail cha-mia-1", "back"]
    act(m, "back", "route was-chi", "rail was-chi-1")
    assert m.legal(seat)[0] == "route was-chi"


def test_grey_shares_count_towards_paying_for_the_rails() -> None:
    # 'Résolution des effets': an effect of the action may pay for the action itself.
    m = ready(2)
    seat = due(m)
    me(m, seat)["money"], me(m, seat)["shares"] = 350, 0
    me(m, seat)["stock"]["grey"] = 1
    assert "railroad white" not in m.legal(seat) and "railroad grey" in m.legal(seat)
    act(m, "railroad grey")
    assert m.legal(seat)[0] == "use grey" and "promote" not in m.legal(seat)
    act(m, "use grey", "rail cha-mia-1", "rail cha-mia-2")
    assert me(m, seat)["money"] + 150 * me(m, seat)["shares"] == 350 + 300 - 500


def test_a_rail_space_is_one_decision_grouped_by_route(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(effects, "SPACE_MENU", 2)  # many open spaces: no route step now
    m = ready(2)
    seat = due(m)
    start(m, "railroad")
    rails = [c for c in m.choices(seat) if c.action.startswith("rail ")]
    assert len(rails) > 2 and not any(a.startswith("route ") for a in m.legal(seat))
    assert {c.group for c in rails} >= {"Washington–Chicago", "Charlotte–Miami"}
    act(m, "rail cha-mia-1")
