"""What a Trains choice risks, said before it is made: the end of the game, cards left unplayed.

'Conditions de fin de partie': the game ends after the turn in which a fourth supply pile
empties, a player lays their last rail, or the last station pawn is placed.
"""

from __future__ import annotations

from rules.core.lang import tr, trn
from rules.trains import stall
from rules.trains.base import TrainsBase


def _ending_now(m: TrainsBase) -> bool:
    """An end condition already holds: the turn's end ends the game."""
    s, game = m.state, m.cards.game
    empty = sum(1 for c, n in s["supply"].items() if c != "waste" and n == 0)
    return (empty >= game["empty_piles_to_end"] or s["stations_left"] == 0
            or any(p["cubes_left"] == 0 for p in s["players"]))


def risks(m: TrainsBase, seat: int, action: str) -> list[str]:
    """Warnings for one legal action of the current player (empty when it risks nothing)."""
    s = m.state
    if s["phase"] != "turn":
        return []
    verb, _, arg = action.partition(" ")
    if s["pending"] is None and action in ("end turn", "pass"):
        lead = m.standing().lead_words(m.players, seat)  # "Bob leads by 3 VP", public
        out = [(tr("ends the game ({lead})", lead=lead) if lead else tr("ends the game"))
               ] if _ending_now(m) or stall.ends_now(m) else []
        if action == "end turn":
            unplayed = sorted({m.cards.name(c) for c in s["players"][seat]["hand"]
                               if m.cards[c].playable})
            if unplayed:  # named while the names fit a label; else counted, never cut
                names = ", ".join(unplayed)
                out.append(trn("{cards} left unplayed", "{cards} left unplayed", len(unplayed),
                               cards=names) if len(names) <= 30 else
                           trn("{n} playable card left unplayed",
                               "{n} playable cards left unplayed", len(unplayed)))
        return out
    if _ending_now(m):
        return []  # already said on ending the turn
    if s["pending"] is None and verb == "buy" and s["supply"].get(arg) == 1:
        empty = sum(1 for c, n in s["supply"].items() if c != "waste" and n == 0)
        if empty + 1 >= m.cards.game["empty_piles_to_end"]:
            return [tr("last of its pile: the game ends after this turn")]
    if verb == "lay" and s["players"][seat]["cubes_left"] == 1:
        return [tr("your last rail: the game ends after this turn")]
    if verb == "station" and s["stations_left"] == 1:
        return [tr("the last station: the game ends after this turn")]
    return []
