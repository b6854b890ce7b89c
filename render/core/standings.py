"""Each player's key numbers in a few words, for the turn card: what a phone reader checks first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Row = tuple[int, str, str]  # seat, name, numbers in words


def _n(count: object, word: str) -> str:
    """`3 cubes`, `1 cube`."""
    value = int(count) if isinstance(count, (int, float)) else 0
    return f"{value} {word}{'' if value == 1 else 's'}"


def _steel_driver(view: dict[str, Any]) -> list[str]:
    # Cash is the score until the final payout (the results card shows that), so it comes first.
    out = []
    for p in view.get("players") or []:
        shares = sum(int(n) for n in (p.get("shares") or {}).values())
        out.append(f"${p.get('cash', 0)} cash, {_n(p.get('cubes', 0), 'cube')}, "
                   f"{_n(shares, 'share')}")
    return out


def _trains(view: dict[str, Any]) -> list[str]:
    return [f"{p.get('score', 0)} VP, {_n(p.get('cubes_left', 0), 'rail')} left, "
            f"{p.get('hand_size', 0)} in hand, {p.get('deck_size', 0)} in deck"
            for p in view.get("players") or []]


def _switch_signal(view: dict[str, Any]) -> list[str]:
    return [_n(p.get("hand_size", 0), "action card") for p in view.get("players") or []]


def _spike(view: dict[str, Any]) -> list[str]:
    scores = view.get("scores") or []
    out = []
    for p in view.get("players") or []:
        seat = int(p["seat"])
        vp = f"{scores[seat]:.0f} VP, " if seat < len(scores) else ""
        out.append(f"{vp}${p.get('money', 0)}, {_n(p.get('cities_connected', 0), 'city')} "
                   f"linked, {_n(p.get('tracks_left', 0), 'track')} left")
    return [line.replace("citys", "cities") for line in out]


def _railroad_revolution(view: dict[str, Any]) -> list[str]:
    return [f"{p.get('score', 0)} VP, ${p.get('money', 0)}, {_n(p.get('shares', 0), 'share')}, "
            f"{_n(len(p.get('stations') or []), 'station')}"
            for p in view.get("players") or []]


_NUMBERS: dict[str, Callable[[dict[str, Any]], list[str]]] = {
    "steel-driver": _steel_driver,
    "trains": _trains,
    "switch-and-signal": _switch_signal,
    "spike": _spike,
    "railroad-revolution": _railroad_revolution,
}


def standings(view: dict[str, Any]) -> list[Row]:
    """(seat, name, key numbers) for every player, in seat order."""
    players = view.get("players") or []
    numbers = _NUMBERS.get(str(view.get("game")))
    if numbers is None:
        return [(int(p["seat"]), str(p.get("name", "?")), "") for p in players]
    return [(int(p["seat"]), str(p.get("name", "?")), words)
            for p, words in zip(players, numbers(view), strict=True)]


def table_line(view: dict[str, Any]) -> str:
    """The whole table's numbers for a cooperative game (goods delivered, time left)."""
    if view.get("game") != "switch-and-signal":
        return ""
    clock = view.get("clock") or {}
    return (f"Goods delivered: {view.get('delivered_total', 0)} of {view.get('goods_goal', '?')}"
            f" · clock: {clock.get('tokens', 0)} of {clock.get('size', 0)} time tokens left")


def stage(view: dict[str, Any]) -> str:
    """Where the game stands: "Round 3 of 5", "Turn 30"."""
    if view.get("round"):
        of = f" of {view['rounds']}" if view.get("rounds") else ""
        return f"Round {view['round']}{of}"
    turn = view.get("turn_number") or view.get("turn")
    return f"Turn {turn}" if isinstance(turn, int) else ""
