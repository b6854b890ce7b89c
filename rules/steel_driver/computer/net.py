"""Rail-network arithmetic for the computer player, read from one seat's public view only."""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules.core.text import slug
from rules.steel_driver.board import COLOURS, final_value, load_board

# Paths a plan looks ahead: one round's cubes seldom reach further.
PLAN_STEPS = 6


@dataclass(frozen=True)
class Table:
    """The parts of a view the planner reads: free links, city values and colours."""

    free: dict[str, list[tuple[str, int]]]  # city -> (neighbour, cost) over links without rail
    owned: tuple[tuple[str, str], ...]  # every railed link, any company
    value: dict[str, int]
    colour: dict[str, str]
    starts: frozenset[str]  # hexagon cities (rulebook, Phase 3: a first rail leaves one)
    ends: tuple[str, str]  # the transcontinental cities


@lru_cache(maxsize=1)
def _actions() -> dict[str, tuple[str, str]]:
    """Every possible "build start-end" text, to its (start, end) cities."""
    out: dict[str, tuple[str, str]] = {}
    for link in load_board().links.values():
        out[f"build {slug(link.a)}-{slug(link.b)}"] = (link.a, link.b)
        out[f"build {slug(link.b)}-{slug(link.a)}"] = (link.b, link.a)
    return out


def build_ends(action: str) -> tuple[str, str]:
    """The (start, end) cities of a canonical build action."""
    return _actions()[action]


def take_city(action: str) -> str:
    """The city of a canonical "take city" action."""
    return next(c for c in load_board().cities if f"take {slug(c)}" == action)


def read_table(view: dict[str, Any]) -> Table:
    """The map as this view shows it now."""
    free: dict[str, list[tuple[str, int]]] = {c["name"]: [] for c in view["cities"]}
    owned = []
    for link in view["links"]:
        if link["owner"] is None:
            free[link["a"]].append((link["b"], link["cost"]))
            free[link["b"]].append((link["a"], link["cost"]))
        else:
            owned.append((link["a"], link["b"]))
    return Table(
        free=free,
        owned=tuple(owned),
        value={c["name"]: c["value"] for c in view["cities"]},
        colour={c["name"]: c["colour"] for c in view["cities"]},
        starts=frozenset(c["name"] for c in view["cities"] if c["hex_start"]),
        ends=load_board().transcontinental,
    )


def cheapest(table: Table, sources: set[str], budget: int) -> dict[str, tuple[int, str | None]]:
    """Cheapest rail cost from the sources to each city within budget: city -> (cost, previous)."""
    best: dict[str, tuple[int, str | None]] = {s: (0, None) for s in sources}
    queue = [(0, s) for s in sorted(sources)]
    heapq.heapify(queue)
    while queue:
        cost, city = heapq.heappop(queue)
        if cost > best[city][0]:
            continue
        for nxt, price in table.free[city]:
            total = cost + price
            if total <= budget and (nxt not in best or total < best[nxt][0]):
                best[nxt] = (total, city)
                heapq.heappush(queue, (total, nxt))
    return best


def path_to(reach: dict[str, tuple[int, str | None]], city: str) -> list[str]:
    """The cities from a source to `city` (source first)."""
    path = [city]
    while (prev := reach[path[-1]][1]) is not None:
        path.append(prev)
    return path[::-1]


def colour_counts(table: Table, cities: set[str]) -> dict[str, int]:
    """How many cities of each colour, i.e. the goods a network could hope to collect."""
    counts: dict[str, int] = {}
    for city in cities:
        counts[table.colour[city]] = counts.get(table.colour[city], 0) + 1
    return counts


@lru_cache(maxsize=4096)
def _set_value(counts: tuple[int, ...]) -> int:
    """Phase 6 set value of goods counted per colour in `COLOURS` order."""
    return final_value(dict(zip(COLOURS, counts)), load_board())


def goods_gain(table: Table, network: set[str], new: list[str]) -> int:
    """How much the network's goods potential (phase 6 set value) grows with these cities."""
    if not new:
        return 0
    return _gain(_counts(table, network), [table.colour[c] for c in new])


def _counts(table: Table, cities: set[str]) -> tuple[int, ...]:
    """Cities per colour in `COLOURS` order."""
    counts = colour_counts(table, cities)
    return tuple(counts.get(c, 0) for c in COLOURS)


def _gain(before: tuple[int, ...], colours: list[str]) -> int:
    """Set value gained by adding goods of these colours."""
    after = list(before)
    for colour in colours:
        after[COLOURS.index(colour)] += 1
    return _set_value(tuple(after)) - _set_value(before)


def best_path(
    table: Table, network: set[str], budget: int, goods_weight: float
) -> tuple[float, int, list[str]] | None:
    """The path from the network with the most profit (plus goods potential) per cube.

    Returns (worth, cost, path) where worth is the cash the new cities add; None if nothing
    affordable adds a city. An empty network starts from any hexagon (Phase 3, first rail),
    whose own value is not scored.
    """
    sources = set(network) if network else set(table.starts)
    reach = cheapest(table, sources, budget)
    base = _counts(table, network)
    found: tuple[float, float, int, list[str]] | None = None
    for city, (cost, _) in reach.items():
        if cost == 0:
            continue
        path = path_to(reach, city)
        new = [c for c in path[1:] if c not in network]
        if not new:
            continue
        colours = [table.colour[c] for c in (new if network else path)]
        worth = float(sum(table.value[c] for c in new))
        if goods_weight:
            worth += goods_weight * _gain(base, colours)
        ratio = worth / cost
        if found is None or ratio > found[0]:
            found = (ratio, worth, cost, path)
    return None if found is None else found[1:]


def plan_worth(
    table: Table, network: set[str], budget: int, rails: int, goods_weight: float
) -> tuple[float, int]:
    """Greedy estimate of what `budget` cubes can still add to a network this round.

    Returns (worth, cubes the plan spends).
    """
    net = set(network)
    total, spent = 0.0, 0
    for _ in range(PLAN_STEPS):
        if budget <= spent or rails <= 0:
            break
        found = best_path(table, net, budget - spent, goods_weight)
        if found is None or len(found[2]) - 1 > rails:
            break
        worth, cost, path = found
        total += worth
        spent += cost
        rails -= len(path) - 1
        net |= set(path)
    return total, spent


def joins_coasts(table: Table, a: str, b: str) -> bool:
    """True when a rail on a-b completes the first New York-San Francisco chain."""
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for u, v in (*table.owned, (a, b)):
        parent[root(u)] = root(v)
    start, end = table.ends
    return root(start) == root(end)
