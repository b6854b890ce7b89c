"""What a reward, a track step, a rail, a station or an office is worth to the computer, in VP."""

from __future__ import annotations

from typing import Any

from rules.railroad_revolution.board import network
from rules.railroad_revolution.computer.model import (
    SHARE,
    TRAIN_VP,
    Me,
    actions_needed,
    city_tile,
)
from rules.railroad_revolution.data import SPECIALISTS, TRACKS, CityTile, Effect

RAIL_BASE, PER_TRIANGLE = 400, 100  # 'Voie Ferrée': $400 plus $100 per hard-terrain triangle


# -- performance tracks ('Pistes Performance') ------------------------------------------------
def track_count(me: Me, track: str) -> float:
    """Offices, stations or level-5 cities I expect to score this track with at the end."""
    future = 0.25 * min(int(me.p["buildings_left"]), me.turns - 1) + me.adding.get(track, 0)
    if track == "telegraph":
        return len(me.p["offices"]) + future
    if track == "stations":
        return len(me.p["stations"]) + future
    return float(me.p["level5_connected"])


def step_value(me: Me, track: str, pos: int) -> float | None:
    """VP of moving from `pos` to the next step, less what entering it costs (None at the top)."""
    steps = me.tracks[track]["steps"]
    if pos + 1 >= len(steps):
        return None
    gain = (steps[pos + 1]["vp"] - steps[pos]["vp"]) * track_count(me, track)
    cost = steps[pos + 1]["cost_to_enter"] or {}
    price = (cost.get("pay", 0) + SHARE * cost.get("discard_shares", 0)) * me.mv()
    if cost.get("discard_shares", 0) > me.p["shares"]:
        return None  # shares to discard cannot be bought ('Pistes Performance')
    if cost.get("discard_workers"):
        if me.available <= 4:
            return None
        # the worker lost may be the one a milestone waits to promote
        price += me.worker_value() + best_promotions(me, 1)
    return float(gain - price)


def advance_plan(me: Me, steps: int) -> tuple[float, str | None]:
    """Best value of 'advance up to `steps`' and the first track to move (greedy)."""
    pos = {t: int(me.p["tracks"][t]) for t in TRACKS}
    total, first = 0.0, None
    for _ in range(steps):
        best: tuple[float, str] | None = None
        for t in TRACKS:
            v = step_value(me, t, pos[t])
            if v is not None and v > 0.05 and (best is None or v > best[0]):
                best = (v, t)
        if best is None:
            break
        total += best[0]
        pos[best[1]] += 1
        first = first or best[1]
    return total, first


