"""'B. Construire des rails et score des marchandises': connections, cards, jokers, market."""

from __future__ import annotations

import pytest

import rules
from rules.spike import Spike
from tests.rules.spike.helpers import (
    BOARD,
    act,
    build,
    due,
    lay,
    own,
    point,
    ready,
    set_hand,
    space,
    turn_to,
)


def _market(m: Spike, index: int, column: list[str]) -> None:
    """Put one market column as given; the other goods fill the other columns in order."""
    rest = [g for g in BOARD.goods if g not in column]
    market = [rest[i * 3:i * 3 + 3] for i in range(3)]
    market.insert(index, list(column))
    m.state["market"] = market


def _at_raleigh(hand: dict[str, int] | None = None, version: int | None = None) -> Spike:
    m = ready(2, ["Raleigh", "Kansas City"], version=version)
    turn_to(m, 0)
    set_hand(m, 0, **(hand if hand is not None else {"black": 1, "blue": 1}))
    return m


def test_build_to_a_new_city_plays_cards_of_each_space_kind() -> None:
    m = _at_raleigh()
    lines = build(m, "Raleigh", "r9c12", "Norfolk")
    s = m.state
    assert s["owners"][space("Raleigh", "r9c12")] == 0
    assert s["owners"][space("r9c12", "Norfolk")] == 0
    assert m.hand_size(0) == 0 and sorted(s["discard"]) == ["B", "K"]
    assert s["players"][0]["tracks"] == 43
    assert "P0 plays 1 blue, 1 black." in lines
    assert set(m.track_cities(0)) == {"Norfolk", "Raleigh"}
    assert due(m) == 1  # building is the whole action


def test_jenn_connects_norfolk_and_scores_pigs_at_three() -> None:
    """Rulebook example: pigs go from $3 to $1, the two tokens below move up one row."""
    m = _at_raleigh()
    _market(m, 2, ["pigs", "coal", "oil"])
    others = [list(c) for i, c in enumerate(m.state["market"]) if i != 2]
    lines = build(m, "Raleigh", "r9c12", "Norfolk")
    assert m.state["players"][0]["money"] == 3
    assert m.state["market"][2] == ["coal", "oil", "pigs"]
    assert [c for i, c in enumerate(m.state["market"]) if i != 2] == others
    assert any("connects Norfolk and scores $3 for pigs" in line for line in lines)


def test_good_in_the_middle_row_scores_two_and_only_the_token_below_moves_up() -> None:
    m = _at_raleigh()
    _market(m, 0, ["coal", "pigs", "oil"])
    build(m, "Raleigh", "r9c12", "Norfolk")
    assert m.state["players"][0]["money"] == 2
    assert m.state["market"][0] == ["coal", "oil", "pigs"]


def test_good_already_at_one_dollar_scores_one() -> None:
    m = _at_raleigh()
    _market(m, 1, ["coal", "oil", "pigs"])
    build(m, "Raleigh", "r9c12", "Norfolk")
    assert m.state["players"][0]["money"] == 1
    assert m.state["market"][1] == ["coal", "oil", "pigs"]


def test_cards_must_match_the_kind_of_each_space() -> None:
    m = _at_raleigh({"blue": 1, "yellow": 1, "white": 1})
    act(m, "build", "from raleigh")
    # r9c12 (black, then blue to Norfolk): no black card and no pair for a joker.
    assert lay("Raleigh", "r9c12") not in m.legal(0)
    assert m.legal(0) == [lay("Raleigh", "r10c11"), "undo"]  # white, then yellow to Roanoke


def test_joker_two_white_cards_count_as_one_of_any_kind() -> None:
    m = _at_raleigh({"white": 2, "blue": 1})
    lines = build(m, "Raleigh", "r9c12", "Norfolk")
    assert "P0 plays 2 white, 1 blue (joker: 2 white for 1)." in lines
    assert m.hand_size(0) == 0


def test_joker_three_blue_dotted_cards_count_as_two_of_any_kind() -> None:
    m = _at_raleigh({"blue": 3})
    lines = build(m, "Raleigh", "r10c13", "Norfolk")  # red, then green
    assert m.hand_size(0) == 0
    assert "P0 plays 3 blue (joker: 3 blue for 2)." in lines


def test_one_card_short_of_a_joker_cannot_build() -> None:
    m = _at_raleigh({"white": 2})  # 2 white = 1 card, two are needed
    assert "build" not in m.legal(0)


