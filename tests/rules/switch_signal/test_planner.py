"""The planning player: it decides from one seat's view, only legally, and can win."""

from __future__ import annotations

import pytest

from bot.tools.selfplay import DIFFICULTIES, play_one
from rules.switch_signal import SwitchSignal
from rules.switch_signal.planner import Ctx, Planner
from rules.switch_signal.planner.weights import LOAD
from tests.rules.switch_signal.helpers import Dice, act, cards_for_goods, due, new, ready

EASIEST = dict(DIFFICULTIES["easiest"])
# Seeds the planner wins with three players on the easiest set-up (rules version 7 boards,
# version 4 departure cards).
WINS = {"central-europe": 1, "north-america": 0}  # seeds won on the easiest set-up (v9)


def _other_hand(m: SwitchSignal, seat: int) -> None:
    """Another seat holds different cards (same count, so the table sees the same sizes)."""
    hand = m.state["hands"][seat]
    total = sum(hand.values())
    hand.update(signal=total, switch=0, move=0) if hand["signal"] != total else \
        hand.update(signal=0, switch=0, move=total)


def test_choices_depend_on_the_own_view_only() -> None:
    first, second = SwitchSignal(["A", "B", "C"], 11, None), SwitchSignal(["A", "B", "C"], 11,
                                                                           None)
    active = first.to_act()[0]
    other = (active + 1) % 3
    _other_hand(second, other)
    assert first.state["hands"][other] != second.state["hands"][other]
    one, two = Planner(), Planner()
    decisions = 0
    while first.to_act() == [active]:  # the whole first turn of the first player
        assert first.view(active) == second.view(active)
        legal = first.legal(active)
        pick = one.choose(first.view(active), legal)
        assert pick == two.choose(second.view(active), second.legal(active))
        assert pick in legal
        first.act(active, pick)
        second.act(active, pick)
        decisions += 1
    assert decisions > 3


@pytest.mark.parametrize("board", sorted(WINS))
def test_the_planner_wins_a_seeded_easy_game_with_legal_choices_only(board: str) -> None:
    seen: list[bool] = []
    planner = Planner()

    def pick(view: dict[str, object], legal: list[str]) -> str:
        choice = planner.choose(view, legal)
        seen.append(choice in legal)
        return choice

    match, result = play_one("switch-and-signal", 3, {**EASIEST, "board": board}, WINS[board],
                             chooser=pick)
    assert all(seen) and result.illegal == 0 and planner.fallbacks == 0
    assert result.won and match.winners() == [0, 1, 2]


@pytest.mark.parametrize(("die", "want"), [(5, "agent dispatcher"), (1, "keep")])
def test_the_dispatcher_is_called_when_a_known_roll_would_end_in_a_city(
        dice: Dice, die: int, want: str) -> None:
    m = ready(new(), black1="S6-PAR:2>PAR")  # loaded, one space before Paris
    m.state["trains"]["black1"]["cargo"] = "blue"
    m.state["greens"].append("par-dij")  # a green way on out of Paris, towards Marseille
    dice.moves = [die]
    act(m, "move", "move black1")
    seat = due(m)
    assert "agent dispatcher" in m.legal(seat)
    assert Planner().choose(m.view(seat), m.legal(seat)) == want


def test_the_selfplay_table_has_a_row_per_cell() -> None:
    from bot.tools.selfplay import run_selfplay

    lines = run_selfplay("switch-and-signal", 1, {"board": "north-america", "level": "hardest",
                                                  "players": "2"}, seed=4)
    rows = [line for line in lines if line.startswith("| hardest")]
    assert len(rows) == 1 and "north-america" in rows[0]
    assert lines[-1] == "Illegal choices replaced: 0."


@pytest.mark.parametrize("board", ["central-europe", "north-america"])
def test_a_later_game_is_arranged_for_the_goods_routes_and_then_begins(board: str) -> None:
    # a version-6 game: its first-game layout was not yet set for the goods routes
    m = SwitchSignal(["A", "B", "C"], 4, {"board": board, "layout": "arrange"}, rules_version=6)
    before = cards_for_goods(m)
    planner = Planner()
    seat = m.to_act()[0]
    changes = 0
    while m.state["phase"] == "arrange":
        legal = m.legal(seat)
        pick = planner.choose(m.view(seat), legal)
        assert pick in legal and pick != "cancel"
        changes += pick in ("signal", "switch")
        m.act(seat, pick)
        assert changes < 40  # every change lowers the layout's cost: it ends
    assert m.state["phase"] == "reveal" and changes >= 3
    # the cubes and the trains that will fetch them need fewer signal and switch cards
    after = cards_for_goods(m)
    assert after <= before - 4, (before, after)
    assert sum(sum(h.values()) for h in m.state["hands"]) == 15  # arranging costs no card


def test_two_cubes_of_one_colour_are_sent_to_the_two_ports() -> None:
    # North America takes one cube of each colour at each port: a white cube one space from New
    # York and a second white cube in Atlanta are not both worth New York's short way.
    m = ready(new(3, 0, version=8, board="north-america"), {"signal": 2, "switch": 2, "move": 1},
              black1="J_PIT-NYC:2>NYC", black2="ATL")
    for tid in ("black1", "black2"):
        m.state["trains"][tid]["cargo"] = "white"
    m.state["goods"]["ATL"] -= 2
    seat = due(m)
    planner = Planner()
    assert Ctx(planner, m.view(seat)).jobs == {"black1": "NYC", "black2": "SFO"}
    played = []
    while m.state["phase"] == "actions" and m.to_act() == [seat]:
        pick = planner.choose(m.view(seat), m.legal(seat))
        played.append(pick)
        m.act(seat, pick)
    greens = [p.split()[1] for p in played if p.startswith("green ")]
    # Atlanta's light towards Shreveport (west), not towards Charlotte and Washington (New York)
    assert "atl-shv" in greens and not {"atl-cha", "nyc-was"} & set(greens), played


def test_loading_the_second_cube_of_a_colour_does_not_change_its_planned_port() -> None:
    # A white cube is on its way to New York: the last white cube in Atlanta is planned for San
    # Francisco before it is loaded as after, so loading it gains exactly the stop it costs.
    m = ready(new(3, 0, version=8, board="north-america"), black1="J_PIT-NYC:2>NYC",
              black2="ATL")
    m.state["trains"]["black1"]["cargo"] = "white"
    m.state["goods"]["ATL"] -= 1
    ctx = Ctx(Planner(), m.view(due(m)))
    assert ctx.jobs == {"black1": "NYC", "black2": "ATL"}
    loaded = ctx.pos.copy()
    ctx.load(loaded, "black2")
    assert ctx.assign(loaded, ctx.tables(loaded))[1] == {"black1": "NYC", "black2": "SFO"}
    assert ctx.value(loaded) == pytest.approx(ctx.value(ctx.pos) - LOAD)
