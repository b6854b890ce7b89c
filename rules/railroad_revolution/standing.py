"""Who leads in Railroad Revolution: VP as 'Fin du jeu et Décompte' counts them, money as its
tie-break (shares at $150), and how near the end is."""

from __future__ import annotations

from rules.core.lang import tr, trn
from rules.core.standing import Standing
from rules.railroad_revolution import scoring
from rules.railroad_revolution.lexicon import cash
from rules.railroad_revolution.turns import Turns


def logo_pieces(match: Turns, seat: int) -> int:
    """Buildings and rails still left of the company logo: at none, the end begins."""
    secs = match.p(seat)["sections"]
    return sum(secs[i][0] + secs[i][1] for i, s in enumerate(match.data.board_sections) if s[3])


def ending(match: Turns) -> str:
    """'Fin du jeu': how far each player is from emptying the left of the logo, or the turns
    left once someone has."""
    s, n = match.state, match.n()
    if s["stage"] == "over":
        return tr("Game over.")
    end = s["end"]
    if end is not None:
        left = max(0, end["last_turn"] - max(0, s["turn"]) + (s["stage"] == "action"))
        return trn("{player} emptied the left of the logo: the game ends in {n} turn, each "
                   "player's last one included.", "{player} emptied the left of the logo: the "
                   "game ends in {n} turns, each player's last one included.", left,
                   player=match.who(end["seat"]))
    pieces = ", ".join(f"{match.who(seat)} {logo_pieces(match, seat)}" for seat in range(n))
    return tr("The end begins when a player has no piece left of the logo (left now: "
              "{pieces}).", pieces=pieces)


def standing(match: Turns) -> Standing:
    """VP now (trains, milestones, tracks, telegraph links); tie-break money, shares at $150."""
    s, n = match.state, match.n()
    values = tuple(float(scoring.score(match, seat)) for seat in range(n))
    funds = tuple(float(scoring.tie_money(match, seat)) for seat in range(n))
    lines = tuple(trn("{vp} VP, ${money} + {n} share", "{vp} VP, ${money} + {n} shares",
                      int(match.p(seat)["shares"]), vp=f"{v:g}",
                      money=cash(int(match.p(seat)["money"])))
                  for seat, v in enumerate(values))
    if s["stage"] == "over":
        where = tr("game over")
    elif s["stage"].startswith("setup"):
        where = tr("setting up")
    else:
        turn = max(0, s["turn"])
        if s["end"] is not None:
            where = tr("round {round}, turn {turn} of {n}, the end has begun",
                       round=turn // n + 1, turn=turn % n + 1, n=n)
        else:
            where = tr("round {round}, turn {turn} of {n}", round=turn // n + 1,
                       turn=turn % n + 1, n=n)
    return Standing(where, tr("VP"), values, lines, table=ending(match), ties=funds)