def test_several_joker_sets_in_one_turn_and_the_player_chooses_them_in_version_2() -> None:
    m = _at_raleigh({"white": 2, "green": 2}, version=2)
    build(m, "Raleigh", "r9c12", "Norfolk", finish=False)
    lines = act(m, "finish")
    assert m.state["step"]["kind"] == "pay" and lines == []
    assert m.legal(0) == ["joker white", "joker green"]
    lines = act(m, "joker green")
    assert "P0 plays 2 white, 2 green (joker: 2 green for 1; 2 white for 1)." in lines


def test_connection_must_end_in_a_city_undo_and_no_finish_half_way() -> None:
    """'Construction interdite ! Cela ne relie pas une ville.'"""
    m = _at_raleigh()
    act(m, "build", "from raleigh", lay("Raleigh", "r9c12"))
    assert "finish" not in m.legal(0) and "cancel" not in m.legal(0)
    assert m.legal(0) == [lay("r9c12", "Norfolk"), "undo"]
    act(m, "undo")
    assert m.state["owners"][space("Raleigh", "r9c12")] is None
    assert m.state["players"][0]["tracks"] == 45
    act(m, "undo", "cancel")
    assert m.state["step"]["kind"] == "main" and m.hand_size(0) == 2


def test_dead_end_spaces_are_not_offered() -> None:
    m = _at_raleigh({"black": 1, "blue": 1})
    act(m, "build", "from raleigh")
    # Only the black space toward r9c12 leads on to a city these cards can pay for.
    assert m.legal(0) == [lay("Raleigh", "r9c12"), "undo"]


def test_no_connection_to_a_city_already_in_the_network() -> None:
    m = _at_raleigh({"black": 1, "blue": 1})
    build(m, "Raleigh", "r9c12", "Norfolk")
    turn_to(m, 0)
    set_hand(m, 0, red=1, green=1)  # enough for Raleigh - r10c13 - Norfolk
    assert "build" not in m.legal(0)
    set_hand(m, 0, red=3, green=3, blue=3, white=3, yellow=3, black=3)
    act(m, "build", "from raleigh", lay("Raleigh", "r10c13"))
    assert lay("r10c13", "Norfolk") not in m.legal(0)
    assert lay("r10c13", "r11c12") in m.legal(0)


def test_one_players_track_per_space() -> None:
    m = _at_raleigh()
    own(m, 1, "Raleigh", "r9c12", "Norfolk")
    set_hand(m, 0, black=3, blue=3, red=3, green=3, yellow=3, white=3)
    act(m, "build", "from raleigh")
    assert lay("Raleigh", "r9c12") not in m.legal(0)
    assert lay("Raleigh", "r10c13") in m.legal(0)


def test_cannot_branch_from_another_players_network() -> None:
    """'Construction interdite ! On ne peut pas bifurquer à partir du réseau d'un autre joueur.'"""
    m = ready(2, ["Raleigh", "Roanoke"])
    own(m, 0, "Raleigh", "r9c12", "Norfolk")
    turn_to(m, 1)
    set_hand(m, 1, black=3, blue=3, red=3, green=3, yellow=3, white=3)
    act(m, "build")
    legal = m.legal(1)
    assert legal == ["from roanoke", "cancel"]


def test_dan_branches_from_a_junction_his_track_touches() -> None:
    """'Dan a joué ces cartes pour bifurquer de son réseau': a branch from a junction."""
    m = _at_raleigh({"black": 1, "blue": 1, "green": 1, "yellow": 1})
    build(m, "Raleigh", "r9c12", "Norfolk")
    turn_to(m, 0)
    act(m, "build")
    assert "from r9c12" in m.legal(0)
    build_rest = [lay("r9c12", "r9c11"), lay("r9c11", "Roanoke"), "finish"]
    act(m, "from r9c12", *build_rest)
    assert set(m.track_cities(0)) == {"Norfolk", "Raleigh", "Roanoke"}


def test_jenn_builds_two_connections_in_one_action() -> None:
    """'Jenn a joué ces cartes pour construire ces deux voies.'"""
    m = _at_raleigh({"black": 1, "blue": 1, "yellow": 1, "green": 1})
    build(m, "Raleigh", "r9c12", "Norfolk", finish=False)
    assert m.legal(0)[-1] == "finish"
    act(m, "from r9c12", lay("r9c12", "r9c11"), lay("r9c11", "Roanoke"))
    lines = act(m, "finish")
    assert m.hand_size(0) == 0 and m.state["players"][0]["tracks"] == 41
    assert lines[0].startswith("P0 plays")


