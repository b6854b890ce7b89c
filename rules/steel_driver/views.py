"""The public view of a Steel Driver match (everything in this game is open information).

Besides the board it holds what was said and done in the open during the auctions ("Phase 2 :
mise aux enchères"): how many players in a row passed the active marker, who opened the last
auction (the marker goes to their left when the phase ends), and who dropped out of this one.
"""

from __future__ import annotations

from typing import Any

from rules.core.lang import tr
from rules.steel_driver.base import SteelDriverBase

RECENT_LINES = 6


def public_view(match: SteelDriverBase) -> dict[str, Any]:
    """JSON-ready dict for spectators, channel messages and the board image."""
    s = match.state
    board = match.board
    due = match.to_act()
    building = s["phase"] in ("build", "final")
    companies = []
    for c in board.companies:
        co = s["companies"][c.id]
        companies.append({
            "id": c.id, "name": c.name, "colour": c.colour,
            "cubes": co["cubes"], "profit": co["profit"], "controller": co["controller"],
            "shares": [p["shares"][c.id] for p in s["players"]],
            "shares_left": co["shares_left"], "rails_left": co["rails_left"],
            "network": list(co["network"]), "goods": dict(sorted(co["goods"].items())),
            "final_value": co["final_value"],
            # Phase 6 ties go to the nearest player from the one who held the marker.
            "last_controller": co["last_controller"],
            "passed": building and c.id in s["pass_row"],
        })
    auction = None
    if s["auction"] is not None:
        a = s["auction"]
        auction = {"company": a["company"], "opener": a["opener"], "high_bid": a["high_bid"],
                   "high_bidder": a["high_bidder"], "in": list(a["in"]), "turn": a["turn"],
                   # « un joueur qui passe ne peut plus participer à cette enchère »
                   "passed": [i for i in range(len(match.players)) if i not in a["in"]]}
    return {
        "game": match.game_id,
        "title": match.info.title,
        "round": s["round"],
        "rounds": board.rounds,
        "phase": s["phase"],
        "to_act": due,
        "prompt": match.prompt(due[0]) if due else "",
        "active_player": s["active"],
        "players": [
            {"seat": i, "name": name, "cubes": p["cubes"], "cash": p["cash"],
             "shares": dict(p["shares"])}
            for i, (name, p) in enumerate(zip(match.players, s["players"]))
        ],
        "auction": auction,
        # « Lorsque tous les joueurs passent » ends the auctions: the passes in a row so far.
        "passes_in_a_row": s["passes"] if s["phase"] == "auction" else 0,
        "last_opener": s["last_opener"],
        "companies": companies,
        "order": [c for c in s["order"] if not (building and c in s["pass_row"])],
        "pass_row": list(s["pass_row"]) if building else [],
        "active_company": s["order"][s["turn"]] if building and due else None,
        "cities": [
            {"name": city.name, "colour": city.colour, "value": city.value,
             "hex_start": city.hex_start, "lat": city.lat, "lon": city.lon,
             "goods": s["goods"].get(city.name)}
            for city in board.cities.values()
        ],
        "links": [
            {"id": link.id, "a": link.a, "b": link.b, "cost": link.cost,
             "owner": s["links"][link.id]}
            for link in board.links.values()
        ],
        "transcontinental": s["transcontinental"],
        "last_action": s["last_action"],
        "recent": [text for _, text in match.lines[-RECENT_LINES:]],
        "winners": match.winners(),
        "breakdown": _breakdown(match),
        "scores": match.scores(),
        "standing": match.standing().to_dict(match.players),  # public: who leads, shares valued now
        "adapted": list(board.adapted),
    }


def _breakdown(match: SteelDriverBase) -> list[list[list[Any]]]:
    """Per seat, how the cash was made: income by round, then payout per company share."""
    names = {c.id: c.name for c in match.board.companies}
    rows = []
    for p in match.state["players"]:
        parts: list[list[Any]] = [[tr("Income as controller"), p["income"]]]
        parts += [[tr("{company} shares", company=names[cid]), pay]
                  for cid, pay in p["payout"].items() if pay]
        rows.append(parts)
    return rows
