"""Every game ends, whatever the players do (issue 28, item 5).

Two kinds of table for each game and each player count: players who always take the most
passive choice, and players who pick uniformly at random. Each must reach the end within a
bound of decisions. The bounds are several times what these tables take today (see
`BOUNDS`), so a change that lets a table drag on, or never end, fails here.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import rules
from rules.core.rng import Rng

# The answers that change the least, most passive first: declining, ending or stopping.
PASSIVE = ("pass", "end turn", "done", "stop", "skip", "decline")
# Going back is not passive: it only asks the same question again.
BACK = ("cancel", "undo")


def passive(game: str, legal: list[str]) -> str:
    """The most passive choice: pass/end/done/stop, else (Spike) draw, else the first action."""
    for word in PASSIVE:
        if word in legal:
            return word
    if game == "spike":
        # Drawing one card changes least; building is taken only when nothing else is offered.
        drawing = [a for a in legal if a == "draw deck" or a.startswith("take ")]
        if drawing:
            return drawing[0]
        legal = [a for a in legal if a != "build"] or legal
    forward = [a for a in legal if a not in BACK]
    return (forward or legal)[0]


# Decisions a table may take before it is called stuck. Measured on these seeds, the most over
# the player counts (passive / random): Steel Driver 30 / 236, Trains 13 / 539, Switch & Signal
# 78 / 238, Railroad Revolution 312 / 405, Spike 87 / 313. Trains before rules version 3 and
# Spike before version 4 had tables that never ended (their own tests keep those versions).
BOUNDS = {"steel-driver": 1500, "trains": 3000, "switch-and-signal": 1500,
          "railroad-revolution": 2500, "spike": 2500}


def play(game: str, players: int, choose: Callable[[list[str]], str]) -> int:
    """Play a new seeded match to its end; the number of decisions it took."""
    m = rules.new_match(game, players, 1)
    for decisions in range(BOUNDS[game]):
        if m.over:
            assert set(m.winners()) <= set(range(players))
            return decisions
        seat = m.to_act()[0]
        legal = m.legal(seat)
        assert legal, f"seat {seat} is due with nothing to do"
        m.act(seat, choose(legal))
    raise AssertionError(f"{game} with {players} players did not end in {BOUNDS[game]} "
                         "decisions")


def counts(game: str) -> range:
    """Every player count the game allows."""
    info = next(g for g in rules.catalog() if g["id"] == game)
    return range(int(info["min_players"]), int(info["max_players"]) + 1)


@pytest.mark.parametrize("game", sorted(BOUNDS))
def test_a_table_of_passive_players_ends(game: str) -> None:
    for players in counts(game):
        play(game, players, lambda legal: passive(game, legal))


@pytest.mark.parametrize("game", sorted(BOUNDS))
def test_a_table_of_random_players_ends(game: str) -> None:
    for players in counts(game):
        rng = Rng(players)
        play(game, players, rng.choice)
