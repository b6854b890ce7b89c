"""Who leads in Trains: VP as 'Conditions de fin de partie' counts them, and how near the end is.

Every card a player buys is bought in sight of the table, so the VP of the cards they own is
public even while those cards sit in a hidden deck.
"""

from __future__ import annotations

from rules.core.lang import Msg, say, tr
from rules.core.standing import Standing
from rules.trains import scoring
from rules.trains.base import TrainsBase


def _line(match: TrainsBase, seat: int) -> str:
    """"14 VP (9 from rails, 5 from cards)"."""
    rails = cards = 0
    for source, _, vp in scoring.parts(match, seat):
        if source == "rails":
            rails += int(vp)
        else:
            cards += int(vp)
    total = rails + cards
    if not cards:
        return tr("{total} VP from rails", total=total)
    return tr("{total} VP ({rails} from rails, {cards} from cards)", total=total, rails=rails,
              cards=cards)


def end_reasons(match: TrainsBase) -> list[str]:
    """Why the game ended, in the language spoken (kept unsaid in the state)."""
    return [say(Msg.from_json(r)) for r in match.state["end_reasons"]]


def ending(match: TrainsBase) -> str:
    """How near each end condition is ('Conditions de fin de partie', checked after a turn)."""
    s, game = match.state, match.cards.game
    if s["phase"] == "over":
        return tr("Game over: {reasons}.", reasons="; ".join(end_reasons(match)))
    empty = sum(1 for c, n in s["supply"].items() if c != "waste" and n == 0)
    fewest = min(p["cubes_left"] for p in s["players"])
    return tr("The game ends after a turn with {piles} empty supply piles (now {empty}), a "
              "player's last rail laid (fewest left: {fewest}) or no station left ({left} "
              "left).", piles=game["empty_piles_to_end"], empty=empty, fewest=fewest,
              left=s["stations_left"])


def standing(match: TrainsBase) -> Standing:
    """Each seat's VP now; ties share the win ('Le vainqueur'), so there is no tie-break."""
    s = match.state
    seats = range(len(match.players))
    values = tuple(float(scoring.score(match, seat)) for seat in seats)
    where = tr("setting up") if s["phase"] == "start" else \
        tr("game over") if s["phase"] == "over" else tr("turn {n}", n=s["turn_number"])
    return Standing(where, tr("VP"), values, tuple(_line(match, seat) for seat in seats),
                    table=ending(match))
