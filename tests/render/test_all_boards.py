"""Every game in the catalog draws its board the same way every time, small and described."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import rules
from render import alt_text, board_text, clear_caches, render_board


def _views(game_id: str) -> list[rules.Match]:
    """The start of a game and a position some way in."""
    info = rules.game_info(game_id)
    players = max(info.min_players, 3) if info.max_players >= 3 else info.min_players
    start = rules.new_match(game_id, players, 11)
    later = rules.new_match(game_id, players, 12)
    rng = random.Random(12)
    for _ in range(120):
        if later.over:
            break
        seat = later.to_act()[0]
        later.act(seat, rng.choice(later.legal(seat)))
    return [start, later]


@pytest.mark.parametrize("game_id", [g["id"] for g in rules.catalog()])
def test_boards_are_deterministic_small_and_described(game_id: str) -> None:
    for match in _views(game_id):
        view = match.view(None)
        first = render_board(view)
        assert render_board(view) == first
        clear_caches()
        assert render_board(view) == first  # cold caches draw the same bytes
        reloaded = rules.load_match(match.to_json())
        assert render_board(reloaded.view(None)) == first  # so does a reloaded match
        image = Image.open(io.BytesIO(first))
        assert image.size[0] >= 1200 and len(first) < 1024 * 1024
        assert board_text(view) and len(alt_text(view)) <= 1024
