"""Spike's computer player, part 3: action B, laying track and paying for it.

'B. Construire des rails': each connection runs from the network through junctions to a new
city; every space needs a card of its kind, or a joker set ('JOKER': n cards of one kind
count as n-1 of any kind). Connections are chosen from the planner's projects.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from rules.spike.computer.board import (
    Table,
    board,
    connection,
    junction_distances,
    kind_of_word,
    point_of,
)
from rules.spike.computer.plan import Planner, Project

WORTH = 0.5  # a project this good relative to the best is still worth building now
LOOK = 8  # projects tried, best first, for an affordable next connection

Connection = tuple[Project | None, str, list[int]]  # (why, start point, spaces)


def pick_connection(t: Table, planner: Planner, projects: list[Project],
                    starts: set[str] | None = None) -> Connection | None:
    """The connection to build now: the first affordable next step of a good project.

    With `starts`, only connections from those points (a connection being laid goes on from
    its head).
    """
    if not projects:
        return None
    targets = [(project, planner.next_city(project)) for project in projects[:LOOK]
               if starts is not None or project.score >= WORTH * projects[0].score]
    net = t.net
    if starts is not None:
        t.net = starts  # `connection` searches from the network's points: only these
    try:
        for project, city in targets:
            found = connection(t, city)
            if found:
                return project, found[0], found[1]
        if starts is None:
            return None
        # Going on from the head: the nearest new city the cards can still reach.
        b = board()
        head = next(iter(starts))
        near = sorted((d, p) for p, d in junction_distances(b, t.owners, head).items()
                      if t.new_city(p))
        for _, city in near:
            found = connection(t, city)
            if found:
                return None, found[0], found[1]
        return None
    finally:
        t.net = net


def chain(t: Table, planner: Planner, projects: list[Project], most: int = 3) -> int:
    """Spaces of the connections the hand can pay one after another in one action."""
    b = board()
    owners, net, cities, cost, pieces = t.owners, t.net, t.net_cities, t.cost, t.pieces
    total = 0
    try:
        t.owners, t.net, t.net_cities, t.cost = list(owners), set(net), set(cities), list(cost)
        for _ in range(most):
            pick = pick_connection(t, planner, projects)
            if pick is None:
                break
            total += len(pick[2])
            for idx in pick[2]:
                t.owners[idx] = t.seat
                t.cost[b.kind_index[idx]] += 1
                t.net.update((b.spaces[idx].a, b.spaces[idx].b))
            t.net_cities = {p for p in t.net if p in b.city_points}
            t.pieces -= len(pick[2])
    finally:
        t.owners, t.net, t.net_cities, t.cost, t.pieces = owners, net, cities, cost, pieces
    return total


def need(t: Table, projects: list[Project], skip: int = 0) -> list[int]:
    """Rail cards by kind the best project's planned spaces still call for."""
    b = board()
    out = [0] * len(b.kind_codes)
    if projects:
        for idx in projects[0].path[skip:]:
            out[b.kind_index[idx]] += 1
    return out


def build_step(t: Table, legal: list[str]) -> str:
    """One decision inside action B: where to start, the next space, or finish."""
    b = board()
    planner = Planner(t)
    projects = planner.projects()
    head = (t.view.get("build") or {}).get("head")
    if head is not None:
        lays = {point_of(a.split(" ")[1]): a for a in legal if a.startswith("lay ")}
        pick = pick_connection(t, planner, projects, {head})
        if pick:
            first = b.spaces[pick[2][0]].other(head)
            if first in lays:
                return lays[first]
        return next(iter(lays.values()), legal[0])
    froms = {point_of(a.split(" ")[1]): a for a in legal if a.startswith("from ")}
    pick = pick_connection(t, planner, projects)
    if pick and pick[1] in froms:
        return froms[pick[1]]
    if "finish" in legal:
        return "finish"
    if froms:
        return next(iter(froms.values()))
    rows = [a for a in legal if a.startswith("rows ")]  # rules version 1 menus
    start = t.me["start_city"]
    if rows and start:
        row = b.points[b.city_point(start)].row
        for a in rows:
            lo, hi = (int(x) for x in a.split(" ")[1].split("-"))
            if lo <= row <= hi:
                return a
    return rows[0] if rows else legal[0]


def best_payment(hand: Sequence[int], cost: Sequence[int], keep: Sequence[int]) -> list[int]:
    """Cards to play: matching cards, then the fewest joker sets, keeping what `keep` wants.

    Fewest cards first ('JOKER': each set costs one card more than it replaces); among equal
    payments, the one leaving the most cards the next project needs.
    """
    n = len(hand)
    base = [min(h, c) for h, c in zip(hand, cost)]
    short = sum(cost) - sum(base)
    if short <= 0:
        return base
    spare = [h - m for h, m in zip(hand, base)]
    kinds = [k for k in range(n) if spare[k] >= 2]
    best: tuple[float, list[int]] | None = None
    for size in range(1, len(kinds) + 1):
        for combo in combinations(kinds, size):
            if sum(spare[k] - 1 for k in combo) < short or size > short:
                continue
            give = {k: 1 for k in combo}  # each set replaces at least one card
            for _ in range(short - size):
                # The next card replaced comes from the set whose colour is least wanted.
                k = max((k for k in combo if give[k] < spare[k] - 1),
                        key=lambda k: (hand[k] - base[k] - give[k] - 1 - keep[k], -k))
                give[k] += 1
            paid = [base[k] + (give[k] + 1 if k in give else 0) for k in range(n)]
            left = [h - p for h, p in zip(hand, paid)]
            useful = sum(min(x, w) for x, w in zip(left, keep))
            if best is None or useful > best[0]:
                best = (useful, paid)
        if best is not None:
            return best[1]
    return base  # not payable: cannot happen once the game has asked for payment


def read_cards(text: str) -> list[int]:
    """Counts by kind from '1 blue 2 white'."""
    words = text.split()
    paid = [0] * len(board().kind_codes)
    for count, word in zip(words[::2], words[1::2]):
        paid[kind_of_word(word)] += int(count)
    return paid


def pay_step(t: Table, legal: list[str]) -> str:
    """Choose how to pay: the fewest cards, keeping those the next project needs."""
    planner = Planner(t)
    keep = need(t, planner.projects())
    mine = best_payment(t.hand, t.cost, keep)
    pays = [a for a in legal if a.startswith("pay ")]
    if pays:
        def key(action: str) -> tuple[int, int, int]:
            paid = read_cards(action[4:])
            left = [h - p for h, p in zip(t.hand, paid)]
            return (0 if paid == mine else 1, sum(paid), -sum(min(x, w) for x, w in
                                                               zip(left, keep)))
        return min(pays, key=key)
    plays = [a for a in legal if a.startswith("play ")]
    if plays:
        # Too many payments to list: one colour at a time ('play 2 white').
        def gap(action: str) -> int:
            _, count, word = action.split(" ")
            return abs(int(count) - mine[kind_of_word(word)])
        return min(plays, key=gap)
    jokers = [a for a in legal if a.startswith("joker ")]  # rules version 2
    if jokers:
        def spare(action: str) -> int:
            k = kind_of_word(action.split(" ")[1])
            return t.hand[k] - t.cost[k] - keep[k]
        return max(jokers, key=spare)
    return legal[0]

