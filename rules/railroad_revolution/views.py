"""Public and per-seat views of a Railroad Revolution match.

Everything is open except the milestone piles' order and the tiles a player draws to choose a
replacement milestone: only that player sees them (`you.milestone_offer`). What the table sees of
the action under way is public too: `action` (which optional parts were taken, whether the
worker's ability or a promotion was used) and `pending` (the decision's costs and counts).
Coordinates come from `data/board.json`: a 1600x1000 canvas (`board.canvas`), cities and rail
spaces at `x`/`y`, route polylines in `path`, telegraph sections and performance-track steps as
`box` = [x0, y0, x1, y1]; the player board has its own 1000x320 canvas (`player_board`).
"""

from __future__ import annotations

import copy
import re
from functools import cache
from typing import Any

from rules.core.lang import speaking, term
from rules.railroad_revolution import scoring
from rules.railroad_revolution.data import COLOURS, STACKS, TRACKS, Reward, load_data
from rules.railroad_revolution.names import space_name
from rules.railroad_revolution.turns import Turns

RECENT_LINES = 10

# Decision details said at the table beyond `frame_info` (which the renderers read): costs per
# step (M5's « promouvoir 1–2 Ouvriers » at $100 each is `each`), what a market accepted, the
# places a bonus building may go. Never `offer`: the milestone tiles a player draws are theirs.
PUBLIC_FRAME = ("each", "cost", "base", "per", "market", "optional", "cities", "first_only",
                "market_only", "active", "taken", "private", "give", "picks")
# What each action keeps of its own progress (« Gare », « Voie Ferrée », « Télégraphe »).
ACTION_PROGRESS = {"station": ("city", "first", "free", "paid"),
                   "railroad": ("need", "placed"), "telegraph": ("section", "shares")}


def _who(seat: int) -> int | str:
    return "neutral" if seat < 0 else seat


def _reward(r: Reward) -> dict[str, Any]:
    return {"label": term(r.label), "cost": r.cost}


def _board(match: Turns) -> dict[str, Any]:
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


def _market(match: Turns) -> dict[str, Any]:
    m = match.state["market"]
    tile = match.market_tile()
    face: dict[str, Any] | None = None
    if tile is not None:
        face = {"id": tile.id}
        for name, side in (("top", tile.top), ("bottom", tile.bottom)):
            face[name] = {"shares": side.shares, "money": side.money,
                          "label": term(side.reward.label)}
    return {"face_up": face, "pile": len(m["pile"]), "discard": len(m["discard"]),
            "box": match.data.board_raw["regions"]["market_pile"]}


def _player(match: Turns, seat: int) -> dict[str, Any]:
    p, data = match.p(seat), match.data
    milestones = []
    for e in p["milestones"]:
        m = match.milestone(e["id"])
        milestones.append({
            "id": m.id, "pile": m.pile, "vp": m.vp, "label": term(m.label),
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
                    "bonus": term(data.trains[t["id"]].bonus.label)} for t in p["trains"]],
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


# The public log lines that start a turn (a worker placed, no action possible, a setup tile).
TURN_START = re.compile(r" (?:places an? \w+ worker on (\w+)\.|can take no action and passes\.|"
                        r"takes the setup tile ')")
OFFICE = re.compile(r" (?:builds|puts) a telegraph office in section (\d+)\b")
MARKET = re.compile(r" accepts the (top|bottom) market \(")


@cache
def _patterns() -> tuple[dict[str, str], re.Pattern[str], dict[str, str], re.Pattern[str]]:
    """Rail-space and city names as the log writes them, and the patterns that find them."""
    data = load_data()
    spaces = {space_name(data, sp): sp for sp in data.spaces}
    cities = {c.name: c.id for c in data.cities.values()}

    def alternatives(names: dict[str, str]) -> str:
        return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))

    rail = re.compile(f" builds a rail on ({alternatives(spaces)}) \\(")
    station = re.compile(f" (?:builds|puts) a station in ({alternatives(cities)})"
                         "(?: on the First Station)? (?:for |\\(no cost)")
    return spaces, rail, cities, station


