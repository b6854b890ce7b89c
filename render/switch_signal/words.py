"""The small words drawn on a Switch & Signal picture, in the reader's language: phases, trains,
colours, places on the track, hands."""

from __future__ import annotations

from typing import Any

from rules.core.lang import tr, trn

HAND_KINDS = ("signal", "switch", "move")


def phase_word(phase: str) -> str:
    """The phase as the header names it ("" for an unknown one)."""
    return {"arrange": tr("Arranging the board"), "reveal": tr("Reveal a departure card"),
            "depart": tr("Departures"), "actions": tr("Action cards"),
            "over": tr("Game over")}.get(phase, "")


def train_words(tid: object) -> str:
    """`black1` -> "black train 1", as the map shows it (a number on a train of that colour)."""
    text = str(tid or "")
    colour = text.rstrip("0123456789")
    if colour == text:
        return text
    number = text[len(colour):]
    if colour == "black":
        return tr("black train {number}", number=number)
    if colour == "brown":
        return tr("brown train {number}", number=number)
    if colour == "grey":
        return tr("grey train {number}", number=number)
    return f"{colour} train {number}"


def colour_word(colour: str) -> str:
    """A train colour on a chip ("any" for a colour of choice)."""
    if colour == "any":  # said as a count's form, so the chip's short word is its own
        return trn("any", "any", 1)
    return {"black": tr("black"), "brown": tr("brown"), "grey": tr("grey")}.get(colour, colour)


def cube_word(colour: str) -> str:
    """A goods cube of a colour: "yellow cube"."""
    return {"yellow": tr("yellow cube"), "blue": tr("blue cube"), "red": tr("red cube"),
            "white": tr("white cube")}.get(colour, f"{colour} cube")


def colour_count(colour: str, n: object) -> str:
    """"2 black" (trains in the depot)."""
    return tr("{n} {colour}", n=n, colour=colour_word(colour))


def goods_word(colour: str, n: object) -> str:
    """"2 yellow" (cubes delivered)."""
    return {"yellow": tr("{n} yellow", n=n), "blue": tr("{n} blue", n=n),
            "red": tr("{n} red", n=n), "white": tr("{n} white", n=n)}.get(
        colour, f"{n} {colour}")


def hand_words(hand: dict[str, Any]) -> str:
    """"2 signal, 0 switch, 1 move": a shown hand."""
    return ", ".join(kind_count(k, hand.get(k, 0)) for k in HAND_KINDS)


def kind_count(kind: str, n: object) -> str:
    """"2 signal"."""
    if kind == "signal":
        return tr("{n} signal", n=n)
    if kind == "switch":
        return tr("{n} switch", n=n)
    return tr("{n} move", n=n)


def cards_held(n: object) -> str:
    """"1 card", "2 cards"."""
    count = int(n) if isinstance(n, (int, float)) else 0
    return trn("{n} card", "{n} cards", count)


def _ordinal_space(track: str, nth: str, city: str) -> str:
    """"Paris–Dijon track, 2nd space from Paris"."""
    if nth == "1":
        return tr("{track}, 1st space from {city}", track=track, city=city)
    if nth == "2":
        return tr("{track}, 2nd space from {city}", track=track, city=city)
    if nth == "3":
        return tr("{track}, 3rd space from {city}", track=track, city=city)
    return tr("{track}, {nth}th space from {city}", track=track, nth=nth, city=city)


def where(board: dict[str, Any], at: str | None) -> str:
    """Readable name of a node or track space id ("Paris–Dijon track, 2nd space from Paris")."""
    places = {str(n["id"]): str(n.get("name", n["id"])) for n in board.get("nodes") or []}
    seg, _, index = str(at or "").partition(":")
    for s in board.get("segments") or []:
        if s.get("id") == seg and index:
            a, b = places.get(s["a"], s["a"]), places.get(s["b"], s["b"])
            track = tr("{a}–{b} track", a=a, b=b)
            if len(s.get("spaces") or []) == 1:
                return tr("{track} (its only space)", track=track)
            return _ordinal_space(track, index, a)
    return places.get(seg, seg) if at else tr("the depot")
