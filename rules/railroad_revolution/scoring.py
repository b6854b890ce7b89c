"""'Fin du jeu et Décompte': victory points and the tie-break.

VP: 8 per face-up train, each completed milestone, the three performance tracks (step VP x
offices / stations / level-5 cities connected), 5 or 8 per pair of neighbouring telegraph
sections where the player has an office in both. Tie: most money (shares at $150), then shared.
"""

from __future__ import annotations

from typing import Any

from rules.railroad_revolution.base import RRBase
from rules.railroad_revolution.names import milestone_name


def level5_connected(match: RRBase, seat: int) -> int:
    """Distinct level-5 cities the player's network reaches ('Réseau')."""
    return sum(1 for c in match.connected(seat) if match.data.cities[c].level == 5)


def telegraph_links(match: RRBase, seat: int) -> list[int]:
    """VP of each link between two neighbouring sections holding one of the player's offices."""
    mine = set(match.p(seat)["offices"])
    return [vp for a, b, vp in match.data.links if a in mine and b in mine]


def breakdown(match: RRBase, seat: int) -> list[list[Any]]:
    """[label, points] pairs that add up to the player's score."""
    p, data = match.p(seat), match.data
    up = [t for t in p["trains"] if t["up"]]
    tracks = data.tracks
    tel_step, stn_step, net_step = (p["tracks"][t] for t in ("telegraph", "stations", "network"))
    offices, stations = len(p["offices"]), len(p["stations"])
    level5 = level5_connected(match, seat)
    links = telegraph_links(match, seat)
    tel_vp, stn_vp, net_vp = (tracks["telegraph"].vp[tel_step], tracks["stations"].vp[stn_step],
                              tracks["network"].vp[net_step])
    done = [match.milestone(m) for m in p["completed"]]
    return [
        [f"Face-up trains ({len(up)} x {data.constants['train_face_up_vp']})",
         sum(data.trains[t["id"]].vp for t in up)],
        [f"Milestones ({', '.join(milestone_name(m) for m in done) or 'none'})",
         sum(m.vp for m in done)],
        [f"Telegraph track ({tel_vp} x {offices} offices)", tel_vp * offices],
        [f"Stations track ({stn_vp} x {stations} stations)", stn_vp * stations],
        [f"Network track ({net_vp} x {level5} level-5 cities)", net_vp * level5],
        [f"Telegraph connections ({' + '.join(map(str, links)) or '0'})", sum(links)],
    ]


def score(match: RRBase, seat: int) -> int:
    """The player's VP now."""
    return sum(int(points) for _, points in breakdown(match, seat))


def tie_money(match: RRBase, seat: int) -> int:
    """Money with shares counted at $150 (the tie-break)."""
    return match.funds(seat)
