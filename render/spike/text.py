"""The Spike board in words: the header's status, and the public view as plain text lines."""

from __future__ import annotations

from typing import Any

from render.spike import marks as mk
from render.spike.panels import piece_words
from render.spike.words import breakdown_text, cities, money, seat_names
from rules.core.lang import and_list as said_list
from rules.core.lang import term, tr, trn


def names_of(view: dict[str, Any], seats: object) -> list[str]:
    """Names of a list of seats."""
    names = seat_names(view)
    return [names.get(int(s), "?") for s in seats or []] if isinstance(seats, list) else []


def and_list(items: list[str]) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cleo"."""
    return said_list(items)


def status(view: dict[str, Any]) -> str:
    """Round and turn, time cards, last turns."""
    phase = str(view.get("phase", ""))
    time = view.get("time_cards") or {}
    parts = [tr("Set-up") if phase == "setup" else tr("Round {round} of 3",
                                                      round=view.get("round", "?"))]
    if phase != "setup":
        parts.append(tr("turn {n}", n=view.get("turn_number", "?")))
    parts.append(tr("time cards {n}/{total}", n=time.get("drawn", 0), total=time.get("total", 3)))
    last = names_of(view, view.get("final_turns"))
    if view.get("final_turns") is not None and phase != "over":
        parts.append(tr("last turns: {players}", players=", ".join(last) or tr("none")))
    return " · ".join(parts)


def _contract_words(contract: dict[str, Any], used: list[str]) -> str:
    """"coal (Louisville $6, Savannah $10, Kansas City $16): loaded"."""
    sides = contract.get("destinations") or {}

    def dest(c: str, v: object) -> str:
        if c in used:
            return tr("{city} ${amount} (already delivered there)", city=c, amount=v)
        return tr("{city} ${amount}", city=c, amount=v)

    cities = tr("; or ").join(", ".join(dest(c, v) for c, v in dests) for dests in sides.values())
    token = contract.get("token")
    delivered = contract.get("delivered") or ["?", "?"]
    state = (tr("delivered to {city} for ${amount}", city=delivered[0], amount=delivered[1])
             if token == "done" else tr("loaded on the train") if token == "train"
             else tr("waiting on its card"))
    if token == "done":
        cities = ", ".join(tr("{city} ${amount}", city=c, amount=v)
                           for dests in sides.values() for c, v in dests)
    good = term(str(contract.get("good", "?")))
    if len(sides) == 1 and contract.get("side"):
        return tr("{good} side {side} ({cities}): {state}", good=good, side=contract["side"],
                  cities=cities, state=state)
    return tr("{good} ({cities}): {state}", good=good, cities=cities, state=state)


def space_labels(view: dict[str, Any]) -> dict[int, str]:
    """Track space index to its name on the board ("Portland W–Portland")."""
    return {int(s["index"]): str(s.get("name") or s.get("label")) for s in
            (view.get("board") or {}).get("spaces") or []}


def _player_lines(view: dict[str, Any], player: dict[str, Any]) -> list[str]:
    """One player's public state in words."""
    seat, name = int(player["seat"]), str(player.get("name", "?"))
    train, spaces = player.get("train") or {}, space_labels(view)
    where = (tr("in {city}", city=train["city"]) if train.get("city") else
             tr("on the {track} track", track=spaces.get(int(train["space"]), ""))
             if train.get("moving") else tr("not placed yet"))
    cargo = ", ".join(term(str(g)) for g in train.get("cargo") or []) or tr("nothing")
    costs = train.get("next_upgrade_cost") or {}
    parts = {"speed": tr("speed"), "power": tr("power"), "cargo": tr("cargo")}
    ups = ", ".join(tr("{part} {cost}", part=parts.get(part, part),
                       cost=money(c) if c is not None else tr("maxed"))
                    for part, c in costs.items())
    said = dict(player=name, pieces=piece_words(seat), money=money(player.get("money")),
                tracks=player.get("tracks_left", 0), cards=player.get("hand_size", 0),
                cities=cities(player.get("cities_connected")))
    first = (tr("{player} ({pieces}): {money}, {tracks} track left, {cards} rail cards in hand, "
                "{cities} on their track, started in {city}.", city=player["start_city"], **said)
             if player.get("start_city") else
             tr("{player} ({pieces}): {money}, {tracks} track left, {cards} rail cards in hand, "
                "{cities} on their track.", **said))
    lines = [
        first,
        tr("{player}'s train is {where}: speed {speed}, power {power}, cargo {cargo}, carrying "
           "{goods}; next upgrade {upgrades}.", player=name, where=where,
           speed=train.get("speed", "?"), power=train.get("power", "?"),
           cargo=train.get("capacity", "?"), goods=cargo, upgrades=ups or tr("none")),
    ]
    used = list(player.get("deliveries") or [])
    contracts = "; ".join(_contract_words(c, used) for c in player.get("contracts") or [])
    lines.append(tr("{player}'s contracts: {contracts}.", player=name,
                    contracts=contracts or tr("none")))
    card = player.get("route_card")
    if card:
        listed = ", ".join(f"{c} {v}" for c, v in card.get("cities") or [])
        lines.append(tr("{player}'s route card {city} ({cities}) scored {amount}.", player=name,
                        city=card.get("top"), cities=listed,
                        amount=money(player.get("route_bonus"))))
    return lines


