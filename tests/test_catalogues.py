"""Every sentence in English and in French: catalogues complete, and the machinery that says
them (plurals, numbers, lists, log lines kept unsaid, the reader's language per task)."""

from __future__ import annotations

import json
import threading

import pytest

import rules
from bot.tools import catalogues
from rules.core.errors import IllegalAction
from rules.core.journal import Journal
from rules.core.lang import (
    Msg,
    and_list,
    known,
    languages,
    msg,
    msgn,
    number,
    speaking,
    tr,
    trn,
    word,
)


def test_french_is_a_language_we_speak() -> None:
    assert languages()[:1] == ("en",) and "fr" in languages()
    assert known("fr") == known("fr-FR") == known("fr_CA") == "fr"
    assert known("en-GB") == known("de") == known(None) == "en"


@pytest.mark.parametrize("language", [c for c in languages() if c != "en"])
def test_every_sentence_is_translated_with_the_same_blanks(language: str) -> None:
    """Each area's catalogue has every sentence its code says, whole (a literal in `tr`,
    never built at run time), with the same named blanks, and nothing the code no longer says."""
    assert catalogues.problems(language) == []


def test_a_sentence_built_from_fragments_is_caught(tmp_path: object) -> None:
    said = catalogues._key("tr", None), catalogues._key("trn", ("{n} cube", None))
    assert said == (None, None)
    assert catalogues._same_blanks(["{player} bids {n}"], "{player} enchérit {n}")
    assert not catalogues._same_blanks(["{player} bids {n}"], "{joueur} enchérit {n}")
    # A plural form may leave the count out ("un cube"), never another blank.
    assert catalogues._same_blanks(["{n} cube for {who}", "{n} cubes for {who}"],
                                   "un cube pour {who}")
    assert not catalogues._same_blanks(["{n} cube for {who}", "{n} cubes for {who}"],
                                       "un cube")


def test_french_plurals_numbers_and_lists_follow_the_language() -> None:
    with speaking("fr"):
        assert number(1000) == "1\u202f000"
        assert and_list(["Ann", "Bob", "Cleo"]) == "Ann, Bob et Cleo"
        assert tr("${amount}", amount=1500) == "1\u202f500\u00a0$"
        assert tr("{player} leads by {gap}", player="Ann", gap="3 $") == "Ann mène de 3 $"
    with speaking("en"):
        assert number(1000) == "1000"  # English texts keep the digits they always had
        assert and_list(["Ann", "Bob", "Cleo"]) == "Ann, Bob and Cleo"
        assert tr("${amount}", amount=1500) == "$1500"
    # French counts 0 and 1 as singular; English only 1.
    assert trn("{n} cube", "{n} cubes", 0) == "0 cubes"


def test_a_log_line_is_kept_unsaid_and_said_in_the_readers_language() -> None:
    line = msg("{player} leads by {gap}", player="Ann", gap=msg("${amount}", amount=1000))
    journal = Journal([(0, "An old line, written before languages."), (1, line)])
    with speaking("en"):
        assert list(journal) == [(0, "An old line, written before languages."),
                                 (1, "Ann leads by $1000")]
    with speaking("fr"):
        assert journal[1] == (1, "Ann mène de 1\u202f000\u00a0$")
        assert journal[0][1] == "An old line, written before languages."  # as it was written
    saved = json.loads(json.dumps(journal.saved()))
    assert Journal.loaded(saved) == journal
    assert Msg.from_json(saved[1][1]) == line


def test_counted_messages_pick_the_form_when_said() -> None:
    line = msgn("{n} cube", "{n} cubes", 2)
    assert str(line) == "2 cubes"
    assert Msg.from_json(json.loads(json.dumps(line.to_json()))) == line


def test_two_readers_at_once_each_get_their_own_language() -> None:
    seen: dict[str, str] = {}
    ready = threading.Barrier(2)

    def read(code: str) -> None:
        with speaking(code):
            ready.wait()
            seen[code] = tr("The game is over.")

    threads = [threading.Thread(target=read, args=(c,)) for c in ("en", "fr")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"en": "The game is over.", "fr": "La partie est terminée."}


