"""Tests of the Railroad Revolution board renderer, on public views of random-move matches."""

from __future__ import annotations

import copy
import io
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import rules
from render import railroad_revolution as rr
from render.core import canvas
from render.railroad_revolution import cards, pieces
from render.railroad_revolution import map as rm
from render.railroad_revolution import panels as rp
from render.railroad_revolution import text as rrt
from rules.core.lang import speaking
from rules.core.match import Match
from tests.french import english_words

GAME = "railroad-revolution"
NAMES = ["Ann", "Bob", "Cleo", "Dmitri"]


def new_match(players: int, seed: int = 3, options: dict[str, Any] | None = None) -> Match:
    """A new match (built from the game class while the catalog does not list it yet)."""
    try:
        return rules.new_match(GAME, NAMES[:players], seed, options)
    except rules.UnknownGame:
        from rules.railroad_revolution import RailroadRevolution

        return RailroadRevolution(NAMES[:players], seed, options)


def play(players: int = 3, steps: int | None = None, seed: int = 1,
         options: dict[str, Any] | None = None) -> Match:
    """A match advanced by random legal moves (to the end when `steps` is None)."""
    match = new_match(players, 3, options)
    rng = random.Random(seed)
    done = 0
    while match.to_act() and (steps is None or done < steps):
        seat = match.to_act()[0]
        match.act(seat, rng.choice(match.legal(seat)))
        done += 1
    return match


HARD = (("milestone_draw", "whole-pile"), ("performance_costs", "hard"))