def map_lines(view: dict[str, Any]) -> list[str]:
    """The map in words: where each player's track reaches; every city, its good and price."""
    lines = []
    for player in view.get("players") or []:
        reach = ", ".join(player.get("network_cities") or []) or tr("no city yet")
        lines.append(tr("{player}'s track touches: {cities}.", player=player.get("name"),
                        cities=reach))
    cities = [tr("{city} {good} ${amount}", city=c.get("name"), good=term(str(c.get("good"))),
                 amount=c.get("price")) for c in view.get("cities") or []]
    lines.append(tr("Cities (good, price): {cities}.", cities=", ".join(cities)))
    return lines


def text_lines(view: dict[str, Any]) -> list[str]:
    """The public view as plain text lines (screen readers, alt text), most important first."""
    lines = [tr("Spike: {status}.", status=status(view))]
    if view.get("phase") == "over":
        winners = names_of(view, view.get("winners"))
        lines.append(trn("Winner: {players}. Game over: {reason}.",
                         "Winners: {players}. Game over: {reason}.", len(winners),
                         players=and_list(winners),
                         reason=view.get("end_reason") or tr("the game has ended")))
        for player in view.get("players") or []:
            seat = int(player["seat"])
            items = (view.get("breakdown") or [[]] * (seat + 1))[seat]
            lines.append(tr("{player}: {money} = {parts}.", player=player.get("name"),
                            money=money(player.get("money")), parts=breakdown_text(items)))
    elif view.get("prompt"):
        lines.append(tr("To act: {prompt}", prompt=view["prompt"]))
    last = mk.words(view, seat_names(view), space_labels(view))
    if last:
        lines.append(last)
    build = view.get("build")
    if build:
        spaces = space_labels(view)
        laid = ", ".join(spaces.get(int(i), str(i)) for i in build.get("laid") or [])
        who = names_of(view, [build.get("seat")])[0]
        lines.append(tr("{player} is building: {spaces}; {n} connections finished.",
                        player=who, spaces=laid or tr("nothing laid yet"),
                        n=build.get("connections", 0)))
    for player in view.get("players") or []:
        lines += _player_lines(view, player)
    market = view.get("market") or {}
    rows = list(market.get("rows") or [])
    columns = [list(c) for c in market.get("columns") or []]
    by_price = [tr("${price}: {goods}", price=price,
                   goods=", ".join(term(str(c[r])) for c in columns if r < len(c)))
                for r, price in enumerate(rows)]
    lines.append(tr("Goods market: {rows}.", rows="; ".join(by_price)))
    cards = view.get("rail_cards") or {}
    shown = ", ".join(term(str(c)) for c in cards.get("display") or []) or tr("empty")
    lines.append(tr("Rail card display: {cards}; deck {deck}, discard {discard}.", cards=shown,
                    deck=cards.get("deck", 0), discard=cards.get("discard", 0)))
    pile = cards.get("discard_pile") or {}
    if pile:  # the discards lie face up: what was paid since the last reshuffle
        lines.append(tr("Discard pile (face up): {cards}.",
                        cards=", ".join(tr("{n} {colour}", n=n, colour=term(str(c)))
                                        for c, n in pile.items())))
    lines += map_lines(view)
    lines += [tr("Recent: {line}", line=line) for line in (view.get("recent") or [])[-3:]]
    return lines
