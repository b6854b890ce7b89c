"""Names a Trains player may type: cards (English, French, other names) and board spaces."""

from __future__ import annotations

from functools import lru_cache

from rules.core.text import normalize
from rules.trains.base import TrainsBase
from rules.trains.board import Board, load_board
from rules.trains.cards import CardSet, load_cards

# Decisions where a bare card name is enough ("express train" for "take express-train").
PICKS = ("copy", "name", "discard", "take", "top", "choose", "put", "reveal", "trash", "gain")
HEX_VERBS = ("start", "lay", "station")


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
        head, _, last = action.rpartition(" ")
        if last in m.cards.cards:
            names = card_names(m.cards, last)[1:]
            out += [(f"{head} {name}", action) for name in names]
            if head in PICKS:
                out += [(name, action) for name in names]
        elif last in hex_ids and head in HEX_VERBS:
            names = [n for n in hex_names(m.board, last)[1:] if n]
            out += [(f"{head} {name}", action) for name in names]
            out += [(name, action) for name in [last, *names]]
    return out
