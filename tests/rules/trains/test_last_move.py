"""The last move in the public view: the spaces the last turn laid a rail or placed a station on."""

from __future__ import annotations

from rules.trains import Trains
from tests.rules.trains.helpers import due, new, pick_hex, play, ready, set_cards


def _lay(m: Trains, seat: int) -> str:
    """The due seat plays Lay Rails and lays on the first space offered; return that space."""
    set_cards(m, seat, ["lay-rails", "normal-train", "normal-train"])
    play(m, "play normal-train", "play normal-train", "play lay-rails")
    hexes = [a.removeprefix("lay ") for a in m.legal(seat) if a.startswith("lay ")]
    pick_hex(m, "lay", hexes[0])
    return hexes[0]


def test_starting_rails_are_each_a_last_move() -> None:
    m = new(2)
    assert m.view(None)["last_move"] is None
    first = due(m)
    pick_hex(m, "start", "c4")
    assert m.view(None)["last_move"] == {"player": first, "rails": ["c4"], "stations": []}
    pick_hex(m, "start", "f6")
    assert m.view(None)["last_move"] == {"player": 1 - first, "rails": ["f6"], "stations": []}


def test_a_rail_laid_is_the_last_move_until_the_next_turn_changes_the_board() -> None:
    m = ready(2)
    seat = due(m)
    space = _lay(m, seat)
    assert m.view(None)["last_move"] == {"player": seat, "rails": [space], "stations": []}
    play(m, "end turn")
    # The next player has not touched the board yet: the rail stays the last move.
    other = due(m)
    set_cards(m, other, ["normal-train", "normal-train"])
    play(m, "play normal-train")
    assert m.view(None)["last_move"]["rails"] == [space]
    play(m, "end turn")
    # A whole turn without rails or stations: the last move changed nothing on the board.
    assert m.view(None)["last_move"] == {"player": other, "rails": [], "stations": []}


def test_a_station_placed_is_the_last_move() -> None:
    m = ready(2)
    seat = due(m)
    set_cards(m, seat, ["station-expansion"])
    play(m, "play station-expansion")
    city = next(a for a in m.legal(seat) if a.startswith("station ")).removeprefix("station ")
    pick_hex(m, "station", city)
    assert m.view(None)["last_move"] == {"player": seat, "rails": [], "stations": [city]}


def test_the_last_move_is_the_same_whatever_the_hidden_cards() -> None:
    a, b = ready(2), ready(2)
    seat = due(a)
    b.state["players"][1 - seat]["hand"] = ["waste"] * 5  # the other player's secret hand
    assert _lay(a, seat) == _lay(b, seat)
    assert a.view(None)["last_move"] == b.view(None)["last_move"]
