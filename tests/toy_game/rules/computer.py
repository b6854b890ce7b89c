"""The computer player for Branch Line: claim a link on the shortest way to join its route.

Found by `rules.core.computer` beside the game's module, like every game's `computer`.
"""

from __future__ import annotations

from typing import Any

from rules.core.rng import Rng


def cheapest_way(view: dict[str, Any], me: int) -> list[str]:
    """Links of a cheapest way between the route's stations (own links cost 0, free ones 1)."""
    a, b = view["players"][me]["route"]
    usable = {x["id"]: (0 if x["owner"] == me else 1) for x in view["links"]
              if x["owner"] in (None, me)}
    best: dict[str, tuple[int, list[str]]] = {a: (0, [])}
    todo = [a]
    while todo:  # relax until nothing improves: the map is tiny
        here = todo.pop(0)
        cost, way = best[here]
        for link, step in usable.items():
            x, y = link.split("-")
            near = y if x == here else x if y == here else None
            if near is not None and (near not in best or cost + step < best[near][0]):
                best[near] = (cost + step, [*way, link])
                todo.append(near)
    return best.get(b, (0, []))[1]


def choose(view: dict[str, Any], legal: list[str], rng: Rng) -> str:
    """One text of `legal` for the seat due to act."""
    me = int(view["to_act"][0])
    wanted = [f"claim {link}" for link in cheapest_way(view, me)]
    useful = [action for action in wanted if action in legal]
    return useful[0] if useful else rng.choice(legal)
