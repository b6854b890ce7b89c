"""Who leads: the player a game's standing puts first mid-game wins more often than the player
cash (or the raw score) puts first, over seeded games of every competitive game.

Games are played by the computer players with one move in seven picked at random (seeded), so
the seeds give different games; the standing is read a quarter, half and three quarters of the
way through. A tie for first counts as a share of a hit.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

import rules
from rules.core.computer import computer_action

Measure = Callable[[rules.Match], Sequence[float]]
CHECKPOINTS = (1, 2, 3)  # quarters of the game


def _cash(m: rules.Match) -> list[float]:
    """Steel Driver's cash, Railroad Revolution's money: what a newcomer would look at."""
    key = "cash" if m.game_id == "steel-driver" else "money"
    return [float(p[key]) for p in m.state["players"]]


def _score(m: rules.Match) -> list[float]:
    """The raw score, no tie-break."""
    return m.scores()


def _standing(m: rules.Match) -> list[float]:
    """The standing's ranking, tie-break included (first place only matters)."""
    st = m.standing()
    ranks = st.ranks()
    return [-float(r) for r in ranks]


def _played(game_id: str, players: int, seed: int) -> rules.Match:
    """A whole seeded game: the computer's moves, one in seven random."""
    pick = random.Random(seed)
    m = rules.new_match(game_id, [f"P{i}" for i in range(players)], seed)
    while not m.over:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        m.act(seat, pick.choice(legal) if pick.random() < 1 / 7 else computer_action(m, seat))
    return m


def _share(values: Sequence[float], winners: set[int]) -> float:
    """The part of first place that went to a winner."""
    best = max(values)
    first = [s for s, v in enumerate(values) if v == best]
    return sum(1 for s in first if s in winners) / len(first)


def agreement(game_id: str, tables: Sequence[tuple[int, int]],
              measures: dict[str, Measure]) -> tuple[dict[str, float], int]:
    """How often each measure's leader won, over (players, seed) tables at each checkpoint."""
    hits = dict.fromkeys(measures, 0.0)
    samples = 0
    for players, seed in tables:
        done = _played(game_id, players, seed)
        winners = set(done.winners())
        marks = {len(done.log) * q // 4 for q in CHECKPOINTS}
        again = rules.new_match(game_id, done.players, seed)
        for n, (seat, action) in enumerate(done.log):
            if n in marks:
                for name, measure in measures.items():
                    hits[name] += _share(measure(again), winners)
                samples += 1
            again.act(seat, action)
    return {name: round(h / samples, 3) for name, h in hits.items()}, samples


@pytest.mark.parametrize("players", [3, 4, 5])
def test_steel_driver_cash_plus_shares_picks_the_winner_more_often_than_cash(
        players: int) -> None:
    """Over 24 seeds of each size (about 0.47 against 0.39 for cash over all three)."""
    tables = [(players, seed) for seed in range(24)]
    rates, samples = agreement("steel-driver", tables, {"standing": _standing, "cash": _cash})
    assert samples == 3 * len(tables)
    assert rates["standing"] > rates["cash"], rates


def test_railroad_revolution_vp_picks_the_winner_more_often_than_money() -> None:
    tables = [(2 + seed % 3, seed) for seed in range(9)]
    rates, _ = agreement("railroad-revolution", tables,
                         {"standing": _standing, "cash": _cash, "score": _score})
    assert rates["standing"] >= rates["cash"] + 0.05, rates
    assert rates["standing"] >= rates["score"], rates


@pytest.mark.parametrize("game_id", ["trains", "spike"])
def test_a_game_scored_by_its_own_measure_does_no_worse_than_the_raw_score(game_id: str) -> None:
    """Trains (VP) and Spike (dollars) rank by the score itself, with the rulebook's tie-breaks
    (Spike: cities linked, then track left): never worse than the score, better than a guess."""
    info = rules.game_info(game_id)
    tables = [(info.min_players + seed % 2, seed) for seed in range(6)]
    rates, _ = agreement(game_id, tables, {"standing": _standing, "score": _score})
    assert rates["standing"] >= rates["score"], rates
    assert rates["standing"] > 1 / 2 * (1 / info.min_players + 1 / (info.min_players + 1)), rates


def _midgame(game_id: str, moves: int) -> rules.Match:
    """A seeded game some moves in, played by the computer."""
    m = rules.new_match(game_id, ["A", "B", "C"], 4)
    for _ in range(moves):
        seat = m.to_act()[0]
        m.act(seat, computer_action(m, seat))
    return m


def _hide_otherwise(m: rules.Match) -> None:
    """Change only what no other seat sees: a hand against a deck, a secret route card, the
    kinds of action cards in a hand (its size stays)."""
    p = m.state["players"][0] if "players" in m.state else None
    if m.game_id == "trains":
        assert p is not None
        cards = p["hand"] + p["deck"]
        random.Random(1).shuffle(cards)
        p["hand"], p["deck"] = cards[: len(p["hand"])], cards[len(p["hand"]):]
    elif m.game_id == "spike":
        assert p is not None
        p["route"] = (p["route"] + 1) % 36 if p["route"] is not None else 0
    elif m.game_id == "switch-and-signal":
        hand = m.state["hands"][0]
        total = sum(hand.values())
        hand.update(signal=total, switch=0, move=0)


@pytest.mark.parametrize("game_id", ["trains", "spike", "switch-and-signal"])
def test_a_standing_is_public_hidden_cards_change_nothing(game_id: str) -> None:
    m = _midgame(game_id, 60)
    before = m.standing()
    assert m.view(None)["standing"] == m.view(0)["standing"] == before.to_dict(m.players)
    _hide_otherwise(m)
    assert m.standing() == before