def test_players_without_track_cannot_build() -> None:
    m = _at_raleigh()
    m.state["players"][0]["tracks"] = 0
    assert "build" not in m.legal(0)
    m.state["players"][0]["tracks"] = 1  # too few for the two spaces to Norfolk
    assert "build" not in m.legal(0)


def _sprawl(version: int | None) -> Spike:
    m = _at_raleigh({"white": 10, "blue": 10, "red": 10, "green": 10, "yellow": 10, "black": 10},
                    version)
    junctions = [p.id for p in BOARD.points.values() if p.city is None][:40]
    for j in junctions:  # fixture: a sprawling network touching 40 junctions
        q, idx = BOARD.adjacent[j][0]
        m.state["owners"][idx] = 0
    return m


def test_every_start_point_is_offered_at_once_grouped_by_region() -> None:
    m = _sprawl(None)
    act(m, "build")
    choices = m.choices(0)
    assert len(choices) > 25 and choices[-1].action == "cancel"
    assert {c.group for c in choices[:-1]} == {"west", "central", "east"}
    assert all(c.label.startswith("Start the new track at ") for c in choices[:-1])
    assert not any("r1c" in c.label for c in choices)


def test_start_point_menu_splits_by_rows_when_long_in_version_1_games() -> None:
    m = _at_raleigh({"white": 10, "blue": 10, "red": 10, "green": 10, "yellow": 10, "black": 10},
                    1)
    junctions = [p.id for p in BOARD.points.values() if p.city is None][:40]
    for j in junctions:  # fixture: a sprawling network touching 40 junctions
        q, idx = BOARD.adjacent[j][0]
        m.state["owners"][idx] = 0
    # the fixture network is not connected; only the menu is checked here
    act(m, "build")
    legal = m.legal(0)
    assert len(legal) <= 25 and legal[0].startswith("rows ") and legal[-1] == "cancel"
    act(m, legal[0])
    inner = m.legal(0)
    assert inner[-1] == "back" and all(a.startswith("from ") for a in inner[:-1])
    assert point(inner[0].removeprefix("from ")) in m.network_points(0)


def test_illegal_lay_is_refused_and_changes_nothing() -> None:
    m = _at_raleigh()
    act(m, "build", "from raleigh")
    before = m.to_json()
    with pytest.raises(rules.IllegalAction):
        m.act(0, "lay r10c13 red")
    assert m.to_json() == before


def _brute(owners: list[int | None], source: str, hand: list[int], pieces: int,
           new: set[str]) -> bool:
    """Every simple path from source through junctions to a new city, checked one by one."""
    from rules.spike.cards import payable

    def walk(p: str, cost: list[int], used: set[int]) -> bool:
        for q, idx in BOARD.adjacent[p]:
            if owners[idx] is not None or idx in used or len(used) + 1 > pieces:
                continue
            after = list(cost)
            after[BOARD.kind_index[idx]] += 1
            if not payable(hand, after):
                continue
            if q in new:
                return True
            if not BOARD.is_city(q) and walk(q, after, used | {idx}):
                return True
        return False

    return walk(source, [0] * 6, set())


def test_connection_search_agrees_with_trying_every_path() -> None:
    import random

    from rules.spike.building import can_connect, distances_to_new

    rng = random.Random(1)
    cities = list(BOARD.cities)
    answers = set()
    for _ in range(300):
        owners: list[int | None] = [None] * len(BOARD.spaces)
        for idx in rng.sample(range(len(BOARD.spaces)), 120):
            owners[idx] = 1
        start = rng.choice(list(BOARD.points))  # a city or a junction of the network
        new = set(rng.sample(sorted({BOARD.city_point(c) for c in cities} - {start}), 20))
        hand = [0] * 6
        for _ in range(rng.randint(0, 7)):
            hand[rng.randrange(6)] += 1
        pieces = rng.randint(1, 6)
        dist = distances_to_new(BOARD, owners, new)
        fast = can_connect(BOARD, owners, start, [0] * 6, hand, pieces, new, dist)
        assert fast == _brute(owners, start, hand, pieces, new), (start, hand, pieces)
        answers.add(fast)
    assert answers == {True, False}
