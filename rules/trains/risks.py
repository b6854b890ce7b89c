"""What a Trains choice risks, said before it is made: the end of the game, cards left unplayed.

'Conditions de fin de partie': the game ends after the turn in which a fourth supply pile
empties, a player lays their last rail, or the last station pawn is placed.
"""

from __future__ import annotations

from rules.core.text import plural
from rules.trains.base import TrainsBase


def _ending_now(m: TrainsBase) -> bool:
    """An end condition already holds: the turn's end ends the game."""
    s, game = m.state, m.cards.game
    empty = sum(1 for c, n in s["supply"].items() if c != "waste" and n == 0)
    return (empty >= game["empty_piles_to_end"] or s["stations_left"] == 0
            or any(p["cubes_left"] == 0 for p in s["players"]))


def _lead(m: TrainsBase, seat: int) -> str:
    """"(Bob leads by 3 VP)", from the public standing."""
    said = m.standing().lead_words(m.players, seat)
    return f" ({said})" if said else ""


def risks(m: TrainsBase, seat: int, action: str) -> list[str]:
    """Warnings for one legal action of the current player (empty when it risks nothing)."""
    s = m.state
    if s["phase"] != "turn":
        return []
    verb, _, arg = action.partition(" ")
    if s["pending"] is None and action in ("end turn", "pass"):
        out = [f"ends the game{_lead(m, seat)}"] if _ending_now(m) else []
        if action == "end turn":
            unplayed = sorted({m.cards.name(c) for c in s["players"][seat]["hand"]
                               if m.cards[c].playable})
            if unplayed:  # named while the names fit a label; else counted, never cut
                names = ", ".join(unplayed)
                out.append(f"{names} left unplayed" if len(names) <= 30 else
                           f"{plural(len(unplayed), 'playable card')} left unplayed")
        return out
    if _ending_now(m):
        return []  # already said on ending the turn
    after = "the game ends after this turn"
    if s["pending"] is None and verb == "buy" and s["supply"].get(arg) == 1:
        empty = sum(1 for c, n in s["supply"].items() if c != "waste" and n == 0)
        if empty + 1 >= m.cards.game["empty_piles_to_end"]:
            return [f"last of its pile: {after}"]
    if verb == "lay" and s["players"][seat]["cubes_left"] == 1:
        return [f"your last rail: {after}"]
    if verb == "station" and s["stations_left"] == 1:
        return [f"the last station: {after}"]
    return []
