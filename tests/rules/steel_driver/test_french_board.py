"""The Steel Driver board drawn in French: every word French, and still fitting its place."""

from __future__ import annotations

import random
from typing import Any

import pytest

import render
import rules
from render import steel_driver as sd
from render.core import canvas
from render.steel_driver.map import MapPainter
from rules.core.lang import speaking
from tests.french import english_words
from tests.render.test_steel_driver import (
    MAP_SIZE,
    fullest_view,
    late_view,
    sample_view,
    six_bidders_view,
)

DrawnText = tuple[str, tuple[float, float, float, float], tuple[int, int]]
NAMES = frozenset({"alexandra", "lee", "bartholomew", "christophe", "dmitri", "ivanov",
                   "evangeline", "fitzgerald", "up", "cube", "cubes"})


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[DrawnText]:
    """Every text the renderer draws, its box and the size of the image it is drawn on."""
    seen: list[DrawnText] = []
    original = canvas.draw_text

    def spy(draw: Any, xy: Any, text: str, fnt: Any, *args: Any, **kwargs: Any) -> Any:
        box = original(draw, xy, text, fnt, *args, **kwargs)
        seen.append((text, box, tuple(draw.im.size)))
        return box

    monkeypatch.setattr(canvas, "draw_text", spy)
    return seen


def _french_view(make: Any) -> dict[str, Any]:
    """A test view with French log lines, as a French table's view has them."""
    view = make()
    view["recent"] = [f"Fitzgerald prend le cube argent à Kansas City pour {c['name']}."
                      for c in view["companies"]]
    return view


@pytest.mark.parametrize("make", [fullest_view, six_bidders_view])
def test_the_french_board_fits_every_panel(make: Any, drawn: list[DrawnText]) -> None:
    with speaking("fr"):
        render.render_board(_french_view(make))
    board = [(t, b) for t, b, size in drawn if t and size == (sd.WIDTH, sd.HEIGHT)]
    assert [t for t, _ in board if "…" in t] == []  # nothing shortened
    for i, (text, box) in enumerate(board):
        assert 0 <= box[0] and box[2] <= sd.WIDTH and box[3] <= sd.HEIGHT - 4, text
        for other, obox in board[i + 1:]:
            assert not canvas.boxes_overlap(box, obox), (text, other)
    shown = " ".join(t for t, _ in board)
    assert "Joueurs" in shown and "Enchères et ordre de construction" in shown
    assert english_words(shown, NAMES) == []


def test_the_french_legend_stays_clear_of_city_names(drawn: list[DrawnText]) -> None:
    view = late_view()
    for city in view["cities"]:
        city["goods"] = "black"
    cities = {c["name"] for c in view["cities"]}
    with speaking("fr"):
        painter = MapPainter(view, MAP_SIZE)
        drawn.clear()
        painter.paint()
    labels = {t: b for t, b, _ in drawn if t in cities}
    words = [t for t, _, _ in drawn if t not in cities]
    assert "ville de départ (valeur $)" in words and "B&O prend des marchandises à" in words
    assert painter.legend_box is not None
    for name, box in labels.items():
        assert not canvas.boxes_overlap(box, painter.legend_box), name
    assert english_words(" ".join(words), NAMES) == []


def test_the_board_in_words_reads_french() -> None:
    view = sample_view(prompt="Cleo : construisez une liaison pour B&O.")  # the view's own words
    with speaking("fr"):
        text = "\n".join(sd.text_lines(view))
    assert text.startswith("Steel Driver, tour ")
    assert "Ordre de construction\u00a0: " in text
    assert english_words(text, NAMES | {"cleo"}) == []


def test_boards_of_a_french_game_render_with_french_words(drawn: list[DrawnText]) -> None:
    m = rules.new_match("steel-driver", ["Ann", "Bob", "Cleo"], 5)
    rng = random.Random(5)
    with speaking("fr"):
        for step in range(400):
            if m.over:
                break
            if step % 80 == 0:
                drawn.clear()
                render.render_board(m.view(None))
                shown = " ".join(t for t, _, _ in drawn)
                assert english_words(shown, NAMES | {"ann", "bob", "cleo"}) == [], shown
            seat = m.to_act()[0]
            m.act(seat, rng.choice(m.legal(seat)))
        drawn.clear()
        render.render_board(m.view(None))
    assert any("Tour " in t for t, _, _ in drawn)
