"""'E. Améliorer son train': $3 then $5 per part, one level of one part per turn."""

from __future__ import annotations

import pytest

from rules.spike import Spike
from tests.rules.spike.helpers import act, due, ready, set_contracts, turn_to


def _rich(money: int) -> Spike:
    m = ready(2, ["Raleigh", "Omaha"])
    set_contracts(m, 0, ("cotton", 1, "a"))
    m.state["players"][0]["money"] = money
    turn_to(m, 0)
    return m


def test_no_money_no_upgrade() -> None:
    m = _rich(2)
    assert not any(a.startswith("upgrade") for a in m.legal(0))


@pytest.mark.parametrize(("part", "values"), [("speed", (1, 2, 3)), ("power", (2, 3, 4)),
                                              ("cargo", (1, 2, 3))])
def test_each_part_twice_first_three_then_five_dollars(part: str, values: tuple[int, ...]) -> None:
    m = _rich(8)
    view = m.view(None)["players"][0]["train"]
    assert view[{"cargo": "capacity"}.get(part, part)] == values[0]
    lines = act(m, f"upgrade {part}")
    assert lines == [f"P0 upgrades {part} to {values[1]} for $3."]
    assert m.state["players"][0]["money"] == 5 and due(m) == 1  # the turn's one action
    turn_to(m, 0)
    act(m, f"upgrade {part}")
    assert m.state["players"][0]["money"] == 0
    assert m.level_value(0, part) == values[2]
    m.state["players"][0]["money"] = 20
    turn_to(m, 0)
    assert f"upgrade {part}" not in m.legal(0)  # 'Chaque type peut être amélioré deux fois'


def test_upgrade_costs_are_kept_in_the_breakdown() -> None:
    m = _rich(3)
    act(m, "upgrade cargo")
    assert m.breakdown()[0] == [["Goods connected", 0], ["Contracts delivered", 0],
                                ["Train upgrades", -3], ["Route card", 0]]
    assert m.view(None)["players"][0]["train"]["next_upgrade_cost"]["cargo"] == 5
