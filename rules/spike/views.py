"""Public and per-seat views of a Spike match: hands and route cards stay with their owner."""

from __future__ import annotations

from typing import Any

from rules.core.lang import language
from rules.spike.board import PART_NAMES, Board, RouteCard
from rules.spike.last_move import last_move
from rules.spike.names import point_name, space_name
from rules.spike.scoring import ScoringMixin

RECENT_LINES = 8


def _route(card: RouteCard | None) -> dict[str, Any] | None:
    if card is None:
        return None
    return {"top": card.top, "cities": [[c, v] for c, v in card.cities]}


# The lattice's names never change during a match: said once per board and language, then only
# the owners are filled in (a view is read at every step; saying 400 space names each time
# was most of a move's cost).
_LATTICE: dict[tuple[int, str], tuple[Board, list[dict[str, Any]], list[dict[str, Any]]]] = {}


def _lattice(board: Board) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The board's points and spaces (without owners), named in the language spoken."""
    key = (id(board), language())
    found = _LATTICE.get(key)
    if found is None or found[0] is not board:
        points = [{"id": p.id, "label": p.label, "name": point_name(p.id), "row": p.row,
                   "col": p.col, "x": p.x, "y": p.y, "city": p.city,
                   "good": board.cities[p.city].good if p.city else None}
                  for p in board.points.values()]
        spaces = [{"index": sp.index, "label": board.space_label(sp.index),
                   "name": space_name(board, sp.index), "a": sp.a, "b": sp.b, "kind": sp.kind}
                  for sp in board.spaces]
        found = _LATTICE[key] = (board, points, spaces)  # holding the board keeps its id unique
    return found[1], found[2]


def _board(match: ScoringMixin) -> dict[str, Any]:
    """The lattice: every point (x/y in km, x east, y south) and every space with its owner."""
    board, owners = match.board, match.state["owners"]
    points, spaces = _lattice(board)
    return {
        "units": "km",
        "spacing_km": board.projection.get("spacing_km"),
        "projection": dict(board.projection),
        "rail_kinds": [{"code": k.code, "card": k.card, "name": k.name, "colour": k.colour,
                        "hex": k.hex, "pattern": k.pattern} for k in board.kinds],
        "points": [dict(p) for p in points],
        "spaces": [{**sp, "owner": owners[sp["index"]]} for sp in spaces],
    }


def _train(match: ScoringMixin, seat: int) -> dict[str, Any]:
    p = match.me(seat)
    point, space = p["train"]["point"], p["train"]["space"]
    return {
        "point": point,
        "city": match.board.points[point].city if point else None,
        "space": space,
        "moving": space is not None,
        "levels": dict(p["levels"]),
        "speed": match.level_value(seat, "speed"),
        "power": match.level_value(seat, "power"),
        "capacity": match.level_value(seat, "cargo"),
        "cargo": match.cargo(seat),
        "next_upgrade_cost": {part: match.upgrade_cost(seat, part) for part in PART_NAMES},
    }


def _contracts(match: ScoringMixin, seat: int) -> list[dict[str, Any]]:
    out = []
    for c in match.me(seat)["contracts"]:
        card = match.board.contract(c["good"], c["card"])
        sides = [c["side"]] if c["side"] else ["a", "b"]
        out.append({"good": c["good"], "card": c["card"], "side": c["side"],
                    "destinations": {s: [[city, v] for city, v in card.sides[s]] for s in sides},
                    "token": c["token"], "delivered": c["delivered"]})
    return out


def _build(match: ScoringMixin) -> dict[str, Any] | None:
    step = match.state["step"]
    if step["kind"] not in ("build", "pay"):
        return None
    return {"seat": step["seat"], "head": step.get("head"), "path": list(step.get("path", [])),
            "laid": list(step["laid"]), "connections": step["done"]}


def _by_colour(board: Board, codes: list[str]) -> dict[str, int]:
    """Cards by colour word, in rail kind order, colours with none left out."""
    return {board.kind(k).card: codes.count(k) for k in board.kind_codes if k in codes}


