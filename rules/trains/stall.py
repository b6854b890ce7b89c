"""A table that no longer moves toward the end: two rounds without progress end the game.

'Conditions de fin de partie' ends the game only when 4 supply piles are empty, a player has laid
all their rails or every station pawn is placed. A table that only ends its turns never gets
there, so from rules version 3 two whole rounds in which nothing moved toward those three
conditions (and no Waste or card left a deck) end the game too: a house rule, the rulebook is
silent (see data/NOTES.md).
"""

from __future__ import annotations

from rules.core.lang import Msg, msg
from rules.trains.base import TrainsBase

ROUNDS = 2  # whole rounds without progress that end the game


def progress(m: TrainsBase) -> list[int]:
    """What moves the game on: cards in the piles (Waste apart), Waste in its pile, rails,
    station pawns, trashed cards.

    The piles, rails and pawns only go down; Waste comes back only after it was gained with a
    rail, a station or a VP card, and the trash only grows, out of cards bought or dealt. So any
    change here can happen only a bounded number of times: a table that keeps changing it ends
    by the rulebook's conditions, a table that stops changing it ends by this rule.
    """
    s = m.state
    return [sum(int(n) for c, n in s["supply"].items() if c != "waste")
            + sum(int(p["cubes_left"]) for p in s["players"]) + int(s["stations_left"]),
            int(s["supply"]["waste"]), len(s["trash"])]


def counts(m: TrainsBase) -> bool:
    """This match plays the rule (games started under versions 1 and 2 do not)."""
    return m.started_under >= 3


def idle_turns_after(m: TrainsBase) -> int:
    """The turns in a row without progress, counting the current one if it ended now."""
    s = m.state
    if s.get("progress") != progress(m):
        return 0
    return int(s.get("idle_turns", 0)) + 1


def ends_now(m: TrainsBase) -> bool:
    """Ending the current turn now would end the game for want of progress."""
    return counts(m) and idle_turns_after(m) >= ROUNDS * len(m.players)


def record_turn(m: TrainsBase) -> Msg | None:
    """At the end of a turn: count it, and say why the game ends if the table has stalled."""
    if not counts(m):
        return None
    s = m.state
    s["idle_turns"] = idle_turns_after(m)
    s["progress"] = progress(m)
    if s["idle_turns"] >= ROUNDS * len(m.players):
        return msg("for two whole rounds no one bought, gained, trashed or returned a card, "
                   "laid a rail or placed a station")
    return None
