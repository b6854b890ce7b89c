"""The pictures every game shares, in French: the turn card, the results and the hand picture
say their own words in the reader's language, and those words still fit (English too).

Only the words render/core writes are checked for English: each game's own words (its log
lines, card names) turn French in its own catalogue.
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
from render import alt_text, board_text, render_board, render_results
from render.core import canvas
from render.core import hands as rh
from render.core import results as rr
from render.core import turn_card as tc
from render.core.standings import lead_line, ordinal, stage
from rules.core.lang import speaking
from tests.french import english_words
from tests.render.test_turn_card import GAMES, NAMES, _handover, card_for

Inked = list[tuple[str, canvas.Box, tuple[int, int]]]


@pytest.fixture
def inked(monkeypatch: pytest.MonkeyPatch) -> Iterator[Inked]:
    """Every text inked on a picture while the test runs, with its box and its image's size."""
    seen: Inked = []
    paste, text = canvas._paste_text, ImageDraw.ImageDraw.text

    def note(draw: Any, xy: Any, words: str, fnt: Any, anchor: str | None) -> None:
        entry = (words, canvas.text_box(xy, words, fnt, anchor or "la"), tuple(draw.im.size))
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


def _on(inked: Inked, width: int) -> list[tuple[str, canvas.Box]]:
    """The texts inked on the picture `width` wide (not on the board drawn for its inset)."""
    return [(t, box) for t, box, size in inked if size[0] == width]


def _apart_and_inside(texts: list[tuple[str, canvas.Box]], width: int) -> None:
    """No text runs past the picture's edges or over another text."""
    outside = [t for t, box in texts if box[0] < 0 or box[2] > width]
    assert not outside, outside
    for i, (a, box_a) in enumerate(texts):
        for b, box_b in texts[i + 1:]:
            assert canvas.overlap_area(box_a, box_b) < 4, (a, b)


def _finished(game_id: str, seed: int = 3) -> rules.Match:
    info = rules.game_info(game_id)
    rng = random.Random(seed)
    match = rules.new_match(game_id, NAMES[:max(info.min_players, min(3, info.max_players))],
                            seed)
    while not match.over:
        seat = rng.choice(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)))
    return match


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_turn_card_words_fit_the_card(game_id: str, language: str, inked: Inked) -> None:
    with speaking(language):
        match, turn = _handover(game_id, seed=21, after=12)
        view = match.view(None)
        card = card_for(match, turn)
        board = render_board(view)
        inked.clear()
        png = tc.render_turn_card(view, card, board)
    texts = _on(inked, tc.WIDTH)
    _apart_and_inside(texts, tc.WIDTH)
    assert Image.open(io.BytesIO(png)).width == tc.WIDTH
    heads = [t for t, _ in texts if t.startswith(("Next:", "À jouer"))]
    assert heads and not [t for t in heads if t.endswith("…")]  # the due name is whole
    said = " ".join(t for t, _ in texts)
    if language == "fr":
        assert "À jouer\u00a0: " in said and ("Dernier tour" in said or not turn)
        assert "Next:" not in said and "Last turn" not in said
    else:
        assert "Next: " in said and "À jouer" not in said


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_results_words_fit_the_picture(game_id: str, language: str, inked: Inked) -> None:
    match = _finished(game_id)
    with speaking(language):
        inked.clear()
        render_results(match.view(None))
    texts = _on(inked, rr.WIDTH)
    assert texts
    _apart_and_inside(texts, rr.WIDTH)


def test_the_ranking_speaks_french_and_writes_numbers_the_french_way(inked: Inked) -> None:
    view = {"game": "none", "title": "Steel Driver", "players": [
        {"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bob"}], "scores": [1070, 2.5],
        "winners": [0], "breakdown": [[["Cash", 1070]], [["Cash", 2.5], ["Bonus", 0]]]}
    with speaking("fr"):
        rr.ranking(view)
    said = [t for t, _ in _on(inked, rr.WIDTH)]
    assert said[0] == "Steel Driver — résultats finaux"
    assert "1\u202f070" in said and "+1\u202f070" in said and "2,5" in said and "+0" in said
    inked.clear()
    rr.ranking(view)  # English as it always was
    said = [t for t, _ in _on(inked, rr.WIDTH)]
    assert said[0] == "Steel Driver — final results" and "1070" in said and "+2.5" in said


