"""The computer's card sense: how far the game is, what its deck holds, and what to buy."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from rules.trains.cards import load_cards
from rules.trains.computer.board import Spot, best_station, lead, rush

TURNS = 20  # own turns in a typical game ('Durée environ 45 min')

# Coin-equivalents a card brings each time it is played, for buying ("Explications des effets
# des cartes"); drawing cards is worth about one coin per card drawn.
PER_USE: dict[str, float] = {
    "normal-train": 1.0, "express-train": 2.0, "limited-express-train": 3.0,
    "bullet-train": 1.8, "early-train": 2.3, "freight-train": 1.7, "mail-train": 1.6,
    "tourist-train": 2.6, "amusement-park": 2.6, "passing-station": 2.1, "signaling-area": 2.1,
    "control-room": 3.1, "garage": 1.8, "signals": 1.3, "command-central": 1.1,
    "conductors-station": 1.0, "information-central": 2.1, "temporary-timetable": 2.7,
    "pulling": 1.7, "station-crew": 1.2, "switchback": 1.6, "stationmaster-office": 1.3,
    "maintenance-factory": 1.4, "wagon-factory": 1.4, "ironworks": 1.6, "dump-site": 1.6,
    "holiday-timetable": 1.2, "landfill": 1.0,
}
RAILS = ("lay-rails", "steel-bridge", "tunnel", "viaduct", "collaboration", "subway-excavation")
# What each special Rail card adds to a plain Lay Rails: its waiver ('Pose de rail' surcharges).
WAIVER_BONUS = {"steel-bridge": 0.4, "tunnel": 0.5, "viaduct": 0.6, "collaboration": 0.3,
                "subway-excavation": 1.0}
AVERAGE = 1.1  # coin-equivalents of an average card of a young deck

# How good a Train card is to hold, copy, gain or put back on the deck.
TRAIN_RANK = {"limited-express-train": 6, "early-train": 5, "express-train": 4,
              "tourist-train": 3.5, "freight-train": 3, "mail-train": 3, "bullet-train": 2.5,
              "normal-train": 1}


def known_cards(view: dict[str, Any]) -> list[str]:
    """The seat's cards it can see now: hand, discard pile, play area, gained pile, deck top."""
    you = view["you"]
    turn = view["turn"]
    mine = turn["player"] == you["seat"]
    return (list(you["hand"]) + list(you["discard"]) + list(you["deck_top"])
            + ([e["card"] for e in turn["play"]] + list(turn["gained"]) if mine else []))


def deck_size(view: dict[str, Any]) -> int:
    """Every card the seat owns (known ones plus the rest of its deck)."""
    you = view["you"]
    return len(known_cards(view)) + int(you["deck_size"]) - len(you["deck_top"])


def shares(view: dict[str, Any]) -> defaultdict[str, float]:
    """Estimated count of each kind in the whole deck: the cards the seat sees, plus a guess
    for the unseen rest of its deck.

    The view does not list the deck's contents (the seat bought every card, but the view keeps
    no record of it), so the unseen cards are first the starting cards not seen yet
    ('Installation': 7 Normal Train, 2 Lay Rails, 1 Station Expansion), then cards like the
    seen ones.
    """
    known = Counter(known_cards(view))
    unseen = float(deck_size(view) - sum(known.values()))
    start = load_cards().game["starting_deck"]
    missing = {c: max(0, int(n) - known[c]) for c, n in start.items()}
    gone = sum(missing.values())
    out: defaultdict[str, float] = defaultdict(float, {c: float(n) for c, n in known.items()})
    if unseen <= 0:
        return out
    part = min(1.0, unseen / gone) if gone else 0.0
    for c, n in missing.items():
        out[c] += n * part
    rest = unseen - gone * part
    bought = {c: n for c, n in known.items() if c not in start}
    seen = sum(bought.values()) or 1
    for c, n in bought.items():
        out[c] += rest * n / seen
    return out


def coin_density(have: dict[str, float]) -> float:
    """Average coins a card of the deck brings (Trains and the Action cards' own coins)."""
    cards = load_cards()
    total = sum(have.values())
    if total <= 0:
        return 1.0
    return sum(cards[c].coins * n for c, n in have.items()) / total


def progress(view: dict[str, Any]) -> float:
    """How near the end the game is, 0 to 1 ('Conditions de fin de partie')."""
    n = len(view["players"])
    piles = [s for s in view["supply"] if s["buyable"]]
    empty = sum(1 for s in piles if s["count"] == 0)
    low = sum(1 for s in piles if 0 < s["count"] <= 3)
    by_piles = min(1.0, (empty + 0.3 * low) / 4)
    by_cubes = max((20 - int(p["cubes_left"])) / 20 for p in view["players"])
    by_stations = (30 - int(view["stations_left"])) / 30.0
    by_turns = int(view["turn_number"]) / (n * TURNS)
    return float(max(0.0, min(1.0, max(by_piles, by_cubes ** 1.5, by_stations, by_turns))))


def _rail_value(view: dict[str, Any], rails: float, useful: float, lay_value: float) -> float:
    """One more Rail card: wanted until about a quarter of the useful cards lay rails."""
    left = int(view["players"][view["you"]["seat"]]["cubes_left"])
    p = progress(view)
    want = min(7.0, max(3.0, 0.25 * useful))
    hope = (3.0 if rails < want else 0.6) + 0.3 * max(0.0, min(lay_value, 2.0))
    return hope * min(1.0, left / 6) * (1.0 - 0.5 * p) if left > 0 else 0.0


