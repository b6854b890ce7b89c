"""League seating and standings: even tables, computers only where a table is short, Swiss
rounds that avoid rematches, points per rival beaten."""

from __future__ import annotations

from bot.tables.leagues import (
    Standing,
    TableResult,
    points,
    seat_round,
    standings,
    table_sizes,
)


def test_tables_are_as_even_as_the_count_allows_and_computers_fill_short_ones() -> None:
    assert table_sizes(6, 3, 3) == [(3, 0), (3, 0)]
    assert table_sizes(7, 3, 3) == [(3, 0), (2, 1), (2, 1)]
    assert table_sizes(7, 3, 2) == [(3, 0), (2, 0), (2, 0)]
    assert table_sizes(2, 4, 3) == [(2, 1)]
    assert table_sizes(0, 3, 3) == []


def test_a_point_per_rival_behind_and_half_for_a_tie() -> None:
    assert points({1: 1, 2: 2, 3: 2}) == {1: 2.0, 2: 0.5, 3: 0.5}


def test_standings_order_by_points_then_wins_and_count_members_yet_to_play() -> None:
    results = [TableResult(1, {1: 1, 2: 2, 3: 3}), TableResult(1, {4: 2, 5: 1, 6: 3}),
               TableResult(2, {1: 2, 5: 1, 3: 3})]
    lines = standings([1, 2, 3, 4, 5, 6, 7], results)
    assert [s.user_id for s in lines][:2] == [5, 1]
    assert (lines[0].points, lines[0].wins, lines[0].played) == (4.0, 2, 2)
    assert next(s for s in lines if s.user_id == 7) == Standing(7, 0.0, 0, 0)
    assert [s.user_id for s in lines][-2:] == [6, 3]  # no point: fewer games first


def test_six_members_over_three_rounds_meet_new_rivals_and_sit_by_standing() -> None:
    members = [11, 12, 13, 14, 15, 16]
    results: list[TableResult] = []
    for round_no in (1, 2, 3):
        tables = seat_round(members, results, round_no, 3, 3, seed=5)
        assert sorted(u for t, _ in tables for u in t) == members  # everyone, once
        assert all(len(t) == 3 and computers == 0 for t, computers in tables)
        if round_no > 1:
            met = {frozenset((a, b)) for r in results if r.round == round_no - 1
                   for a in r.ranks for b in r.ranks if a != b}
            rematches = sum(frozenset((a, b)) in met for t, _ in tables
                            for a in t for b in t if a < b)
            assert rematches <= 2  # two tables of three: some meet again, most do not
        for t, _ in tables:  # the lowest user id wins each table, for the test
            results.append(TableResult(round_no, {u: i + 1 for i, u in enumerate(sorted(t))}))
    assert seat_round(members, [], 1, 3, 3, seed=5) == seat_round(members, [], 1, 3, 3, seed=5)
    # Swiss: after round 1, the two table winners sit together in round 2.
    first = seat_round(members, [], 1, 3, 3, seed=5)
    winners = {min(t) for t, _ in first}
    second = seat_round(members, results[:2], 2, 3, 3, seed=5)
    assert any(winners <= set(t) for t, _ in second)
