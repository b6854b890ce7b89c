"""End-game VP by source ('Conditions de fin de partie'): rails, VP cards, the score track."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.core.lang import tr, trn
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


def _sources(match: TrainsBase, seat: int) -> tuple[list[int], list[int], Counter[str], int]:
    """VP of each cube on a city, each on a remote location, VP cards owned, score track."""
    s, cards, board = match.state, match.cards, match.board
    mine = [(h, s["stations"].get(h, 0)) for h, seats in s["cubes"].items() if seat in seats]
    city = [board.cube_vp(h, n) for h, n in mine if board.hexes[h].terrain == "city"]
    remote = [board.cube_vp(h, n) for h, n in mine if board.hexes[h].terrain == "remote"]
    counts = Counter(c for c in owned(match, seat) if cards[c].vp)
    return city, remote, counts, int(s["players"][seat]["vp"])


def parts(match: TrainsBase, seat: int) -> list[tuple[str, str, int]]:
    """(source, label, VP) adding up to the seat's score; the source is "rails" (cities and
    remote locations), "cards" (VP cards) or "track" (the score track)."""
    cards, board = match.cards, match.board
    city, remote, counts, tokens = _sources(match, seat)
    steps = "/".join(map(str, board.station_vp))
    out = [
        ("rails", trn("Rails on cities ({n} rail; {steps} VP by stations)",
                      "Rails on cities ({n} rails; {steps} VP by stations)", len(city),
                      steps=steps), sum(city)),
        ("rails", trn("Rails on remote locations ({n} rail)",
                      "Rails on remote locations ({n} rails)", len(remote)), sum(remote)),
    ]
    for cid in sorted(counts, key=lambda c: (cards[c].vp, c)):
        n, vp = counts[cid], cards[cid].vp
        out.append(("cards", tr("{card} cards ({n} x {vp} VP)", card=cards.name(cid), n=n, vp=vp),
                    n * vp))
    if tokens or "tourist-train" in match.state["kingdom"]:
        out.append(("track", tr("Score track (Tourist Train)"), tokens))
    return out


def breakdown(match: TrainsBase, seat: int) -> list[list[Any]]:
    """[label, VP] pairs adding up to the seat's score: rails, VP cards, score track."""
    return [[label, vp] for _, label, vp in parts(match, seat)]


def score(match: TrainsBase, seat: int) -> int:
    """The seat's VP now: the sum of its breakdown (counted without its words)."""
    city, remote, counts, tokens = _sources(match, seat)
    cards = match.cards
    return sum(city) + sum(remote) + sum(n * cards[c].vp for c, n in counts.items()) + tokens
