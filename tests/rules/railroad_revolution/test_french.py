"""Railroad Revolution in French: every text a player reads, typed French moves, stored lines
said in French, the catalogue complete."""

from __future__ import annotations

import random
import re

import pytest

import bot.tools.catalogues
from rules.core.errors import IllegalAction
from rules.core.lang import speaking
from rules.railroad_revolution import RailroadRevolution
from rules.railroad_revolution.data import load_data
from tests.french import english_labels_play_in_french, english_words, french_journal
from tests.rules.railroad_revolution.helpers import act, due, new

NAMES = ["Ann", "Bob", "Cleo", "Dmitri"]
TYPED = ["xyzzy", "take", "build x", "rail washington chicago 3", "office 9", "promote grey",
         "sell share", "accept top", "hire purple", "flip", "station orange"]
# Place names (cities of the map) are names, not English sentences.
PLACES = frozenset(w.lower() for c in load_data().cities.values() for w in c.name.split())


def _english(text: str) -> list[str]:
    """English words left, the player's own typing (echoed in `backticks`) and names aside."""
    return english_words(re.sub(r"`[^`]*`", "", text),
                         frozenset(n.lower() for n in NAMES) | PLACES)


def _play(players: int, seed: int, language: str, options: dict[str, str] | None = None
          ) -> tuple[RailroadRevolution, list[str]]:
    """A seeded random game played in `language`; every text a player read on the way."""
    rng = random.Random(seed)
    m = RailroadRevolution(NAMES[:players], seed, options or {})
    read: list[str] = []
    with speaking(language):
        for step in range(3000):
            if m.over:
                break
            seat = due(m)
            read.append(m.prompt(seat))
            choices = m.choices(seat)
            read += [c.label for c in choices] + [c.group for c in choices]
            read += m.private_lines(seat)
            if step % 7 == 0:
                standing = m.standing()
                read += [standing.where, standing.measure, standing.table, *standing.lines]
                view = m.view(seat)
                read += [view["prompt"], *view["recent"], *view["standing"]["lines"],
                         view["standing"]["lead"]]
                read += [str(label) for part in view["breakdown"] for label, _ in part]
                read += [c["main_reward"]["label"] for c in view["board"]["cities"]]
                read += [p["label"] for p in view["players"][seat]["milestones"]]
                for typed in TYPED:
                    read.append(m.refusal(seat, typed) or "")
                    try:
                        m.copy().act(seat, typed)
                    except IllegalAction as e:
                        read.append(str(e))
            read += m.act(seat, rng.choice(m.legal(seat)))
        read += [line for _, line in m.lines]
        read += [str(m.table_result())]
    return m, read


@pytest.mark.parametrize(("players", "seed", "options"),
                         [(2, 3, {}), (4, 5, {"milestone_draw": "whole-pile",
                                              "performance_costs": "hard"})])
def test_a_game_played_in_french_reads_french_and_logs_as_in_english(
        players: int, seed: int, options: dict[str, str]) -> None:
    french, read = _play(players, seed, "fr", options)
    english, _ = _play(players, seed, "en", options)
    left = {text: _english(text) for text in read if _english(text)}
    assert left == {}
    assert french.log == english.log
    assert french.lines.saved() == english.lines.saved()
    assert any("Ouvrier" in text for text in read) and any(" $" in text for text in read)


def _first_turn(seed: int = 4) -> RailroadRevolution:
    """A two-player match at its first worker placement."""
    m = new(2, seed)
    rng = random.Random(seed)
    while m.top() is None or m.top()["kind"] != "place":  # type: ignore[index]
        act(m, rng.choice(m.legal(due(m))))
    return m


def test_a_french_label_typed_back_plays_its_choice_also_lower_cased() -> None:
    m = _first_turn()
    seat = due(m)
    with speaking("fr"):
        choices = m.choices(seat)
        assert any(c.label.startswith(("Gare, Ouvrier", "Voie Ferrée, Ouvrier"))
                   for c in choices)
        for choice in choices:
            assert m.parse(seat, choice.label) == choice.action
            assert m.parse(seat, choice.label.lower()) == choice.action


def test_french_spellings_of_actions_and_colours_work() -> None:
    m = _first_turn()
    seat = due(m)
    placing = [a for a in m.legal(seat) if a.split(" ")[0] in ("station", "railroad")]
    assert placing
    action = placing[0]
    french = {"station": "gare", "railroad": "voie ferrée"}[action.split(" ")[0]]
    colour = {"white": "blanc", "purple": "violet", "orange": "orange", "grey": "gris",
              "turquoise": "turquoise"}[action.split(" ")[1]]
    with speaking("fr"):
        assert m.parse(seat, f"{french} {colour}") == action
        assert m.parse(seat, action) == action  # the English words still work in French


def test_an_english_label_still_plays_while_speaking_french() -> None:
    m = _first_turn()
    english_labels_play_in_french(m, due(m))


def test_a_stored_english_line_shows_in_french_and_the_journal_is_language_neutral() -> None:
    english, french = french_journal(_first_turn())
    assert any("is the first player" in line for line in english)
    assert any("est premier joueur" in line for line in french)
    assert any("un Ouvrier" in line for line in french)


def test_the_last_move_is_read_from_the_log_in_either_language() -> None:
    m = _first_turn()
    rng = random.Random(1)
    for _ in range(40):
        act(m, rng.choice(m.legal(due(m))))
    english = m.view(None)["last_move"]
    with speaking("fr"):
        assert m.view(None)["last_move"] == english


def test_standing_and_money_say_themselves_in_french() -> None:
    m = _first_turn()
    with speaking("fr"):
        standing = m.standing()
        assert standing.measure == "PV"
        assert all(" PV, " in line and " $ + " in line for line in standing.lines)
        assert standing.where.startswith("manche 1")
        lines = m.private_lines(due(m))
        assert lines[0].startswith("Argent\u00a0: ")


def test_railroad_revolution_areas_have_no_catalogue_problems() -> None:
    problems = [p for p in bot.tools.catalogues.problems("fr")
                if p.startswith(("rules/railroad_revolution/", "render/railroad_revolution/"))]
    assert problems == []