@cache
def _cached(players: int, steps: int | None, seed: int,
            options: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """A public view, computed once per test session."""
    return play(players, steps, seed, dict(options) or None).view(None)


def view(players: int = 3, steps: int | None = 150, seed: int = 1,
         options: tuple[tuple[str, str], ...] = ()) -> dict[str, Any]:
    """A fresh copy of a public view (tests may change it)."""
    return copy.deepcopy(_cached(players, steps, seed, options))


def _png(data: bytes) -> Image.Image:
    """Decode PNG bytes to RGB."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


def _board_xy(point: tuple[float, float]) -> tuple[int, int]:
    """A point of the board layer in image pixels."""
    return round(point[0]), round(point[1]) + rr.BOARD_TOP


def _colour(v: dict[str, Any], seat: int) -> tuple[int, int, int]:
    """The RGB of a seat's pieces."""
    return rp.PLAYER_RGB[rp.player_colour(v["players"][seat]["colour"], seat)]


CASES = [(3, 150, 1, ()), (4, 200, 3, ()), (2, None, 1, ()), (3, None, 1, ()),
         (4, None, 2, HARD), (2, 2, 1, ()), (3, 260, 2, HARD)]


@pytest.mark.parametrize(("players", "steps", "seed", "options"), CASES)
def test_renders_png_of_expected_size(players: int, steps: int | None, seed: int,
                                      options: tuple[tuple[str, str], ...]) -> None:
    v = view(players, steps, seed, options)
    if steps is None:
        assert v["over"] and v["winners"]
    elif steps == 2:
        assert v["stage"].startswith("setup")
    else:
        assert not v["over"]
    data = rr.render(v)
    assert _png(data).size == (rr.WIDTH, rr.HEIGHT)
    assert len(data) < 1024 * 1024


def test_cached_background_is_not_polluted_between_views() -> None:
    views = [view(), view(4, 200, 3), view(2, None), view(4, None, 2, HARD), view()]
    first = [rr.render(v) for v in views]
    assert first[0] == first[4]
    assert len(set(first[:4])) == 4
    rr.clear_caches()
    assert [rr.render(v) for v in reversed(views)] == first[::-1]


def test_rail_changes_pixels_on_its_space() -> None:
    v = view()
    space = next(s for s in v["board"]["spaces"] if not s["rails"] and not s["market"])
    layout = rm.layout_for(v, rr.BOARD_SIZE)
    before = _png(rr.render(v))
    space["rails"] = [1]
    after = _png(rr.render(v))
    (spot, size), = layout.space_spots(space["id"], 1)
    x, y = _board_xy(spot)
    assert after.getpixel((x, y)) == _colour(v, 1) != before.getpixel((x, y))
    near = [(dx, dy) for dx in range(-12, 13) for dy in range(-12, 13)
            if before.getpixel((x + dx, y + dy)) != after.getpixel((x + dx, y + dy))]
    assert len(near) > 200
    # Nothing changed anywhere else on the board.
    diff = [(px, py) for px in range(0, rr.BOARD_SIZE[0], 5)
            for py in range(rr.BOARD_TOP, rr.BOARD_TOP + rr.BOARD_SIZE[1], 5)
            if before.getpixel((px, py)) != after.getpixel((px, py))]
    assert diff and all(abs(px - x) <= size and abs(py - y) <= size for px, py in diff)


def test_four_rails_on_a_space_in_seat_colours() -> None:
    v = view(4, 200, 3)
    space = next(s for s in v["board"]["spaces"] if not s["start"])
    space["rails"] = [3, 0, 2, 1]
    image = _png(rr.render(v))
    spots = rm.layout_for(v, rr.BOARD_SIZE).space_spots(space["id"], 4)
    for seat, (spot, _) in enumerate(spots):  # drawn in seat order
        assert image.getpixel(_board_xy(spot)) == _colour(v, seat)
    assert len({_colour(v, s) for s in range(4)}) == 4


def test_stations_and_offices_fill_their_places() -> None:
    v = view()
    layout = rm.layout_for(v, rr.BOARD_SIZE)
    city = next(c for c in v["board"]["cities"] if not c["stations"])
    first = _board_xy(layout.cities[city["id"]].slots[0])
    second = _board_xy(layout.cities[city["id"]].slots[1])
    before = _png(rr.render(v))
    city["stations"], city["first_station"] = [2, 0], 2
    after = _png(rr.render(v))
    assert after.getpixel(first) == _colour(v, 2) != before.getpixel(first)
    assert after.getpixel(second) == _colour(v, 0) != before.getpixel(second)
    section = next(s for s in v["board"]["telegraph"]["sections"] if not s["offices"])
    slot = _board_xy(layout.sections[section["section"]].slots[0])
    section["offices"], section["first_office"] = [1], 1
    assert _png(rr.render(v)).getpixel(slot) == _colour(v, 1)


def test_track_marker_moves() -> None:
    v = view()
    track = v["board"]["performance_tracks"]["network"]
    base = rr.render(v)
    track["markers"][0] = 5
    assert rr.render(v) != base


def test_different_views_differ() -> None:
    v = view()
    base = rr.render(v)
    for change in ("money", "recent", "market", "piles"):
        changed = copy.deepcopy(v)
        if change == "money":
            changed["players"][0]["money"] += 100
        elif change == "recent":
            changed["recent"] = changed["recent"] + ["Someone does something new."]
        elif change == "market":
            changed["market"]["pile"] += 1
        else:
            changed["milestone_piles"]["B"] -= 1
        assert rr.render(changed) != base, change


def test_text_lines_mention_players_money_scores_and_winners() -> None:
    for v in (view(), view(4, 200, 3), view(2, None), view(4, None, 2, HARD), view(2, 2)):
        lines = rrt.text_lines(v)
        text = "\n".join(lines)
        assert lines[0].startswith("Railroad Revolution")
        for p in v["players"]:
            assert f"{p['name']} (" in text
            assert f"{p['score']} VP" in text and f"${p['money']}" in text
        if v["over"]:
            winners = [v["players"][s]["name"] for s in v["winners"]]
            assert "Winner" in lines[1] and all(name in lines[1] for name in winners)
        else:
            assert v["prompt"] in lines[1]


def test_long_names_and_crowded_board_render() -> None:
    v = view(4, 200, 3)
    for p in v["players"]:
        p["name"] = f"A Very Long Discord Display Name {p['seat']}"
        p["workers"]["board"] = [{"action": a, "colour": c} for a in ("station", "trade")
                                 for c in ("white", "purple", "orange", "grey", "turquoise")]
        p["completed"] = [{"id": "d-01", "vp": 42}, {"id": "c-01", "vp": 35}]
    for space in v["board"]["spaces"]:
        space["rails"] = [0, 1, 2, 3]
    for city in v["board"]["cities"]:
        city["stations"], city["first_station"] = [3, 2, 1, 0], 3
    v["recent"] = ["A very long log line that goes on and on " * 5] * 10
    data = rr.render(v)
    assert _png(data).size == (rr.WIDTH, rr.HEIGHT) and len(data) < 1024 * 1024


def _pick_match() -> Match:
    """A match whose next decision is a player keeping one of three drawn milestones."""
    match = new_match(3)
    rng = random.Random(5)
    while match.to_act():
        top = match.top()  # type: ignore[attr-defined]
        if top is not None and top["kind"] == "pick":
            return match
        seat = match.to_act()[0]
        match.act(seat, rng.choice(match.legal(seat)))
    raise AssertionError("no milestone draw in this match")


def test_hidden_information_does_not_change_the_render() -> None:
    match = _pick_match()
    twin = copy.deepcopy(match)
    assert twin.view(None) == match.view(None)
    piles = twin.state["milestone_piles"]
    for name in piles:  # reorder every pile
        piles[name].reverse()
    top = twin.state["stack"][-1]
    pile = piles[top["pile"]]
    top["offer"][0], pile[0] = pile[0], top["offer"][0]  # another private draw
    assert twin.state != match.state
    seat = top["seat"]
    assert twin.view(seat)["you"]["milestone_offer"] != match.view(seat)["you"]["milestone_offer"]
    assert twin.view(None) == match.view(None)
    assert rr.render(twin.view(None)) == rr.render(match.view(None))
    assert rrt.text_lines(twin.view(None)) == rrt.text_lines(match.view(None))


def test_renders_only_from_the_view() -> None:
    for path in Path(rr.__file__).parent.glob("*.py"):
        source = path.read_text()
        # the language machinery only: words are said, nothing is read from the rules
        imports = [line for line in source.splitlines() if "import rules" in line
                   or "from rules" in line]
        assert all(line.startswith("from rules.core.lang import ") for line in imports)
        assert "ImageFont.truetype" not in source and "load_default" not in source
        assert len(source.splitlines()) <= 400


def test_rail_spaces_show_the_number_the_rules_name_them_by() -> None:
    from rules.railroad_revolution.data import load_data
    from rules.railroad_revolution.names import space_name

    v = view()
    layout = rm.layout_for(v, rr.BOARD_SIZE)
    data = load_data()
    for sid in data.spaces:
        name = space_name(data, sid)  # "Washington–Chicago 2", or no number on a 1-space route
        number = name.rsplit(" ", 1)[1] if name[-1].isdigit() else None
        assert layout.numbers.get(sid) == (int(number) if number else None), name
    assert rrt.place_names(v["board"])["was-chi-2"] == space_name(data, "was-chi-2")
    # The digit is drawn in white on the empty square; a one-space route's square has none.
    image = _png(rr.render(v))

    def white_pixels(sid: str) -> int:
        x, y = _board_xy(layout.spaces[sid][0])
        patch = image.crop((x - 5, y - 6, x + 6, y + 7)).convert("L")
        return sum(patch.histogram()[236:])

    empty = [s["id"] for s in v["board"]["spaces"] if not s["rails"] and not s["market"]]
    numbered = next(s for s in empty if s in layout.numbers)
    single = next(s for s in empty if s not in layout.numbers)
    assert white_pixels(numbered) > 5 and white_pixels(single) == 0


def _dark(image: Image.Image, xy: tuple[int, int]) -> bool:
    """True for a dark (text) pixel: every channel under 90."""
    px = image.getpixel(xy)
    assert isinstance(px, tuple)
    return max(px) < 90


def _built(kind: str) -> dict[str, Any]:
    """The public view right after a turn built something of `kind` (random moves)."""
    match = play(3, 40)
    rng = random.Random(7)
    while not (match.view(None)["last_move"] or {}).get(kind):
        seat = match.to_act()[0]
        match.act(seat, rng.choice(match.legal(seat)))
    return match.view(None)


def test_last_rail_is_ringed_around_its_space_not_over_it() -> None:
    v = _built("rails")
    space = v["last_move"]["rails"][-1]
    assert any(s["id"] == space and s["rails"] for s in v["board"]["spaces"])
    plain = copy.deepcopy(v)
    plain["last_move"] = None
    layout = rm.layout_for(v, rr.BOARD_SIZE)
    colours = rp.seat_colours(v)
    marked = pieces.paint_board(v, rr.BOARD_SIZE, colours)
    bare = pieces.paint_board(plain, rr.BOARD_SIZE, colours)
    (x, y), *_ = layout.spaces[space]
    h = pieces.SPACE_RING
    band = [(round(x + dx), round(y + dy)) for dx in range(-int(h) - 4, int(h) + 5)
            for dy in range(-int(h) - 4, int(h) + 5) if max(abs(dx), abs(dy)) >= h - 3]
    changed = [p for p in band if marked.getpixel(p) != bare.getpixel(p)]
    assert len(changed) > 150
    # Black and white dashes, not a hue.
    assert {marked.getpixel(p) for p in changed} >= {pieces.LAST_DARK, pieces.LAST_LIGHT}
    # The space itself (terrain, number, rails) is drawn as before.
    half = rp.SPACE // 2 - 1
    inner = [(round(x + dx), round(y + dy)) for dx in range(-half, half + 1)
             for dy in range(-half, half + 1)]
    assert all(marked.getpixel(p) == bare.getpixel(p) for p in inner)
    # Names stay on top: every dark text pixel of a label near the ring is still there.
    ring = (x - h - 5, y - h - 5, x + h + 5, y + h + 5)
    for place in layout.cities.values():
        if canvas.boxes_overlap(place.label, ring):
            x0, y0, x1, y1 = (round(c) for c in place.label)
            ink = [(px, py) for px in range(x0, x1) for py in range(y0, y1)
                   if _dark(bare, (px, py))]
            assert all(marked.getpixel(p) == bare.getpixel(p) for p in ink)


@pytest.mark.parametrize("kind", ["stations", "offices", "market"])
def test_every_kind_of_last_move_changes_the_board(kind: str) -> None:
    v = _built(kind)
    plain = copy.deepcopy(v)
    plain["last_move"] = None
    assert rr.render(v) != rr.render(plain)
    words = " ".join(rrt.text_lines(v))
    assert "Last move" in words and "Last move" not in " ".join(rrt.text_lines(plain))


def _watch_cards(monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[int]]:
    """Watch the player cards being drawn: the texts cut with "…" while drawing them, and
    how many rows each drawing left off (both filled as the board is rendered)."""
    cut: list[str] = []
    left_off: list[int] = []
    fit, players = canvas.fit_text, cards.Panels.players
    drawing = [False]

    def spy_fit(text: str, fnt: Any, width: float) -> str:
        out = fit(text, fnt, width)
        if drawing[0] and out != text:
            cut.append(text)
        return out

    def spy_players(self: cards.Panels, box: canvas.Box) -> int:
        drawing[0] = True
        left_off.append(players(self, box))
        drawing[0] = False
        return left_off[-1]

    monkeypatch.setattr(canvas, "fit_text", spy_fit)
    monkeypatch.setattr(cards.Panels, "players", spy_players)
    return cut, left_off


@pytest.mark.parametrize(("seed", "options"), [(1, ()), (2, ()), (3, ()), (8, ()), (2, HARD)])
def test_four_player_cards_show_all_their_text_at_the_end(
        seed: int, options: tuple[tuple[str, str], ...], monkeypatch: pytest.MonkeyPatch) -> None:
    v = view(4, None, seed, options)
    assert v["over"]
    cut, left_off = _watch_cards(monkeypatch)
    rr.render(v)
    assert left_off == [0] and not cut  # every row of every card, none cut with "…"


def test_station_places_lie_inside_the_map_frame() -> None:
    layout = rm.layout_for(view(2, 2), rr.BOARD_SIZE)
    x0, y0, x1, y1 = layout.map_box
    half = rp.STATION / 2 + 1  # a station piece with its outline
    for cid, place in layout.cities.items():
        for x, y in place.slots:
            assert x0 < x - half and x + half < x1 and y0 < y - half and y + half < y1, cid


@pytest.mark.parametrize("kind", ["rails", "stations", "offices"])
def test_focus_box_holds_what_the_last_move_built(kind: str) -> None:
    v = _built(kind)
    layout = rm.layout_for(v, rr.BOARD_SIZE)
    box = rr.focus_box(v)
    assert box is not None
    frame = (0, rr.BOARD_TOP, rr.BOARD_SIZE[0], rr.BOARD_TOP + rr.BOARD_SIZE[1])
    assert frame[0] <= box[0] < box[2] <= frame[2] and frame[1] <= box[1] < box[3] <= frame[3]
    last = v["last_move"]
    places = [layout.spaces[s][0] for s in last["rails"]]
    places += [layout.cities[c].centre for c in last["stations"]]
    places += [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
               for b in (layout.sections[n].box for n in last["offices"])]
    assert places
    for x, y in places:
        x, y = x, y + rr.BOARD_TOP
        assert box[0] == frame[0] or x - box[0] >= 40 + 10
        assert box[1] == frame[1] or y - box[1] >= 40 + 10
        assert box[2] == frame[2] or box[2] - x >= 40 + 10
        assert box[3] == frame[3] or box[3] - y >= 40 + 10
    v["last_move"] = None
    assert rr.focus_box(v) is None



def _french_view(seed: int, options: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """A finished four-player game's public view, said in French."""
    with speaking("fr"):
        return play(4, None, seed, dict(options) or None).view(None)


@pytest.mark.parametrize(("seed", "options"), [(1, ()), (2, HARD)])
def test_the_french_board_shows_all_its_card_text_and_says_no_english(
        seed: int, options: tuple[tuple[str, str], ...], monkeypatch: pytest.MonkeyPatch) -> None:
    v = _french_view(seed, options)
    english = _png(rr.render(view(4, None, seed, options)))
    cut, left_off = _watch_cards(monkeypatch)
    with speaking("fr"):
        image = _png(rr.render(v))
        lines = rrt.text_lines(v)
    assert image.size == english.size
    assert left_off == [0] and not cut  # every row of every French card, none cut with "…"
    names = frozenset(n.lower() for n in NAMES) | frozenset(
        w.lower() for c in v["board"]["cities"] for w in str(c["name"]).split())
    assert [t for t in lines if english_words(t, names)] == []
    assert any("Ouvriers disponibles" in t for t in lines)
