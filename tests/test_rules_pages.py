"""`/game rules` and terminal `rules`: pages written for players, split (never clipped), and
every "see X" leads to a page or an explain topic, in all five games."""

from __future__ import annotations

import dataclasses
import re

import pytest

import rules
from bot.tables.guide_pages import SEE, guide_pages, rules_pages
from bot.tables.presenters import MAX_CONTENT
from rules.core.text import normalize

GAMES = [str(g["id"]) for g in rules.catalog()]
SURFACES = ("discord", "terminal")
MESSAGE_LIMIT = MAX_CONTENT  # what a reply sends uncut (a Discord message holds 2000)
FILE_NAME = re.compile(r"\b[\w/-]+\.(?:json|md|py)\b")
SNAKE_CASE = re.compile(r"\b[A-Za-z]+(?:_[A-Za-z0-9]+)+\b")  # ids and rules constants
DEVELOPER = ("NOTES", "PROPOSAL", "CHOICE", "rules version", "data file", "Adapted**")
SEE_PAGE = re.compile(r"\bsee \*([^*\n]+)\*, page (\d+)")
EXPLAIN = re.compile(r"`(?:/game )?explain ([^`<]+)`")


def _words(text: str) -> list[str]:
    """The words of a text, without markdown or the words of "see …" references."""
    text = re.sub(r"\bsee [^).;\n]*", " ", text)
    return re.sub(r"[*`]", "", text).split()


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("game", GAMES)
def test_pages_are_written_for_players(game: str, surface: str) -> None:
    ids = [o.id for o in rules.game_info(game).options]
    for page in rules_pages(game, surface):
        assert not FILE_NAME.search(page), page
        assert not SNAKE_CASE.search(page), SNAKE_CASE.findall(page)
        assert not [w for w in DEVELOPER if w in page], page
        assert not [i for i in ids if f"`{i}`" in page or f"{i}=" in page], page


@pytest.mark.parametrize("game", GAMES)
def test_every_option_is_listed_by_its_name_with_its_meaning(game: str) -> None:
    guide = rules.guide(game)
    last = rules_pages(game)[-1]
    for option in rules.game_info(game).options:
        words = guide.option(option.id)
        assert words is not None, option.id  # every option has players' words
        assert f"**{words.name}**: {words.text[:40]}" in last
    if not rules.game_info(game).options:
        assert "No options" in last


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("game", GAMES)
def test_nothing_is_clipped(game: str, surface: str) -> None:
    title = rules.game_info(game).title
    pages = rules_pages(game, surface)
    for n, page in enumerate(pages, start=1):
        assert len(page) <= MESSAGE_LIMIT
        assert page.startswith(f"*{title} · how to play · page {n}/{len(pages)}*\n**")
    shown: dict[str, list[str]] = {}
    for heading, text in guide_pages(game, surface):
        shown.setdefault(heading.removesuffix(" (continued)"), []).extend(_words(text))
    for heading, text in rules.guide(game).pages:  # every word, in order, none cut
        assert shown[heading] == _words(text), heading


def test_a_page_longer_than_a_message_goes_on_over_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    real = rules.guide("spike")
    everything = "\n\n".join(text for _, text in real.pages)
    assert len(everything) > 3 * MESSAGE_LIMIT
    monkeypatch.setattr(rules, "guide", lambda game_id: dataclasses.replace(
        real, pages=(("Everything", everything),)))
    pages = rules_pages("spike")
    assert len(pages) >= 4 and all(len(p) <= MESSAGE_LIMIT for p in pages)
    assert "\n**Everything**\n" in pages[0] and "\n**Everything (continued)**\n" in pages[1]
    joined = [w for _, text in guide_pages("spike")[:-1] for w in _words(text)]
    assert joined == _words(everything)


@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("game", GAMES)
def test_every_see_leads_to_a_page_or_an_explain_topic(game: str, surface: str) -> None:
    guide = rules.guide(game)
    pages = guide_pages(game, surface)
    for heading, text in pages:
        for found in SEE_PAGE.finditer(text):
            assert pages[int(found[2]) - 1][0] == found[1], found[0]
        for found in EXPLAIN.finditer(text):
            assert guide.topic(found[1]) is not None, found[0]
        assert not [m[0] for m in SEE.finditer(text)
                    if not SEE_PAGE.match(text, m.start())], heading  # none left unresolved
    titles = {normalize(h) for h, _ in guide.pages}
    for topic in guide.topics:  # an explain text's "see *X*" too
        for found in SEE.finditer(topic.text):
            assert normalize(found[1]) in titles or guide.topic(found[1]), found[0]


@pytest.mark.parametrize("game", GAMES)
def test_each_surface_speaks_its_own_words(game: str) -> None:
    discord = "\n".join(rules_pages(game, "discord"))
    terminal = "\n".join(rules_pages(game, "terminal"))
    assert "/game explain" in discord and "/play" in discord
    assert not [w for w in ("/game", "/play", "button") if w in terminal]
    assert "`hand`" in terminal and "`rules 2`" in terminal
    assert not [w for w in ("railyard", "prompt", "`rules 2`") if w in discord]
    if "Agents" in {t.name for t in rules.guide(game).topics}:  # the "(see *Agents*)" of #26
        assert "see `/game explain agents`" in discord and "see `explain agents`" in terminal
