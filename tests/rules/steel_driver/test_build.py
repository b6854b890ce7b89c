"""Phase 3 (building), phase 4 (income) and phase 5 (end of round)."""

from __future__ import annotations

import pytest

import rules
from tests.rules.steel_driver.helpers import due, new, pass_auctions, sell


def _round_one_with(cid: str, bid: int, seed: int = 0) -> tuple[rules.Match, int]:
    """Sell one company to the first player, then pass to the build phase."""
    m = new(3, seed)
    owner = due(m)
    sell(m, cid, owner, bid=bid)
    pass_auctions(m)
    return m, owner


def test_first_rail_starts_at_a_hexagon_and_scores_only_the_other_city() -> None:
    m, owner = _round_one_with("bo", 2)
    legal = m.legal(owner)
    assert "build boston-new-york" in legal and "build new-york-boston" in legal
    hexes = ("boston-", "new-york-", "baltimore-", "charleston-", "new-orleans-",
             "san-francisco-")
    assert all(a.removeprefix("build ").startswith(hexes) for a in legal)
    assert "build philadelphia-new-york" not in legal
    m.act(owner, "build boston-new-york")
    company = m.state["companies"]["bo"]
    assert company["network"] == ["Boston", "New York"]
    assert company["cubes"] == 0
    assert m.state["players"][owner]["cash"] == 40  # New York's value; Boston scores nothing


def test_choosing_the_other_hexagon_as_start_scores_the_other_value() -> None:
    m, owner = _round_one_with("bo", 2)
    m.act(owner, "build new-york-boston")
    assert m.state["players"][owner]["cash"] == 30  # Boston


def test_later_rails_must_touch_the_company_network() -> None:
    m, owner = _round_one_with("bo", 4)
    m.act(owner, "build boston-new-york")
    assert all(("boston" in a or "new-york" in a) for a in m.legal(owner))
    with pytest.raises(rules.IllegalAction):
        m.act(owner, "build baltimore-philadelphia")
    m.act(owner, "build new-york-philadelphia")
    assert m.state["companies"]["bo"]["profit"] == 40 + 30


def test_must_build_when_able_and_pass_is_not_offered() -> None:
    m, owner = _round_one_with("bo", 3)
    assert "pass" not in m.legal(owner)
    with pytest.raises(rules.IllegalAction):
        m.act(owner, "pass")


def test_cost_comes_from_company_cubes_and_leftover_stays_for_later_rounds() -> None:
    m, owner = _round_one_with("up", 4)
    m.act(owner, "build san-francisco-los-angeles")  # cost 3, nothing else affordable
    company = m.state["companies"]["up"]
    assert company["cubes"] == 1
    assert m.state["round"] == 2  # every company passed: the round is over
    assert m.state["companies"]["up"]["cubes"] == 1
    assert m.state["players"][owner]["cash"] == 20  # Los Angeles


def test_company_that_cannot_afford_a_link_passes_into_the_pass_row() -> None:
    m, owner = _round_one_with("bo", 1)
    lines = m.act(owner, "build baltimore-richmond")
    assert any("B&O passes: it cannot build" in line for line in lines)


def test_unsold_companies_pass_and_pass_order_sets_next_build_order() -> None:
    m, owner = _round_one_with("nyc", 1)
    assert m.state["phase"] == "build"
    # bo and prr come before nyc in the company order and pass at once: not sold.
    assert m.state["pass_row"] == ["bo", "prr"]
    m.act(owner, "build baltimore-richmond")
    assert m.state["round"] == 2
    assert m.state["order"] == ["bo", "prr", "up", "sp", "atsf", "nyc"]


def test_one_rail_per_link() -> None:
    m = new(3, 0)
    a = due(m)
    sell(m, "bo", a, bid=2)
    sell(m, "prr", due(m), bid=4)
    pass_auctions(m)
    m.act(m.to_act()[0], "build boston-new-york")
    prr_owner = m.state["companies"]["prr"]["controller"]
    assert m.to_act() == [prr_owner]
    assert not any("boston-new-york" in x or "new-york-boston" in x for x in m.legal(prr_owner))
    with pytest.raises(rules.IllegalAction):
        m.act(prr_owner, "build new-york-boston")


def test_reconnecting_a_city_adds_no_profit() -> None:
    m, owner = _round_one_with("bo", 9)
    m.act(owner, "build new-york-philadelphia")  # +30 Philadelphia
    m.act(owner, "build philadelphia-buffalo")  # +20 Buffalo
    assert m.state["companies"]["bo"]["profit"] == 50
    lines = m.act(owner, "build buffalo-new-york")  # closes a loop: both already connected
    assert m.state["companies"]["bo"]["profit"] == 50
    assert "adds" not in lines[0]


def test_income_goes_to_the_controller_and_markers_return() -> None:
    m, owner = _round_one_with("bo", 2)
    m.act(owner, "build boston-new-york")
    s = m.state
    assert s["round"] == 2
    assert s["players"][owner]["cash"] == 40
    assert s["companies"]["bo"]["profit"] == 0  # profit markers go back to $0
    assert s["companies"]["bo"]["controller"] is None  # control markers go back to the box
    assert s["players"][owner]["shares"]["bo"] == 1  # shares stay


def test_company_with_no_rails_left_passes() -> None:
    m = new(3, 0)
    sell(m, "bo", due(m), bid=5)
    m.state["companies"]["bo"]["rails_left"] = 0  # as if its 17 rails were on the map
    pass_auctions(m)
    assert m.state["round"] == 2
    assert any("B&O passes: it has no rails left" in t for _, t in m.lines)
