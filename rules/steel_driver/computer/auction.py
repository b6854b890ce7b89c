"""Phase 2 for the computer player: which control marker to open and how far to bid."""

from __future__ import annotations

import math
from typing import Any

from rules.core.rng import Rng
from rules.steel_driver.board import final_value, load_board
from rules.steel_driver.computer.net import Table, plan_worth, read_table

# What all the markers still to sell are worth per cube, counting every seat's cubes (the
# going price), and per cube of this seat's own hand (when it is richer than the table).
MARKET = 150.0
CUBE_PRICE = 35.0
# Profit a cube brings in whichever company it is spent, so winning elsewhere earns it too.
CUBE_INCOME = 10.0
# The goods-set dollars a line may still gain per round left after this one.
GROWTH_PER_ROUND = 20.0
# Goods potential per share held, when this seat steers the line's building.
STEER_PER_SHARE = 0.4
# Chance that a bid someone else can still beat ends up winning.
UNSURE_WIN = 0.4


def share_worth(view: dict[str, Any], table: Table, co: dict[str, Any]) -> float:
    """Rough final payout of one share (Phase 6: each share pays the company's set value).

    A city on several lines yields one goods cube to whichever company takes it first, so it
    counts as a fraction of a cube here.
    """
    reach: dict[str, int] = {}
    for other in view["companies"]:
        for city in other["network"]:
            reach[city] = reach.get(city, 0) + 1
    counts: dict[str, float] = {}
    for city in co["network"]:
        colour = table.colour[city]
        counts[colour] = counts.get(colour, 0.0) + 1 / reach[city]
    kept = {c: round(n) for c, n in counts.items() if round(n) > 0}
    rounds_after = int(view["rounds"]) - int(view["round"])
    return final_value(kept, load_board()) + GROWTH_PER_ROUND * rounds_after


def win_worth(
    view: dict[str, Any], table: Table, co: dict[str, Any], me: int
) -> tuple[float, int]:
    """Cash to this seat from winning control with all its cubes, and the bid that uses them.

    Rulebook, Phase 2: the bid goes into the company box and the winner decides its rails; the
    profit of every newly connected city goes to the controller (Phase 4). Steering the rails
    also grows the goods potential of the shares already held.
    """
    weight = STEER_PER_SHARE * (co["shares"][me] + 1)
    budget = co["cubes"] + view["players"][me]["cubes"]
    income, spent = plan_worth(table, set(co["network"]), budget, co["rails_left"], weight)
    return income + share_worth(view, table, co), max(0, spent - co["cubes"])


def bid_worth(
    view: dict[str, Any], table: Table, co: dict[str, Any], bid: int, me: int
) -> float:
    """Cash to this seat from winning control with `bid` cubes: this round's income, one share."""
    weight = STEER_PER_SHARE * (co["shares"][me] + 1)
    income, _ = plan_worth(table, set(co["network"]), co["cubes"] + bid, co["rails_left"], weight)
    return income + share_worth(view, table, co)


def cube_price(view: dict[str, Any], me: int) -> float:
    """What a cube in hand is worth: the markers still to sell over every cube still to come.

    All seats' cubes count, as they set the going price of a marker. Cubes unspent after
    round 5 are worth nothing (Phase 6 counts only cash), so with no other marker left to
    buy this round a cube is worth nothing.
    """
    rounds_after = int(view["rounds"]) - int(view["round"])
    players = len(view["players"])
    gain = load_board().cubes_per_player[players]  # Phase 1 income per round
    # The marker being weighed is not counted: the price is what the cubes could buy instead.
    unsold = sum(1 for c in view["companies"] if c["controller"] is None) - 1
    markers = unsold + len(view["companies"]) * rounds_after
    if not markers:
        return 0.0
    everyone = sum(int(p["cubes"]) for p in view["players"]) + players * gain * rounds_after
    mine = int(view["players"][me]["cubes"]) + gain * rounds_after
    price = min(MARKET / max(everyone, 1), CUBE_PRICE / max(mine, 1)) * markers + CUBE_INCOME
    if rounds_after == 0:
        # Last round: cubes beyond what the rivals hold cannot be outbid, only left unused.
        return price * min(1.0, (everyone - mine) / max(mine, 1))
    return price


def budget(view: dict[str, Any], me: int) -> int:
    """The most cubes for one marker: the hand shared over the markers this seat may win.

    Phase 2 sells every marker once per round; with more markers than players holding cubes,
    a seat can expect several, so one should not take the whole hand.
    """
    cubes = int(view["players"][me]["cubes"])
    unsold = sum(1 for c in view["companies"] if c["controller"] is None)
    bidders = sum(1 for p in view["players"] if p["cubes"] > 0)
    return math.ceil(cubes / max(1.0, unsold / max(bidders, 1)))


def best_bid(
    view: dict[str, Any], table: Table, co: dict[str, Any], low: int, me: int
) -> tuple[float, int]:
    """The bid from `low` up with the best expected surplus over the cubes' price.

    A bid that no other bidder holds the cubes to beat wins for sure (Phase 2: a player must
    outbid with cubes in hand); any lower bid may still be overtaken.
    """
    price = cube_price(view, me)
    auction = view["auction"]
    bidders = auction["in"] if auction else range(len(view["players"]))
    rival = max((view["players"][i]["cubes"] for i in bidders if i != me), default=0)
    # Past the cubes the plan can spend, more cubes only sit in the box: only the bid that
    # spends them all and the first bid nobody can beat are worth a look up there.
    full, used = win_worth(view, table, co, me)
    top = min(view["players"][me]["cubes"], budget(view, me))
    bids = set(range(low, min(used, top) + 1)) | {b for b in (low, used, rival) if low <= b <= top}
    best = (float("-inf"), low)
    for bid in sorted(bids):
        worth = full if bid >= used else bid_worth(view, table, co, bid, me)
        chance = 1.0 if bid >= rival else UNSURE_WIN
        surplus = chance * (worth - price * bid)
        if surplus > best[0]:
            best = (surplus, bid)
    return best


def choose_auction(view: dict[str, Any], legal: list[str], me: int, rng: Rng) -> str:
    """Open the marker with the best surplus, or bid on the running auction, or pass."""
    table = read_table(view)
    auction = view["auction"]
    if auction is None:
        options = []
        for action in legal:
            if action.startswith("auction "):
                co = next(c for c in view["companies"] if c["id"] == action.split()[1])
                surplus, _ = best_bid(view, table, co, 1, me)
                options.append((surplus, rng.random(), action))
        if options and max(options)[0] > 0:
            return max(options)[2]
        return "pass"
    co = next(c for c in view["companies"] if c["id"] == auction["company"])
    surplus, bid = best_bid(view, table, co, auction["high_bid"] + 1, me)
    if surplus > 0 or "pass" not in legal:
        return f"bid {bid}" if f"bid {bid}" in legal else legal[0]
    return "pass"
