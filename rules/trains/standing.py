"""Who leads in Trains: VP as 'Conditions de fin de partie' counts them, and how near the end is.

Every card a player buys is bought in sight of the table, so the VP of the cards they own is
public even while those cards sit in a hidden deck.
"""

from __future__ import annotations

from rules.core.standing import Standing
from rules.trains import scoring
from rules.trains.base import TrainsBase


def _line(match: TrainsBase, seat: int) -> str:
    """"14 VP (9 from rails, 5 from cards)"."""
    rails = cards = 0
    for label, vp in scoring.breakdown(match, seat):
        if str(label).startswith("Rails"):
            rails += int(vp)
        else:
            cards += int(vp)
    total = rails + cards
    if not cards:
        return f"{total} VP from rails"
    return f"{total} VP ({rails} from rails, {cards} from cards)"


def ending(match: TrainsBase) -> str:
    """How near each end condition is ('Conditions de fin de partie', checked after a turn)."""
    s, game = match.state, match.cards.game
    if s["phase"] == "over":
        return "Game over: " + "; ".join(s["end_reasons"]) + "."
    empty = sum(1 for c, n in s["supply"].items() if c != "waste" and n == 0)
    fewest = min(p["cubes_left"] for p in s["players"])
    return (f"The game ends after a turn with {game['empty_piles_to_end']} empty supply piles "
            f"(now {empty}), a player's last rail laid (fewest left: {fewest}) or no station "
            f"left ({s['stations_left']} left).")


def standing(match: TrainsBase) -> Standing:
    """Each seat's VP now; ties share the win ('Le vainqueur'), so there is no tie-break."""
    s = match.state
    seats = range(len(match.players))
    values = tuple(float(scoring.score(match, seat)) for seat in seats)
    where = "setting up" if s["phase"] == "start" else \
        "game over" if s["phase"] == "over" else f"turn {s['turn_number']}"
    return Standing(where, "VP", values, tuple(_line(match, seat) for seat in seats),
                    table=ending(match))
