"""Small drivers that put a Railroad Revolution match in the position a test needs."""

from __future__ import annotations

from typing import Any

from rules.railroad_revolution import RailroadRevolution
from rules.railroad_revolution.data import COLOURS

# Setup faces that change nothing on the board, offered in `ready` so tests start the same way.
QUIET = ("shares-3", "money-450", "advance-3", "exchange-worker")
NEUTRAL = ("done", "skip", "pass", "cancel")


def new(players: int = 2, seed: int = 0, version: int | None = None,
        **options: str) -> RailroadRevolution:
    """A fresh match, still choosing setup tiles, with generic player names."""
    return RailroadRevolution([f"P{i}" for i in range(players)], seed, options, version)


def due(m: RailroadRevolution) -> int:
    """The one seat the match waits for."""
    (seat,) = m.to_act()
    return seat


def top(m: RailroadRevolution) -> dict[str, Any]:
    """The decision on top of the stack."""
    f = m.top()
    assert f is not None
    return f


def act(m: RailroadRevolution, *actions: str) -> list[str]:
    """Act for the due seat several times; return all log lines."""
    lines: list[str] = []
    for action in actions:
        lines += m.act(due(m), action)
    return lines


def settle(m: RailroadRevolution, *until: str) -> list[str]:
    """Answer every decision with a neutral choice until a frame of kind `until` is on top."""
    lines: list[str] = []
    for _ in range(200):
        if m.over or top(m)["kind"] in (until or ("place",)):
            return lines
        legal = m.legal(due(m))
        quiet = [a for a in NEUTRAL if a in legal]
        real = [a for a in legal if a not in ("sell share", "hire")]
        lines += m.act(due(m), quiet[0] if quiet else real[0])
    raise AssertionError("did not settle")


def ready(players: int = 2, seed: int = 0, version: int | None = None,
          **options: str) -> RailroadRevolution:
    """A match after setup (quiet setup faces, white workers only), at the first turn."""
    m = new(players, seed, version, **options)
    m.state["setup_offer"] = [{"tile": f"s{i + 1}", "key": QUIET[i], "worker": "orange"}
                              for i in range(players)]
    m.state["supply"]["orange"] = 12
    settle(m)
    for seat in range(players):
        p = me(m, seat)
        p["money"], p["shares"] = 600, 3
        p["stock"] = {c: (4 if c == "white" else 0) for c in COLOURS}
        p["tracks"] = {"telegraph": 0, "stations": 0, "network": 0}
    m.state["supply"] = {c: (0 if c == "white" else 12) for c in COLOURS}
    return m


def me(m: RailroadRevolution, seat: int | None = None) -> dict[str, Any]:
    """A player's state (default: the due seat)."""
    player: dict[str, Any] = m.state["players"][due(m) if seat is None else seat]
    return player


def give(m: RailroadRevolution, seat: int, **workers: int) -> None:
    """Set a player's stock exactly (colours not named: none)."""
    me(m, seat)["stock"] = {c: workers.get(c, 0) for c in COLOURS}


def start(m: RailroadRevolution, action: str, colour: str = "white") -> list[str]:
    """The due seat places a worker of that colour (added to its stock if missing)."""
    p = me(m)
    if p["stock"][colour] == 0:
        p["stock"][colour] = 1
    return act(m, f"{action} {colour}")


def rails(m: RailroadRevolution, seat: int, *spaces: str) -> None:
    """Give a player these rails (besides the start rail), as if built earlier."""
    me(m, seat)["rails"] = [m.data.start_space, *spaces]


def end_turn(m: RailroadRevolution) -> list[str]:
    """Finish the current turn with neutral choices (up to the next worker placement)."""
    lines: list[str] = []
    if top(m)["kind"] == "place":
        return lines
    return settle(m)
