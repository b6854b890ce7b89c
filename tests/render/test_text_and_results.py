"""The text rendering of a board (alt text, screen readers) and the results picture."""

from __future__ import annotations

import io
import random

from PIL import Image

import rules
from render import alt_text, board_text, render_results


def _finished() -> rules.Match:
    rng = random.Random(4)
    m = rules.new_match("steel-driver", ["Ann", "Bob", "Cleo"], 4)
    while not m.over:
        seat = m.to_act()[0]
        m.act(seat, rng.choice(m.legal(seat)))
    return m


def test_board_text_names_what_the_picture_shows() -> None:
    m = rules.new_match("steel-driver", ["Ann", "Bob", "Cleo"], 2)
    text = board_text(m.view(None))
    assert "round 1 of 5" in text and "auction phase" in text
    assert all(name in text for name in ("Ann", "Bob", "Cleo", "B&O", "ATSF"))
    assert len(alt_text(_finished().view(None))) <= 1024


def test_results_picture_lists_every_player_winner_first() -> None:
    m = _finished()
    png = render_results(m.view(None))
    image = Image.open(io.BytesIO(png))
    assert image.size[0] == 1000 and image.size[1] > 200
    other = rules.new_match("steel-driver", ["Ann", "Bob", "Cleo"], 5)
    rng = random.Random(9)
    while not other.over:
        seat = other.to_act()[0]
        other.act(seat, rng.choice(other.legal(seat)))
    assert render_results(other.view(None)) != png
