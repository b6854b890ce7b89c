"""Ratings from finished games: the library's own numbers, ranks as players expect, a rebuild
equal to the game-by-game updates."""

from __future__ import annotations

from openskill.models import PlackettLuce

from bot.tables.ratings import (
    EVERYWHERE,
    NEW,
    Outcome,
    Placing,
    computer,
    person,
    ranks,
    rate,
    rebuild,
)


def test_winners_first_then_scores_ties_equal_and_resigned_seats_last() -> None:
    assert ranks([Placing("a", 10), Placing("b", 30, won=True), Placing("c", 10),
                  Placing("d", 99, resigned=True)]) == [2, 1, 2, 3]
    # A tie-break winner on equal score still ranks above the other.
    assert ranks([Placing("a", 50), Placing("b", 50, won=True)]) == [2, 1]


def test_a_newcomer_shows_1000_and_a_winner_climbs_above_the_others() -> None:
    assert NEW.shown == 1000
    game = Outcome(1, "trains", 5, 1.0, (Placing(person(1), 40, won=True),
                                         Placing(person(2), 30), Placing(computer("normal"), 20)))
    new = rate({}, game)
    assert new[person(1)].shown > new[person(2)].shown > new[computer("normal")].shown
    assert {r.games for r in new.values()} == {1}


def _series() -> list[Outcome]:
    """Six games of two games by four people and a computer, on two servers."""
    a, b, c, d, cpu = person(1), person(2), person(3), person(4), computer("normal")
    return [
        Outcome(1, "trains", 10, 1.0, (Placing(a, 30, won=True), Placing(b, 20), Placing(c, 25))),
        Outcome(2, "trains", 10, 2.0, (Placing(b, 40, won=True), Placing(a, 40),
                                       Placing(cpu, 10))),
        Outcome(3, "spike", 10, 3.0, (Placing(c, 70, won=True), Placing(d, 12))),
        Outcome(4, "trains", 20, 4.0, (Placing(a, 9, won=True), Placing(d, 3),
                                       Placing(b, 50, resigned=True))),
        Outcome(5, "switch-and-signal", 10, 5.0, (Placing(a, 1, won=True), Placing(b, 1,
                                                  won=True)), cooperative=True,
                difficulty="standard"),
        Outcome(6, "trains", 10, 6.0, (Placing(c, 31, won=True), Placing(a, 30),
                                       Placing(cpu, 30))),
    ]


def test_ratings_equal_the_librarys_own_computation_over_a_series() -> None:
    model = PlackettLuce()
    own: dict[tuple[int, str, str], object] = {}
    for game in _series():
        if game.cooperative:
            continue
        for scope in (EVERYWHERE, game.guild_id):
            key = [(scope, game.game_id, p.player) for p in game.placings]
            teams = [[own.get(k) or model.rating()] for k in key]
            order = ranks(game.placings)
            for k, (after,) in zip(key, model.rate(teams, ranks=order), strict=True):
                own[k] = after
    ours = rebuild(_series())
    assert set(ours) == set(own)
    for k, rating in ours.items():
        assert (rating.mu, rating.sigma) == (own[k].mu, own[k].sigma), k  # type: ignore[attr-defined]
    assert ours[(EVERYWHERE, "trains", person(1))].games == 4
    assert ours[(10, "trains", person(1))].games == 3
    assert (20, "switch-and-signal", person(1)) not in ours  # cooperative: never rated


def test_a_rebuild_in_any_order_of_arrival_gives_the_same_ratings() -> None:
    assert rebuild(reversed(_series())) == rebuild(_series())
