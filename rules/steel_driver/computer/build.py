"""Which link to build (Phase 3) and which goods cube to take (Phase 6), from the view alone."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.core.rng import Rng
from rules.steel_driver.board import final_value, load_board
from rules.steel_driver.computer.net import (
    Table,
    build_ends,
    goods_gain,
    joins_coasts,
    plan_worth,
    read_table,
    take_city,
)

# Goods potential counts at this fraction per share held: other companies may take shared
# cities' cubes first, and later controllers may steer the line elsewhere.
GOODS_PER_SHARE = 0.4
# A city with free links onward keeps the line growing next round (for whoever holds shares).
ROOM_WEIGHT = 2.0


def company(view: dict[str, Any], cid: str) -> dict[str, Any]:
    """The view's entry for one company."""
    return next(c for c in view["companies"] if c["id"] == cid)


def without(table: Table, a: str, b: str) -> Table:
    """The table once a-b carries a rail."""
    free = dict(table.free)
    free[a] = [(c, p) for c, p in free[a] if c != b]
    free[b] = [(c, p) for c, p in free[b] if c != a]
    return replace(table, free=free, owned=(*table.owned, (a, b)))


def build_score(view: dict[str, Any], table: Table, me: int, action: str) -> float:
    """Cash this link and the rest of this round's cubes should bring, plus goods potential.

    Rulebook, Phase 3: a newly connected city adds its value to the company's profit (paid to
    its controller in Phase 4); a city the company already reaches adds nothing.
    """
    co = company(view, view["active_company"])
    network = set(co["network"])
    start, end = build_ends(action)
    cost = int(next(link["cost"] for link in view["links"]
                    if {link["a"], link["b"]} == {start, end}))
    weight = GOODS_PER_SHARE * co["shares"][me]
    base = network or {start}
    score = 0.0
    if end not in base:
        score += table.value[end] + weight * goods_gain(table, base, [end])
        score += ROOM_WEIGHT * len(table.free[end])
    if view["transcontinental"] is None and joins_coasts(table, start, end):
        score += load_board().builder_bonus  # "Liaison transcontinentale": +$50 to the builder
    after = without(table, start, end)
    score += plan_worth(after, base | {end}, co["cubes"] - cost, co["rails_left"] - 1, weight)[0]
    # Cubes left unspent stay in the box for next round's controller, so spending them is
    # better than not; a tiny reward for each cube used breaks ties between equal plans.
    return score + 0.01 * cost


def choose_build(view: dict[str, Any], legal: list[str], me: int, rng: Rng) -> str:
    """The link with the best score; ties broken by the decision's rng."""
    table = read_table(view)
    scored = [(build_score(view, table, me, a), rng.random(), a) for a in legal]
    return max(scored)[2]


def choose_take(view: dict[str, Any], legal: list[str], me: int, rng: Rng) -> str:
    """The goods cube worth most to this seat's shares, contested cubes first.

    Rulebook, Phase 6: companies take cubes in turn until none is left in reach, so a cube only
    this company reaches will come anyway; what matters is winning the shared ones.
    """
    board = load_board()
    colour = {c["name"]: c["colour"] for c in view["cities"]}
    cid = view["active_company"]
    rivals = [c for c in view["companies"] if c["id"] != cid and not c["passed"]
              and c["controller"] is not None]

    def gain(co: dict[str, Any], city: str) -> int:
        goods = dict(co["goods"])
        before = final_value(goods, board)
        goods[colour[city]] = goods.get(colour[city], 0) + 1
        return final_value(goods, board) - before

    def score(action: str) -> float:
        city = take_city(action)
        own = company(view, cid)
        mine = float(own["shares"][me] * gain(own, city))
        contested = [r for r in rivals if city in r["network"]]
        if not contested:
            return 0.01 * mine  # it waits for us; take it once the shared ones are gone
        worth = float(mine)
        for rival in contested:
            # Taking it first denies it: good when others hold more of that rival than us.
            others = max(s for i, s in enumerate(rival["shares"]) if i != me)
            worth += 0.5 * (others - rival["shares"][me]) * gain(rival, city)
        return worth

    scored = [(score(a), rng.random(), a) for a in legal]
    return max(scored)[2]
