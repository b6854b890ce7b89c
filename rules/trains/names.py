"""Names a Trains player may type: cards (English, French, other names) and board spaces."""

from __future__ import annotations

from functools import lru_cache

from rules.core.lang import tr
from rules.core.text import normalize
from rules.trains.base import TrainsBase
from rules.trains.board import Board, load_board
from rules.trains.cards import CardSet, load_cards

# Decisions where a bare card name is enough ("express train" for "take express-train").
PICKS = ("copy", "name", "discard", "take", "top", "choose", "put", "reveal", "trash", "gain")
HEX_VERBS = ("start", "lay", "station")
COMMANDS = ("end turn", "pass", "skip", "apply", "done", "none", "back", "discard top", "keep top",
            "draw", "coin", "return waste", "to deck", "to gained")
VERBS = ("play", "buy", "start", "lay", "station", "row", "copy", "name", "discard", "take", "top",
         "choose", "put", "reveal", "trash", "gain", "return")


def command_word(action: str) -> str:
    """A whole command without object ("end turn", "skip") in the language spoken."""
    said = {"end turn": tr("end turn"), "pass": tr("pass"), "skip": tr("skip"),
            "apply": tr("apply"), "done": tr("done"), "none": tr("none"), "back": tr("back"),
            "discard top": tr("discard top"), "keep top": tr("keep top"), "draw": tr("draw"),
            "coin": tr("coin"), "return waste": tr("return waste"), "to deck": tr("to deck"),
            "to gained": tr("to gained")}
    return said.get(action, action)


def verb_word(verb: str) -> str:
    """The verb of a move with an object ("play", "lay", "row") in the language spoken."""
    said = {"play": tr("play"), "buy": tr("buy"), "start": tr("start"), "lay": tr("lay"),
            "station": tr("station"), "row": tr("row"), "copy": tr("copy"), "name": tr("name"),
            "discard": tr("discard"), "take": tr("take"), "top": tr("top"),
            "choose": tr("choose"), "put": tr("put"), "reveal": tr("reveal"),
            "trash": tr("trash"), "gain": tr("gain"), "return": tr("return")}
    return said.get(verb, verb)


def card_names(cards: CardSet, cid: str) -> list[str]:
    """Every spelling of a card: id, name and aliases."""
    card = cards[cid]
    return [cid, card.name, *card.aliases]


def hex_names(board: Board, hex_id: str) -> list[str]:
    """Every spelling of a space: id, name, coordinate label and aliases."""
    h = board.hexes[hex_id]
    return [hex_id, h.coord, h.name] + [a for a, v in board.aliases.items() if v == hex_id]


@lru_cache(maxsize=1)
def _card_index() -> dict[str, str]:
    cards = load_cards()
    return {normalize(n): cid for cid in cards.cards for n in card_names(cards, cid)}


@lru_cache(maxsize=2)
def _hex_index(map_id: str) -> dict[str, str]:
    board = load_board(map_id)
    return {normalize(n): h for h in board.hexes for n in hex_names(board, h) if n}


def _lookup(index: dict[str, str], typed: str) -> str | None:
    """An exact name, else the one name whose words start with the typed words."""
    if typed in index:
        return index[typed]
    words = typed.split()
    found = {v for k, v in index.items()
             if len(words) <= len(k.split()) and all(w.startswith(t) for t, w in
                                                     zip(words, k.split()))}
    return found.pop() if len(found) == 1 else None


def find_card(typed: str) -> str | None:
    """The card a typed (normalized) name means, if exactly one."""
    return _lookup(_card_index(), typed) if typed else None


def find_hex(map_id: str, typed: str) -> str | None:
    """The space a typed (normalized) name means on that map, if exactly one."""
    return _lookup(_hex_index(map_id), typed) if typed else None


def spellings(m: TrainsBase, seat: int) -> list[tuple[str, str]]:
    """Canonical actions plus card names, French names, place names and board labels."""
    out: list[tuple[str, str]] = []
    legal = m.legal(seat)
    hex_ids = m.board.hexes
    for action in legal:
        out.append((action, action))
        said = command_word(action)
        if said != action:  # the command in the language spoken (nothing added in English)
            out.append((said, action))
        head, _, last = action.rpartition(" ")
        verb = verb_word(head)
        heads = [head] if verb == head else [head, verb]
        if last in m.cards.cards:
            names = card_names(m.cards, last)[1:]
            out += [(f"{h} {name}", action) for h in heads for name in names]
            if verb != head:
                out.append((f"{verb} {last}", action))
            if head in PICKS:
                out += [(name, action) for name in names]
        elif last in hex_ids and head in HEX_VERBS:
            names = [n for n in hex_names(m.board, last)[1:] if n]
            out += [(f"{h} {name}", action) for h in heads for name in names]
            if verb != head:
                out.append((f"{verb} {last}", action))
            out += [(name, action) for name in [last, *names]]
        elif head == "row" and verb != head:
            out.append((f"{verb} {last}", action))
        elif head == "return" and verb != head:  # Freight Train: "return 2"
            out.append((f"{verb} {last}", action))
    return out
