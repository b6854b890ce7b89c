"""What a Railroad Revolution choice risks, said before it is made.

'Fin du jeu': once a player has emptied every section left of the company logo, the round is
finished and everyone plays one last turn. A piece taken from the player board (a rail, a
station, an office, a sale) may be the one that starts this end.
"""

from __future__ import annotations

from typing import Any

from rules.core.lang import Msg, msg, tr
from rules.railroad_revolution.lexicon import WORKER, commas
from rules.railroad_revolution.turns import Turns

# Pieces an action takes from the player board, by worker: (kind, most taken); Trade sells
# the leftmost piece of either kind ("any").
TAKES = {"railroad": ("rail", 2), "station": ("building", 1), "telegraph": ("building", 1),
         "trade": ("any", 1)}


def _empties(m: Turns, seat: int, kind: str, count: int) -> bool:
    """True when taking `count` leftmost pieces of `kind` leaves no piece left of the logo."""
    sections = [list(sec) for sec in m.p(seat)["sections"]]
    kinds = (0, 1) if kind == "any" else (0,) if kind == "building" else (1,)
    for _ in range(count):  # as take_piece does: the leftmost section holding that kind
        found = next(((sec, i) for sec in sections for i in kinds if sec[i]), None)
        if found is None:
            break
        found[0][found[1]] -= 1
    return all(sections[i] == [0, 0] for i, s in enumerate(m.data.board_sections) if s[3])


def _takes(f: dict[str, Any], action: str, spaces: Any) -> tuple[str, int] | None:
    """(kind, 1) when this step takes a piece from the player board, else None."""
    verb, _, arg = action.partition(" ")
    if f["kind"] == "hub" and not f["main"]:
        if verb == "rail" and arg in spaces:
            return "rail", 1
        if verb in ("build", "office"):
            return "building", 1
        if verb == "sell":
            return arg, 1
    if f.get("piece") == "board":
        if f["kind"] == "rail" and verb == "rail" and arg in spaces:
            return "rail", 1
        if f["kind"] in ("city", "office") and verb in ("build", "office"):
            return "building", 1
    return None


# The optional parts of an action ('Résolution des effets'), as a warning names them when the
# action is finished without them.
TASK_WORDS = {"reward": msg("main reward"), "first bonus": msg("1st station bonus"),
              "tile bonus": msg("tile bonus"), "flip train": msg("train flip"),
              "promote": msg("promotion")}


def _skipped(m: Turns, seat: int) -> list[str]:
    """Finishing an action: the optional parts still open, left unused."""
    out: list[Msg | str] = [
        TASK_WORDS[a] if a in TASK_WORDS else msg("{worker}'s ability", worker=WORKER[a[4:]])
        for a in m.legal(seat) if a in TASK_WORDS or a.startswith("use ")]
    return [tr("leaves unused: {parts}", parts=commas(out))] if out else []


def _lead(m: Turns, seat: int) -> str:
    """"Bob leads by 70 VP" from the public standing."""
    return m.standing().lead_words(m.players, seat)


def risks(m: Turns, seat: int, action: str) -> list[str]:
    """Warnings for one legal action (empty when it risks nothing)."""
    s, f = m.state, m.top()
    if f is None or s["stage"].startswith("setup") or s["stage"] == "over":
        return []
    name, _, colour = action.partition(" ")
    placing = f["kind"] == "place" and name in TAKES
    if f["kind"] == "hub" and action == "done":
        return _skipped(m, seat)
    if s["end"] is not None:
        if placing and m.turns_left(seat) == 1:
            lead = _lead(m, seat)
            return [tr("your last turn ({lead})", lead=lead) if lead else tr("your last turn")]
        return []
    if placing:
        kind, most = TAKES[name]
        most += name == "railroad" and colour == "turquoise"  # a 3rd rail
        if _empties(m, seat, kind, most):
            lead = _lead(m, seat)
            return [tr("may start the end of the game ({lead})", lead=lead) if lead else
                    tr("may start the end of the game")]
        return []
    taken = _takes(f, action, m.data.spaces)
    if taken is not None and _empties(m, seat, *taken):
        lead = _lead(m, seat)
        return [tr("starts the end of the game ({lead})", lead=lead) if lead else
                tr("starts the end of the game")]
    return []
