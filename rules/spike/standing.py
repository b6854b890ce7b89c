"""Who leads in Spike: money, the score itself ('le joueur qui a le plus d'argent l'emporte'),
with the rulebook's tie-breaks; route cards stay secret until the end, so they are left out."""

from __future__ import annotations

from rules.core.lang import tr, trn
from rules.core.standing import Standing
from rules.spike.scoring import ScoringMixin


def ordinal(n: int) -> str:
    """`3rd`, `4th` (of a time card)."""
    if n == 1:
        return tr("1st")
    if n == 2:
        return tr("2nd")
    if n == 3:
        return tr("3rd")
    return tr("{n}th", n=n)


def ending(match: ScoringMixin) -> str:
    """'Manches et cartes de temps': what ends this round, and the game."""
    s = match.state
    total = match.board.rules["time_cards"]
    deck = len(s["deck"])
    if s["phase"] == "over":
        return tr("Game over: {reason}.", reason=match.end_reason())
    if s["final_turns"]:
        names = ", ".join(match.who(seat) for seat in s["final_turns"])
        return tr("Last turns: {players}, then the game ends.", players=names)
    if s["round"] < 3:
        return tr("Round {round} of 3 ends when the rail deck runs out ({n} cards); in round 3 "
                  "the {ordinal} time card ends the game. Secret route cards pay at the end.",
                  round=s["round"], n=deck, ordinal=ordinal(total))
    return tr("The {ordinal} time card ends the game: {drawn} of {total} turned up, {n} cards "
              "in the deck (time cards in its bottom half).", ordinal=ordinal(total),
              drawn=s["time_drawn"], total=total, n=deck)


def standing(match: ScoringMixin) -> Standing:
    """Money now; ties: cities connected, then track left ('En cas d'égalité')."""
    s, n = match.state, len(match.players)
    keys = [match.rank_key(seat) for seat in range(n)]
    over = s["phase"] == "over"
    lines = tuple(trn("${money}, {n} city linked", "${money}, {n} cities linked", cities,
                      money=money) for money, cities, _ in keys)
    if over:
        where = tr("game over")
    elif s["phase"] != "play":
        where = tr("setting up")
    else:
        where = tr("round {round} of 3, turn {turn}", round=s["round"], turn=s["turn_number"])
    # One number per seat for the tie-breaks: cities first, then track left (at most 99).
    ties = tuple(float(cities * 100 + tracks) for _, cities, tracks in keys)
    measure = tr("$ final") if over else tr("$ before route cards")
    return Standing(where, measure, tuple(float(k[0]) for k in keys), lines, table=ending(match),
                    ties=ties)
