"""What every part of Spike's rules shares: the board, seats, names, networks and money."""

from __future__ import annotations

from typing import Any

import networkx as nx

from rules.core.match import Match
from rules.spike.board import Board, load_board

Player = dict[str, Any]
Step = dict[str, Any]


class SpikeBase(Match):
    """The parts of a Spike match that every phase uses."""

    @property
    def board(self) -> Board:
        """The fixed lattice, cities and cards."""
        return load_board()

    # -- seats and log ------------------------------------------------------------------------
    def me(self, seat: int) -> Player:
        """One player's part of the state."""
        player: Player = self.state["players"][seat]
        return player

    def who(self, seat: int) -> str:
        """A player's name."""
        return self.players[seat]

    def step(self) -> Step:
        """The decision the match waits for."""
        step: Step = self.state["step"]
        return step

    def seat_due(self) -> int | None:
        """The one seat whose decision the match waits for (None when over)."""
        if self.state["phase"] == "over":
            return None
        return int(self.state["step"]["seat"])

    def clockwise(self, start: int) -> list[int]:
        """Every seat in clockwise order from `start`."""
        n = len(self.players)
        return [(start + i) % n for i in range(n)]

    def card_word(self, code: str) -> str:
        """The colour word of a rail kind code."""
        return self.board.kind(code).card

    # -- track and networks ('Construire des rails') ------------------------------------------
    def own_spaces(self, seat: int) -> list[int]:
        """Indices of the track spaces holding this player's track."""
        return [i for i, o in enumerate(self.state["owners"]) if o == seat]

    def network_graph(self, seat: int) -> nx.Graph[str]:
        """The player's network: their track, plus the city their train started in."""
        graph: nx.Graph[str] = nx.Graph()
        start = self.me(seat)["start"]
        if start is not None:
            graph.add_node(start)
        for i in self.own_spaces(seat):
            sp = self.board.spaces[i]
            graph.add_edge(sp.a, sp.b, index=i)
        return graph

    def network_points(self, seat: int) -> list[str]:
        """Points a player may branch from: the start city and every point their track touches."""
        return sorted(self.network_graph(seat).nodes, key=self._point_order)

    def network_city_points(self, seat: int) -> set[str]:
        """City points in the player's network (start city included)."""
        return {p for p in self.network_graph(seat).nodes if self.board.is_city(p)}

    def track_cities(self, seat: int) -> list[str]:
        """Names of the cities the player's own track touches, in board order."""
        touched: set[str] = set()
        for i in self.own_spaces(seat):
            sp = self.board.spaces[i]
            touched.update(p for p in (sp.a, sp.b) if self.board.is_city(p))
        return [c.name for c in self.board.cities.values() if c.point in touched]

    def _point_order(self, point: str) -> tuple[int, int]:
        p = self.board.points[point]
        return (p.row, p.col)

    # -- money ('piste de score') -------------------------------------------------------------
    def earn(self, seat: int, amount: int, source: str) -> None:
        """Add money (or take it, when negative) and keep the breakdown."""
        p = self.me(seat)
        p["money"] += amount
        p["income"][source] += amount

    # -- the train ----------------------------------------------------------------------------
    def train_point(self, seat: int) -> str | None:
        """The city point the train rests in, or None when it is on a track space."""
        at: str | None = self.me(seat)["train"]["point"]
        return at

    def train_space(self, seat: int) -> int | None:
        """The track space the train is on, or None when it is in a city."""
        at: int | None = self.me(seat)["train"]["space"]
        return at

    def level_value(self, seat: int, part: str) -> int:
        """Speed, power or cargo capacity at the player's current level."""
        return int(self.board.rules[part][self.me(seat)["levels"][part]])
