"""Names as the board shows them: places, trains, lights (with their drawn codes), switch settings.

Canonical action texts keep their short ids (`junction orl`, `green ams-s9`, `black1`); every
word a player reads or types goes through here instead. Each name comes as a `Msg` (`*_said`,
kept unsaid for a log line) and as the words of the language spoken now (`*_name`); place names
are data words (`"_words"` in the board files), said with `term`.
"""

from __future__ import annotations

import unicodedata

from rules.core.lang import Msg, msg, term, tr, word
from rules.core.text import normalize
from rules.switch_signal.board import Board, Signal


def fold(name: str) -> str:
    """A name without accents, so "orleans" finds "Orléans" and "nurnberg" finds "Nürnberg"."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def both(name: str) -> list[str]:
    """A name as printed and without accents (once when they are the same)."""
    plain = fold(name)
    return [name] if plain == name else [name, plain]


def train_said(tid: str, capital: bool = False) -> Msg:
    """`black1` -> "black train 1" (the board draws the number on a train of that colour);
    with `capital`, as a sentence begins: "Black train 1"."""
    colour = tid.rstrip("0123456789")
    n = int(tid[len(colour):])
    if colour == "black":
        return msg("Black train {number}", number=n) if capital else \
            msg("black train {number}", number=n)
    if colour == "brown":
        return msg("Brown train {number}", number=n) if capital else \
            msg("brown train {number}", number=n)
    return msg("Grey train {number}", number=n) if capital else \
        msg("grey train {number}", number=n)


def train_name(tid: str) -> str:
    """`black1` -> "black train 1" in the language spoken."""
    return train_said(tid).said()


def colour_word(colour: str) -> str:
    """A train colour as typed: "black" ("noir")."""
    return {"black": tr("black"), "brown": tr("brown"), "grey": tr("grey")}.get(colour, colour)


def train_spellings(tid: str) -> list[str]:
    """Every way to type a train: "black train 1", "black 1", "black1"."""
    colour = tid.rstrip("0123456789")
    number = tid[len(colour):]
    return [train_name(tid), f"{colour_word(colour)} {number}", tid]


def node_name(board: Board, node: str) -> str:
    """The name printed beside a node, in the language spoken."""
    return term(board.nodes[node].name)


def node_said(board: Board, node: str) -> Msg:
    """A node's name kept unsaid."""
    return word(board.nodes[node].name)


def track_said(board: Board, a: str, b: str) -> Msg:
    """`Paris–Dijon track`."""
    return msg("{a}–{b} track", a=node_said(board, a), b=node_said(board, b))


def track_name(board: Board, a: str, b: str) -> str:
    """`Paris–Dijon track`, in the language spoken."""
    return track_said(board, a, b).said()


def space_said(board: Board, segment: str, index: int) -> Msg:
    """`Paris–Dijon track, 2nd space from Paris`: counted from the first-named end."""
    seg = board.segments[segment]
    track = track_said(board, seg.a, seg.b)
    if seg.spaces == 1:
        return msg("{track}, its only space", track=track)
    city = node_said(board, seg.a)
    if index == 1:
        return msg("{track}, 1st space from {city}", track=track, city=city)
    if index == 2:
        return msg("{track}, 2nd space from {city}", track=track, city=city)
    if index == 3:
        return msg("{track}, 3rd space from {city}", track=track, city=city)
    return msg("{track}, {nth}th space from {city}", track=track, nth=index, city=city)


def space_name(board: Board, segment: str, index: int) -> str:
    """A track space in the language spoken."""
    return space_said(board, segment, index).said()


_CODES: dict[tuple[str, str], dict[str, str]] = {}


def light_codes(board: Board) -> dict[str, str]:
    """Signal id -> the short code drawn beside that light on the board (L1, L2, ...)."""
    codes = _CODES.get(board.key)
    if codes is None:
        codes = _CODES[board.key] = {sig: f"L{i}" for i, sig in enumerate(board.signals, start=1)}
    return codes


def light_code(board: Board, sig: str) -> str:
    """The code drawn beside a light."""
    return light_codes(board)[sig]


def _ends(board: Board, signal: Signal) -> tuple[str, str]:
    """(city, other end) for an entrance; (a, b) for a light on open track."""
    seg = board.segments[signal.segment]
    if signal.city is not None:
        return signal.city, seg.other(signal.city)
    return seg.a, seg.b


def light_said(board: Board, sig: str) -> Msg:
    """`Paris entrance from Orléans (L2)` or `Metz–Frankfurt track light (L22)`."""
    signal = board.signals[sig]
    x, y = _ends(board, signal)
    code = light_code(board, sig)
    if signal.city is not None:
        return msg("{city} entrance from {other} ({code})", city=node_said(board, x),
                   other=node_said(board, y), code=code)
    return msg("{track} light ({code})", track=track_said(board, x, y), code=code)


def light_name(board: Board, sig: str) -> str:
    """A light in the language spoken."""
    return light_said(board, sig).said()


def light_spellings(board: Board, sig: str) -> list[str]:
    """Code, id and place names of a light, accents or not."""
    signal = board.signals[sig]
    x, y = _ends(board, signal)
    out = [light_code(board, sig), sig]
    for a in both(node_name(board, x)):
        for b in both(node_name(board, y)):
            if signal.city is not None:
                out += [tr("{city} entrance from {other}", city=a, other=b),
                        tr("{city} entrance {other}", city=a, other=b), f"{a} {b}"]
            else:
                out += [tr("{a} {b} track light", a=a, b=b), tr("{a} {b} track", a=a, b=b),
                        tr("{a} {b} track", a=b, b=a), f"{a} {b}", f"{b} {a}"]
    return out


def junction_said(board: Board, node: str) -> Msg:
    """`Orléans junction`."""
    return msg("{city} junction", city=node_said(board, node))


def junction_name(board: Board, node: str) -> str:
    """A junction in the language spoken."""
    return junction_said(board, node).said()


def setting_said(board: Board, pair: tuple[str, str] | list[str]) -> Msg:
    """`Paris–Toulouse` (the two branches a switch leaves open), in English name order."""
    a, b = sorted(pair, key=lambda n: board.nodes[n].name)
    return msg("{a}–{b}", a=node_said(board, a), b=node_said(board, b))


def setting_name(board: Board, pair: tuple[str, str] | list[str]) -> str:
    """`Paris–Toulouse` in the language spoken (names in its alphabetical order)."""
    names = sorted(node_name(board, n) for n in pair)
    return tr("{a}–{b}", a=names[0], b=names[1])


def node_by_word(board: Board, typed: str) -> str | None:
    """The node a typed word names: its short label or its name (accents optional), as
    printed or in the language spoken."""
    said = normalize(typed)
    for n in board.nodes.values():
        if said == n.label or said in (normalize(x) for x in both(n.name)) \
                or said == normalize(term(n.name)):
            return n.id
    return None
