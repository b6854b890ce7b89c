"""The turn card reads at chat size: a machine reads the due player and the last turn at 550 px."""

from __future__ import annotations

import io
import random
import re
import unicodedata

import pytest
from PIL import Image

import rules
from render import render_board
from render.core.turn_card import (
    INSET_H,
    INSET_W,
    TurnCard,
    focus_box,
    inset_box,
    map_box,
    render_turn_card,
    shown_lines,
    turn_card_alt,
)
from rules.core.lang import speaking
from tests.render.reading import ocr

NAMES = ["Marguerite", "Bartholomew", "Ottoline", "Wilhelmina"]
GAMES = [g["id"] for g in rules.catalog()]


def _handover(game_id: str, seed: int, after: int) -> tuple[rules.Match, list[str]]:
    """A match just after the turn passed to someone else, at least `after` moves in
    (fails the test if random play ends the game first)."""
    info = rules.game_info(game_id)
    match = rules.new_match(game_id, NAMES[: min(4, info.max_players)], seed)
    rng = random.Random(seed)
    start = 0
    for n in range(2000):
        seat = match.to_act()[0]
        due = set(match.to_act())
        match.act(seat, rng.choice(match.legal(seat)))
        if match.over:
            pytest.fail(f"{game_id} ended before a handover after move {after}")
        if set(match.to_act()) != due:
            if n >= after and len(match.lines) > start:
                return match, [t for _, t in match.lines[start:]]
            start = len(match.lines)
    raise AssertionError("no handover found")


def card_for(match: rules.Match, turn: list[str]) -> TurnCard:
    """The card words the bot builds: due names and their decisions, the turn's lines."""
    names = {int(p["seat"]): str(p["name"]) for p in match.view(None)["players"]}
    return TurnCard(due=[(names[s], match.prompt(s).split(": ", 1)[-1])
                         for s in match.to_act()], turn=turn)


def _words(text: str) -> list[str]:
    """The words of a text, lower case, accents left out (`déplace` reads `deplace`, whether
    the machine reading French sees the accent or not)."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.lower())
                     if not unicodedata.combining(c))
    return re.findall(r"[a-z0-9]+", folded)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_machine_reads_the_due_player_and_the_last_turn_at_chat_width(game_id: str) -> None:
    match, turn = _handover(game_id, seed=21, after=12)
    card = card_for(match, turn)
    png = render_turn_card(match.view(None), card, render_board(match.view(None)))
    read = ocr(png)
    name = card.due[0][0]
    assert re.search(rf"Next:?\s+{name}", read), (name, read)
    seen = set(_words(read))
    for line in shown_lines(turn):  # the turn's latest lines, as many as fit
        words = _words(line)
        found = [w for w in words if w in seen]
        assert len(found) >= 0.8 * len(words), (line, read)
    assert len(png) <= 1.5 * 1024 * 1024


@pytest.mark.parametrize("game_id", GAMES)
def test_a_machine_reads_the_french_card_at_chat_width(game_id: str) -> None:
    with speaking("fr"):
        match, turn = _handover(game_id, seed=21, after=12)
        card = card_for(match, turn)
        png = render_turn_card(match.view(None), card, render_board(match.view(None)))
        shown = shown_lines(turn)
    read = ocr(png)
    name = card.due[0][0]
    assert re.search(rf"jouer\s*:?\s+{name}", read), (name, read)
    seen = set(_words(read))
    assert {"dernier", "tour"} <= seen, read
    for line in shown:
        words = _words(line)
        found = [w for w in words if w in seen]
        assert len(found) >= 0.8 * len(words), (line, read)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_card_zooms_on_the_last_move_inside_the_map(game_id: str) -> None:
    for after in range(20, 120, 10):  # the first handover whose turn changed the map
        match, _ = _handover(game_id, seed=5, after=after)
        view = match.view(None)
        focus = focus_box(view)
        if focus is not None:
            break
    assert focus is not None, f"{game_id}: no turn ever shows its last move"
    board = Image.open(io.BytesIO(render_board(view)))
    area = map_box(view)
    assert area is not None, f"{game_id}: the renderer does not say where its map is"
    x0, y0, x1, y1 = inset_box(view, board.size) or (0, 0, 0, 0)
    assert x0 <= focus[0] and y0 <= focus[1] and x1 >= focus[2] and y1 >= focus[3]
    # Only the map, never the panels beside it, and zoomed in: the inset's shape, or a flatter
    # or narrower box at the same zoom where that keeps whole words (test_phone_size).
    assert area[0] <= x0 and area[1] <= y0 and x1 <= area[2] + 1 and y1 <= area[3] + 1
    assert (x1 - x0) / (y1 - y0) > 0.35 * INSET_W / INSET_H
    assert x1 - x0 < board.width and y1 - y0 < 2 * INSET_H, "the inset zooms in"


def test_alt_text_carries_the_card_words() -> None:
    card = TurnCard(due=[("Ottoline", "choose a company")], turn=["Ann builds Boston–Albany."])
    assert turn_card_alt(card) == "Next: Ottoline, choose a company. Last turn: Ann builds " \
        "Boston–Albany."


def test_at_set_up_the_card_says_set_up_not_last_turn() -> None:
    card = TurnCard(due=[("Ottoline", "choose a company")], turn=["Ann is dealt 5 cards."],
                    opening=True)
    assert turn_card_alt(card) == "Next: Ottoline, choose a company. Set-up: Ann is dealt 5 " \
        "cards."


def test_a_long_turn_shows_its_latest_lines_and_counts_the_earlier_ones() -> None:
    turn = [f"Step {n}: Ann moves a train one space." for n in range(1, 21)]
    shown = shown_lines(turn)
    assert shown == turn[-len(shown):] and 3 <= len(shown) <= 5
    said = turn_card_alt(TurnCard(due=[("Bob", "play")], turn=turn))
    assert f"({20 - len(shown)} earlier in the log.)" in said and said.endswith(turn[-1])
