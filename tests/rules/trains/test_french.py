"""Trains in French: every text a player reads, moves typed in French, the same log and record.

A game played under `speaking("fr")` must say nothing in English, and keep exactly the log of
the same game played in English: the words change, never the moves or what is stored.
"""

from __future__ import annotations

import json
import random

import pytest

import bot.tools.catalogues
import rules
from rules.core.errors import IllegalAction
from rules.core.lang import Msg, speaking
from rules.trains import Trains
from rules.trains.board import load_board
from tests.french import english_words
from tests.rules.trains.helpers import ready

NAMES = ["Ann", "Bob", "Cleo", "Dmitri"]
TYPED = ["xyzzy", "jouer zzz", "acheter dechets", "poser z9", "gare z9", "1", "fin du tour",
         "passer", "ignorer", "terminé", "départ tokyo", "prendre zzz"]


def _allowed(m: Trains) -> frozenset[str]:
    """Names that may stay as they are: players, places, and what the test types."""
    words = " ".join([*m.players, *(h.name for h in m.board.hexes.values()), *TYPED])
    return frozenset(english_words(words.replace("-", " ")))


def _english_in(texts: list[str], allowed: frozenset[str]) -> list[tuple[str, list[str]]]:
    return [(t, found) for t in texts if (found := english_words(t, allowed))]


def _play(players: int, seed: int, options: dict[str, str], language: str,
          check: bool = False) -> Trains:
    """A game of random legal moves (the same moves for the same seed in any language); with
    `check`, every text read on the way is scanned for English."""
    m = Trains(NAMES[:players], seed, options)
    rng = random.Random(seed)
    allowed = _allowed(m)
    with speaking(language):
        for step in range(4000):
            if m.over:
                break
            seat = m.to_act()[0]
            legal = m.legal(seat)
            if check:
                texts = [m.prompt(seat), *m.private_lines(seat)]
                texts += [c.label for c in m.choices(seat)] + [c.group for c in m.choices(seat)]
                if step % 7 == 0:
                    st = m.standing()
                    texts += [st.where, st.measure, *st.lines, st.table]
                    for typed in TYPED:
                        texts.append(m.refusal(seat, typed) or "")
                        try:
                            m.copy().act(seat, typed)
                        except IllegalAction as exc:
                            texts.append(str(exc))
                said = m.act(seat, rng.choice(legal))
                assert not _english_in(texts + said, allowed), (step, _english_in(texts, allowed))
            else:
                m.act(seat, rng.choice(legal))
        if check:
            view = m.view(None)
            end = [*view["end_reasons"], *(str(x) for parts in view["breakdown"] for x in parts)]
            assert not _english_in(end, allowed)
    return m


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 1, {"map": "tokyo"}),
    (3, 2, {"map": "osaka", "printed_cards": "yes", "kingdom": "reforming-tunneling"}),
    (4, 3, {"map": "tokyo", "kingdom": "holiday-pass"}),
])
def test_a_french_game_says_nothing_in_english_and_keeps_the_english_log(
        players: int, seed: int, options: dict[str, str]) -> None:
    french = _play(players, seed, options, "fr", check=True)
    english = _play(players, seed, options, "en")
    assert french.over and english.over
    assert french.log == english.log
    assert french.state == english.state
    assert json.dumps(french.lines.saved()) == json.dumps(english.lines.saved())


def test_a_line_stored_in_english_reads_in_french() -> None:
    m = _play(2, 5, {"map": "osaka"}, "en")
    english = [line for _, line in m.lines]
    with speaking("fr"):
        french = [line for _, line in m.lines]
    assert english[0].startswith("Trains on the Osaka map. Kingdom: ")
    assert french[0].startswith("Trains sur le plateau Osaka. Cartes de préparation\u00a0: ")
    assert len(french) == len(english) and french != english
    raw = [line for _, line in m.lines.raw()]
    assert all(isinstance(line, Msg) for line in raw)
    assert not _english_in(french, _allowed(m))
    with speaking("fr"):  # the end reasons are kept unsaid too, and said in French
        assert m.view(None)["end_reasons"] and not _english_in(m.view(None)["end_reasons"],
                                                                _allowed(m))


def test_french_labels_typed_back_play_their_choice() -> None:
    with speaking("fr"):
        for seed in range(3):
            m = Trains(NAMES[:3], seed, {})
            rng = random.Random(seed)
            for _ in range(120):
                if m.over:
                    break
                seat = m.to_act()[0]
                choice = rng.choice(m.choices(seat))
                for typed in (choice.label, choice.label.lower()):
                    twin = m.copy()
                    twin.act(seat, typed)
                    assert twin.log[-1] == (seat, choice.action), (typed, choice.action)
                m.act(seat, choice.action)


def test_french_spellings_of_moves_and_cards() -> None:
    m = ready(2, 0)
    seat = m.to_act()[0]
    m.state["players"][seat]["hand"] = ["normal-train", "lay-rails", "waste"]
    with speaking("fr"):
        assert m.parse(seat, "jouer train normal") == "play normal-train"
        assert m.parse(seat, "Jouer Train normal") == "play normal-train"
        assert m.parse(seat, "jouer pose de rails") == "play lay-rails"
        assert m.parse(seat, "fin du tour") == "end turn"
        assert m.parse(seat, "passer") == "pass"
        assert m.parse(seat, "play normal train") == "play normal-train"  # English still works
        assert m.parse(seat, "end turn") == "end turn"
        m.act(seat, "jouer pose de rails")
        assert m.state["pending"]["kind"] == "lay"
        hex_id = next(a for a in m.legal(seat) if a.startswith("lay ")).split(" ", 1)[1]
        label = load_board("tokyo").hexes[hex_id].label
        assert m.parse(seat, f"poser {label}") == f"lay {hex_id}"
        assert m.parse(seat, "ignorer") == "skip"


def test_english_labels_still_play_while_speaking_french() -> None:
    m = ready(2, 0)
    seat = m.to_act()[0]
    english = {c.label: c.action for c in m.choices(seat)}
    with speaking("fr"):
        french = {c.label: c.action for c in m.choices(seat)}
        assert set(french) != set(english)
        for label, action in english.items():
            twin = m.copy()
            twin.act(seat, label)
            assert twin.log[-1] == (seat, action)


def test_french_refusals_say_why_in_french() -> None:
    m = ready(2, 0)
    seat = m.to_act()[0]
    m.state["players"][seat]["hand"] = ["normal-train", "waste"]
    with speaking("fr"):
        assert m.refusal(seat, "play tower") == (
            "vous n’avez pas de Grand immeuble en main (votre main\u00a0: Déchets, Train normal)")
        assert m.refusal(seat, "poser d4") == (
            "pour poser un rail, jouez d’abord une carte Rail comme Pose de rails")
        with pytest.raises(IllegalAction, match="Déchets ne se jouent pas"):
            m.act(seat, "jouer dechets")


def test_the_trains_catalogue_is_complete() -> None:
    problems = [p for p in bot.tools.catalogues.problems("fr")
                if p.startswith(("rules/trains/", "render/trains/"))]
    assert problems == []


def test_french_words_on_the_guide() -> None:
    with speaking("fr"):
        guide = rules.guide("trains")
    titles = [title for title, _ in guide.pages]
    assert titles[0] == "But et mise en place"
    french_too = frozenset({"trains", "but", "score"})  # « But », « le score »: French words
    assert all(not english_words(text, french_too) for _, text in guide.pages[:4])