def test_standing_words_places_and_stages_in_french() -> None:
    view = {"standing": {"measure": "PV", "lead": "Ann mène de 3 PV"}, "round": 2, "rounds": 5}
    with speaking("fr"):
        assert [ordinal(n) for n in (1, 2, 3, 4)] == ["1er", "2e", "3e", "4e"]
        assert lead_line(view) == "Classement (PV)\u00a0: Ann mène de 3 PV"
        assert stage(view) == "Manche 2 sur 5"
        assert stage({"turn": 4}) == "Tour 4"
    assert [ordinal(n) for n in (1, 2, 3, 4)] == ["1st", "2nd", "3rd", "4th"]
    assert stage(view) == "Round 2 of 5" and stage({"round": 3}) == "Round 3"


def test_the_turn_card_alt_text_in_french() -> None:
    card = tc.TurnCard(due=[("Ottoline", "choisir une compagnie"), ("Bob", "")],
                       turn=[f"Étape {n}." for n in range(1, 21)])
    with speaking("fr"):
        said = tc.turn_card_alt(card)
    shown = tc.shown_lines(card.turn)
    assert said.startswith("À jouer\u00a0: Ottoline, choisir une compagnie\u00a0; "
                           "À jouer\u00a0: Bob. Dernier tour\u00a0: (")
    assert f"({20 - len(shown)} plus anciennes dans le journal.)" in said
    assert not english_words(said)


def test_the_text_of_a_board_without_its_own_words_is_french() -> None:
    view = {"game": "none", "title": "Branch Line", "prompt": "Ann choisit.",
            "recent": ["Ann pose un rail."]}
    with speaking("fr"):
        said = board_text(view)
        lines = said.splitlines()
        assert lines[:2] == ["Branch Line.", "À jouer\u00a0: Ann choisit."]
        # "Recent" is said by several areas (« Récent », « Récemment »): the merged
        # catalogue's word, whichever it is.
        assert re.fullmatch(r"Réc\w+\u00a0: Ann pose un rail\.", lines[2]), lines
        assert not english_words(said, frozenset({"branch", "line"}))
        assert alt_text(view) == said.replace("\n", " ")
    assert board_text(view).splitlines()[1:] == ["To act: Ann choisit.",
                                                 "Recent: Ann pose un rail."]


def _hand_words(language: str, inked: Inked) -> tuple[list[str], str]:
    match = rules.new_match("trains", ["Ann", "Bob"], 7)
    with speaking(language):
        inked.clear()
        rh.render_hand(match.view(0), match.view(None))
        alt = rh.hand_alt(match.view(0), match.view(None))
    return [t for t, _ in _on(inked, rh.WIDTH)], alt


def test_the_hand_picture_says_its_own_words_in_french(inked: Inked) -> None:
    said, alt = _hand_words("fr", inked)
    assert said[:4] == ["Votre main", "vous seul la voyez", "5 cartes · pioche 5 · défausse 0",
                        said[3]]
    assert "coût" in said and "cost" not in said
    assert alt.startswith("Votre main (5 cartes · pioche 5 · défausse 0)\u00a0: ")
    english, alt_en = _hand_words("en", inked)
    assert english[:3] == ["Your hand", "only you see this", "5 cards · deck 5 · discard pile 0"]
    assert alt_en.startswith("Your hand (5 cards · deck 5 · discard pile 0): ")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_hand_picture_fits_its_cards(language: str, inked: Inked) -> None:
    for game_id in ("trains", "switch-and-signal"):
        match = rules.new_match(game_id, ["Ann", "Bob"], 7)
        with speaking(language):
            inked.clear()
            rh.render_hand(match.view(0), match.view(None))
        _apart_and_inside(_on(inked, rh.WIDTH), rh.WIDTH)