def _handed(match: ScoringMixin, seat: int) -> dict[str, Any]:
    """The rail cards this seat gave and was given at set-up (« Le premier joueur choisit
    maintenant une des cartes rails de sa main pour la donner au joueur à sa droite »): the
    giver and the receiver both know that card, nobody else does."""
    n = len(match.players)
    out: dict[str, Any] = {"gave": None, "received": None}
    for who, action in match.log:
        if not action.startswith("give "):
            continue
        card = action.split(" ", 1)[1]
        if who == seat:
            out["gave"] = {"to": (seat - 1) % n, "card": card}
        elif (who - 1) % n == seat:
            out["received"] = {"from": who, "card": card}
    return out


def public_view(match: ScoringMixin) -> dict[str, Any]:
    """JSON-ready dict for spectators, channel messages and the board image."""
    s, board = match.state, match.board
    due = match.to_act()
    over = s["phase"] == "over"
    players = []
    for seat, name in enumerate(match.players):
        p = match.me(seat)
        start = p["start"]
        players.append({
            "seat": seat, "name": name, "money": p["money"], "tracks_left": p["tracks"],
            "hand_size": match.hand_size(seat),
            "start_city": board.points[start].city if start else None,
            "network_cities": match.track_cities(seat),
            "cities_connected": len(match.track_cities(seat)),
            "train": _train(match, seat),
            "contracts": _contracts(match, seat),
            "deliveries": list(p["deliveries"]),
            "route_card": _route(match.route_card(seat)) if over else None,
            "route_bonus": p["income"]["route"] if over else None,
        })
    prices = {g: match.price(g) for g in board.goods}
    return {
        "game": match.game_id,
        "title": match.info.title,
        "phase": s["phase"],
        "round": s["round"],
        "time_cards": {"total": board.rules["time_cards"], "in_deck": s["round"] == 3,
                       "drawn": s["time_drawn"]},
        "turn_number": s["turn_number"],
        "current": s["current"] if s["phase"] == "play" else None,
        "first_player": s["first"],
        "to_act": due,
        "step": s["step"]["kind"],
        "prompt": match.prompt(due[0]) if due else "",
        "board": _board(match),
        "cities": [{"name": c.name, "point": c.point, "good": c.good, "price": prices[c.good],
                    "delivered_by": [i for i in range(len(match.players))
                                     if c.name in match.me(i)["deliveries"]],
                    "trains": [i for i in range(len(match.players))
                               if match.me(i)["train"]["point"] == c.point]}
                   for c in board.cities.values()],
        "market": {"rows": list(board.rules["market_rows"]),
                   "columns": [list(col) for col in s["market"]], "prices": prices},
        "rail_cards": {"display": [board.kind(c).card for c in s["display"]],
                       "deck": len(s["deck"]), "discard": len(s["discard"]),
                       # « Les cartes utilisées ... sont défaussées, faces visibles »: the pile
                       # is in plain sight, so its cards by colour (rail kind order).
                       "discard_pile": _by_colour(board, s["discard"])},
        "players": players,
        "build": _build(match),
        "last_move": last_move(match),
        "final_turns": s["final_turns"],
        "end_reason": match.end_reason() or None,
        "recent": [text for _, text in match.lines[-RECENT_LINES:]],
        "winners": match.winners(),
        "scores": match.scores(),
        "breakdown": match.breakdown(),  # labels said in the reader's language
        "standing": match.standing().to_dict(match.players),  # public: money now, no route card
        "adapted": list(board.notes),
    }


def private_view(match: ScoringMixin, seat: int) -> dict[str, Any]:
    """The public view plus that seat's rail cards and route card(s)."""
    view = public_view(match)
    p = match.me(seat)
    view["you"] = {
        "seat": seat,
        "hand": {match.board.kind(c).card: n for c, n in p["hand"].items()},
        "route_card": _route(match.route_card(seat)),
        "route_offer": [_route(match.board.routes[i]) for i in p["route_offer"]],
        **_handed(match, seat),
        "legal": match.legal(seat),
    }
    return view
