"""Small drivers that put a Spike match in the position a test needs."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import networkx as nx

from rules.spike import Spike
from rules.spike.board import Board, load_board

BOARD: Board = load_board()


def new(players: int = 2, seed: int = 0, version: int | None = None, **options: str) -> Spike:
    """A fresh match (still in its set-up decisions) with generic player names."""
    return Spike([f"P{i}" for i in range(players)], seed, options, version)


def due(m: Spike) -> int:
    """The one seat the match waits for."""
    (seat,) = m.to_act()
    return seat


def act(m: Spike, *actions: str) -> list[str]:
    """Act for the due seat several times; return all log lines."""
    lines: list[str] = []
    for action in actions:
        lines += m.act(due(m), action)
    return lines


def region_of(m: Spike, city: str) -> str:
    """The placement menu region that lists a city."""
    return next(r for r, names in m.regions().items() if city in names)


def place(m: Spike, starts: list[str]) -> None:
    """Finish the set-up: sides a, first card given, first route kept, trains at starts[seat]."""
    while m.state["phase"] == "setup":
        seat = due(m)
        kind = m.state["step"]["kind"]
        if kind == "place":
            city = starts[seat]
            if m.started_under < 2:  # version 1 asked for the region first
                m.act(seat, f"region {region_of(m, city)}")
            m.act(seat, f"start {city}")
        else:
            m.act(seat, m.legal(seat)[0])


def ready(players: int = 2, starts: list[str] | None = None, seed: int = 0,
          version: int | None = None, **options: str) -> Spike:
    """A match in play, trains placed (default: Raleigh, Kansas City, Chicago, Boston)."""
    m = new(players, seed, version, **options)
    place(m, starts or ["Raleigh", "Kansas City", "Chicago", "Boston"][:players])
    return m


def turn_to(m: Spike, seat: int) -> None:
    """Make it `seat`'s turn from its beginning (a test shortcut, not a rule)."""
    m.state["current"] = seat
    m.start_turn(seat)


def set_hand(m: Spike, seat: int, **cards: int) -> None:
    """Replace a player's rail cards, named by colour word (white=2, blue=1)."""
    hand = {code: 0 for code in BOARD.kind_codes}
    for word, n in cards.items():
        hand[BOARD.kind_by_card(word)] = n
    m.state["players"][seat]["hand"] = hand


def point(label: str) -> str:
    """Point id of a label: a city's slug or name, or a junction id."""
    for p in BOARD.points.values():
        if label in (p.label, p.id, p.city):
            return p.id
    raise KeyError(label)


def space(a: str, b: str) -> int:
    """The index of the space between two points (labels, names or ids)."""
    pa, pb = point(a), point(b)
    for q, idx in BOARD.adjacent[pa]:
        if q == pb:
            return idx
    raise KeyError((a, b))


def kind_word(a: str, b: str) -> str:
    """The colour word of the space between two points."""
    return BOARD.kind(BOARD.spaces[space(a, b)].kind).card


def own(m: Spike, seat: int, *labels: str) -> list[int]:
    """Give a player track along consecutive points (fixture; no cards, no scoring)."""
    out = []
    for a, b in zip(labels, labels[1:]):
        idx = space(a, b)
        m.state["owners"][idx] = seat
        m.state["players"][seat]["tracks"] -= 1
        out.append(idx)
    return out


def lay(a: str, b: str) -> str:
    """The canonical action laying the space from a to b."""
    return f"lay {BOARD.points[point(b)].label} {kind_word(a, b)}"


def move(a: str, b: str) -> str:
    """The canonical action moving onto the space between a and b."""
    return f"move {BOARD.space_label(space(a, b))}"


def pay_first(m: Spike) -> list[str]:
    """Settle a choice of payment with the first one offered (matching cards played first)."""
    lines: list[str] = []
    while m.state["phase"] != "over" and m.state["step"]["kind"] == "pay":
        lines += act(m, m.legal(due(m))[0])
    return lines


def build(m: Spike, *labels: str, finish: bool = True) -> list[str]:
    """Action B for the due player: from labels[0], one space at a time to labels[-1]."""
    lines = act(m, "build", f"from {BOARD.points[point(labels[0])].label}")
    for a, b in zip(labels, labels[1:]):
        lines += act(m, lay(a, b))
    if finish:
        lines += act(m, "finish") + pay_first(m)
    return lines


def city_path(a: str, b: str, avoid_cities: bool = True) -> list[str]:
    """A shortest lattice path between two cities, through junctions only by default."""
    graph: nx.Graph[str] = nx.Graph([(sp.a, sp.b) for sp in BOARD.spaces])
    if avoid_cities:
        keep = {BOARD.city_point(a), BOARD.city_point(b)}
        graph.remove_nodes_from([p for p in list(graph) if BOARD.is_city(p) and p not in keep])
    path: list[str] = nx.shortest_path(graph, BOARD.city_point(a), BOARD.city_point(b))
    return path


def set_contracts(m: Spike, seat: int, *cards: tuple[str, int, str]) -> None:
    """Replace a player's contracts with (good, card, side) tokens still on the cards."""
    m.state["players"][seat]["contracts"] = [
        {"good": g, "card": c, "side": s, "token": "card", "delivered": None}
        for g, c, s in cards]


def contract(m: Spike, seat: int, good: str) -> dict[str, Any]:
    """One of a player's contracts."""
    found: dict[str, Any] = next(
        c for c in m.state["players"][seat]["contracts"] if c["good"] == good)
    return found


PREFERENCE = ("deliver", "load", "finish", "lay", "from", "rows", "enter", "build", "restart",
              "extra", "move", "upgrade", "joker", "side", "keep", "give", "region", "start",
              "take", "draw", "stop", "end", "pass")


def greedy(players: int, seed: int, options: dict[str, str] | None = None) -> Spike:
    """Play a whole game with a simple builder-first policy (more building than random play)."""
    rng = random.Random(seed)
    m = Spike([f"P{i}" for i in range(players)], seed, options or {})
    while not m.over:
        seat = due(m)
        legal = m.legal(seat)
        assert legal
        if len(legal) > 25:  # a long list must come in groups a menu can show
            groups = Counter(c.group for c in m.choices(seat))
            assert "" not in groups and len(groups) <= 25 and max(groups.values()) <= 25
        choice = rng.choice(legal)
        if rng.random() > 0.15:
            for verb in PREFERENCE:
                found = [a for a in legal if a.startswith(verb)]
                if found:
                    choice = rng.choice(found)
                    break
        m.act(seat, choice)
    return m
