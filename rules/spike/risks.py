"""What a Spike choice risks, said before it is made: the end of a round or of the game, a
delivery left undone ('Manches et cartes de temps', 'Livraison')."""

from __future__ import annotations

from rules.core.lang import tr
from rules.spike.said import comma_list, good
from rules.spike.scoring import ScoringMixin


def last_turn(m: ScoringMixin, seat: int) -> bool:
    """'Condition spéciale de fin': the seat plays the game's very last turn."""
    return bool(m.state["final_turns"] == [seat])


def risks(m: ScoringMixin, seat: int, action: str) -> list[str]:
    """Warnings for one legal action (empty when it risks nothing)."""
    s = m.state
    if s["phase"] != "play":
        return []
    kind = m.step()["kind"]
    verb = action.partition(" ")[0]
    drawing = action == "draw deck" or verb == "take" or (kind == "draw" and action == "stop")
    if drawing and s["round"] >= 3 and \
            s["time_drawn"] == m.board.rules["time_cards"] - 1 and s["deck"]:
        # Any card from the deck (a draw, or the display's refill) may be the last time card.
        # "(Bob leads by $5)": money only, route cards being secret.
        lead = m.standing().lead_words(m.players, seat)
        return [tr("may end the game ({lead})", lead=lead) if lead else tr("may end the game")]
    if action == "draw deck" and s["round"] < 3 and len(s["deck"]) == 1:
        return [tr("the deck's last card: round {round} ends", round=s["round"])]
    if action == "end turn" and kind == "city":
        point = m.train_point(seat)
        city = m.board.points[point].city if point is not None else None
        undone = []
        for other in m.legal(seat):
            what, _, name = other.partition(" ")
            if what == "deliver" and city is not None:
                contract = next(c for c in m.me(seat)["contracts"] if c["good"] == name)
                undone.append(tr("+${amount} delivery",
                                 amount=dict(m.destinations(contract))[city]))
            elif what == "load":
                undone.append(tr("{good} load", good=good(name)))
        if undone:
            return [tr("{things} left undone", things=comma_list(undone))]
    return []
