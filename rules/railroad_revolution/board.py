"""The rail network as a graph: which cities a player reaches and where rails may go.

'Règles de Placement' (Voie Ferrée): a rail space is available when it is linked by a printed
track to the player's network: a city one of their rails touches, or a space they own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import networkx as nx

from rules.railroad_revolution.data import DataError, GameData, load_data


@dataclass(frozen=True)
class Network:
    """Neighbourhoods of the board graph (cities and rail spaces as nodes)."""

    space_cities: dict[str, tuple[str, ...]]
    space_spaces: dict[str, tuple[str, ...]]
    city_spaces: dict[str, tuple[str, ...]]
    order: dict[str, int]

    def connected_cities(self, rails: Iterable[str]) -> list[str]:
        """Cities next to one of these rails, in board order ('Villes connectées')."""
        found = {c for s in rails for c in self.space_cities[s]}
        return sorted(found, key=self.order.__getitem__)

    def available(self, rails: Iterable[str]) -> list[str]:
        """Spaces without one of these rails that touch the network, in board order."""
        own = set(rails)
        near = {n for s in own for n in self.space_spaces[s]}
        near.update(n for s in own for c in self.space_cities[s] for n in self.city_spaces[c])
        return sorted(near - own, key=self.order.__getitem__)

    def cheapest(self, rails: Iterable[str], count: int, triangles: dict[str, int]) -> int | None:
        """Fewest triangles in all for `count` more rails placed one after the other."""
        own = list(rails)
        if count <= 0:
            return 0
        best: int | None = None
        for s in self.available(own):
            rest = self.cheapest(own + [s], count - 1, triangles)
            if rest is not None and (best is None or triangles[s] + rest < best):
                best = triangles[s] + rest
                if best == 0:
                    break
        return best


def build_graph(data: GameData) -> nx.Graph[str]:
    """Cities ('c:' + id) and rail spaces ('s:' + id), joined along each printed route."""
    g: nx.Graph[str] = nx.Graph()
    for city in data.cities:
        g.add_node(f"c:{city}", kind="city")
    for route in data.routes.values():
        chain = [f"c:{route.cities[0]}", *(f"s:{s}" for s in route.spaces),
                 f"c:{route.cities[1]}"]
        for s in route.spaces:
            g.add_node(f"s:{s}", kind="space")
        nx.add_path(g, chain)
    return g


@lru_cache(maxsize=1)
def network() -> Network:
    """The board's network, checked to be in one piece."""
    data = load_data()
    g = build_graph(data)
    if not nx.is_connected(g):
        raise DataError("railroad_revolution data: the board graph is not connected")
    space_cities: dict[str, tuple[str, ...]] = {}
    space_spaces: dict[str, tuple[str, ...]] = {}
    for s in data.spaces:
        near = sorted(g.neighbors(f"s:{s}"))
        space_cities[s] = tuple(n[2:] for n in near if n.startswith("c:"))
        space_spaces[s] = tuple(n[2:] for n in near if n.startswith("s:"))
    city_spaces = {c: tuple(n[2:] for n in g.neighbors(f"c:{c}")) for c in data.cities}
    order = {x: i for i, x in enumerate([*data.cities, *data.spaces])}
    return Network(space_cities, space_spaces, city_spaces, order)
