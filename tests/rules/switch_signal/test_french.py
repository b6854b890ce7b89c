"""Switch & Signal in French: what players read, typed French moves, a language-neutral log."""

from __future__ import annotations

import json
import random

import pytest

import bot.tools.catalogues
import rules
from rules.core.errors import IllegalAction
from rules.core.lang import Msg, say, speaking
from rules.core.match import Match
from rules.core.text import normalize
from tests.french import english_words

GAME = "switch-and-signal"
NAMES = ["Ana", "Bruno", "Chloé"]
ALLOWED = frozenset(n.lower() for n in NAMES)
# Typed texts that name no move: the refusals they get must be French too (an echo of what was
# typed is quoted back as it was typed, so only French words are typed here).
TYPED = ["xyzzy", "feu", "choix déplacement", "charger noir 1", "aiguillage 9", "L99", "fin",
         "révéler", "garder"]


def _options(board: str) -> dict[str, str]:
    return {"board": board, "layout": "arrange" if board == "north-america" else "first-game"}


def _english(text: str) -> list[str]:
    """English words left in a French text (names allowed)."""
    return english_words(text, ALLOWED)


def _play(board: str, seed: int, language: str, steps: int = 400) -> tuple[Match, list[str]]:
    """A seeded random game played in `language`; every text a player read on the way."""
    rng = random.Random(seed)
    read: list[str] = []
    with speaking(language):
        m = rules.new_match(GAME, NAMES, seed, _options(board))
        read += [say(line) for _, line in m.lines.raw()]
        for step in range(steps):
            if m.over:
                break
            seat = m.to_act()[0]
            read.append(m.prompt(seat))
            read += [c.label for c in m.choices(seat)] + [c.group for c in m.choices(seat)]
            for other in range(len(NAMES)):
                read += m.private_lines(other)
            if step % 4 == 0:
                for typed in TYPED:
                    read.append(m.refusal(seat, normalize(typed)) or "")
                    try:
                        m.copy().act(seat, typed)
                    except IllegalAction as e:
                        read.append(str(e).replace(f"`{typed}`", ""))
                view = m.view(None)
                standing = view["standing"]
                read += [view["prompt"], view["board"]["name"], standing["where"],
                         standing["table"], *standing["lines"]]
                read += [t["place"] for t in view["trains"]]
                read += [a["name"] + " " + a["text"] for a in view["agents"]]
            legal = m.legal(seat)
            read += m.act(seat, rng.choice(legal))
        view = m.view(None)
        result = m.table_result()
        if result:
            read.append(result[1])
        read += [str((view["result"] or {}).get(k, "")) for k in ("ended_by", "reason")]
        read.append(view["reason"] or "")
        read += [str(line) for line in m.lines]
    return m, read


@pytest.mark.parametrize(("board", "seed"), [("central-europe", 5), ("north-america", 8)])
def test_a_random_game_in_french_has_no_english_and_the_same_log(board: str, seed: int) -> None:
    french, read = _play(board, seed, "fr")
    english, _ = _play(board, seed, "en")
    left = {w for text in read for w in _english(text)}
    assert not left, sorted(left)
    assert any("fiche" in text for text in read)  # it really was said in French
    assert french.log == english.log
    assert french.lines.saved() == english.lines.saved()  # the journal is language-neutral
    assert french.to_json() == english.to_json()


def _actions_phase(seed: int = 3) -> Match:
    """A Central Europe game whose active player is choosing action cards, with signal and
    move cards in hand."""
    m = rules.new_match(GAME, NAMES, seed, {"board": "central-europe"})
    rng = random.Random(seed)
    for _ in range(500):
        seat = m.to_act()[0]
        legal = m.legal(seat)
        if m.state["phase"] == "actions" and m.state["pending"] is None \
                and {"signal", "move"} <= set(legal):
            return m
        m.act(seat, rng.choice([a for a in legal if a != "done"] or legal))
    raise AssertionError("no action phase with signal and move cards")


def test_a_french_label_typed_back_plays_its_choice() -> None:
    m = _actions_phase()
    seat = m.to_act()[0]
    with speaking("fr"):
        choices = m.choices(seat)
        for choice in choices:
            for typed in (choice.label, choice.label.lower()):
                twin = m.copy()
                twin.act(seat, typed)
                assert twin.log[-1][1] == choice.action, (typed, choice.action)


def test_french_spellings_of_cards_and_commands_play() -> None:
    m = _actions_phase()
    seat = m.to_act()[0]
    with speaking("fr"):
        for typed, action in (("feu", "signal"), ("déplacement", "move"),
                              ("deplacement", "move"), ("fin", "done"), ("terminé", "done")):
            twin = m.copy()
            twin.act(seat, typed)
            assert twin.log[-1][1] == action, typed
        twin = m.copy()
        twin.act(seat, "déplacement")
        tid = next(t for t, train in twin.state["trains"].items() if train["at"] is not None)
        colour, number = tid.rstrip("0123456789"), tid.lstrip("abcdefghijklmnopqrstuvwxyz")
        french = {"black": "noir", "brown": "marron", "grey": "gris"}[colour]
        twin.act(seat, f"train {french} {number}")
        assert twin.log[-1][1] == f"move {tid}"


def test_an_english_label_still_plays_while_speaking_french() -> None:
    m = _actions_phase()
    seat = m.to_act()[0]
    english = {c.action: c.label for c in m.choices(seat)}
    with speaking("fr"):
        for action, label in english.items():
            twin = m.copy()
            twin.act(seat, label)
            assert twin.log[-1][1] == action


def test_french_refusals_name_french_commands() -> None:
    m = _actions_phase()
    seat = m.to_act()[0]
    m.state["hands"][seat] = {"signal": 0, "switch": 0, "move": 2}
    with speaking("fr"):
        said = m.refusal(seat, "feu") or ""
    assert "`choix feu`" in said and "carte" in said
    assert not _english(said)


def test_a_stored_english_line_reads_in_french() -> None:
    m, _ = _play("central-europe", 5, "en", steps=60)
    raw = [line for _, line in m.lines.raw()]
    assert raw and all(isinstance(line, Msg) for line in raw)
    stored = json.loads(json.dumps(m.to_json()))
    again = rules.load_match(stored)
    english = [str(line) for line in again.lines]
    with speaking("fr"):
        french = [str(line) for line in again.lines]
        recent = again.view(None)["recent"]
    assert english != french and len(english) == len(french)
    assert any(line.startswith("Le train") or "fiche" in line for line in french)
    assert not {w for line in french + recent for w in _english(line)}
    with speaking("fr"):
        assert again.lines.saved() == m.lines.saved()


def test_the_catalogues_of_switch_and_signal_are_complete() -> None:
    problems = bot.tools.catalogues.problems("fr")
    assert [p for p in problems
            if p.startswith(("rules/switch_signal/", "render/switch_signal/"))] == []
