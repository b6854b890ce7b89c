"""`railyard play --language fr`: the terminal's own words in French throughout (help, prompts,
commands and their answers, results), the same game and record as in English.

Only the lines the terminal writes are checked for English words: a game's own words (its
log lines, labels, rules pages) turn French in that game's catalogue.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import rules
from bot.tools.cli import main
from bot.tools.first_run import offer
from bot.tools.local import command_of, default_names, help_text, pick_number, play_local
from rules.core.lang import speaking
from tests.french import english_words

# Names and words that are the same in both languages, or not words at all.
ALLOWED = frozenset({"ctrl", "d", "c", "png", "latest", "computer", "ada", "ben", "anne",
                     "trains", "steel", "driver", "spike", "railyard", "discord", "token"})


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """`railyard play --language fr` speaks French from then on: not in the next test."""
    with speaking("en"):
        yield


def _french(lines: list[str]) -> None:
    """Each line reads French: no English word of ours is left in it (paths left out)."""
    left = [(line, english_words(re.sub(r"\S*/\S*", "", line), ALLOWED)) for line in lines]
    assert not [pair for pair in left if pair[1]], [pair for pair in left if pair[1]]


def _ours(text: str) -> list[str]:
    """The lines of a French transcript the terminal writes itself (not the game's words)."""
    mine = re.compile(r"^(Plateau|Carte du tour|Vous seul|Pour .* seulement|En attente|"
                      r"Partie arrêtée|  ✗ (Choisissez|Les règles)|.* joue\u00a0:$|"
                      r"  .*\(vainqueur\)$|\(appuyez)")
    return [line for line in text.splitlines() if mine.match(line)]


def _game(language: str, tmp_path: Path, typed: list[str]) -> tuple[rules.Match, str]:
    out = io.StringIO()
    with speaking(language):
        match = play_local("trains", 2, names=["Anne"], computers=1, seed=3,
                           out=tmp_path / language, stdin=io.StringIO("\n".join(typed) + "\n"),
                           stdout=out, render=lambda view: b"png")
    return match, out.getvalue()


def test_a_french_game_speaks_french_and_plays_the_same_game(tmp_path: Path) -> None:
    typed = ["aide", "main", "état", "règles", "règles 99", "regles tout", "journal", "coups",
             "#99", "99"] + ["1"] * 400
    match, text = _game("fr", tmp_path, typed)
    english_typed = ["help", "hand", "status", "rules", "rules 99", "rules all", "log", "moves",
                     "#99", "99"] + ["1"] * 400
    same, english = _game("en", tmp_path, english_typed)
    assert match.over and same.over and match.log == same.log  # the same game, move for move
    first = text.splitlines()[0]
    assert first.startswith("Trains\u00a0: Anne, ") and "Les plateaux vont dans" in first
    assert help_text() in english  # English as before, French here
    with speaking("fr"):
        assert help_text() in text
        _french(help_text().splitlines())
    answers = text.split("Anne> ")
    assert answers[1].startswith("Tapez le numéro")
    assert answers[2].startswith("Vous seul voyez ceci\u00a0:\n")  # `main`
    assert "En attente de\u00a0: Anne" in answers[3]  # `état`
    assert "Pages\u00a0: " in answers[4] and "Tapez règles 2 pour la page 2" in answers[4]
    assert "✗ Les règles ont des pages 1 à 6" in answers[5]
    assert "Tapez règles 2" not in answers[6]  # every page: no list of pages after them
    assert "✗ Choisissez un nombre de 1 à" in answers[9]
    ours = _ours(text)
    assert len(ours) > 100 and any("(vainqueur)" in line for line in ours)
    _french(ours)
    assert "Only you see this" not in text and "Board:" not in text and "Waiting" not in text


def test_in_french_english_commands_still_work(tmp_path: Path) -> None:
    with speaking("fr"):
        assert [command_of(w) for w in ("règles", "REGLES", "rules", "aide", "?", "quitter",
                                        "legal", "main", "hand", "nonsense")] == \
            ["rules", "rules", "rules", "help", "help", "quit", "moves", "hand", "hand", None]
    assert command_of("règles") is None and command_of("main") is None  # English: no French
    _, text = _game("fr", tmp_path, ["hand", "quitter", "1"])
    assert "Vous seul voyez ceci" in text and text.rstrip().endswith("Partie arrêtée.")


def test_a_number_that_is_also_an_amount_is_asked_about_in_french() -> None:
    m = rules.new_match("steel-driver", ["Ann", "Bo", "Cy"], 1)
    seat = m.to_act()[0]
    m.act(seat, "auction sp")
    m.act(seat, "bid 2")
    seat = m.to_act()[0]
    with speaking("fr"):
        choices = m.choices(seat)
        played, question = pick_number(m, seat, choices, "3")
        assert played is None and question is not None
        assert question.startswith("`3` peut désigner [3] ") and "Tapez `#3` pour [3]" in question
        played, why = pick_number(m, seat, choices, "12")  # past the list: the game says why
        assert played is None and why is not None and "Choisissez" not in why
        assert pick_number(m, seat, choices, "#99") == (
            None, f"Choisissez un nombre de 1 à {len(choices)}, ou tapez le coup.")


def test_default_names_in_french() -> None:
    with speaking("fr"):
        assert default_names(1) == ["Joueur"]
        assert default_names(3) == ["Joueur A", "Joueur B", "Joueur C"]
    assert default_names(1) == ["You"] and default_names(2) == ["Player A", "Player B"]


def test_railyard_play_in_french_from_the_command_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # the player stops at once
    assert main(["play", "spike", "--players", "3", "--computers", "2", "--seed", "1",
                 "--out", str(tmp_path), "--language", "fr"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("Spike\u00a0: Joueur, ") and "Partie arrêtée." in said
    assert main(["play", "trains", "--players", "2", "--names", "A,B,C",
                 "--language", "fr"]) == 2
    refused = capsys.readouterr().err
    assert "--players 2 est inférieur aux 3 noms donnés dans --names" in refused
    assert main(["play", "steel-driver", "--names", "Anne", "--language", "fr"]) == 2
    refused = capsys.readouterr().err
    assert "Steel Driver se joue à 3-6 joueurs, pas 1" in refused
    assert "--players 3 --names Joueur." in refused
    assert main(["play", "spike", "--option", "list", "--language", "fr"]) == 0
    assert "Options de Spike (--option NOM=VALEUR" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["play", "--help", "--language", "fr"])
    helped = " ".join(capsys.readouterr().out.split())
    assert "--players N places à la table" in helped and "--language CODE la langue" in helped


def test_the_first_run_offer_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    asked: list[str] = []
    answers = iter(["9", "1", ""])

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    with speaking("fr"):
        chosen = offer(ask)
    assert chosen is not None and chosen["names"] == ["Joueur"] and chosen["computers"] == 2
    printed = capsys.readouterr().out
    assert printed.startswith("Ou jouez ici, dans ce terminal")
    assert "Tapez un nombre de 1 à" in printed
    assert asked[0].startswith("Quel jeu\u00a0? [1-") and asked[-1].startswith("Combien de ")
    _french([printed.splitlines()[0], *[line for line in printed.splitlines()
                                        if line.startswith("  Tapez")], *asked])
