"""End-game VP by source ('Conditions de fin de partie'): rails, VP cards, the score track."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.core.text import plural
from rules.trains.base import TrainsBase


def owned(match: TrainsBase, seat: int) -> list[str]:
    """Every card the seat owns now: hand, deck, discard, in play, gained, out for a moment."""
    s = match.state
    p = s["players"][seat]
    cards = p["hand"] + p["deck"] + p["discard"]
    if seat == s["current"]:
        cards = cards + [e["card"] for e in s["turn"]["play"]] + s["turn"]["gained"]
    pending = s["pending"] or {}
    for zone in ("revealed", "left", "placed"):  # cards out of every zone for a moment
        cards = cards + list(pending.get(zone, []))
    return list(cards)


def breakdown(match: TrainsBase, seat: int) -> list[list[Any]]:
    """[label, VP] pairs adding up to the seat's score: rails, VP cards, score track."""
    s, cards, board = match.state, match.cards, match.board
    mine = [(h, s["stations"].get(h, 0)) for h, seats in s["cubes"].items() if seat in seats]
    city = [board.cube_vp(h, n) for h, n in mine if board.hexes[h].terrain == "city"]
    remote = [board.cube_vp(h, n) for h, n in mine if board.hexes[h].terrain == "remote"]
    steps = "/".join(map(str, board.station_vp))
    parts: list[list[Any]] = [
        [f"Rails on cities ({_count(len(city), 'rail')}; {steps} VP by stations)", sum(city)],
        [f"Rails on remote locations ({_count(len(remote), 'rail')})", sum(remote)],
    ]
    counts = Counter(c for c in owned(match, seat) if cards[c].vp)
    for cid in sorted(counts, key=lambda c: (cards[c].vp, c)):
        n, vp = counts[cid], cards[cid].vp
        parts.append([f"{cards[cid].name} cards ({n} x {vp} VP)", n * vp])
    tokens = int(s["players"][seat]["vp"])
    if tokens or "tourist-train" in s["kingdom"]:
        parts.append(["Score track (Tourist Train)", tokens])
    return parts


def score(match: TrainsBase, seat: int) -> int:
    """The seat's VP now: the sum of its breakdown."""
    return sum(int(vp) for _, vp in breakdown(match, seat))


def _count(n: int, word: str) -> str:
    """The count with its noun, plural when needed: 1 rail, 3 rails."""
    return plural(n, word)
