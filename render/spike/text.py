"""The Spike board in words: the header's status, and the public view as plain text lines."""

from __future__ import annotations

from typing import Any

from render.spike import marks as mk
from render.spike.panels import breakdown_text, cities, money, piece_words, seat_names


def names_of(view: dict[str, Any], seats: object) -> list[str]:
    """Names of a list of seats."""
    names = seat_names(view)
    return [names.get(int(s), "?") for s in seats or []] if isinstance(seats, list) else []


def and_list(items: list[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cleo"."""
    return " and ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + " and " + items[-1]


def status(view: dict[str, Any]) -> str:
    """Round and turn, time cards, last turns."""
    phase = str(view.get("phase", ""))
    time = view.get("time_cards") or {}
    parts = ["Set-up" if phase == "setup" else f"Round {view.get('round', '?')} of 3"]
    if phase != "setup":
        parts.append(f"turn {view.get('turn_number', '?')}")
    parts.append(f"time cards {time.get('drawn', 0)}/{time.get('total', 3)}")
    last = names_of(view, view.get("final_turns"))
    if view.get("final_turns") is not None and phase != "over":
        parts.append("last turns: " + (", ".join(last) or "none"))
    return " · ".join(parts)


def _contract_words(contract: dict[str, Any], used: list[str]) -> str:
    """"coal (Louisville $6, Savannah $10, Kansas City $16): loaded"."""
    sides = contract.get("destinations") or {}
    cities = "; or ".join(
        ", ".join(f"{c} ${v}" + (" (already delivered there)" if c in used else "")
                  for c, v in dests) for dests in sides.values())
    side = "" if len(sides) != 1 or not contract.get("side") else f" side {contract['side']}"
    token = contract.get("token")
    delivered = contract.get("delivered") or ["?", "?"]
    state = (f"delivered to {delivered[0]} for ${delivered[1]}" if token == "done" else
             "loaded on the train" if token == "train" else "waiting on its card")
    if token == "done":
        cities = ", ".join(f"{c} ${v}" for dests in sides.values() for c, v in dests)
    return f"{contract.get('good', '?')}{side} ({cities}): {state}"


def space_labels(view: dict[str, Any]) -> dict[int, str]:
    """Track space index to its name on the board ("Portland W–Portland")."""
    return {int(s["index"]): str(s.get("name") or s.get("label")) for s in
            (view.get("board") or {}).get("spaces") or []}


def _player_lines(view: dict[str, Any], player: dict[str, Any]) -> list[str]:
    """One player's public state in words."""
    seat, name = int(player["seat"]), str(player.get("name", "?"))
    train, spaces = player.get("train") or {}, space_labels(view)
    where = (f"in {train['city']}" if train.get("city") else
             f"on the {spaces.get(int(train['space']), '')} track" if train.get("moving")
             else "not placed yet")
    cargo = ", ".join(train.get("cargo") or []) or "nothing"
    costs = train.get("next_upgrade_cost") or {}
    ups = ", ".join(f"{part} {money(c) if c is not None else 'maxed'}" for part, c in
                    costs.items())
    lines = [
        f"{name} ({piece_words(seat)}): {money(player.get('money'))}, "
        f"{player.get('tracks_left', 0)} track left, {player.get('hand_size', 0)} rail cards "
        f"in hand, {cities(player.get('cities_connected'))} on their track"
        + (f", started in {player['start_city']}" if player.get("start_city") else "") + ".",
        f"{name}'s train is {where}: speed {train.get('speed', '?')}, power "
        f"{train.get('power', '?')}, cargo {train.get('capacity', '?')}, carrying {cargo}; "
        f"next upgrade {ups or 'none'}.",
    ]
    used = list(player.get("deliveries") or [])
    contracts = "; ".join(_contract_words(c, used) for c in player.get("contracts") or [])
    lines.append(f"{name}'s contracts: {contracts or 'none'}.")
    card = player.get("route_card")
    if card:
        listed = ", ".join(f"{c} {v}" for c, v in card.get("cities") or [])
        lines.append(f"{name}'s route card {card.get('top')} ({listed}) scored "
                     f"{money(player.get('route_bonus'))}.")
    return lines


def map_lines(view: dict[str, Any]) -> list[str]:
    """The map in words: where each player's track reaches; every city, its good and price."""
    lines = []
    for player in view.get("players") or []:
        reach = ", ".join(player.get("network_cities") or []) or "no city yet"
        lines.append(f"{player.get('name')}'s track touches: {reach}.")
    cities = [f"{c.get('name')} {c.get('good')} ${c.get('price')}"
              for c in view.get("cities") or []]
    lines.append("Cities (good, price): " + ", ".join(cities) + ".")
    return lines


def text_lines(view: dict[str, Any]) -> list[str]:
    """The public view as plain text lines (screen readers, alt text), most important first."""
    lines = [f"Spike: {status(view)}."]
    if view.get("phase") == "over":
        winners = names_of(view, view.get("winners"))
        lines.append(("Winners: " if len(winners) > 1 else "Winner: ") + and_list(winners)
                     + f". Game over: {view.get('end_reason') or 'the game has ended'}.")
        for player in view.get("players") or []:
            seat = int(player["seat"])
            items = (view.get("breakdown") or [[]] * (seat + 1))[seat]
            lines.append(f"{player.get('name')}: {money(player.get('money'))} = "
                         f"{breakdown_text(items)}.")
    elif view.get("prompt"):
        lines.append(f"To act: {view['prompt']}")
    last = mk.words(view, seat_names(view), space_labels(view))
    if last:
        lines.append(last)
    build = view.get("build")
    if build:
        spaces = space_labels(view)
        laid = ", ".join(spaces.get(int(i), str(i)) for i in build.get("laid") or [])
        who = names_of(view, [build.get("seat")])[0]
        lines.append(f"{who} is building: {laid or 'nothing laid yet'}; "
                     f"{build.get('connections', 0)} connections finished.")
    for player in view.get("players") or []:
        lines += _player_lines(view, player)
    market = view.get("market") or {}
    rows = list(market.get("rows") or [])
    columns = [list(c) for c in market.get("columns") or []]
    by_price = [f"${price}: " + ", ".join(c[r] for c in columns if r < len(c))
                for r, price in enumerate(rows)]
    lines.append("Goods market: " + "; ".join(by_price) + ".")
    cards = view.get("rail_cards") or {}
    lines.append(f"Rail card display: {', '.join(cards.get('display') or []) or 'empty'}; "
                 f"deck {cards.get('deck', 0)}, discard {cards.get('discard', 0)}.")
    lines += map_lines(view)
    lines += [f"Recent: {line}" for line in (view.get("recent") or [])[-3:]]
    return lines
