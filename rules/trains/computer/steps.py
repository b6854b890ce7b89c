"""The computer's answers to the small decisions inside a card effect (pending steps)."""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

from rules.core.rng import Rng
from rules.trains.cards import load_cards
from rules.trains.computer import board as cb
from rules.trains.computer.cards import (
    RAILS,
    TRAIN_RANK,
    buy_spending,
    keep_rank,
    known_cards,
    progress,
    shares,
)

# VP of estimated start value within which two starting spaces count as alike (a draw decides).
START_SPREAD = 1.0


def arguments(legal: list[str], verb: str) -> list[str]:
    """The arguments of the legal actions starting with `verb `."""
    return [a[len(verb) + 1:] for a in legal if a.startswith(verb + " ")]


def _best(options: list[str], key: Any) -> str:
    """The option with the highest key (ties by name, so the choice is stable)."""
    return max(sorted(options), key=key)


def varied_starts(view: dict[str, Any], spot: cb.Spot,
                  scores: dict[str, float]) -> dict[str, float]:
    """Start scores with a draw of up to START_SPREAD added, the same for the same set-up.

    'Placer la voie ferrée de départ' goes round the table from the first player; on a fixed
    map the plain scores made every computer take the same space for its place in that order
    (Tokyo, 3 players: Futakotamagawa, Ikebukuro-Ueno, Jiyugaoka in every game), and the third
    player then won 11% of 200 computer tables (NOTES.md, "Seats"). Starts this close are not
    told apart by the estimate anyway. The draw follows what the seat sees of this table: the
    kingdom, its own hand and its seat.
    """
    seen = "|".join([*view["kingdom"], *sorted(view["you"]["hand"]), str(spot.seat)])
    return {h: v + START_SPREAD * Rng(int.from_bytes(hashlib.sha256(
        f"{seen}|{h}".encode()).digest()[:8], "big")).random() for h, v in scores.items()}


def _junk(view: dict[str, Any], card: str, spot: cb.Spot) -> bool:
    """A card that will do nothing this turn: Waste, VP cards, spent Rail/Station cards."""
    if keep_rank(card) <= 0:
        return True
    if card in RAILS:
        return cb.best_lay(view, spot, card)[1] <= 0
    if card == "station-expansion":
        return cb.best_station(view, spot)[1] <= 0
    return False


def hex_choice(view: dict[str, Any], legal: list[str], kind: str) -> str:
    """A space for `start`, `lay` or `station` (the kind is the action's verb), through a row
    menu if the game uses one."""
    spot = cb.read(view, progress(view))
    rows = arguments(legal, "row")
    if rows:  # games of rules version 1 ask for the row first
        every = [h.id for h in spot.board.hexes.values()]
        scores = hex_scores(view, spot, kind, every)
        good = [h for h in scores if spot.board.hexes[h].coord[0] in rows]
        if not good:
            return f"row {rows[0]}"
        return f"row {spot.board.hexes[_best(good, scores.__getitem__)].coord[0]}"
    options = arguments(legal, kind)
    if not options:
        return "back" if "back" in legal else "skip" if "skip" in legal else legal[0]
    scores = hex_scores(view, spot, kind, options)
    best = _best(options, lambda h: scores.get(h, -9.0))
    if "skip" in legal and scores.get(best, -9.0) <= 0 and kind != "start":
        return "skip"  # nothing worth the Waste it brings
    return f"{kind} {best}"


def hex_scores(view: dict[str, Any], spot: cb.Spot, kind: str,
                options: list[str]) -> dict[str, float]:
    """The board module's scores for the spaces offered."""
    if kind == "start":
        allowed = [h for h in options if spot.board.hexes[h].terrain not in ("sea", "remote")
                   and not spot.cubes.get(h)]
        return varied_starts(view, spot, cb.start_scores(spot, allowed))
    if kind == "station":
        return cb.station_scores(spot, options)
    coins = int(view["turn"]["coins"])
    allowed = [h for h in options if h in set(cb.lay_candidates(spot))]
    return cb.lay_scores(spot, allowed, coins, cb.waivers(view), buy_spending(view, spot))


