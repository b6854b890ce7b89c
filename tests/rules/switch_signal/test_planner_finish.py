"""The planner on the last departure card's turn: nothing comes after, so it finishes the job."""

from __future__ import annotations

from rules.switch_signal import SwitchSignal
from rules.switch_signal.planner import Planner
from tests.rules.switch_signal.helpers import Dice, due, new, ready


def _last_card(m: SwitchSignal, missing: tuple[str, str], cargo: dict[str, str]) -> None:
    """Every cube delivered but `missing` (port, colour), which `cargo`'s trains carry."""
    s = m.state
    s["deck"] = []  # the card just revealed was the last one
    for cubes in s["delivered"].values():
        for colour in cubes:
            cubes[colour] = 1 if len(s["delivered"]) == 2 else 2
    s["delivered"][missing[0]][missing[1]] -= 1
    s["goods"] = {city: 0 for city in s["goods"]}
    for tid, colour in cargo.items():
        s["trains"][tid]["cargo"] = colour


def _play_out(m: SwitchSignal) -> list[str]:
    """The planner plays the active seat until its turn (and so the game) ends."""
    seat, planner, played = due(m), Planner(), []
    while not m.over and m.to_act() == [seat]:
        pick = planner.choose(m.view(seat), m.legal(seat))
        played.append(pick)
        m.act(seat, pick)
        assert len(played) < 40
    return played


def test_the_last_cube_is_delivered_with_the_last_cards(dice: Dice) -> None:
    # One space before Marseille on the last turn: a kept card is worth nothing now, so a move
    # card that delivers is played even though the train would gain only one point.
    m = ready(new(3, 0, version=9), {"signal": 2, "switch": 2, "move": 1},
              black1="J_LYO-MAR:1>MAR")
    _last_card(m, ("MAR", "white"), {"black1": "white"})
    assert "mar-lyo" in m.state["greens"]
    dice.moves = [2]
    played = _play_out(m)
    assert m.over and m.winners() == [0, 1, 2], played


def test_a_train_leaves_the_port_so_that_the_last_cube_can_enter(dice: Dice) -> None:
    # North America: an empty train stands in San Francisco, the last blue cube waits one space
    # away. One move alone gains nothing; the pair (clear the port, then deliver) wins.
    m = ready(new(3, 0, version=9, board="north-america"), {"signal": 0, "switch": 1, "move": 2},
              black3="SFO", grey1="SFO-J_BAR:1>SFO")
    greens = m.state["greens"]
    greens[greens.index("atl-s6")] = "sfo-bar"  # a second green at the port, towards Barstow
    _last_card(m, ("SFO", "blue"), {"grey1": "blue"})
    dice.moves = [3, 1]
    played = _play_out(m)
    assert played.index("move black3") < played.index("move grey1"), played
    assert m.over and m.winners() == [0, 1, 2], played
