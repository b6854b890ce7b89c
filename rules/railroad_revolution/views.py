"""Public and per-seat views of a Railroad Revolution match.

Everything is open except the milestone piles' order and the tiles a player draws to choose a
replacement milestone: only that player sees them (`you.milestone_offer`).
Coordinates come from `data/board.json`: a 1600x1000 canvas (`board.canvas`), cities and rail
spaces at `x`/`y`, route polylines in `path`, telegraph sections and performance-track steps as
`box` = [x0, y0, x1, y1]; the player board has its own 1000x320 canvas (`player_board`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.railroad_revolution import scoring
from rules.railroad_revolution.data import COLOURS, STACKS, TRACKS, Reward

if TYPE_CHECKING:
    from rules.railroad_revolution.game import RailroadRevolution

RECENT_LINES = 10


def _who(seat: int) -> int | str:
    return "neutral" if seat < 0 else seat


def _reward(r: Reward) -> dict[str, Any]:
    return {"label": r.label, "cost": r.cost}


def _board(match: RailroadRevolution) -> dict[str, Any]:
    s, data = match.state, match.data
    raw = data.board_raw
    rails: dict[str, list[int]] = {sp: [] for sp in data.spaces}
    for seat in range(match.n()):
        for sp in match.p(seat)["rails"]:
            rails[sp].append(seat)
    cities = []
    for c in data.cities.values():
        tile = match.city_tile(c.id)
        holders = s["stations"][c.id]
        cities.append({
            "id": c.id, "name": c.name, "code": c.code, "level": c.level, "x": c.x, "y": c.y,
            "tile": tile.id, "cost": tile.cost, "main_reward": _reward(tile.main),
            "first_station_bonus": _reward(tile.first),
            "first_station": _who(holders[0]) if holders else None,
            "stations": [_who(h) for h in holders]})
    sections = []
    for sec, raw_sec in zip(data.sections.values(), raw["telegraph"]["sections"]):
        tile = s["telegraph_tiles"].get(str(sec.number))
        holders = s["offices"][str(sec.number)]
        sections.append({
            "section": sec.number, "main_shares": sec.main_shares,
            "first_office_bonus": sec.first_bonus, "market": sec.market,
            "tile": None if tile is None else {"id": tile,
                                               **_reward(data.telegraph_tiles[tile])},
            "first_office": _who(holders[0]) if holders else None,
            "offices": [_who(h) for h in holders], "box": raw_sec["box"],
            "first_office_slot": raw_sec["first_office_slot"], "tile_slot": raw_sec["tile_slot"]})
    tracks = {}
    for name in TRACKS:
        t = data.tracks[name]
        raw_t = raw["performance_tracks"][name]
        costs = t.hard_costs if s["hard_costs"] else t.costs
        tracks[name] = {
            "position": raw_t["position"], "multiplier": raw_t["multiplier"],
            "steps": [{"step": i, "vp": t.vp[i], "box": st["box"], "cost_to_enter": costs[i]}
                      for i, st in enumerate(raw_t["steps"])],
            "markers": [match.p(seat)["tracks"][name] for seat in range(match.n())]}
    return {
        "canvas": raw["canvas"], "regions": raw["regions"],
        "terrain_configurations": raw["terrain_configurations"],
        "cities": cities,
        "routes": [{"id": r.id, "cities": list(r.cities), "spaces": list(r.spaces),
                    "path": [list(pt) for pt in r.path]} for r in data.routes.values()],
        "spaces": [{"id": sp.id, "route": sp.route, "x": sp.x, "y": sp.y,
                    "terrain": sp.terrain, "triangles": sp.triangles, "market": sp.market,
                    "start": sp.start, "rails": rails[sp.id]} for sp in data.spaces.values()],
        "telegraph": {"sections": sections,
                      "links": [{"between": [a, b], "vp": vp, "x": k["x"], "y": k["y"]}
                                for (a, b, vp), k in zip(data.links, raw["telegraph"]["links"])]},
        "performance_tracks": tracks,
    }


def _market(match: RailroadRevolution) -> dict[str, Any]:
    m = match.state["market"]
    tile = match.market_tile()
    face: dict[str, Any] | None = None
    if tile is not None:
        face = {"id": tile.id}
        for name, side in (("top", tile.top), ("bottom", tile.bottom)):
            face[name] = {"shares": side.shares, "money": side.money, "label": side.reward.label}
    return {"face_up": face, "pile": len(m["pile"]), "discard": len(m["discard"]),
            "box": match.data.board_raw["regions"]["market_pile"]}


def _player(match: RailroadRevolution, seat: int) -> dict[str, Any]:
    p, data = match.p(seat), match.data
    milestones = []
    for e in p["milestones"]:
        m = match.milestone(e["id"])
        milestones.append({
            "id": m.id, "pile": m.pile, "vp": m.vp, "label": m.label,
            "managers_needed": list(m.managers), "managers": list(e["managers"]),
            "conditions": [{**c, "have": match.condition_count(seat, c)} for c in m.conditions],
            "conditions_met": match.conditions_met(seat, m)})
    return {
        "seat": seat, "name": match.players[seat], "colour": p["colour"],
        "money": p["money"], "shares": p["shares"],
        "workers": {"stock": dict(p["stock"]),
                    "board": [{"action": a, "colour": c} for a, c in p["board"]],
                    "available": match.available(seat)},
        "trains": [{"id": t["id"], "type": data.trains[t["id"]].type, "face_up": t["up"],
                    "bonus": data.trains[t["id"]].bonus.label} for t in p["trains"]],
        "milestones": milestones,
        "completed": [{"id": m, "vp": match.milestone(m).vp} for m in p["completed"]],
        "tracks": dict(p["tracks"]),
        "sections": [{"section": i + 1, "money": data.board_sections[i][0], "buildings": b,
                      "rails": r, "left_of_logo": data.board_sections[i][3]}
                     for i, (b, r) in enumerate(p["sections"])],
        "buildings_left": match.pieces(seat, "building"), "rails_left": match.pieces(seat, "rail"),
        "setup_pieces": {"rail": p["setup_rail"], "building": p["setup_building"]},
        "rails": list(p["rails"]), "stations": list(p["stations"]),
        "offices": list(p["offices"]), "connected": match.connected(seat),
        "level5_connected": scoring.level5_connected(match, seat),
        "score": scoring.score(match, seat), "tie_money": scoring.tie_money(match, seat),
        "turns_left": match.turns_left(seat),
    }


def public_view(match: RailroadRevolution) -> dict[str, Any]:
    """JSON-ready dict for spectators, channel messages and the board image."""
    s, data = match.state, match.data
    due = match.to_act()
    top = match.top()
    over = s["stage"] == "over"
    return {
        "game": match.game_id, "title": match.info.title,
        "options": dict(match.options),
        "stage": s["stage"], "turn": s["turn"], "round": max(0, s["turn"]) // match.n() + 1,
        "first": s["first"], "current": s["current"], "to_act": due,
        "prompt": match.prompt(due[0]) if due else "",
        "pending": None if top is None else match.frame_info(top),
        "board": _board(match),
        "market": _market(match),
        "setup_offer": [dict(o) for o in s["setup_offer"]] if s["stage"].startswith("setup")
        else [],
        "train_stacks": {k: len(s["train_stacks"][k]) for k in STACKS},
        "milestone_piles": {k: len(v) for k, v in s["milestone_piles"].items()},
        "supply": {c: s["supply"][c] for c in COLOURS},
        "players": [_player(match, seat) for seat in range(match.n())],
        "player_board": data.board_raw["player_board"],
        "end": None if s["end"] is None else dict(s["end"]),
        "recent": [text for _, text in match.lines[-RECENT_LINES:]],
        "winners": match.winners(),
        "scores": match.scores(),
        "breakdown": [scoring.breakdown(match, seat) for seat in range(match.n())],
        "over": over,
        "adapted": list(data.notes),
    }


def private_view(match: RailroadRevolution, seat: int) -> dict[str, Any]:
    """The public view plus the seat's legal actions and any milestone tiles it is choosing."""
    view = public_view(match)
    top = match.top()
    offer: list[dict[str, Any]] = []
    if top is not None and top["kind"] == "pick" and top["seat"] == seat:
        for mid in top["offer"]:
            m = match.milestone(mid)
            offer.append({"id": m.id, "vp": m.vp, "managers": list(m.managers),
                          "label": m.label})
    view["you"] = {"seat": seat, "legal": match.legal(seat), "milestone_offer": offer,
                   "prompt": match.prompt(seat) if seat in match.to_act() else ""}
    return view