def _turn(lines: list[str], seat: int, action: str | None) -> dict[str, Any]:
    """The board changes a turn's public log lines tell of."""
    spaces, rail, cities, station = _patterns()
    out: dict[str, Any] = {"player": seat, "action": action, "rails": [], "stations": [],
                           "offices": [], "market": None}
    for text in lines:
        if found := rail.search(text):
            out["rails"].append(spaces[found[1]])
        elif found := station.search(text):
            out["stations"].append(cities[found[1]])
        elif found := OFFICE.search(text):
            out["offices"].append(int(found[1]))
        elif found := MARKET.search(text):
            out["market"] = found[1]
    return out


def last_move(match: Turns) -> dict[str, Any] | None:
    """What the last turn changed on the board, read from the public log lines (said in
    English, the words the patterns know): the turn in progress once it built something or
    used the market, else the last finished turn."""
    with speaking("en"):
        return _last_move(match)


def _last_move(match: Turns) -> dict[str, Any] | None:
    lines, starts = match.lines, []
    for i in range(len(lines) - 1, -1, -1):
        n, text = lines[i]
        if n > 0 and TURN_START.search(text):
            starts.append(i)
            if len(starts) == 2:
                break
    turns = []
    for k, i in enumerate(starts):
        end = starts[k - 1] if k else len(lines)
        n, text = lines[i]
        found = TURN_START.search(text)
        action = found[1].lower() if found and found[1] else None
        turns.append(_turn([t for _, t in lines[i:end]], match.log[n - 1][0], action))
    if not turns:
        return None
    top = match.top()
    fresh = top is None or top["kind"] in ("place", "setup") or match.state["stage"] == "over"
    last = turns[0]
    changed = last["rails"] or last["stations"] or last["offices"] or last["market"]
    if not fresh and not changed and len(turns) > 1:
        return turns[1]  # the turn in progress has not changed the board yet
    return last


def _pending(match: Turns) -> dict[str, Any] | None:
    """The decision the game waits for, with its public details."""
    top = match.top()
    if top is None:
        return None
    out = match.frame_info(top)
    for key in PUBLIC_FRAME:
        if key in top:
            out[key] = copy.deepcopy(top[key])  # e.g. `picks` nests lists: never the state's
    return out


def _action(match: Turns) -> dict[str, Any] | None:
    """The worker action under way: its main part, and which optional parts were taken.

    « L'effet additionnel est toujours optionnel » and is either the worker's ability or a
    promotion, never both (NOTES.md §3, 8): `extra` says which, once chosen.
    """
    hub = match.hub()
    if hub is None:
        return None
    mode = hub["mode"]
    out: dict[str, Any] = {
        "seat": hub["seat"], "action": hub["action"], "worker": hub["worker"],
        "main_done": hub["main"], "extra": mode, "ability_used": mode == "ability",
        "promotion_used": mode == "promote", "taken": list(hub["used"]),
        "market_reached": bool(match.state["market_flag"])}
    for key in ACTION_PROGRESS.get(hub["action"], ()):
        value = hub[key]
        out[key] = list(value) if isinstance(value, list) else value
    return out


def public_view(match: Turns) -> dict[str, Any]:
    """JSON-ready dict for spectators, channel messages and the board image."""
    s, data = match.state, match.data
    due = match.to_act()
    over = s["stage"] == "over"
    return {
        "game": match.game_id, "title": match.info.title,
        "options": dict(match.options),
        "stage": s["stage"], "turn": s["turn"], "round": max(0, s["turn"]) // match.n() + 1,
        "first": s["first"], "current": s["current"], "to_act": due,
        "prompt": match.prompt(due[0]) if due else "",
        "pending": _pending(match),
        "action": _action(match),
        "board": _board(match),
        "last_move": last_move(match),
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
        "standing": match.standing().to_dict(match.players),  # public: VP, how near the end
        "over": over,
        "adapted": list(data.notes),
    }


def private_view(match: Turns, seat: int) -> dict[str, Any]:
    """The public view plus the seat's legal actions and any milestone tiles it is choosing."""
    view = public_view(match)
    top = match.top()
    offer: list[dict[str, Any]] = []
    if top is not None and top["kind"] == "pick" and top["seat"] == seat:
        for mid in top["offer"]:
            m = match.milestone(mid)
            offer.append({"id": m.id, "vp": m.vp, "managers": list(m.managers),
                          "label": term(m.label)})
    view["you"] = {"seat": seat, "legal": match.legal(seat), "milestone_offer": offer,
                   "prompt": match.prompt(seat) if seat in match.to_act() else ""}
    return view
