"""Who leads in Railroad Revolution: VP as 'Fin du jeu et Décompte' counts them, money as its
tie-break (shares at $150), and how near the end is."""

from __future__ import annotations

from rules.core.standing import Standing
from rules.railroad_revolution import scoring
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
        return "Game over."
    end = s["end"]
    if end is not None:
        left = max(0, end["last_turn"] - max(0, s["turn"]) + (s["stage"] == "action"))
        return (f"{match.who(end['seat'])} emptied the left of the logo: the game ends in "
                f"{left} turn{'s' * (left != 1)}, each player's last one included.")
    pieces = ", ".join(f"{match.who(seat)} {logo_pieces(match, seat)}" for seat in range(n))
    return f"The end begins when a player has no piece left of the logo (left now: {pieces})."


def standing(match: Turns) -> Standing:
    """VP now (trains, milestones, tracks, telegraph links); tie-break money, shares at $150."""
    s, n = match.state, match.n()
    values = tuple(float(scoring.score(match, seat)) for seat in range(n))
    funds = tuple(float(scoring.tie_money(match, seat)) for seat in range(n))
    lines = tuple(f"{v:g} VP, ${match.p(seat)['money']} + "
                  f"{match.p(seat)['shares']} share{'s' * (match.p(seat)['shares'] != 1)}"
                  for seat, v in enumerate(values))
    if s["stage"] == "over":
        where = "game over"
    elif s["stage"].startswith("setup"):
        where = "setting up"
    else:
        turn = max(0, s["turn"])
        where = f"round {turn // n + 1}, turn {turn % n + 1} of {n}"
        if s["end"] is not None:
            where += ", the end has begun"
    return Standing(where, "VP", values, lines, table=ending(match), ties=funds)
