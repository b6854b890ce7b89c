"""Public and per-seat views of a Trains match: only the seat's own secrets in its view."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.trains import scoring, standing
from rules.trains.base import TrainsBase
from rules.trains.board import ROW_LETTERS
from rules.trains.card_words import does

RECENT_LINES = 8
# Fields of a pending decision that everyone at the table sees; the rest stays private
# (e.g. the card Signals looked at, the order Information Central puts cards back).
PUBLIC_PENDING = ("kind", "card", "as", "revealed")


def _barriers(match: TrainsBase) -> list[list[str]]:
    """Pairs of neighbouring hexes that a barrier line separates."""
    board = match.board
    grid = {(h.row, h.col): h.id for h in board.hexes.values()}
    out = []
    for h in board.hexes.values():
        shift = (-1, 0) if h.row % 2 == 0 else (0, 1)
        near = [(h.row, h.col + 1)] + [(h.row + 1, h.col + d) for d in shift]
        for q in near:
            other = grid.get(q)
            if other is not None and other not in board.adjacent[h.id]:
                out.append([h.id, other])
    return out


def last_move(match: TrainsBase) -> dict[str, Any] | None:
    """What the last turn changed on the board: the turn in progress once it laid a rail or
    placed a station, else the last finished turn. Only board moves are read from the log of
    actions (`start`, `lay` and `station` name a space, as their public log lines do)."""
    turns: list[tuple[int, list[str]]] = []
    current: tuple[int, list[str]] | None = None
    for seat, action in match.log:
        if current is None:
            current = (seat, [])
        current[1].append(action)
        if action.startswith("start ") or action in ("end turn", "pass"):
            turns.append(current)
            current = None
    board = [(seat, [a for a in acts if a.split(" ")[0] in ("start", "lay", "station")])
             for seat, acts in turns + ([current] if current is not None else [])]
    if current is not None and not board[-1][1] and len(board) > 1:
        board.pop()  # the turn in progress has not changed the board yet
    if not board:
        return None
    seat, moves = board[-1]
    return {"player": seat,
            "rails": [a.split(" ", 1)[1] for a in moves if not a.startswith("station ")],
            "stations": [a.split(" ", 1)[1] for a in moves if a.startswith("station ")]}


def public_view(match: TrainsBase, lean: bool = False) -> dict[str, Any]:
    """JSON-ready dict for spectators, channel messages and the board image; `lean` (a
    computer's) leaves out what only people read: words, barriers, last move, standing, which
    cost more to build than a computer's whole decision."""
    s, cards, board = match.state, match.cards, match.board
    due = match.to_act()
    turn = s["turn"]
    pending = s["pending"]
    view: dict[str, Any] = {
        "game": match.game_id,
        "title": match.info.title,
        "map": board.id,
        "map_title": board.title,
        "printed_cards": s["printed"],
        "phase": s["phase"],
        "turn_number": s["turn_number"],
        "current": s["current"],
        "first": s["first"],
        "to_act": due,
        "kingdom": list(s["kingdom"]),
        "supply": [
            {"card": c, "name": cards.name(c), "cost": cards[c].cost, "coins": cards[c].coins,
             "vp": cards[c].vp, "types": list(cards[c].types), "count": n,
             "kingdom": cards[c].kingdom, "buyable": c != "waste"}
            for c, n in s["supply"].items()
        ],
        "trash": list(s["trash"]),
        "stations_left": s["stations_left"],
        "hexes": [
            {"id": h.id, "coord": h.coord, "row": h.row, "col": h.col, "row_letter":
             ROW_LETTERS[h.row], "terrain": h.terrain, "name": h.name, "label": h.label,
             "buildings": h.buildings, "value": h.value,
             "stations": s["stations"].get(h.id, 0), "cubes": list(s["cubes"].get(h.id, []))}
            for h in board.hexes.values()
        ],
        "players": [
            {"seat": i, "name": name, "score": scoring.score(match, i), "vp_tokens": p["vp"],
             "cubes_left": p["cubes_left"], "hand_size": len(p["hand"]),
             "deck_size": len(p["deck"]), "discard_size": len(p["discard"])}
            for i, (name, p) in enumerate(zip(match.players, s["players"]))
        ],
        "turn": {
            "player": s["current"], "coins": turn["coins"], "acted": turn["acted"],
            "play": [{"card": e["card"], "name": cards.name(e["card"]), "applied": e["on"],
                      "as": e.get("as")} for e in turn["play"]],
            "gained": list(turn["gained"]), "bought": list(turn["bought"]),
        },
        "pending": None if pending is None else
        {k: pending[k] for k in PUBLIC_PENDING if k in pending},
        "empty_piles": [c for c, n in s["supply"].items() if c != "waste" and n == 0],
        "winners": match.winners(),
        "scores": match.scores(),
    }
    if not lean:
        view.update({
            "prompt": match.prompt(due[0]) if due else "",
            "barriers": _barriers(match),
            "last_move": last_move(match),
            "end_reasons": standing.end_reasons(match),
            "recent": [text for _, text in match.lines[-RECENT_LINES:]],
            "standing": match.standing().to_dict(match.players),  # public: VP, how near the end
        })
    if s["phase"] == "over":  # every card is counted at the end; hands stay secret until then
        view["breakdown"] = [scoring.breakdown(match, seat) for seat in range(len(match.players))]
    return view


def private_view(match: TrainsBase, seat: int, lean: bool = False) -> dict[str, Any]:
    """The public view plus what that seat alone knows; `lean` (a computer's) leaves out the
    words for people, the cards' words too."""
    view = public_view(match, lean)
    p = match.state["players"][seat]
    mine: dict[str, Any] = {
        "seat": seat,
        "hand": sorted(p["hand"]),
        # « Regardez dans votre pile de défausse ... Vous ne pouvez pas changer l'ordre »
        # (Traction): the owner may look through it, in its order.
        "discard": list(p["discard"]),
        "deck_size": len(p["deck"]),
        "deck_top": list(p["deck"][: p["known_top"]]),
        # A player knows every card they own (each was dealt, bought or gained in the open), so
        # what the deck holds, but not its order: counts by card, never the sequence.
        "deck_cards": _counts(p["deck"]),
        "owned": _counts(scoring.owned(match, seat)),
        "legal": match.legal(seat),
        "pending": None,
    }
    if seat in match.to_act() and match.state["pending"] is not None:
        mine["pending"] = dict(match.state["pending"])
    view["you"] = mine
    if not lean:
        view["card_facts"] = card_facts(match, p["hand"])
    return view


def _counts(cards: list[str]) -> dict[str, int]:
    """How many of each card, by card id in sorted order (no order of the pile shows)."""
    return dict(sorted(Counter(cards).items()))


def card_facts(match: TrainsBase, held: list[str]) -> dict[str, dict[str, Any]]:
    """Name, numbers and effect words of each card a seat holds, to draw its hand as cards."""
    printed = match.options["printed_cards"] == "yes"
    out: dict[str, dict[str, Any]] = {}
    for cid in sorted(set(held)):
        card = match.cards[cid]
        out[cid] = {"name": match.cards.name(cid), "cost": card.cost, "coins": card.coins,
                    "vp": card.vp, "types": list(card.types), "does": does(card, printed)}
    return out
