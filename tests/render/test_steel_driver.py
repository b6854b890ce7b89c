"""Tests of the Steel Driver board renderer, on sample views built from the game data."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import render
from render import canvas
from render import steel_driver as sd
from render.steel_driver_map import CITY_R, HEX_R, MapPainter

DATA = Path(__file__).resolve().parents[2] / "rules" / "steel_driver" / "data" / "steel_driver.json"
NAMES = ["Ann", "Bob", "Cleo", "Dmitri"]


def _slug(name: str) -> str:
    """Id form of a city name ("St. Louis" -> "st-louis")."""
    return re.sub(r"[^a-z0-9]+", " ", name.lower().replace("&", "")).strip().replace(" ", "-")


def _link_id(a: str, b: str) -> str:
    """Id of the link between two cities."""
    return f"{_slug(a)}-{_slug(b)}"


def sample_view(**changes: Any) -> dict[str, Any]:
    """A realistic mid-game view (round 2, build phase) assembled from the game data."""
    data = json.loads(DATA.read_text())
    owned = {
        ("Baltimore", "Philadelphia"): "bo", ("Baltimore", "Pittsburgh"): "bo",
        ("Baltimore", "Richmond"): "bo", ("Buffalo", "New York"): "nyc",
        ("Boston", "New York"): "nyc", ("Buffalo", "Cleveland"): "nyc",
        ("Chicago", "Detroit"): "nyc", ("Cleveland", "Detroit"): "nyc",
        ("New York", "Philadelphia"): "prr", ("Buffalo", "Philadelphia"): "prr",
        ("Charleston", "Savannah"): "atsf", ("Atlanta", "Savannah"): "atsf",
        ("Los Angeles", "San Francisco"): "sp", ("Salt Lake City", "San Francisco"): "sp",
    }
    goods = {"Seattle": "red", "Denver": "orange", "Omaha": "silver", "Chicago": "black",
             "Pittsburgh": "black", "Atlanta": "white", "Dallas": "silver", "Boston": "black",
             "Philadelphia": "black", "New York": "black"}
    cities = [
        {"name": name, **info, "goods": goods.get(name)} for name, info in data["cities"].items()
    ]
    links = [
        {"id": _link_id(k["a"], k["b"]), "a": k["a"], "b": k["b"], "cost": k["cost"],
         "owner": owned.get((k["a"], k["b"]))}
        for k in data["links"]
    ]
    controllers = {"bo": 0, "prr": 1, "nyc": 2, "sp": 3, "atsf": 0, "up": None}
    companies = []
    for i, c in enumerate(data["companies"]):
        seat = controllers[c["id"]]
        shares = [0] * len(NAMES)
        if seat is not None:
            shares[seat] = 2
            shares[(seat + 1) % len(NAMES)] = 1
        network = sorted({x for (a, b), o in owned.items() if o == c["id"] for x in (a, b)})
        companies.append({
            **c, "cubes": 3 + i, "profit": 10 * i, "controller": seat, "shares": shares,
            "shares_left": 5 - sum(shares), "rails_left": 17 - len(network),
            "network": network, "goods": {"black": 2, "white": 1} if c["id"] == "nyc" else {},
            "final_value": None, "passed": c["id"] in ("sp", "up"),
        })
    view: dict[str, Any] = {
        "game": "steel-driver", "title": "Steel Driver", "round": 2, "rounds": 5,
        "phase": "build", "to_act": [2], "prompt": "Cleo: build a link for NYC or pass",
        "active_player": 1,
        "players": [
            {"seat": i, "name": n, "cubes": 8 - i, "cash": 20 * i,
             "shares": {c["id"]: c["shares"][i] for c in companies}}
            for i, n in enumerate(NAMES)
        ],
        "auction": None, "companies": companies,
        "order": ["bo", "prr", "nyc", "atsf"], "pass_row": ["sp", "up"],
        "active_company": "nyc", "cities": cities, "links": links,
        "transcontinental": None,
        "last_action": {"seat": 2, "text": "build cleveland-detroit",
                        "links": [_link_id("Cleveland", "Detroit")], "cities": ["Detroit"]},
        "recent": ["Ann builds Baltimore-Richmond for B&O ($1)", "Bob passes for PRR",
                   "Cleo builds Cleveland-Detroit for NYC ($1); NYC reaches Detroit",
                   "Dmitri passes for SP"],
        "winners": [], "scores": [0, 0, 0, 0],
    }
    view.update(changes)
    return view


def auction_view() -> dict[str, Any]:
    """A round-1 view with an auction running and nothing built."""
    view = sample_view(phase="auction", round=1, to_act=[3], active_player=1,
                       prompt="Dmitri: bid more than $4 for UP or drop out",
                       auction={"company": "up", "high_bid": 4, "high_bidder": 1, "in": [1, 3]},
                       order=["bo", "prr", "nyc", "up", "sp", "atsf"], pass_row=[],
                       active_company=None, last_action=None)
    for link in view["links"]:
        link["owner"] = None
    for company in view["companies"]:
        company["passed"] = False
    return view


def over_view() -> dict[str, Any]:
    """A finished game with a transcontinental and final company values."""
    route = [("Chicago", "Omaha"), ("Cheyenne", "Omaha"), ("Cheyenne", "Salt Lake City"),
             ("Salt Lake City", "San Francisco"), ("Buffalo", "New York"), ("Buffalo", "Detroit"),
             ("Chicago", "Detroit")]
    ids = [_link_id(a, b) for a, b in route]
    view = sample_view(phase="over", round=5, to_act=[], prompt="", winners=[1],
                       scores=[120, 190, 150, 80], active_company=None, order=[], pass_row=[],
                       transcontinental={"builder": "up", "companies": ["up", "nyc"],
                                         "links": ids})
    for link in view["links"]:
        if link["id"] in ids[:4]:
            link["owner"] = "up"
    for i, company in enumerate(view["companies"]):
        company["final_value"] = 40 + 30 * i
    return view


def _png(data: bytes) -> Image.Image:
    """Decode PNG bytes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data))