def unit_value(me: Me, track: str) -> float:
    """VP one more office (or station) brings through its track by the end."""
    steps = me.tracks[track]["steps"]
    pos = int(me.p["tracks"][track])
    later = steps[min(len(steps) - 1, pos + me.turns // 3)]["vp"]
    return float(steps[pos]["vp"] + 0.5 * (later - steps[pos]["vp"]))


# -- workers and trains -----------------------------------------------------------------------
def promotion_value(me: Me, colour: str, mid: str) -> float:
    """VP a manager of that colour on that milestone brings (completing it soon matters)."""
    m = next(x for x in me.p["milestones"] if x["id"] == mid)
    empty = sum(1 for x in m["managers"] if x is None)
    rails, stations = frozenset(me.p["rails"]), frozenset(me.p["stations"])
    letter, needed = m["pile"][0], m["managers_needed"]
    before = me.chance(m["vp"], letter, m["conditions"], rails, stations, empty, needed)
    after = me.chance(m["vp"], letter, m["conditions"], rails, stations, empty - 1, needed)
    gain = after - before
    if empty == 1:
        need = actions_needed(m["conditions"], rails, stations, me.data)
        # 'Compléter une Étape': with its conditions met it is scored at the end of this turn.
        gain += m["vp"] * (0.6 if need == 0 else 0.25 if need <= 1 else 0.0)
    return gain - (0.5 if colour == "white" else 1.0)


def best_promotions(me: Me, count: int) -> float:
    """Value of up to `count` promotions of my available workers."""
    have = me.colours_owned()
    spare = me.available - 4
    total = 0.0
    taken: set[tuple[str, int]] = set()
    for _ in range(min(count, spare)):
        best: tuple[float, str, str, int] | None = None
        for m in me.p["milestones"]:
            for i, (need, got) in enumerate(zip(m["managers_needed"], m["managers"])):
                if got is not None or (m["id"], i) in taken:
                    continue
                for c, n in have.items():
                    if n and need in (c, "any"):
                        v = promotion_value(me, c, m["id"])
                        if v > 0 and (best is None or v > best[0]):
                            best = (v, c, m["id"], i)
        if best is None:
            break
        total += best[0]
        have[best[1]] -= 1
        taken.add((best[2], best[3]))
    return total


def flip_value(me: Me, times: int) -> float:
    """'Retourner un Train': face-down trains go up (+8 VP); else a face-up one gives its bonus."""
    down = sum(1 for t in me.p["trains"] if not t["face_up"])
    ups = [t for t in me.p["trains"] if t["face_up"]]
    total = 0.0
    for _ in range(times):
        if down:
            total += TRAIN_VP if me.turns >= 1 else 0
            down -= 1
        elif ups:
            bonus = max(train_bonus(me, t["type"]) for t in ups)
            total += bonus - TRAIN_VP
            down += 1
    return total


def train_bonus(me: Me, kind: str) -> float:
    """What flipping a train of that type face down gives."""
    train = next(t for t in me.data.trains.values() if t.type == kind)
    return effects_value(me, train.bonus.effects, nested=True)


# -- rewards -----------------------------------------------------------------------------------
def effects_value(me: Me, effects: tuple[Effect, ...] | list[Effect],
                  nested: bool = False) -> float:
    """VP estimate of a list of effects (a reward, bonus, tile or market)."""
    mv = me.mv()
    total = 0.0
    for e in effects:
        kind = e["type"]
        total -= int(e.get("cost", 0)) * mv
        if kind == "advance":
            total += advance_plan(me, int(e["steps"]))[0]
        elif kind == "gain_shares":
            total += int(e["n"]) * SHARE * mv
        elif kind == "gain_money":
            total += int(e["amount"]) * mv
        elif kind == "gain_workers":
            supply = me.view["supply"]
            for pick in e["picks"]:
                ok = [c for c in SPECIALISTS if supply[c] and (c in pick or "any" in pick)]
                total += max((me.worker_value(c) for c in ok), default=me.worker_value())
        elif kind == "promote":
            each = int(e["cost_each"]) * mv
            total += max(0.0, best_promotions(me, int(e["max"])) - each * int(e["max"]))
        elif kind == "flip_train" and not nested:
            total += flip_value(me, int(e["times"]))
        elif kind == "take_train":
            if any(me.view["train_stacks"].values()):
                total += TRAIN_VP + 1.0
        elif kind == "exchange_worker":
            total += max(0.0, max(me.wanted_colours().values()) - 0.5)
        elif kind == "place_rail":
            best = best_single_rail(me, free=True)
            total += max(0.0, best[0]) if best else 0.0
        elif kind == "place_building_city":
            total += max((station_value(me, c, paid=False) for c in free_cities(me)),
                         default=0.0)
        elif kind == "place_building_telegraph":
            total += max((office_value(me, s, shares=False) for s in open_sections(me)),
                         default=0.0)
    return total


def market_side_value(me: Me, side: dict[str, Any], name: str, discount: int = 0) -> float:
    """A market side's reward less the shares (and money) it costs."""
    tile = me.data.markets[me.view["market"]["face_up"]["id"]]
    reward = (tile.top if name == "top" else tile.bottom).reward
    cost = float(max(0, side["shares"] - discount) * SHARE + side["money"]) * me.mv()
    return effects_value(me, reward.effects) - cost


def market_value(me: Me) -> float:
    """What the face-up market tile offers me when I trigger it (the better side, or nothing)."""
    face = me.view["market"]["face_up"]
    if face is None:
        return 0.0
    return max([0.0, *(market_side_value(me, face[n], n) for n in ("top", "bottom")
                       if face[n]["shares"] <= me.p["shares"])])


# -- rails, stations, offices -----------------------------------------------------------------
def rail_gain(me: Me, spaces: tuple[str, ...]) -> float:
    """Plan value gained by adding these rails to my network."""
    rails = frozenset(me.p["rails"])
    stations = frozenset(me.p["stations"])
    return me.plan_value(rails | set(spaces), stations) - me.plan_value(rails, stations)


def best_single_rail(me: Me, free: bool, spaces: list[str] | None = None,
                     market: float = 0.0) -> tuple[float, str] | None:
    """The best rail space to add (free: no terrain cost; `market`: what a market space adds)."""
    cands = spaces if spaces is not None else network().available(me.p["rails"])
    best: tuple[float, str] | None = None
    for s in cands:
        v = rail_gain(me, (s,))
        if not free:
            v -= PER_TRIANGLE * me.data.spaces[s].triangles * me.mv()
        if me.data.spaces[s].market:
            v += market
        if best is None or v > best[0]:
            best = (v, s)
    return best


def free_cities(me: Me) -> list[str]:
    """Connected cities without my station."""
    return [c for c in me.p["connected"] if c not in me.p["stations"]]


def open_sections(me: Me) -> list[int]:
    """Telegraph sections without my office."""
    return [s for s in me.sections if s not in me.p["offices"]]


def station_value(me: Me, city: str, paid: bool = True) -> float:
    """A station there: its track, milestones, and (when paid for) reward, bonus and cost."""
    rails, stations = frozenset(me.p["rails"]), frozenset(me.p["stations"])
    v = unit_value(me, "stations")
    v += me.plan_value(rails, stations | {city}) - me.plan_value(rails, stations)
    if paid:
        c = me.cities[city]
        tile = city_tile_of(me, city)
        me.adding["stations"] = 1  # its rewards' steps already count this station
        v += effects_value(me, tile.main.effects)
        if c["first_station"] is None:
            v += max(0.0, effects_value(me, tile.first.effects))
        me.adding.clear()
        v -= tile.cost * me.mv()
    return v


def city_tile_of(me: Me, city: str) -> CityTile:
    """The tile on that city."""
    return city_tile(me.data, me.cities[city])


def office_value(me: Me, number: int, shares: bool = True) -> float:
    """An office there: its track, neighbour links, and (when built by Telegraph) shares, tile."""
    sec = me.sections[number]
    mine = set(me.p["offices"])
    v = unit_value(me, "telegraph")
    for link in me.view["board"]["telegraph"]["links"]:
        a, b = link["between"]
        other = b if a == number else a if b == number else None
        if other is None:
            continue
        # 'Fin du jeu': 5 or 8 VP for two neighbouring sections holding my offices.
        v += link["vp"] * (1.0 if other in mine else 0.25 if me.turns > 3 else 0.0)
    if shares:
        me.adding["telegraph"] = 1  # steps from its tile or market count this office
        n = sec["main_shares"] + (sec["first_office_bonus"] if sec["first_office"] is None else 0)
        v += n * SHARE * me.mv()
        if sec["tile"] is not None and me.available > 4:
            tile = me.data.telegraph_tiles[sec["tile"]["id"]]
            v += max(0.0, effects_value(me, tile.effects) - me.worker_value()) * 0.8
        if sec["market"]:
            v += market_value(me)
        me.adding.clear()
    return v
