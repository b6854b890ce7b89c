"""The full board and the turn card at phone size: no zoom cuts a word at its edge or shows a
legend, no panel cuts its own sentences, and the panels speak in words, not codes.

Words are found by watching the glyphs the canvas inks (not the words a renderer says it has),
each with its box on the image it is inked on.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw

import rules
from render import clear_caches, render_board
from render.core import canvas
from render.core.turn_card import focus_box, inset_source, map_box, map_marks
from render.switch_signal.panels import SHORT_AGENTS
from tests.render.test_turn_card import GAMES, NAMES, _handover

Inked = list[tuple[str, canvas.Box, Any, bool]]  # text, box, image size, drawn for a zoom
Words = list[tuple[str, canvas.Box]]
SEEDS = (5, 21, 33, 8, 13)
AFTER = (12, 30, 50, 70, 90)


@pytest.fixture
def inked(monkeypatch: pytest.MonkeyPatch) -> Iterator[Inked]:
    """Every text inked on a picture while the test runs (a halo and its text once; not the
    canvas's own glyph masks)."""
    seen: Inked = []
    paste, text = canvas._paste_text, ImageDraw.ImageDraw.text

    def note(draw: Any, xy: Any, words: str, fnt: Any, anchor: str | None) -> None:
        entry = (words, canvas.text_box(xy, words, fnt, anchor or "la"), tuple(draw.im.size),
                 canvas.leaving_words_out())
        if words.strip() and draw.mode == "RGB" and (not seen or seen[-1] != entry):
            seen.append(entry)

    def spy_paste(draw: Any, xy: Any, words: str, fnt: Any, *args: Any) -> None:
        note(draw, xy, words, fnt, args[1])
        paste(draw, xy, words, fnt, *args)

    def spy_text(draw: Any, xy: Any, words: str, *args: Any, **kwargs: Any) -> None:
        note(draw, xy, words, kwargs["font"], kwargs.get("anchor"))
        text(draw, xy, words, *args, **kwargs)

    monkeypatch.setattr(canvas, "_paste_text", spy_paste)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy_text)
    yield seen


def _on_board(view: dict[str, Any], inked: Inked, size: tuple[int, int],
              zoom: bool = False) -> Words:
    """The words inked on the board (or on its map's own image, moved to where the map lies),
    for the board itself or (`zoom`) for the picture a zoom is cut from."""
    area = map_box(view)
    assert area is not None
    shift = (round(area[2] - area[0]), round(area[3] - area[1]))
    words: Words = []
    for text, (x0, y0, x1, y1), on, for_zoom in inked:
        if for_zoom != zoom:
            continue
        if on == shift:
            words.append((text, (x0 + area[0], y0 + area[1], x1 + area[0], y1 + area[1])))
        elif on == size:
            words.append((text, (x0, y0, x1, y1)))
    return words


def _states(game_id: str, zoomed: bool = False) -> Iterator[dict[str, Any]]:
    """Public views at handovers of seeded games (`zoomed`: those whose card zooms on the
    map)."""
    for seed in SEEDS:
        for after in AFTER:
            try:
                match, _ = _handover(game_id, seed, after)
            except pytest.fail.Exception:  # the game ended first: try the next
                continue
            view = match.view(None)
            if not zoomed or focus_box(view) is not None:
                yield view


def _inside(box: canvas.Box, crop: canvas.Box) -> bool:
    return box[0] >= crop[0] and box[1] >= crop[1] and box[2] <= crop[2] and box[3] <= crop[3]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_zoom_cuts_no_word_at_its_edge_and_shows_no_legend(game_id: str,
                                                              inked: Inked) -> None:
    zooms = 0
    for view in _states(game_id, zoomed=True):
        clear_caches()  # cached layers ink their words again
        inked.clear()
        board = Image.open(io.BytesIO(render_board(view))).convert("RGB")
        words = _on_board(view, inked, board.size)
        source = inset_source(view, board)
        if source is None:
            continue
        zooms += 1
        picture, crop = source
        area = map_box(view)
        assert area is not None
        assert area[0] <= crop[0] and area[1] <= crop[1] and crop[2] <= area[2] + 1 \
            and crop[3] <= area[3] + 1  # only the map
        # A word in the zoom's picture is wholly inside it or wholly outside ("Mnneapolis" and
        # "ita" are cut); a crowded map is drawn again with the words the edges cut left out.
        shown = words if picture is board else _on_board(view, inked, board.size, zoom=True)
        cut = [text for text, box in shown
               if canvas.boxes_overlap(box, crop, -0.5) and not _inside(box, crop)]
        assert not cut, (game_id, crop, cut)
        # The legend never shows: its "last move" key, nor any legend or panel over the map.
        keys = map_marks(view).keys
        assert keys and all(any(_inside(box, key) for _, box in words) for key in keys)
        legend = [box for text, box in words if text == "last move"]
        assert legend and all(any(_inside(box, key) for key in keys) for box in legend)
        assert not [box for box in legend if canvas.boxes_overlap(box, crop)], (game_id, crop)
        assert not [key for key in keys if canvas.boxes_overlap(key, crop)], (game_id, crop)
        if zooms >= 5:
            break
    assert zooms >= 3, f"{game_id}: too few seeded turns show their last move"


def _switch_signal_views() -> Iterator[dict[str, Any]]:
    """Switch & Signal boards of both sides, 1 to 4 players, some turns in and with a hand shown."""
    for board in ("central-europe", "north-america"):
        for players in (1, 2, 4):
            match = rules.new_match("switch-and-signal", NAMES[:players], 7, {"board": board})
            rng = random.Random(7)
            for step in range(90):
                if not match.to_act():
                    break
                seat = match.to_act()[0]
                match.act(seat, rng.choice(match.legal(seat)))
                if step in (0, 30, 89):
                    yield match.view(None)


def test_every_available_agent_says_its_whole_power(inked: Inked) -> None:
    for view in _switch_signal_views():
        for shown in (False, True):
            if shown:  # a player showing their hand takes a line of the panel too
                for p in view["players"]:
                    p.update(shown=True, hand={"signal": 2, "switch": 1, "move": 2})
            inked.clear()
            render_board(view)
            texts = [t for t, _, _, _ in inked]
            said = " ".join(texts)
            powers = " ".join(a["text"] for a in view["agents"])
            assert not [t for t in texts if t.endswith("…") and t[:-1].strip() in powers]
            for agent in view["agents"]:
                if agent["used"]:
                    continue
                short = SHORT_AGENTS.get(agent["id"], agent["text"])
                assert agent["text"] in said or short in said, (agent["name"], texts)


CODES = re.compile(r"\b(?:L\d|conn|stn|mkt)\b|\d+/\d+")


def test_railroad_revolution_cards_speak_in_words(inked: Inked) -> None:
    seen = 0
    for view in _states("railroad-revolution"):
        inked.clear()
        render_board(view)
        side = [t for t, box, size, _ in inked if size == (1600, 1100) and box[0] >= 1104
                and box[1] > 62]  # the column of player cards, under the header
        texts = side[:side.index("Recent")]  # ... above the log
        said = " ".join(texts)
        assert not [t for t in texts if CODES.search(t)], texts
        for player in view["players"]:
            for milestone in player["milestones"]:
                seen += 1
                assert f"Milestone {milestone['pile']}" in said
                for cond in milestone["conditions"]:
                    level = f"level-{cond.get('level')}"
                    assert cond["type"] not in ("connected_cities", "stations") or level in said
    assert seen
