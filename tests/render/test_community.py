"""The community's pictures: a profile and a leaderboard, in English and in French, every word
inside the card and apart from the others, readable at phone width."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from render.community import (
    leaderboard_alt,
    league_alt,
    profile_alt,
    render_leaderboard,
    render_league,
    render_profile,
    render_story,
    story_alt,
)
from render.core import canvas as cv
from rules.core.lang import speaking
from tests.french import english_words
from tests.render.reading import ocr

PROFILE: dict[str, Any] = {
    "name": "Marguerite", "where": "Rail Friends", "favourite": "Railroad Revolution",
    "games": [
        {"title": "Railroad Revolution", "played": 14, "won": 6, "best": 112, "rating": 1342,
         "rank": 2, "history": [1000, 1050, 1030, 1120, 1342], "difficulty": ""},
        {"title": "Switch & Signal", "played": 5, "won": 2, "best": None, "rating": None,
         "rank": None, "history": [], "difficulty": "standard"},
        {"title": "Steel Driver", "played": 1, "won": 1, "best": 2020, "rating": 1040,
         "rank": 1, "history": [1040], "difficulty": ""}],
    "waiting": [{"title": "Spike", "where": "#spike-night"}]}
BOARD: dict[str, Any] = {
    "title": "Trains", "where": "Rail Friends", "players": 23,
    "rows": [{"rank": i + 1, "name": n, "rating": r, "games": g, "won": w, "you": n == "Bob"}
             for i, (n, r, g, w) in enumerate([("Zoe", 1402, 30, 15), ("Marguerite", 1342, 14, 6),
                                               ("Bob", 1201, 9, 3),
                                               ("A very long display name indeed", 1100, 4, 1)])],
    "reader": {"rank": 14, "name": "Dora", "rating": 940, "games": 2, "won": 0}}
LEAGUE: dict[str, Any] = {
    "title": "Steel Driver", "round": 2, "rounds": 3, "over": False,
    "rows": [{"rank": 1, "name": "Marguerite", "points": 3.5, "wins": 2, "played": 2,
              "left": False},
             {"rank": 2, "name": "Fay", "points": 1, "wins": 0, "played": 2, "left": True}]}
STORY: dict[str, Any] = {
    "title": "Railroad Revolution",
    "players": [{"name": n, "values": v, "said": [f"{x:g} VP" for x in v]}
                for n, v in (("Marguerite", [8, 16, 30, 61]), ("Fay", [8, 20, 22, 53]),
                             ("A very long display name indeed", [0, 4, 12, 39]))]}
PICTURES = [(render_profile, PROFILE), (render_leaderboard, BOARD), (render_league, LEAGUE),
            (render_story, STORY)]
NAMES = frozenset({"rail", "friends", "railroad", "revolution", "switch", "signal", "steel",
                   "driver", "spike", "trains", "a", "very", "long", "display", "name", "indeed",
                   "score"})  # « meilleur score » is French too


def _drawn(draw: Any, view: dict[str, Any]) -> tuple[bytes, list[cv.Box]]:
    with cv.recording() as boxes:
        png = draw(view)
    return png, [b for b in boxes if b[2] > b[0]]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(("draw", "view"), PICTURES)
def test_every_word_is_inside_the_card_and_apart(language: str, draw: Any,
                                                 view: dict[str, Any]) -> None:
    with speaking(language):
        png, boxes = _drawn(draw, view)
    width, height = Image.open(io.BytesIO(png)).size
    assert boxes
    for box in boxes:
        assert 0 <= box[0] and box[2] <= width and 0 <= box[1] and box[3] <= height, box
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not cv.boxes_overlap(a, b), (a, b)


def test_the_leaderboard_reads_at_phone_width() -> None:
    read = ocr(render_leaderboard(BOARD)).lower()
    for word in ("leaderboard", "marguerite", "1342", "dora", "940", "rating"):
        assert word in read, (word, read)


def test_the_profile_reads_at_phone_width() -> None:
    read = ocr(render_profile(PROFILE)).lower()
    for word in ("marguerite", "1342", "rank 2", "best score 112", "waiting on"):
        assert word in read, (word, read)


def test_the_league_standings_read_at_phone_width() -> None:
    read = ocr(render_league(LEAGUE)).lower()
    for word in ("steel driver league", "round 2 of 3", "marguerite", "3.5", "fay (left)"):
        assert word in read, (word, read)
    assert league_alt(LEAGUE).startswith("Steel Driver league. Standings after round 2 of 3.")


def test_in_french_the_pictures_and_their_alt_text_are_french() -> None:
    with speaking("fr"):
        board_read = ocr(render_leaderboard(BOARD)).lower()
        alts = " ".join((profile_alt(PROFILE), leaderboard_alt(BOARD), league_alt(LEAGUE)))
    assert "classement" in board_read and "joueurs" in board_read and "1342" in board_read
    assert english_words(alts, NAMES) == []
    assert "Profil de Marguerite" in alts and "rang 2" in alts and "Ligue de Steel" in alts


def test_the_story_of_a_game_reads_at_phone_width_and_in_words() -> None:
    read = ocr(render_story(STORY)).lower()
    for word in ("how railroad revolution went", "marguerite", "61 vp", "53 vp", "39 vp"):
        assert word in read, (word, read)
    alt = story_alt(STORY)
    assert alt.startswith("How Railroad Revolution went. Marguerite: 8 VP → 16 VP → 30 VP → 61 VP.")
    with speaking("fr"):
        said = story_alt(STORY)
        assert said.startswith("Le déroulé de Railroad Revolution.")
        assert english_words(said, NAMES) == []
