"""Tests of the private hand picture: a seat's own cards, grouped, readable in Discord."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageFont

import rules
from render.core import canvas
from render.core import hands as rh
from render.switch_signal.hand import SIGNAL_KINDS
from render.trains.hand import TRAINS_TYPES
from rules.trains.cards import load_cards
from rules.trains.views import card_facts
from tests.render.vision import KINDS, closest_pair

NAMES = ["Ann", "Bob", "Cleo"]
SHOWN = rh.SHOWN_WIDTH  # Discord shows an attached picture about this wide


def _views(game: str, options: dict[str, str], seat: int = 1) -> tuple[dict[str, Any],
                                                                          dict[str, Any]]:
    """A new match's private view of `seat` (with its card facts) and its public view."""
    match = rules.new_match(game, NAMES, 7, options)
    return match.view(seat), match.view(None)


def _facts(hand: list[str], printed: str = "no") -> dict[str, Any]:
    """The card facts a Trains private view gives for `hand`."""
    match = rules.new_match("trains", NAMES, 7, {"map": "tokyo", "kingdom": "tokyo-beginner",
                                                 "printed_cards": printed})
    return card_facts(match, hand)


def _trains(hand: list[str] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Trains views; `hand` replaces the seat's hand (card facts follow it)."""
    private, public = _views("trains", {"map": "tokyo", "kingdom": "tokyo-beginner"})
    if hand is not None:
        private["you"]["hand"] = hand
        private["card_facts"] = _facts(hand)
    return private, public


def _png(data: bytes | None) -> Image.Image:
    """Decode PNG bytes."""
    assert data is not None and data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


EVERY_CARD = [c for c in load_cards().cards for _ in range(2)]


@pytest.fixture
def font_sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every type size the picture asks for while it is drawn."""
    sizes: list[int] = []
    real = canvas.font

    def spy(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
        sizes.append(size)
        return real(size, bold)

    monkeypatch.setattr(canvas, "font", spy)
    yield sizes


def test_starting_hand_groups_identical_cards_and_lists_them_in_alt_text() -> None:
    private, public = _trains()
    hand = private["you"]["hand"]
    image = _png(rh.render_hand(private, public))
    assert image.width == rh.WIDTH
    alt = rh.hand_alt(private, public)
    normals = hand.count("normal-train")
    assert normals > 1 and f"Normal Train ×{normals} (train, cost 1): +1 coin" in alt
    assert alt.startswith(f"Your hand ({len(hand)} cards")
    cards = rh.hand_cards(private, public)
    assert sum(c.count for c in cards) == len(hand)
    assert len(cards) == len(set(hand))  # one card drawn per kind


def test_every_trains_card_shows_its_name_cost_and_whole_effect() -> None:
    private, public = _trains(sorted(set(EVERY_CARD)))
    cards = rh.hand_cards(private, public)
    assert {c.name for c in cards} == {c.name for c in load_cards().cards.values()}
    width = rh.card_width(2)
    for card in cards:
        name, lines = rh.card_text(card, width)
        assert name == card.name, name  # never cut
        assert lines and not lines[-1].endswith("…"), card.name
        assert " ".join(lines).lower() == card.effect.lower()
    lay = next(c for c in cards if c.name == "Lay Rails")
    assert lay.cost == 3 and "lay 1 rail" in lay.effect and lay.bands[0][0] == "rail"
    bullet = next(c for c in cards if c.name == "Bullet Train")
    assert [word for word, _ in bullet.bands] == ["train", "action"]
    assert next(c for c in cards if c.name == "Waste").cost is None  # never bought


def test_printed_card_texts_follow_the_option() -> None:
    private, public = _trains(["ironworks"])
    assert "Lay Rails" in rh.hand_alt(private, public)
    private["card_facts"] = _facts(["ironworks"], printed="yes")
    assert "Rail card" in rh.hand_alt(private, public)


def test_type_is_readable_at_discord_width_and_the_file_small(font_sizes: list[int]) -> None:
    private, public = _trains(EVERY_CARD)
    data = rh.render_hand(private, public)
    image = _png(data)
    assert data is not None and len(data) <= 300_000
    assert font_sizes and min(font_sizes) * SHOWN / image.width >= 14
    small = image.resize((SHOWN, round(image.height * SHOWN / image.width)))
    assert small.height < 4000  # the longest hand still fits a phone's scroll


def test_picture_depends_only_on_the_seats_own_hand() -> None:
    match = rules.new_match("trains", NAMES, 7, {"map": "tokyo", "kingdom": "tokyo-beginner"})
    private = match.view(1)
    before = rh.render_hand(private, match.view(None))
    others = [p for i, p in enumerate(match.state["players"]) if i != 1]
    others[0]["hand"], others[1]["hand"] = ["waste"] * 5, ["skyscraper"] * 5
    assert rh.render_hand(private, match.view(None)) == before
    private["you"]["hand"] = ["waste"] * 5
    assert rh.render_hand(private, match.view(None)) != before


def test_switch_and_signal_hand_shows_held_kinds_with_their_effects() -> None:
    private, public = _views("switch-and-signal", {"board": "central-europe"})
    private["hand"] = {"signal": 3, "switch": 0, "move": 2}
    cards = rh.hand_cards(private, public)
    assert [(c.name, c.count) for c in cards] == [("Signal", 3), ("Move", 2)]
    alt = rh.hand_alt(private, public)
    assert "Signal ×3" in alt and "green disc" in alt and "Switch" not in alt
    image = _png(rh.render_hand(private, public))
    assert image.width == rh.WIDTH
    private["hand"] = {"signal": 1, "switch": 1, "move": 1}
    for card in rh.hand_cards(private, public):  # three side by side: effects still whole
        name, lines = rh.card_text(card, rh.card_width(3))
        assert name == card.name and " ".join(lines).lower() == card.effect.lower(), lines


def test_no_picture_without_a_hand() -> None:
    private, public = _trains([])
    assert rh.render_hand(private, public) is None
    private, public = _views("switch-and-signal", {"board": "central-europe"})
    private["hand"] = {"signal": 0, "switch": 0, "move": 0}
    assert rh.render_hand(private, public) is None
    match = rules.new_match("steel-driver", NAMES, 7, {})
    assert rh.render_hand(match.view(0), match.view(None)) is None


def test_without_card_facts_the_supply_still_names_and_prices_cards() -> None:
    private, public = _trains(["lay-rails", "normal-train"])
    del private["card_facts"]
    cards = {c.name: c for c in rh.hand_cards(private, public)}
    assert cards["Lay Rails"].cost == 3
    assert "Normal Train" in cards  # not in the supply: named from its id
    assert rh.render_hand(private, public) is not None


@pytest.mark.parametrize("colours", [TRAINS_TYPES, SIGNAL_KINDS])
def test_type_bands_stay_apart_for_every_eye_and_their_words_contrast(
    colours: dict[str, canvas.RGB],
) -> None:
    for kind in KINDS:
        distance, a, b = closest_pair(colours, kind)
        assert distance > 8, (kind, a, b)
    for name, rgb in colours.items():
        ink = canvas.contrast_ink(rgb)
        light, dark = sorted((canvas.luminance(rgb), canvas.luminance(ink)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, name
