"""Rail cards (Lay Rails, Collaboration, Steel Bridge, Tunnel, Viaduct, Subway Excavation) and
Station Expansion (rulebook 'Pose de rail', 'Extension de la gare' and the card explanations)."""

from __future__ import annotations

from rules.core.lang import msg, tr
from rules.trains.effects.base import (
    EFFECTS,
    STEPS,
    Effect,
    Step,
    hex_menu,
    hex_menu_moved,
    pending,
)
from rules.trains.table import Pending, Table, waste_msg

# Each of these lays one rail and gains one Waste; all but Lay Rails also bring an ongoing
# waiver that starts first ("d'abord vous gagnez l'effet ...") and lasts while the card is in play.
RAIL_EFFECTS = ("lay-rails", "collaboration", "steel-bridge", "tunnel", "viaduct",
                "subway-excavation")


def rail_can(t: Table, eid: int) -> bool:
    """A rail can be laid somewhere with this card's own waiver in force."""
    e = t.entry(eid)
    was = e["on"]
    e["on"] = True
    ok = bool(t.lay_options())
    e["on"] = was
    return ok


def rail_start(t: Table, eid: int, forced: bool) -> Pending | None:
    """Put the card's waiver in force and ask where to lay the rail."""
    t.entry(eid)["on"] = True
    return pending("lay", t, eid, forced, row=None)


def _lay_options(t: Table, p: Pending) -> list[str]:
    return hex_menu(t, p, t.lay_options(), "lay")


def _lay_choose(t: Table, p: Pending, action: str) -> Pending | None:
    if hex_menu_moved(p, action):
        return p
    t.lay(action.removeprefix("lay "), p["card"])
    return None


def station_can(t: Table, eid: int) -> bool:
    """A station pawn is left and some city has a free slot."""
    return bool(t.station_options())


def station_start(t: Table, eid: int, forced: bool) -> Pending | None:
    """Ask which city gets the station pawn."""
    t.entry(eid)["on"] = True
    return pending("station", t, eid, forced, row=None)


def _station_options(t: Table, p: Pending) -> list[str]:
    return hex_menu(t, p, t.station_options(), "station")


def _station_choose(t: Table, p: Pending, action: str) -> Pending | None:
    if hex_menu_moved(p, action):
        return p
    city = action.removeprefix("station ")
    t.s["stations"][city] = t.s["stations"].get(city, 0) + 1
    t.s["stations_left"] -= 1
    gained = t.gain_waste()
    t.say(msg("{player} places a station on {city} and gains {gained}.", player=t.who(),
              city=t.board.hexes[city].label, gained=waste_msg(gained)))
    return None


for _name in RAIL_EFFECTS:
    EFFECTS[_name] = Effect(rail_can, rail_start)
EFFECTS["station-expansion"] = Effect(station_can, station_start)
STEPS["lay"] = Step(_lay_options, _lay_choose,
                    lambda card: tr("lay a rail with {card}", card=card))
STEPS["station"] = Step(_station_options, _station_choose,
                        lambda card: tr("place a station pawn on a city with {card}", card=card))
