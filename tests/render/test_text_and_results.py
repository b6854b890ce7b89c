"""The text rendering of a board (alt text, screen readers) and the results picture."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

import rules
from render import alt_text, board_text, render_results
from render.core import results
from render.switch_signal import results as verdicts
from rules.switch_signal import cards as ss_cards
from tests.rules.switch_signal.helpers import move, new, ready, train


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


def _random_end(game_id: str, players: list[str], seed: int) -> rules.Match:
    rng = random.Random(seed)
    m = rules.new_match(game_id, players, seed)
    while not m.over:
        seat = rng.choice(m.to_act())
        m.act(seat, rng.choice(m.legal(seat)))
    return m


@pytest.mark.parametrize("game", [g["id"] for g in rules.catalog()])
def test_results_picture_for_every_game(game: str) -> None:
    info = rules.game_info(game)
    names = ["Ann", "Bob", "Cleo", "Dmitri"][:max(info.min_players, min(3, info.max_players))]
    view = _random_end(game, names, 3).view(None)
    image = Image.open(io.BytesIO(render_results(view)))
    assert image.format == "PNG" and image.size[0] == results.WIDTH
    if view.get("outcome"):
        return
    assert all(sum(v for _, v in parts) == score
               for parts, score in zip(view["breakdown"], view["scores"], strict=True))
    # The breakdown lines are drawn: the picture grows by one row per part.
    bare = Image.open(io.BytesIO(render_results({**view, "breakdown": None})))
    rows = sum(len(parts) for parts in view["breakdown"])
    assert image.size[1] - bare.size[1] == rows * results.ROW


def test_trains_results_for_four_players_show_each_part() -> None:
    m = _random_end("trains", ["Ann", "Bob", "Cleo", "Dmitri"], 0)
    view = m.view(None)
    assert len(view["breakdown"]) == 4
    assert all(parts[0][0].startswith("Rails on cities") for parts in view["breakdown"])
    png = render_results(view)
    assert png != render_results({**view, "breakdown": [[] for _ in range(4)]})


def _verdict(view: dict[str, Any]) -> Image.Image:
    return Image.open(io.BytesIO(render_results(view))).convert("RGB")


def test_cooperative_loss_says_lost_and_ranks_nobody() -> None:
    view = _random_end("switch-and-signal", ["Ann", "Bob", "Cleo"], 0).view(None)
    assert view["result"]["outcome"] == "lost"
    image = _verdict(view)
    assert image.getpixel((results.WIDTH // 2, 100)) == verdicts.LOST
    # No ranking: same picture whatever the (shared) scores say.
    assert render_results(view) == render_results({**view, "scores": [99.0, 1.0, 0.0]})
    boxes = _goods_boxes(image, view["result"]["goal"])
    assert boxes.count(verdicts.LOST) == view["result"]["delivered"]


def test_cooperative_win_says_won_with_every_good(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ss_cards, "roll_movement", lambda rng, colour: 2)
    m = ready(new(), black1="J_LYO-MAR:3>MAR", brown1="S6")
    m.state["delivered"]["MAR"] = {"yellow": 2, "blue": 2, "red": 2, "white": 1}
    train(m, "black1")["cargo"] = "white"
    move(m, "black1")  # the eighth cube reaches Marseille
    view = m.view(None)
    assert view["result"]["outcome"] == "won"
    image = _verdict(view)
    assert image.getpixel((results.WIDTH // 2, 100)) == verdicts.WON
    assert _goods_boxes(image, 8) == [verdicts.WON] * 8
    fewer = {**view, "result": {**view["result"], "delivered": 5}}
    assert _goods_boxes(_verdict(fewer), 8).count(verdicts.WON) == 5


def _goods_boxes(image: Image.Image, goal: int) -> list[Any]:
    """The colour at the centre of each goods box of the goal."""
    out = []
    for i in range(goal):
        x0, y0, x1, y1 = verdicts.goods_box(i)
        out.append(image.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)))
    return out


def test_steel_driver_alt_text_says_the_last_move_first_in_city_names() -> None:
    m = rules.new_match("steel-driver", ["Ann", "Bob", "Cleo"], 4)
    rng = random.Random(4)
    while not (m.view(None).get("last_action") or {}).get("links"):
        seat = m.to_act()[0]
        m.act(seat, rng.choice(m.legal(seat)))
    view = m.view(None)
    link = next(x for x in view["links"] if x["id"] == view["last_action"]["links"][0])
    said = alt_text(view)
    assert f"ringed with dashes): {link['a']}–{link['b']}" in said
    assert said.index("Last move") < said.index("B&O:")  # before the long company lines


def test_the_results_card_shows_each_rating_change_and_the_story_beneath() -> None:
    from bot.tables.story import story_view
    from render.core import canvas as cv
    from rules.core.lang import speaking
    from tests.render.reading import ocr

    m = _finished()
    view = m.view(None) | {"ratings": [[0, 1000, 1031], [2, 1012, 990]]}
    plain = Image.open(io.BytesIO(render_results(m.view(None))))
    rated = render_results(view)
    assert Image.open(io.BytesIO(rated)).height == plain.height + 2 * results.ROW
    read = ocr(rated).lower()
    assert "rating 1000" in read and "1031 (+31)" in read and "990 (-22)" in read, read
    story = story_view(m)
    assert story is not None
    with cv.recording() as boxes:
        card = render_results(view | {"story": story})
    image = Image.open(io.BytesIO(card))
    assert image.width == results.WIDTH and image.height > plain.height + 400
    drawn = [b for b in boxes if b[2] > b[0]]
    assert all(0 <= b[0] and b[2] <= results.WIDTH for b in drawn)  # every word inside
    read = ocr(card).lower()
    assert "how steel driver went" in read and "final results" in read, read
    with speaking("fr"):
        assert "cote 1000" in ocr(render_results(view)).lower()
