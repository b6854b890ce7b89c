"""Railroad Revolution's board, tiles and constants, loaded from `data/` and checked on load."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from rules.core.text import counted

Effect = dict[str, Any]

COLOURS = ("white", "purple", "orange", "grey", "turquoise")
SPECIALISTS = COLOURS[1:]
ACTIONS = ("station", "railroad", "telegraph", "trade")
TRACKS = ("telegraph", "stations", "network")
TRAIN_TYPES = ("promote", "money", "advance", "shares", "rail")
STACKS = ("money", "advance", "shares", "rail")
PILES = ("A1", "A2", "B", "C", "D")
CONDITIONS = ("connected_cities", "stations", "market_rails", "terrain_rails")
# Each effect type and the keys it must carry ("_effect_vocabulary" in tiles.json).
EFFECT_KEYS: dict[str, tuple[str, ...]] = {
    "advance": ("steps",),
    "gain_shares": ("n",),
    "gain_money": ("amount",),
    "gain_workers": ("picks", "cost"),
    "promote": ("max", "cost", "cost_each"),
    "flip_train": ("times", "cost"),
    "take_train": ("cost",),
    "exchange_worker": (),
    "place_rail": ("piece", "cost", "ignore_terrain", "ignore_market"),
    "place_building_city": ("piece", "cities"),
    "place_building_telegraph": ("piece", "sections"),
}


class DataError(ValueError):
    """The data files are inconsistent."""


def _require(cond: bool, message: str) -> None:
    if not cond:
        raise DataError(f"railroad_revolution data: {message}")


@dataclass(frozen=True)
class Reward:
    """A list of effects with its printed label."""

    effects: tuple[Effect, ...]
    label: str

    @property
    def cost(self) -> int:
        """Money the effects charge in all (printed costs)."""
        return sum(int(e.get("cost", 0)) for e in self.effects)


@dataclass(frozen=True)
class CityTile:
    """A city tile: station cost, main reward, first-station bonus."""

    id: str
    level: int
    cost: int
    main: Reward
    first: Reward


@dataclass(frozen=True)
class City:
    """A city space; Washington and Charlotte carry a printed tile."""

    id: str
    code: str
    name: str
    level: int
    x: int
    y: int
    printed: CityTile | None


@dataclass(frozen=True)
class Space:
    """A rail space on a printed route."""

    id: str
    route: str
    index: int
    triangles: int
    terrain: str
    market: bool
    start: bool
    x: int
    y: int


@dataclass(frozen=True)
class Route:
    """A printed route: two cities and the rail spaces between them, in order."""

    id: str
    cities: tuple[str, str]
    spaces: tuple[str, ...]
    path: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Section:
    """A telegraph section: brown (main) and white (first office) share numbers."""

    number: int
    main_shares: int
    first_bonus: int
    market: bool
    has_tile: bool


@dataclass(frozen=True)
class Track:
    """A performance track: VP per step and what entering each step costs."""

    name: str
    vp: tuple[int, ...]
    costs: tuple[dict[str, int], ...]
    hard_costs: tuple[dict[str, int], ...]

    @property
    def top(self) -> int:
        """The highest step."""
        return len(self.vp) - 1


@dataclass(frozen=True)
class Milestone:
    """A milestone tile: VP, manager slots and conditions."""

    id: str
    pile: str
    letter: str
    vp: int
    managers: tuple[str, ...]
    conditions: tuple[dict[str, Any], ...]
    label: str


@dataclass(frozen=True)
class MarketSide:
    """One of the two markets of a market tile."""

    shares: int
    money: int
    reward: Reward


@dataclass(frozen=True)
class MarketTile:
    """A market tile: top and bottom market."""

    id: str
    top: MarketSide
    bottom: MarketSide


@dataclass(frozen=True)
class Train:
    """A train tile; its front (8 VP) gives `bonus` when flipped face down."""

    id: str
    type: str
    stack: str | None
    bonus: Reward
    vp: int


@dataclass(frozen=True)
class SetupFace:
    """One face of a setup tile."""

    key: str
    reward: Reward


@dataclass(frozen=True)
class GameData:
    """Everything fixed for the whole game."""

    cities: dict[str, City]
    routes: dict[str, Route]
    spaces: dict[str, Space]
    start_space: str
    sections: dict[int, Section]
    links: tuple[tuple[int, int, int], ...]
    tracks: dict[str, Track]
    board_sections: tuple[tuple[int, int, int, bool], ...]  # money, buildings, rails, left
    city_tiles: dict[str, CityTile]
    milestones: dict[str, Milestone]
    markets: dict[str, MarketTile]
    telegraph_tiles: dict[str, Reward]
    setup_tiles: dict[str, tuple[SetupFace, SetupFace]]
    trains: dict[str, Train]
    per_stack: dict[int, int]
    constants: dict[str, Any]
    components: dict[str, Any]
    player_counts: dict[int, dict[str, Any]]
    board_raw: dict[str, Any]
    notes: tuple[str, ...]

    def setup_face(self, key: str) -> tuple[str, SetupFace]:
        """The setup tile and face with that key."""
        for tid, faces in self.setup_tiles.items():
            for face in faces:
                if face.key == key:
                    return tid, face
        raise KeyError(key)


def _read(name: str) -> dict[str, Any]:
    text = resources.files("rules.railroad_revolution").joinpath("data", name).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _effects(raw: list[dict[str, Any]], where: str) -> tuple[Effect, ...]:
    for e in raw:
        kind = e.get("type")
        _require(kind in EFFECT_KEYS, f"{where}: unknown effect type {kind!r}")
        missing = [k for k in EFFECT_KEYS[str(kind)] if k not in e]
        _require(not missing, f"{where}: effect {kind} lacks {missing}")
        if kind == "gain_workers":
            for pick in e["picks"]:
                _require(all(c in COLOURS or c == "any" for c in pick),
                         f"{where}: bad worker colours {pick}")
    return tuple(dict(e) for e in raw)


def _reward(raw: dict[str, Any], where: str) -> Reward:
    return Reward(_effects(raw["effects"], where), counted(str(raw["label_en"])))


def _city_tile(raw: dict[str, Any]) -> CityTile:
    return CityTile(raw["id"], int(raw["level"]), int(raw["cost"]),
                    _reward(raw["main_reward"], raw["id"]),
                    _reward(raw["first_station_bonus"], raw["id"]))


def _board(raw: dict[str, Any]) -> tuple[dict[str, City], dict[str, Route], dict[str, Space]]:
    cities: dict[str, City] = {}
    for c in raw["cities"]:
        printed = _city_tile(c["printed_tile"]) if "printed_tile" in c else None
        _require(c["id"] not in cities, f"city {c['id']} twice")
        _require(printed is not None or c.get("tile_pile") == c["level"],
                 f"city {c['id']}: tile pile must equal its level")
        cities[c["id"]] = City(c["id"], c["code"], c["name"], int(c["level"]), int(c["x"]),
                               int(c["y"]), printed)
    spaces: dict[str, Space] = {}
    for s in raw["rail_spaces"]:
        _require(s["id"] not in spaces, f"rail space {s['id']} twice")
        _require(s["triangles"] in (0, 1, 2, 3), f"{s['id']}: triangles out of range")
        spaces[s["id"]] = Space(s["id"], s["route"], int(s["index"]), int(s["triangles"]),
                                s["terrain"], bool(s["market"]), bool(s["start"]),
                                int(s["x"]), int(s["y"]))
    routes: dict[str, Route] = {}
    for r in raw["routes"]:
        a, b = r["cities"]
        _require(a in cities and b in cities, f"route {r['id']}: unknown city")
        _require(len(r["spaces"]) >= 1, f"route {r['id']}: no rail space")
        for i, sid in enumerate(r["spaces"], start=1):
            _require(sid in spaces and spaces[sid].route == r["id"] and spaces[sid].index == i,
                     f"route {r['id']}: space {sid} out of place")
        routes[r["id"]] = Route(r["id"], (a, b), tuple(r["spaces"]),
                                tuple((int(x), int(y)) for x, y in r["path"]))
    _require(sum(len(r.spaces) for r in routes.values()) == len(spaces),
             "every rail space belongs to exactly one route")
    return cities, routes, spaces


def _tracks(raw: dict[str, Any]) -> dict[str, Track]:
    tracks: dict[str, Track] = {}
    for name in TRACKS:
        t = raw[name]
        steps = sorted(t["steps"], key=lambda s: int(s["step"]))
        _require([s["step"] for s in steps] == list(range(len(steps))), f"track {name}: steps")
        costs = tuple(dict(s.get("cost_to_enter", {})) for s in steps)
        hard = tuple(dict(s.get("cost_to_enter_hard_variant", s.get("cost_to_enter", {})))
                     for s in steps)
        for c in costs + hard:
            _require(set(c) <= {"pay", "discard_shares", "discard_workers"},
                     f"track {name}: unknown cost {c}")
        tracks[name] = Track(name, tuple(int(s["vp"]) for s in steps), costs, hard)
    return tracks


def _check_counts(d: GameData) -> None:
    comp = d.components
    _require(len(d.city_tiles) == comp["city_tiles"], "city tile count")
    for level in {t.level for t in d.city_tiles.values()}:
        spaces = [c for c in d.cities.values() if c.printed is None and c.level == level]
        tiles = [t for t in d.city_tiles.values() if t.level == level]
        _require(len(spaces) == len(tiles), f"level {level}: {len(tiles)} tiles for "
                 f"{len(spaces)} city spaces")
    _require(len(d.milestones) == comp["milestone_tiles"], "milestone count")
    _require(len(d.markets) == comp["market_tiles"], "market tile count")
    _require(len(d.telegraph_tiles) == comp["telegraph_tiles"], "telegraph tile count")
    _require(len(d.trains) == comp["train_tiles"], "train tile count")
    _require(sum(s.has_tile for s in d.sections.values()) == len(d.telegraph_tiles),
             "one telegraph tile per section without a market icon")
    _require(all(s.has_tile != s.market for s in d.sections.values()),
             "a telegraph section has either a market icon or a tile slot")
    per = comp["per_player_setup"]
    _require(sum(b for _, b, _, _ in d.board_sections) == per["buildings_on_board"],
             "player board buildings")
    _require(sum(r for _, _, r, _ in d.board_sections) == per["rails_on_board"],
             "player board rails")
    for stack in STACKS:
        n = sum(1 for t in d.trains.values() if t.stack == stack)
        _require(n >= max(d.per_stack.values()), f"train stack {stack} too small")
    _require(sum(1 for t in d.trains.values() if t.type == "promote") >= 4,
             "one starting train per player")
    for pile in PILES:
        _require(any(m.pile == pile for m in d.milestones.values()), f"milestone pile {pile}")
    for n, rules in d.player_counts.items():
        _require(all(c in d.cities for c in rules["blocked_first_station"]),
                 f"{n} players: unknown blocked city")
        _require(all(s in d.sections for s in rules["blocked_first_office"]),
                 f"{n} players: unknown blocked section")
    start = d.spaces[d.start_space]
    _require(start.start and set(d.routes[start.route].cities) == {"washington", "charlotte"},
             "the start space lies between Washington and Charlotte")


def _milestone(m: dict[str, Any]) -> Milestone:
    _require(m["pile"] in PILES, f"milestone {m['id']}: pile")
    _require(all(c in SPECIALISTS or c == "any" for c in m["managers"]),
             f"milestone {m['id']}: manager colours")
    for c in m["conditions"]:
        _require(c["type"] in CONDITIONS, f"milestone {m['id']}: condition {c['type']}")
        _require(int(c["min"]) >= 1, f"milestone {m['id']}: condition minimum")
    return Milestone(m["id"], m["pile"], m["letter"], int(m["vp"]), tuple(m["managers"]),
                     tuple(dict(c) for c in m["conditions"]), counted(m["label_en"]))


def _market_side(raw: dict[str, Any], where: str) -> MarketSide:
    _require(1 <= raw["share_cost"] <= 4, f"{where}: share cost 1-4")
    return MarketSide(int(raw["share_cost"]), int(raw["money_cost"]), _reward(raw, where))


@lru_cache(maxsize=1)
def load_data() -> GameData:
    """Read and check the three data files (once)."""
    board, tiles, rules = _read("board.json"), _read("tiles.json"), _read("rules.json")
    cities, routes, spaces = _board(board)
    sections = {int(s["section"]): Section(int(s["section"]), int(s["main_shares"]),
                                           int(s["first_office_bonus"]), bool(s["market"]),
                                           bool(s["telegraph_tile_slot"]))
                for s in board["telegraph"]["sections"]}
    _require(sorted(sections) == list(range(1, len(sections) + 1)), "telegraph sections")
    links = tuple((int(k["between"][0]), int(k["between"][1]), int(k["vp"]))
                  for k in board["telegraph"]["links"])
    _require(all(b == a + 1 and a in sections and b in sections for a, b, _ in links),
             "telegraph links join neighbouring sections")
    pb = board["player_board"]
    board_sections = tuple((int(s["money"]), int(s["buildings"]), int(s["rails"]),
                            bool(s["left_of_logo"])) for s in pb["sections"])
    trains = {}
    for t in tiles["trains"]["tiles"]:
        _require(t["type"] in TRAIN_TYPES and (t["stack"] is None or t["stack"] in STACKS),
                 f"train {t['id']}: type or stack")
        trains[t["id"]] = Train(t["id"], t["type"], t["stack"], _reward(t["front"], t["id"]),
                                int(t["front"]["vp"]))
    setup: dict[str, tuple[SetupFace, SetupFace]] = {}
    for t in tiles["setup_tiles"]:
        _require(len(t["faces"]) == 2, f"setup tile {t['id']} has two faces")
        f0, f1 = (SetupFace(f["key"], _reward(f, f["key"])) for f in t["faces"])
        setup[t["id"]] = (f0, f1)
    data = GameData(
        cities=cities, routes=routes, spaces=spaces, start_space=board["start_space"],
        sections=sections, links=links, tracks=_tracks(board["performance_tracks"]),
        board_sections=board_sections,
        city_tiles={t["id"]: _city_tile(t) for t in tiles["city_tiles"]},
        milestones={m["id"]: _milestone(m) for m in tiles["milestones"]},
        markets={m["id"]: MarketTile(m["id"], _market_side(m["top"], m["id"]),
                                     _market_side(m["bottom"], m["id"]))
                 for m in tiles["market_tiles"]},
        telegraph_tiles={t["id"]: _reward(t, t["id"]) for t in tiles["telegraph_tiles"]},
        setup_tiles=setup, trains=trains,
        per_stack={int(k): int(v) for k, v in tiles["trains"]["per_stack_by_players"].items()},
        constants=rules["rules_constants"], components=rules["components"],
        player_counts={int(k): v for k, v in rules["player_count_rules"].items()},
        board_raw=board,
        notes=tuple(board["_notes"] + tiles["_notes"] + rules["_notes"]),
    )
    _require(data.start_space in spaces, "start space")
    _check_counts(data)
    return data
