"""'Fin du jeu et Décompte': victory points and the tie-break.

VP: 8 per face-up train, each completed milestone, the three performance tracks (step VP x
offices / stations / level-5 cities connected), 5 or 8 per pair of neighbouring telegraph
sections where the player has an office in both. Tie: most money (shares at $150), then shared.
"""

from __future__ import annotations

from typing import Any

from rules.core.lang import tr
from rules.railroad_revolution.base import RRBase
from rules.railroad_revolution.names import milestone_name


def level5_connected(match: RRBase, seat: int) -> int:
    """Distinct level-5 cities the player's network reaches ('Réseau')."""
    return sum(1 for c in match.connected(seat) if match.data.cities[c].level == 5)


def telegraph_links(match: RRBase, seat: int) -> list[int]:
    """VP of each link between two neighbouring sections holding one of the player's offices."""
    mine = set(match.p(seat)["offices"])
    return [vp for a, b, vp in match.data.links if a in mine and b in mine]


def _counts(match: RRBase, seat: int) -> dict[str, Any]:
    """What the score counts: trains, milestones, tracks and telegraph links."""
    p, data = match.p(seat), match.data
    tracks = data.tracks
    up = [t for t in p["trains"] if t["up"]]
    return {"up": up, "train_vp": sum(data.trains[t["id"]].vp for t in up),
            "done": [match.milestone(m) for m in p["completed"]],
            "tel": tracks["telegraph"].vp[p["tracks"]["telegraph"]],
            "stn": tracks["stations"].vp[p["tracks"]["stations"]],
            "net": tracks["network"].vp[p["tracks"]["network"]],
            "offices": len(p["offices"]), "stations": len(p["stations"]),
            "level5": level5_connected(match, seat), "links": telegraph_links(match, seat)}


def breakdown(match: RRBase, seat: int) -> list[list[Any]]:
    """[label, points] pairs that add up to the player's score."""
    c = _counts(match, seat)
    done, links = c["done"], c["links"]
    names = ", ".join(str(milestone_name(m)) for m in done) or tr("none")
    return [
        [tr("Face-up trains ({n} x {vp})", n=len(c["up"]),
            vp=int(match.data.constants["train_face_up_vp"])), c["train_vp"]],
        [tr("Milestones ({names})", names=names), sum(m.vp for m in done)],
        [tr("Telegraph track ({vp} x {n} offices)", vp=c["tel"], n=c["offices"]),
         c["tel"] * c["offices"]],
        [tr("Stations track ({vp} x {n} stations)", vp=c["stn"], n=c["stations"]),
         c["stn"] * c["stations"]],
        [tr("Network track ({vp} x {n} level-5 cities)", vp=c["net"], n=c["level5"]),
         c["net"] * c["level5"]],
        [tr("Telegraph connections ({links})", links=" + ".join(map(str, links)) or "0"),
         sum(links)],
    ]


def score(match: RRBase, seat: int) -> int:
    """The player's VP now."""
    c = _counts(match, seat)
    return int(c["train_vp"] + sum(m.vp for m in c["done"]) + c["tel"] * c["offices"]
               + c["stn"] * c["stations"] + c["net"] * c["level5"] + sum(c["links"]))


def tie_money(match: RRBase, seat: int) -> int:
    """Money with shares counted at $150 (the tie-break)."""
    return match.funds(seat)
