"""Names as the board shows them: places, trains, lights (with their drawn codes), switch settings.

Canonical action texts keep their short ids (`junction orl`, `green ams-s9`, `black1`); every
word a player reads or types goes through here instead.
"""

from __future__ import annotations

import unicodedata

from rules.core.text import normalize
from rules.switch_signal.board import Board, Signal

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def fold(name: str) -> str:
    """A name without accents, so "orleans" finds "Orléans" and "nurnberg" finds "Nürnberg"."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def both(name: str) -> list[str]:
    """A name as printed and without accents (once when they are the same)."""
    plain = fold(name)
    return [name] if plain == name else [name, plain]


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th..."""
    return ORDINALS.get(n, f"{n}th")


def train_name(tid: str) -> str:
    """`black1` -> "black train 1" (the board draws the number on a train of that colour)."""
    colour = tid.rstrip("0123456789")
    return f"{colour} train {tid[len(colour):]}"


def train_spellings(tid: str) -> list[str]:
    """Every way to type a train: "black train 1", "black 1", "black1"."""
    colour = tid.rstrip("0123456789")
    number = tid[len(colour):]
    return [train_name(tid), f"{colour} {number}", tid]


def node_name(board: Board, node: str) -> str:
    """The name printed beside a node."""
    return board.nodes[node].name


def track_name(board: Board, a: str, b: str) -> str:
    """`Paris–Dijon track`."""
    return f"{node_name(board, a)}–{node_name(board, b)} track"


def space_name(board: Board, segment: str, index: int) -> str:
    """`Paris–Dijon track, 2nd space from Paris`: counted from the first-named end."""
    seg = board.segments[segment]
    if seg.spaces == 1:
        return f"{track_name(board, seg.a, seg.b)} (its only space)"
    return f"{track_name(board, seg.a, seg.b)}, {ordinal(index)} space from " \
        f"{node_name(board, seg.a)}"


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


def light_name(board: Board, sig: str) -> str:
    """`Paris entrance from Orléans (L2)` or `Metz–Frankfurt track light (L22)`."""
    signal = board.signals[sig]
    x, y = _ends(board, signal)
    code = light_code(board, sig)
    if signal.city is not None:
        return f"{node_name(board, x)} entrance from {node_name(board, y)} ({code})"
    return f"{track_name(board, x, y)} light ({code})"


def light_spellings(board: Board, sig: str) -> list[str]:
    """Code, id and place names of a light, accents or not."""
    signal = board.signals[sig]
    x, y = _ends(board, signal)
    out = [light_code(board, sig), sig]
    for a in both(node_name(board, x)):
        for b in both(node_name(board, y)):
            if signal.city is not None:
                out += [f"{a} entrance from {b}", f"{a} entrance {b}", f"{a} {b}"]
            else:
                out += [f"{a} {b} track light", f"{a} {b} track", f"{b} {a} track", f"{a} {b}",
                        f"{b} {a}"]
    return out


def junction_name(board: Board, node: str) -> str:
    """`Orléans junction`."""
    return f"{node_name(board, node)} junction"


def setting_name(board: Board, pair: tuple[str, str] | list[str]) -> str:
    """`Paris–Toulouse` (the two branches a switch leaves open)."""
    names = sorted(node_name(board, n) for n in pair)
    return "–".join(names)


def node_by_word(board: Board, word: str) -> str | None:
    """The node a typed word names: its short label or its name (accents optional)."""
    said = normalize(word)
    for n in board.nodes.values():
        if said == n.label or said in (normalize(x) for x in both(n.name)):
            return n.id
    return None
