"""Steel Driver in French: every text a player reads, typed French moves, stored lines said in
French, and complete catalogues."""

from __future__ import annotations

import random
import re

import pytest

import bot.tools.catalogues
import rules
from rules.core.errors import IllegalAction
from rules.core.lang import speaking
from rules.steel_driver import SteelDriver
from tests.french import english_labels_play_in_french, english_words, french_journal
from tests.rules.steel_driver.helpers import due, pass_auctions, sell
from tests.rules.steel_driver.test_final import _play_to_final as _to_final

NAMES = ["Ann", "Bob", "Cleo", "Dmitri", "Eve", "Finn"]
TYPED = ["xyzzy", "bid 99", "pass", "build x", "take", "auction", "auction zz", "boston",
         "new york boston", "1"]
# "cube" is French too (« cubes Investissement »); UP is a company's name, not the word "up".
ALLOWED = frozenset({n.lower() for n in NAMES} | {"cube", "cubes", "up"})


def _english(text: str) -> list[str]:
    """English words left, the player's own typing (echoed in `backticks`) and names aside."""
    return english_words(re.sub(r"`[^`]*`", "", text), ALLOWED)


def _new(players: int, seed: int) -> SteelDriver:
    m = rules.new_match("steel-driver", NAMES[:players], seed)
    assert isinstance(m, SteelDriver)
    return m


def _play(players: int, seed: int, language: str) -> tuple[SteelDriver, list[str]]:
    """A seeded random game played in `language`; every text a player read on the way."""
    rng = random.Random(seed)
    m = _new(players, seed)
    read: list[str] = []
    with speaking(language):
        for step in range(3000):
            if m.over:
                break
            seat = due(m)
            read.append(m.prompt(seat))
            read += [c.label for c in m.choices(seat)] + [c.group for c in m.choices(seat)]
            read += m.private_lines(seat)
            if step % 7 == 0:
                standing = m.standing()
                read += [standing.where, standing.measure, standing.table, *standing.lines]
                view = m.view(seat)
                read += [view["prompt"], *view["recent"], *view["standing"]["lines"],
                         view["standing"]["lead"]]
                read += [str(label) for part in view["breakdown"] for label, _ in part]
                for typed in TYPED:
                    read.append(m.refusal(seat, typed) or "")
                    try:
                        m.copy().act(seat, typed)
                    except IllegalAction as e:
                        read.append(str(e))
            read += m.act(seat, rng.choice(m.legal(seat)))
        read += [line for _, line in m.lines]
        view = m.view(None)
        read += [str(label) for part in view["breakdown"] for label, _ in part]
        read += [m.standing().where, m.standing().measure, *m.standing().lines]
    return m, read


@pytest.mark.parametrize(("players", "seed"), [(3, 2), (5, 7)])
def test_a_game_played_in_french_reads_french_and_logs_as_in_english(
        players: int, seed: int) -> None:
    french, read = _play(players, seed, "fr")
    english, _ = _play(players, seed, "en")
    left = {text: _english(text) for text in read if _english(text)}
    assert left == {}
    assert french.log == english.log
    assert french.lines.saved() == english.lines.saved()
    assert french.scores() == english.scores()
    assert any("enchères" in text for text in read) and any("\u00a0$" in text for text in read)
    assert any(text.startswith("Partie terminée.") for text in read)


def _play_to_final() -> SteelDriver:
    """A four-player match at the first pick of the final phase."""
    m, _ = _to_final(1)
    assert m.state["phase"] == "final"
    return m


def _build_phase() -> tuple[SteelDriver, int]:
    """B&O sold to the first player, everyone else passes: B&O is due to build."""
    m = _new(4, 3)
    owner = due(m)
    sell(m, "bo", owner, bid=5)
    pass_auctions(m)
    assert due(m) == owner
    return m, owner


@pytest.mark.parametrize("phase", ["auction", "build", "final"])
def test_a_french_label_typed_back_plays_its_choice_also_lower_cased(phase: str) -> None:
    m = _new(3, 1) if phase == "auction" else _build_phase()[0] if phase == "build" \
        else _play_to_final()
    seat = due(m)
    with speaking("fr"):
        for choice in m.choices(seat):
            assert m.parse(seat, choice.label) == choice.action
            assert m.parse(seat, choice.label.lower()) == choice.action
        assert any(w in m.choices(seat)[0].label
                   for w in ("Enchères", "Construire", "Prendre", "Passer"))


