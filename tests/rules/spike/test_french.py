"""Spike in French: every text a player reads, typed French moves, stored lines said in French."""

from __future__ import annotations

import random
import re

import pytest

import bot.tools.catalogues
from rules.core.errors import IllegalAction
from rules.core.lang import Msg, speaking
from rules.spike import Spike
from tests.french import english_labels_play_in_french, english_words, french_journal
from tests.rules.spike.helpers import act, due, new

NAMES = ["Ann", "Bob", "Cleo", "Dmitri"]
# Names pass: the players', and "NO", the French compass letters of junctions ("Memphis NO").
ALLOWED = frozenset([n.lower() for n in NAMES] + ["no"])
TYPED = ["xyzzy", "take", "build x", "move", "upgrade", "lay omaha", "deliver coal", "joker"]


def _english(text: str) -> list[str]:
    """English words left, the player's own typing (echoed in `backticks`) and names aside."""
    return english_words(re.sub(r"`[^`]*`", "", text), ALLOWED)


def _play(players: int, seed: int, language: str, options: dict[str, str] | None = None
          ) -> tuple[Spike, list[str]]:
    """A seeded random game played in `language`; every text a player read on the way."""
    rng = random.Random(seed)
    m = Spike(NAMES[:players], seed, options or {})
    read: list[str] = []
    with speaking(language):
        for step in range(1500):
            if m.over:
                break
            seat = due(m)
            read.append(m.prompt(seat))
            read += [c.label for c in m.choices(seat)] + [c.group for c in m.choices(seat)]
            read += m.private_lines(seat)
            if step % 9 == 0:
                standing = m.standing()
                read += [standing.where, standing.measure, standing.table, *standing.lines]
                view = m.view(seat)
                read += [view["prompt"], *view["recent"], *view["standing"]["lines"]]
                read += [str(label) for part in view["breakdown"] for label, _ in part]
                if view["last_move"]:
                    read += view["last_move"]["lines"]
                for typed in TYPED:
                    read.append(m.refusal(seat, typed) or "")
                    try:
                        m.copy().act(seat, typed)
                    except IllegalAction as e:
                        read.append(str(e))
            read += m.act(seat, rng.choice(m.legal(seat)))
        read += [line for _, line in m.lines]
        read.append(str(m.view(None)["end_reason"] or ""))
    return m, read


@pytest.mark.parametrize(("players", "seed", "expert"), [(2, 3, False), (4, 5, True)])
def test_a_game_played_in_french_reads_french_and_logs_as_in_english(
        players: int, seed: int, expert: bool) -> None:
    options = {"expert_contracts": "yes", "expert_routes": "yes"} if expert else {}
    french, read = _play(players, seed, "fr", options)
    english, _ = _play(players, seed, "en", options)
    left = {text: _english(text) for text in read if _english(text)}
    assert left == {}
    assert french.log == english.log
    assert french.lines.saved() == english.lines.saved()
    assert any("carte" in text for text in read) and any(" $" in text for text in read)


def _main_step(seed: int = 4) -> Spike:
    """A two-player match at its first turn of play."""
    m = new(2, seed)
    rng = random.Random(seed)
    while m.state["phase"] != "play":
        act(m, rng.choice(m.legal(due(m))))
    return m


def test_a_french_label_typed_back_plays_its_choice_also_lower_cased() -> None:
    m = _main_step()
    seat = due(m)
    with speaking("fr"):
        choices = m.choices(seat)
        for choice in choices:
            assert m.parse(seat, choice.label) == choice.action
            assert m.parse(seat, choice.label.lower()) == choice.action


def test_french_spellings_of_actions_and_colours_work() -> None:
    m = _main_step()
    seat = due(m)
    shown = [c for c in m.legal(seat) if c.startswith("take ")]
    assert shown
    colour = shown[0].split()[1]
    french = {"white": "blanc", "blue": "bleu", "red": "rouge", "green": "vert",
              "yellow": "jaune", "black": "noir"}[colour]
    with speaking("fr"):
        assert m.parse(seat, f"prendre {french}") == shown[0]
        assert m.parse(seat, f"take {colour}") == shown[0]  # English still works in French
        if "upgrade speed" in m.legal(seat):
            assert m.parse(seat, "vitesse") == "upgrade speed"


def test_an_english_label_still_plays_while_speaking_french() -> None:
    m = _main_step()
    english_labels_play_in_french(m, due(m))


def test_a_stored_english_line_shows_in_french_and_the_journal_is_language_neutral() -> None:
    _, french = french_journal(_main_step())
    assert any("Toutes les locomotives sont placées" in line for line in french)


def test_the_end_reason_and_standing_say_themselves_in_french() -> None:
    m = _main_step()
    m.finish_game(Msg("the third time card was revealed"))
    assert m.state["end_reason"] == "the third time card was revealed"
    with speaking("fr"):
        assert m.view(None)["end_reason"] == "la troisième carte de temps a été révélée"
        standing = m.standing()
        assert standing.where == "partie terminée" and standing.table.startswith("Partie")
        assert standing.measure.startswith("$")


def test_spike_areas_have_no_catalogue_problems() -> None:
    problems = [p for p in bot.tools.catalogues.problems("fr")
                if p.startswith(("rules/spike/", "render/spike/"))]
    assert problems == []


def test_junction_names_say_their_compass_in_french_and_read_back_either_way() -> None:
    from rules.spike.names import find_point, point_name, point_names

    english = point_names()
    west = next(pid for pid, name in english.items() if name.endswith(" far W"))
    with speaking("fr"):
        french = point_name(west)
        assert french.endswith(" O loin") and french.split()[0] == english[west].split()[0]
        assert find_point(french.lower()) == west
        assert find_point(english[west]) == west
    assert point_name(west) == english[west]
