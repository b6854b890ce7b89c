"""Oddities checked against the rulebook (issue 28, item 5): the money train and Turquoise."""

from __future__ import annotations

from rules.railroad_revolution import RailroadRevolution
from tests.rules.railroad_revolution.helpers import act, due, end_turn, me, ready, start

MONEY_TRAIN = {"id": "tr05", "up": True}  # face down: gain $600


def sell(m: RailroadRevolution) -> None:
    """The due seat sells a piece of its leftmost section (the Trade action's main part)."""
    act(m, next(a for a in m.legal(due(m)) if a in ("sell building", "sell rail")))


def test_a_money_train_flipped_down_then_up_pays_600_in_every_trade_with_turquoise() -> None:
    # 'Commerce (Trade)' tile: one flip, « Avant ou après avoir fait la vente »; Turquoise:
    # « retournez une tuile Train ... vous pouvez de nouveau retourner la même tuile ». Down pays
    # the bonus, up pays nothing: $600 once per action, and the train is face up again.
    m = ready(2)
    seat = due(m)
    me(m, seat)["trains"] = [dict(MONEY_TRAIN)]
    for _ in range(2):
        start(m, "trade", "turquoise")
        before = me(m, seat)["money"]
        act(m, "flip train", "flip down money")
        assert me(m, seat)["money"] == before + 600
        assert "flip train" not in m.legal(seat)  # the tile's one flip is spent
        act(m, "use turquoise")
        assert [a for a in m.legal(seat) if a.startswith("flip ")] == ["flip up money"]
        act(m, "flip up money")
        assert me(m, seat)["money"] == before + 600  # flipping up pays nothing
        assert not any(a.startswith("flip") or a == "use turquoise" for a in m.legal(seat))
        assert me(m, seat)["trains"] == [MONEY_TRAIN]  # still worth 8 VP at the end
        sell(m)
        end_turn(m)
        act(m, "trade white")  # the other player
        sell(m)
        end_turn(m)


def test_without_turquoise_a_trade_flips_once() -> None:
    m = ready(2)
    seat = due(m)
    me(m, seat)["trains"] = [dict(MONEY_TRAIN)]
    start(m, "trade")
    act(m, "flip train", "flip down money")
    assert not any(a.startswith("flip") for a in m.legal(seat))
    assert me(m, seat)["trains"] == [{"id": "tr05", "up": False}]
