"""'Résolution des effets': an effect of the action may be resolved first to pay for the action.

« si vous voulez réaliser une action mais que vous n'avez pas assez d'argent pour le faire et
qu'un effet de l'action vous permet d'obtenir de l'argent, vous pouvez résoudre cet effet en
premier, gagner l'argent puis payer le coût de l'action » (Règles générales). A share gained is
money: « vous pouvez vendre une ou plusieurs de vos Parts et gagner 150$ pour chacune ».
"""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.railroad_revolution import RailroadRevolution
from tests.rules.railroad_revolution.helpers import act, due, me, rails, ready, start, top


def _at_miami(tile: str, money: int, version: int | None = None) -> tuple[RailroadRevolution, int]:
    """4 players (no neutral building); the due seat reaches Miami, which holds `tile`."""
    m = ready(4, version=version)
    seat = due(m)
    m.state["city_tiles"]["miami"] = tile
    rails(m, seat, "cha-mia-1", "cha-mia-2")
    me(m, seat)["money"], me(m, seat)["shares"] = money, 0
    for city in ("washington", "charlotte"):  # their cheap stations are not what is tested
        m.state["stations"][city] = [(seat + 1) % 4]
        me(m, seat)["stations"].append(city)
    return m, seat


def test_the_first_station_bonus_shares_pay_for_the_station() -> None:
    # Miami (c2-1): $200; First Station bonus: 2 shares. $100 and no share: the bonus pays.
    m, seat = _at_miami("c2-1", 100)
    assert "station white" in m.legal(seat)
    start(m, "station")
    assert m.legal(seat)[0] == "build miami"
    lines = act(m, "build miami")
    assert lines == [f"{m.who(seat)} first takes the First Station bonus of Miami, to pay for "
                     "the station: gain 2 shares.",
                     f"{m.who(seat)} gains 2 shares.",
                     f"{m.who(seat)} sells 1 share for $150 to pay.",
                     f"{m.who(seat)} builds a station in Miami on the First Station for $200."]
    p = me(m, seat)
    assert (p["money"], p["shares"]) == (50, 1) and "miami" in p["stations"]
    assert "first bonus" not in m.legal(seat) and "reward" in m.legal(seat)


def test_the_bonus_is_taken_first_only_when_the_cost_needs_it() -> None:
    m, seat = _at_miami("c2-1", 600)
    start(m, "station")
    act(m, "build miami")
    assert me(m, seat)["shares"] == 0 and me(m, seat)["money"] == 400
    assert "first bonus" in m.legal(seat)  # still the player's choice


def test_the_rest_of_the_first_bonus_stays_a_choice() -> None:
    # c2-3: $200; First Station bonus: 1 share + may promote 1. $50 + the share pay it.
    m, seat = _at_miami("c2-3", 50)
    me(m, seat)["milestones"] = [{"id": "d-01", "managers": [None, None]}]
    me(m, seat)["stock"]["white"] = 5
    start(m, "station")
    act(m, "build miami")
    assert (me(m, seat)["money"], me(m, seat)["shares"]) == (0, 0)
    assert top(m)["kind"] == "promote" and "done" in m.legal(seat)


def test_grey_takes_the_bonus_first_when_another_player_was_first() -> None:
    m, seat = _at_miami("c2-1", 100)
    m.state["stations"]["miami"] = [(seat + 1) % 4]
    me(m, seat)["stock"]["grey"] = 1
    assert "station white" not in m.legal(seat) and "station grey" in m.legal(seat)
    act(m, "station grey")
    assert "promote" not in m.legal(seat)
    lines = act(m, "build miami")
    assert lines[0].startswith(f"{m.who(seat)} (grey) first takes the First Station bonus")
    assert (me(m, seat)["money"], me(m, seat)["shares"]) == (50, 1)
    assert "use grey" not in m.legal(seat)  # the ability is used


def test_the_first_bonus_and_greys_copy_together_pay_a_dearer_station() -> None:
    # c4-2 dealt on Miami: $400; First Station bonus: 2 shares, twice with Grey = $600.
    m, seat = _at_miami("c4-2", 0)
    me(m, seat)["stock"]["grey"] = 1
    assert "station grey" in m.legal(seat) and "station white" not in m.legal(seat)
    act(m, "station grey")
    shown = {c.action: c.label for c in m.choices(seat)}
    assert shown["build miami"] == "Station in Miami: $400 of your $0, both 1st bonuses " \
                                   "first pay (2× +2 shares); gives any worker"
    act(m, "build miami")
    assert (me(m, seat)["money"], me(m, seat)["shares"]) == (50, 1)


def test_the_label_says_the_bonus_is_taken_first() -> None:
    m, seat = _at_miami("c2-1", 100)
    start(m, "station")
    label = {c.action: c.label for c in m.choices(seat)}["build miami"]
    assert label == "Station in Miami: $200 of your $100, its 1st bonus first pays " \
                    "(+2 shares); gives orange/grey worker"


def test_purple_flips_a_money_train_first_to_pay_for_the_station() -> None:
    # Purple on Station: pay $100 to flip a train; a face-up money train gives $600.
    m, seat = _at_miami("c2-2", 100)  # no money in this First Station bonus
    me(m, seat)["trains"].append({"id": "tr05", "up": True})  # the money train
    me(m, seat)["stock"]["purple"] = 1
    assert "station purple" in m.legal(seat) and "station white" not in m.legal(seat)
    act(m, "station purple")
    assert [a for a in m.legal(seat) if a not in ("sell share", "hire")] == ["use purple"]
    label = {c.action: c.label for c in m.choices(seat)}["use purple"]
    assert label == "Purple: pay $100 to flip a train first; its bonus (up to +$600) pays the " \
                    "station"
    act(m, "use purple")
    assert m.legal(seat) == ["flip down money"]  # flipping the promote train would not pay
    with pytest.raises(IllegalAction, match="flip a face-up train whose bonus gives money"):
        m.act(seat, "flip down promote")
    act(m, "flip down money", "build miami")
    assert me(m, seat)["money"] == 100 - 100 + 600 - 200 and "miami" in me(m, seat)["stations"]


def test_purple_without_a_paying_train_is_not_offered() -> None:
    m, seat = _at_miami("c2-2", 100)
    me(m, seat)["stock"]["purple"] = 1
    assert "station purple" not in m.legal(seat)  # only the promote train, face up


def test_refusals_say_what_the_bonus_brings() -> None:
    m, seat = _at_miami("c5-2", 100)  # $500; its First Station bonus brings 1 share ($150)
    with pytest.raises(IllegalAction, match=r"Station costs at least \$500 now, \$350 once its "
                                            "bonuses are taken first; you have \\$100"):
        m.act(seat, "station white")
    m.state["stations"]["charlotte"], me(m, seat)["stations"] = [], []  # $100: affordable
    start(m, "station")
    with pytest.raises(IllegalAction, match=r"Miami costs \$500, \$350 once its 1st station "
                                            "bonus is taken first"):
        m.act(seat, "build miami")


def test_games_started_under_version_2_keep_the_old_rule() -> None:
    m, seat = _at_miami("c2-1", 100, version=2)
    assert "station white" not in m.legal(seat)
    m, seat = _at_miami("c2-2", 100, version=2)
    me(m, seat)["trains"].append({"id": "tr05", "up": True})
    me(m, seat)["stock"]["purple"] = 1
    assert "station purple" not in m.legal(seat)