def step_choice(view: dict[str, Any], legal: list[str]) -> str:
    """Answer the pending decision of a card effect."""
    pending = view["you"]["pending"] or {}
    kind = pending.get("kind", "")
    if kind in ("start", "lay", "station"):
        return hex_choice(view, legal, kind)
    if kind == "confirm":  # every such effect is a gain: draws, Landfill, Holiday's +3 coins
        return "apply"
    if kind in ("amusement", "switchback", "pulling", "maintenance"):
        verb = {"amusement": "choose", "switchback": "put", "pulling": "take",
                "maintenance": "reveal"}[kind]
        options = arguments(legal, verb)
        if not options:
            return "skip"
        best = _best(options, lambda c: TRAIN_RANK.get(c, 0))
        if kind == "switchback" and TRAIN_RANK.get(best, 0) < 4:
            return "skip"  # a Normal Train on top is no better than a random draw
        return f"{kind} {best}"
    if kind == "freight":
        return _best(legal, lambda a: int(a[7:]) if a.startswith("return ") else -1)
    if kind in ("mail", "swap"):
        spot = cb.read(view, progress(view))
        junk = [c for c in arguments(legal, "discard") if _junk(view, c, spot)]
        if kind == "mail":  # every card left in hand now is spent: each one is +1 coin
            junk = arguments(legal, "discard")
        return f"discard {_best(junk, lambda c: -keep_rank(c))}" if junk else "done"
    if kind == "discard":
        return f"discard {_best(arguments(legal, 'discard'), lambda c: -keep_rank(c))}"
    if kind == "crew":
        if "return waste" in legal:
            return "return waste"
        return "draw" if view["you"]["deck_size"] or view["you"]["discard"] else "coin"
    if kind == "wagon":
        return _wagon(legal)
    if kind == "wagon_gain":
        return f"gain {_best(arguments(legal, 'gain'), lambda c: TRAIN_RANK.get(c, 0))}"
    if kind == "buy_dest":
        card = load_cards()[pending.get("card", "waste")]
        return "to gained" if card.vp else "to deck"  # next hand gets the new card
    if kind == "signals":
        seen = pending.get("seen", "waste")
        return "discard top" if keep_rank(seen) <= 1 else "keep top"
    if kind == "name":
        return _name(view, legal)
    if kind == "info_take":
        taken = arguments(legal, "take")
        return f"take {_best(taken, keep_rank)}" if taken else "none"
    if kind == "info_order":
        return f"top {_best(arguments(legal, 'top'), keep_rank)}"
    if kind == "copy":
        options = arguments(legal, "copy")
        return f"copy {_best(options, keep_rank)}" if options else "skip"
    return next((a for a in legal if a not in ("skip", "back")), legal[0])


def _wagon(legal: list[str]) -> str:
    """Wagon Factory: trash the Train whose upgrade gains the most (Express -> Limited best)."""
    options = arguments(legal, "trash")
    if not options:
        return "skip"
    cards = load_cards()
    gain = {"express-train": 2.0, "normal-train": 1.5, "bullet-train": 1.0}
    best = _best(options, lambda c: gain.get(c, 0.5 - cards[c].cost))
    return f"trash {best}" if gain.get(best, 0) > 0 else "skip"


def _name(view: dict[str, Any], legal: list[str]) -> str:
    """Command Central: name the known top card, else the commonest card of the deck."""
    top = view["you"]["deck_top"]
    options = arguments(legal, "name")
    if top and top[0] in options:
        return f"name {top[0]}"
    have = shares(view)  # the deck holds what the seat owns minus what it sees elsewhere
    seen = Counter(known_cards(view))
    return f"name {_best(options, lambda c: (have[c] - seen[c], keep_rank(c)))}"