@pytest.mark.parametrize("make", [sample_view, auction_view, over_view])
def test_renders_png_of_expected_size(make: Any) -> None:
    data = render.render_board(make())
    image = _png(data)
    assert image.size == (sd.WIDTH, sd.HEIGHT)
    assert len(data) < 1024 * 1024


def test_six_players_and_long_names_render() -> None:
    view = sample_view()
    view["players"] = [
        {"seat": i, "name": f"Very Long Discord Name {i}", "cubes": 6, "cash": 5, "shares": {}}
        for i in range(6)
    ]
    for company in view["companies"]:
        company["shares"] = [1, 1, 0, 1, 0, 1]
    view["recent"] = ["A very long log line that goes on and on " * 4] * 8
    assert _png(render.render_board(view)).size == (sd.WIDTH, sd.HEIGHT)


def test_owned_link_changes_pixels_near_its_midpoint() -> None:
    view = auction_view()
    link = next(k for k in view["links"] if k["a"] == "Dallas" and k["b"] == "Houston")
    before = _png(render.render_board(view)).convert("RGB")
    link["owner"] = "sp"
    after = _png(render.render_board(view)).convert("RGB")
    painter = MapPainter(view, (sd.WIDTH, sd.MAP_BOTTOM - sd.MAP_TOP))
    painter.paint()
    (ax, ay), (bx, by) = painter.pos["Dallas"], painter.pos["Houston"]
    square = painter.cost_boxes[link["id"]]
    green = canvas.colour("green")
    changed, on_track = 0, 0
    for step in range(30, 71, 2):  # points along the middle of the link
        x, y = ax + (bx - ax) * step / 100, ay + (by - ay) * step / 100
        if canvas.boxes_overlap((x, y, x, y), square, pad=3):
            continue
        xy = (round(x), round(y) + sd.MAP_TOP)
        changed += before.getpixel(xy) != after.getpixel(xy)
        on_track += after.getpixel(xy) == green
    assert changed >= 5 and on_track >= 5
    # The cost square's ring takes the owner's colour too.
    ring = (round(square[0]), round((square[1] + square[3]) / 2) + sd.MAP_TOP)
    assert after.getpixel(ring) == green and before.getpixel(ring) != green