def test_french_spellings_of_actions_work() -> None:
    m = _new(3, 1)
    seat = due(m)
    with speaking("fr"):
        assert m.parse(seat, "enchères PRR") == "auction prr"
        assert m.parse(seat, "passer") == "pass"
        assert m.parse(seat, "auction PRR") == "auction prr"  # English still works in French
        m.act(seat, "enchères Union Pacific")
        assert m.parse(seat, "miser 3") == "bid 3"
        assert m.parse(seat, "miser 2 cubes") == "bid 2"
    b, owner = _build_phase()
    link = b.legal(owner)[0]
    start, end = b._link_ends(link.split()[1]) or ("", "")
    with speaking("fr"):
        assert b.parse(owner, f"construire {start} à {end}") == link
        assert b.parse(owner, f"{start} à {end}") == link
    f = _play_to_final()
    take = f.legal(due(f))[0]
    city = f._city_slugs()[take.split()[1]]
    with speaking("fr"):
        assert f.parse(due(f), f"prendre {city}") == take
        assert f.parse(due(f), f"prendre le cube à {city}") == take


def test_an_english_label_still_plays_while_speaking_french() -> None:
    m, owner = _build_phase()
    english_labels_play_in_french(m, owner)


def test_refusals_and_prompts_say_why_in_french() -> None:
    m = _new(3, 1)
    seat = due(m)
    with speaking("fr"):
        assert "aucune enchère en cours" in (m.refusal(seat, "bid 3") or "")
        with pytest.raises(IllegalAction, match="aucune compagnie ne s’appelle"):
            m.act(seat, "auction zzz")
        assert m.prompt(seat).startswith(f"{NAMES[seat]} (10 cubes)\u00a0: mettez")
    b, owner = _build_phase()
    with speaking("fr"):
        reason = b.refusal(owner, "build seattle boston") or ""
        assert reason.startswith("aucune liaison ne relie Seattle et Boston"), reason
        assert b.refusal(owner, "construire seattle a boston") == reason
        assert "tour 1" in (b.refusal(owner, "miser 3") or "")
        assert "construisez une liaison pour B&O" in b.prompt(owner)


def test_a_stored_english_line_shows_in_french_and_the_journal_is_language_neutral() -> None:
    english, french = french_journal(_build_phase()[0])
    assert any("puts B&O up for auction" in line for line in english)
    assert any("met B&O aux enchères" in line for line in french)
    assert any(line.startswith("Les enchères sont terminées.") for line in french)


def test_goods_colours_and_the_standing_say_themselves_in_french() -> None:
    m = _play_to_final()
    seat = due(m)
    take = m.legal(seat)[0]
    m.act(seat, take)
    with speaking("fr"):
        line = [text for _, text in m.lines][-1]
        assert re.search(r"prend le cube (rouge|orange|argent|noir|blanc) à ", line), line
        standing = m.standing()
        assert standing.where == "tour 5 sur 5, marchandises finales"
        assert all(re.match(r"[\d\u202f]+\u00a0\$ \(", text) for text in standing.lines), \
            standing.lines
        assert standing.table.startswith("Un titre rapporterait maintenant")


def test_steel_driver_areas_have_no_catalogue_problems() -> None:
    problems = [p for p in bot.tools.catalogues.problems("fr")
                if p.startswith(("rules/steel_driver/", "render/steel_driver/"))]
    assert problems == []


def test_the_guide_reads_french_and_answers_to_french_and_english_names() -> None:
    with speaking("fr"):
        guide = rules.guide("steel-driver")
        titles = [t for t, _ in guide.pages]
        assert titles[0] == "But et mise en place" and "Nos adaptations" in titles
        text = " ".join(body for _, body in guide.pages)
        assert "**5 tours**" in text and "10\u00a0$ / 30\u00a0$ / 60\u00a0$" in text
        share = guide.topic("titre")
        assert share is not None and share is guide.topic("Share")
        assert share.name == "Titre" and share.text.startswith("Chaque compagnie a 5 titres")
        for colour in ("rouge", "argent", "blanc", "red", "silver"):
            assert guide.topic(colour) is guide.topic("Couleurs"), colour
        # « But » (goal) and « passes » are French words too
        assert english_words(text, ALLOWED | {"but", "passes"}) == []
