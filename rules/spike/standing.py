"""Who leads in Spike: money, the score itself ('le joueur qui a le plus d'argent l'emporte'),
with the rulebook's tie-breaks; route cards stay secret until the end, so they are left out."""

from __future__ import annotations

from rules.core.standing import Standing
from rules.spike.scoring import ScoringMixin


def ordinal(n: int) -> str:
    """`3rd`, `4th`."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def ending(match: ScoringMixin) -> str:
    """'Manches et cartes de temps': what ends this round, and the game."""
    s = match.state
    total = match.board.rules["time_cards"]
    deck = len(s["deck"])
    if s["phase"] == "over":
        return f"Game over: {s['end_reason']}."
    if s["final_turns"]:
        names = ", ".join(match.who(seat) for seat in s["final_turns"])
        return f"Last turns: {names}, then the game ends."
    if s["round"] < 3:
        return (f"Round {s['round']} of 3 ends when the rail deck runs out ({deck} cards); in "
                f"round 3 the {ordinal(total)} time card ends the game. Secret route cards pay "
                "at the end.")
    return (f"The {ordinal(total)} time card ends the game: {s['time_drawn']} of {total} turned "
            f"up, {deck} cards in the deck (time cards in its bottom half).")


def standing(match: ScoringMixin) -> Standing:
    """Money now; ties: cities connected, then track left ('En cas d'égalité')."""
    s, n = match.state, len(match.players)
    keys = [match.rank_key(seat) for seat in range(n)]
    over = s["phase"] == "over"
    lines = tuple(f"${money}, {cities} cit{'y' if cities == 1 else 'ies'} linked"
                  for money, cities, _ in keys)
    if over:
        where = "game over"
    elif s["phase"] != "play":
        where = "setting up"
    else:
        where = f"round {s['round']} of 3, turn {s['turn_number']}"
    # One number per seat for the tie-breaks: cities first, then track left (at most 99).
    ties = tuple(float(cities * 100 + tracks) for _, cities, tracks in keys)
    measure = "$ final" if over else "$ before route cards"
    return Standing(where, measure, tuple(float(k[0]) for k in keys), lines, table=ending(match),
                    ties=ties)