def test_different_views_differ() -> None:
    base = render.render_board(sample_view())
    assert render.render_board(sample_view(round=3)) != base
    assert render.render_board(auction_view()) != base
    assert render.render_board(over_view()) != base


def test_unknown_game_raises() -> None:
    with pytest.raises(ValueError):
        render.render_board({"game": "ticket-to-nowhere"})
    with pytest.raises(ValueError):
        render.render_board({})


def test_text_card() -> None:
    data = render.render_text_card("Final scores", ["Bob 190", "", "Cleo 150 " * 30, "Ann 120"])
    image = _png(data)
    assert image.size[0] == render.CARD_WIDTH and image.size[1] > 150
    assert render.render_text_card("T", ["a"]) == render.render_text_card("T", ["a"])


def test_uses_only_bundled_fonts() -> None:
    root = Path(render.__file__).resolve().parent
    for font_name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        assert (canvas.FONT_DIR / font_name).is_file()
    assert canvas.FONT_DIR == root / "fonts"
    for source in root.glob("*.py"):
        text = source.read_text()
        assert "/usr/share" not in text and "load_default" not in text, source.name
        assert "import bot" not in text and "discord" not in text, source.name
    assert Path(canvas.font(16).path).resolve().parent == root / "fonts"  # type: ignore[arg-type]


def test_rules_engine_view_renders() -> None:
    try:
        import rules

        view = rules.new_match("steel-driver", 4, seed=1).view(None)
    except Exception as exc:  # the engine is written in parallel; skip until it works
        pytest.skip(f"rules engine not ready: {exc!r}")
    data = render.render_board(view)
    assert _png(data).size == (sd.WIDTH, sd.HEIGHT)


def test_cities_of_the_acting_company_are_ringed_in_its_colour() -> None:
    view = sample_view()  # NYC builds: its cities are where the current choice starts from
    nyc = next(c for c in view["companies"] if c["id"] == "nyc")
    image = _png(render.render_board(view)).convert("RGB")
    painter = MapPainter(view, (sd.WIDTH, sd.MAP_BOTTOM - sd.MAP_TOP))
    painter.paint()
    grey = canvas.colour("grey")
    radius = {c["name"]: (HEX_R if c["hex_start"] else CITY_R) for c in view["cities"]}

    def ring_pixel(city: str) -> tuple[int, int, int]:
        """The pixel just below the city marker, where the ring goes."""
        x, y = painter.pos[city]
        return image.getpixel((round(x), round(y + radius[city] + 3) + sd.MAP_TOP))

    assert "Detroit" in nyc["network"] and "Chicago" in nyc["network"]
    assert ring_pixel("Detroit") == grey and ring_pixel("Chicago") == grey
    assert ring_pixel("Denver") != grey  # not on NYC's line
    assert painter.reach_note == "NYC builds from"
    assert MapPainter(auction_view(), painter.size).reach_note == ""  # no ring in the auctions


def test_board_in_words_names_companies_as_the_board_prints_them() -> None:
    import random

    import rules
    from render import board_text

    m = rules.new_match("steel-driver", 3, 2)
    pick = random.Random(2)
    for _ in range(60):
        seat = m.to_act()[0]
        m.act(seat, pick.choice(m.legal(seat)))
    text = board_text(m.view(None))
    assert "Build order: " in text and "B&O" in text.split("Build order: ")[1]
    assert not any(f" {c}," in text or f" {c}." in text for c in ("bo", "prr", "nyc", "atsf"))
    assert " 1 cubes" not in text