def test_a_refusal_is_in_the_language_of_whoever_typed() -> None:
    match = rules.new_match("trains", ["Ann", "Bob", "Cleo"], seed=1)
    waiting = next(s for s in range(3) if s not in match.to_act())
    with speaking("fr"), pytest.raises(IllegalAction, match="Ce n’est pas votre tour"):
        match.parse(waiting, "pass")
    with speaking("en"), pytest.raises(IllegalAction, match="It is not your turn"):
        match.parse(waiting, "pass")


def test_a_cached_map_layout_is_kept_per_language() -> None:
    """A static layer may hold words (a legend): one process drawing a French and an English
    game must not show either the other's words."""
    from render.core.canvas import LayoutCache

    cache: LayoutCache[str, str] = LayoutCache(4)
    with speaking("fr"):
        assert cache.get("tokyo", lambda k: tr("The game is over.")) == "La partie est terminée."
    assert cache.get("tokyo", lambda k: tr("The game is over.")) == "The game is over."


def test_words_a_data_file_names_are_catalogued_and_said(tmp_path, monkeypatch) -> None:
    """A card's name kept in a data file is translated through the catalogue like a sentence."""
    data = tmp_path / "cards.json"
    data.write_text(json.dumps({"_words": ["name"], "cards": [
        {"id": "a", "name": "Normal Train", "cost": 2}, {"id": "b", "name": "Normal Train"},
        {"id": "c", "name": "Express", "tags": {"name": ["Rail", "Station"]}}]}))
    monkeypatch.setattr(catalogues, "ROOT", tmp_path)
    words = [s.key for s in catalogues._data_words(data)]
    assert words == ["Normal Train", "Express", "Rail", "Station"]
    assert catalogues._data_words(tmp_path / "cards.json") and not catalogues._data_words(
        _write(tmp_path / "plain.json", {"cards": [{"name": "Express"}]}))


def _write(path, content):  # type: ignore[no-untyped-def]
    path.write_text(json.dumps(content))
    return path


def test_a_data_word_in_a_log_line_is_said_in_each_readers_language() -> None:
    # "Your move." stands for a card's name: rules/core's catalogue has it in French.
    line = msg("{player} reads {card}", player="Ann", card=word("Your move."))
    restored = Msg.from_json(json.loads(json.dumps(line.to_json())))
    assert str(restored) == "Ann reads Your move."
    with speaking("fr"):  # the sentence is untranslated here, the word is
        assert str(restored) == "Ann reads À vous de jouer."


def test_a_games_summary_and_option_descriptions_are_catalogued(tmp_path, monkeypatch) -> None:
    game = tmp_path / "game.py"
    game.write_text('INFO = GameInfo(id="x", title="X", summary="Lay track and score.",\n'
                    '    options=(Option("map", "Board side: " "east or west.",\n'
                    '                    ("e", "w"), "e"),))\n')
    monkeypatch.setattr(catalogues, "ROOT", tmp_path)
    assert [s.key for s in catalogues._info_sayings(game)] == [
        "Lay track and score.", "Board side: east or west."]
    info = rules.game_info("trains")
    assert info.said_summary() == info.summary and info.options[0].said() == (
        info.options[0].description)


def test_each_area_says_a_shared_english_sentence_its_own_way() -> None:
    """Two games may translate one English word differently: each reads its own catalogue
    first, then every area's (a guide page or a data word said from elsewhere)."""
    from rules.core.lang import _Catalogue

    found = _Catalogue({"shares": "parts", "only": "seul"}, {}, lambda n: 0, {
        "rules.steel_driver": ({"shares": "titres"}, {}),
        "rules.railroad_revolution": ({"shares": "parts"}, {})})
    assert found.one("shares", "rules.steel_driver") == "titres"
    assert found.one("shares", "rules.railroad_revolution") == "parts"
    assert found.one("only", "rules.steel_driver") == "seul"
    assert found.one("missing", "rules.steel_driver") is None
    line = msg("Your move.")
    assert line.area == "tests.test_catalogues"
    assert Msg.from_json(json.loads(json.dumps(line.to_json()))) == line
