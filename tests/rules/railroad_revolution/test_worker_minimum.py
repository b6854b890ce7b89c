"""'Nombre minimum d'Ouvriers disponibles': at least 4 at the end of the turn, after the market.

« Vous ne pouvez jamais avoir moins de 4 Ouvriers disponibles (Plateau Joueur et stock
personnel) à la fin de votre tour; donc vous ne pouvez réaliser aucune action ou prendre
n'importe quel bonus ou récompense si cela a pour conséquence d'avoir moins de 4 Ouvriers
disponibles à la fin de votre tour. » The market comes « après avoir complété votre action dans
son ensemble », still in the turn.
"""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.railroad_revolution import RailroadRevolution
from tests.rules.railroad_revolution.helpers import (
    act,
    due,
    end_turn,
    give,
    me,
    ready,
    start,
    top,
)


def _rails_to_market(tile: str, shares: int = 2, version: int | None = None,
                     spaces: tuple[str, str] = ("cha-mia-1", "cha-mia-2"), worker: str = "white",
                     ) -> tuple[RailroadRevolution, int]:
    """A worker builds 2 rails (cha-mia-2 has a market icon), leaving 4 available workers."""
    m = ready(3, version=version)
    m.state["market"]["up"] = tile
    m.state["market"]["pile"] = [t for t in m.state["market"]["pile"] if t != tile]
    seat = due(m)
    me(m, seat)["shares"] = shares
    me(m, seat)["milestones"] = [{"id": "d-01", "managers": [None, None]}]  # any colour
    give(m, seat, white=3)
    me(m, seat)["stock"][worker] += 1
    start(m, "railroad", worker)
    act(m, *(f"rail {s}" for s in spaces))
    assert m.available(seat) == 4
    return m, seat


def test_a_white_worker_may_promote_when_the_market_gives_the_worker_back() -> None:
    # m4 top: 2 shares, gain 1 orange or grey worker.
    m, seat = _rails_to_market("m4")
    assert "promote" in m.legal(seat)
    label = {c.action: c.label for c in m.choices(seat)}["promote"]
    assert label == "Promote a worker to milestone manager; back to 4 at the market"
    act(m, "promote")
    label = {c.action: c.label for c in m.choices(seat)}["promote stock white to d-01"]
    assert label == "Promote a white worker (stock) to manager of D (42 VP); back to 4 at the " \
                    "market"
    act(m, "promote stock white to d-01")
    assert m.available(seat) == 3 and me(m, seat)["milestones"][0]["managers"][0] == "white"
    assert top(m)["kind"] == "market" and due(m) == seat
    assert m.legal(seat) == ["accept top"]  # no pass, no share sold, the bottom costs 4
    label = {c.action: c.label for c in m.choices(seat)}["accept top"]
    assert label == "Top market: 2 shares of your 2: orange/grey worker (back to 4 workers)"
    assert m.prompt(seat).startswith(f"{m.who(seat)}: accept the top market, which gives back "
                                     "the worker you need to end your turn with 4")
    act(m, "accept top", "gain grey")
    assert m.available(seat) == 4 and me(m, seat)["shares"] == 0
    assert due(m) == (seat + 1) % 3  # nothing more to pay with: the others' turn to accept
    end_turn(m)
    assert m.available(seat) == 4


def test_below_four_the_market_cannot_be_passed_nor_its_shares_sold() -> None:
    m, seat = _rails_to_market("m4")
    act(m, "promote", "promote stock white to d-01")
    with pytest.raises(IllegalAction, match="you have 3 available workers and must end your "
                                            "turn with 4: the top market gives one back"):
        m.act(seat, "pass")
    with pytest.raises(IllegalAction, match="keep the shares it costs"):
        m.act(seat, "sell share")


def test_hiring_also_brings_the_player_back_to_four() -> None:
    m, seat = _rails_to_market("m4")
    me(m, seat)["money"] = 900
    act(m, "promote", "promote stock white to d-01")
    assert "hire" in m.legal(seat)
    act(m, "hire", "hire turquoise")
    assert m.available(seat) == 4 and "pass" in m.legal(seat)


def test_shares_beyond_what_the_market_costs_may_still_be_sold() -> None:
    m, seat = _rails_to_market("m4", shares=3)
    act(m, "promote", "promote stock white to d-01")
    assert m.legal(seat) == ["accept top", "sell share"]
    act(m, "sell share")
    assert m.legal(seat) == ["accept top"]


def test_no_promotion_below_four_when_the_market_gives_no_worker() -> None:
    m, seat = _rails_to_market("m3")  # advance 1 / advance 3
    assert top(m)["kind"] == "market"  # no promotion was offered: the action ended
    m, seat = _rails_to_market("m3", worker="grey")  # Grey's 2 shares keep the action open
    assert "promote" not in m.legal(seat) and "use grey" in m.legal(seat)
    with pytest.raises(IllegalAction, match="you must end your turn with 4 available workers; "
                                            "you have 4 and no market of this turn gives one back"):
        m.act(seat, "promote stock white to d-01")


def test_no_promotion_below_four_when_the_market_worker_cannot_be_paid() -> None:
    m, seat = _rails_to_market("m4", shares=1)  # the worker costs 2 shares
    assert top(m)["kind"] == "market" and due(m) != seat  # no promotion, no market to pay


def test_no_promotion_below_four_without_a_market() -> None:
    m, seat = _rails_to_market("m4", spaces=("cha-mia-1", "was-chi-1"))
    assert top(m)["kind"] == "place" and due(m) != seat  # no promotion: the turn is over


def test_with_five_workers_the_promotion_needs_no_market() -> None:
    m, seat = _rails_to_market("m3", worker="grey")
    me(m, seat)["stock"]["white"] += 1
    act(m, "promote", "promote stock white to d-01")
    assert m.available(seat) == 4 and "pass" in m.legal(seat)


def test_games_started_under_version_2_keep_four_at_every_step() -> None:
    m, seat = _rails_to_market("m4", version=2)
    assert top(m)["kind"] == "market"  # no promotion was offered: the action ended


def test_an_office_in_a_market_section_works_the_same() -> None:
    m = ready(2)
    m.state["market"]["up"] = "m7"  # top: 2 shares, gain 1 purple or turquoise worker
    seat = due(m)
    me(m, seat)["milestones"] = [{"id": "d-01", "managers": [None, None]}]
    start(m, "telegraph")
    act(m, "office 3")  # a section with a market icon (and no telegraph tile)
    assert m.available(seat) == 4 and "promote" in m.legal(seat)
    act(m, "promote", "promote board white to d-01")
    assert m.legal(seat) == ["accept top", "sell share", "hire"]  # shares beyond 2 may go
    act(m, "accept top", "gain turquoise")
    assert m.available(seat) == 4