def _station_value(view: dict[str, Any], have: float, useful: float, value: float) -> float:
    """One more Station Expansion: each one lifts our cubes on a city (0/2/4/8 VP), so it is
    worth a VP card once a city of our network wants a station."""
    if value <= 0:
        return 0.0
    want = 1.0 + useful / 12
    return (1.5 if have < want else 0.3) * (1.0 - 0.5 * progress(view)) + 0.6 * min(value, 4.0)


def buy_values(view: dict[str, Any], lay_value: float, station_value: float) -> dict[str, float]:
    """VP-like value of each buyable card now: money early, Rail cards while the network
    grows, VP cards as the end nears ('Acheter une carte')."""
    cards = load_cards()
    p = progress(view)
    have = shares(view)
    total = max(1.0, float(sum(have.values())))
    useful = total - have["waste"] - sum(n for c, n in have.items() if cards[c].vp)
    dump = any(e["card"] == "dump-site" and e["applied"] for e in view["turn"]["play"])
    rails = sum(have[c] for c in RAILS)
    waste_share = have["waste"] / total
    late = max(0.0, min(1.0, (p - 0.3) / 0.4))
    poor = max(0.0, 1.1 - coin_density(have)) * 2.0  # short of coins: money first
    hurry = rush(view, p)
    ahead = lead(view)
    out: dict[str, float] = {}
    for pile in view["supply"]:
        cid = pile["card"]
        if not pile["buyable"] or pile["count"] <= 0:
            continue
        card = cards[cid]
        if card.vp:  # each VP card also brings a Waste ('Lorsque vous achetez cette carte')
            out[cid] = card.vp * 1.5 * late - (0.0 if dump else 0.3)
        elif cid in RAILS:
            out[cid] = (_rail_value(view, rails, useful, lay_value)
                        + WAIVER_BONUS.get(cid, 0.0) * (1 - p)) / (1.0 + 0.5 * poor)
        elif cid == "station-expansion":
            out[cid] = _station_value(view, have[cid], useful, station_value)
        else:
            per = PER_USE.get(cid, 1.0)
            if cid == "landfill":
                per = 0.6 + 8 * waste_share / (1.0 + 2 * have[cid])  # one or two are plenty
            elif cid == "station-crew":
                per = 1.0 + 4 * waste_share / (1.0 + 0.5 * have[cid])
            elif cid == "freight-train":
                per += 4 * waste_share
            elif cid == "tourist-train":
                per += 1.5 * p  # its VP matter more as money matters less
            money = card.coins >= 2 or cid == "limited-express-train"
            out[cid] = (per - AVERAGE) * 1.8 * (1.0 - p) * (1.0 + (poor if money else 0.0))
            if have[cid] >= 3 and card.kingdom:
                out[cid] -= 0.3 * (have[cid] - 2)  # a fourth copy rarely helps as much
        if hurry > 0 and pile["count"] <= 2 + 2 * len(view["empty_piles"]):
            out[cid] = max(out[cid], 0.5) + 1.5 * hurry  # emptying piles ends the game
        if pile["count"] == 1 and len(view["empty_piles"]) == 3 and ahead + card.vp < 0:
            out[cid] = -20.0  # the fourth empty pile ends the game: not while we are behind
    return out


def outlook(view: dict[str, Any], spot: Spot) -> tuple[float, float]:
    """How good the next rail and the next station could be (for buying Rail/Station cards):
    the best space within two cheap steps of the network, the best city for a station."""
    near = spot.distances(spot.mine())
    lay = max([spot.worth(h) for h, d in near.items() if 0 < d <= 2.5], default=0.0)
    return lay, best_station(view, spot)[1]


def buy_spending(view: dict[str, Any], spot: Spot) -> list[float]:
    """What the best single buy is worth with 0, 1, 2, ... coins (for rails that cost coins)."""
    values = buy_values(view, *outlook(view, spot))
    cost = {s["card"]: int(s["cost"]) for s in view["supply"]}
    most = int(view["turn"]["coins"])
    return [max([0.0] + [v for c, v in values.items() if cost[c] <= k]) for k in range(most + 1)]


def best_buy(view: dict[str, Any], legal: list[str], lay_value: float,
             station_value: float) -> str | None:
    """The most valuable `buy` among the legal ones, if any is worth a card in the deck."""
    values = buy_values(view, lay_value, station_value)
    options = [a[4:] for a in legal if a.startswith("buy ") and a[4:] in values]
    if not options:
        return None
    best = max(sorted(options), key=lambda c: values[c])
    return f"buy {best}" if values[best] > 0.3 else None


def keep_rank(card: str) -> float:
    """How much a card in hand is worth keeping (low ones are discarded first)."""
    if card == "waste":
        return -1.0
    c = load_cards()[card]
    if c.vp:
        return 0.0
    if card in TRAIN_RANK:
        return TRAIN_RANK[card]
    if card in RAILS:
        return 3.5
    if card == "station-expansion":
        return 2.0
    return PER_USE.get(card, 1.0) + 0.5
