"""The bot's own sentences in French, English kept as it was: a move's lines said to each
reader in their language, the table's texts, the rules pages, the reminders."""

from __future__ import annotations

import re

import pytest

import rules
from bot.tables import presenters
from bot.tables.guide_pages import rules_pages
from bot.tables.reminders import wording
from bot.tables.service import GameError, GameService
from rules.core.lang import speaking
from tests.french import english_words

CHANNEL = 100
NAMES = frozenset({"u1", "u2", "u3", "steel", "driver"})


def _french(text: str) -> None:
    words = english_words(re.sub(r"`[^`]*`", " ", text), NAMES)
    assert text and not words, (words, text)


async def _started(service: GameService) -> rules.Match:
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="U1",
                         game_id="steel-driver", options={})
    for user in (2, 3):
        await service.join(CHANNEL, user, f"U{user}")
    return (await service.start(CHANNEL, 1, can_manage=False)).match


async def test_refusals_are_said_in_the_language_spoken_when_raised(
        service: GameService) -> None:
    await _started(service)
    with speaking("fr"), pytest.raises(GameError, match="Cette partie a déjà commencé."):
        await service.join(CHANNEL, 1, "U1")
    with pytest.raises(GameError, match="This game has already started"):
        await service.join(CHANNEL, 1, "U1")


async def test_a_moves_lines_are_said_in_each_readers_language(service: GameService) -> None:
    match = await _started(service)
    await service.change_settings(CHANNEL, 1, False, {"stand_in": "pass"})
    due = match.to_act()[0]
    with speaking("fr"):  # the mover reads French; the report keeps its lines unsaid
        report = await service.resign(CHANNEL, due + 1)
    name = f"U{due + 1}"
    assert report.lines[0] == f"{name} resigns; the bot will pass for them."
    with speaking("fr"):
        assert report.lines[0] == f"{name} abandonne\u00a0; le bot passera pour sa place."
        assert presenters.played_text(report).startswith("✅ Joué")
    assert presenters.played_text(report).startswith("✅ Played")


async def test_the_tables_texts_in_french_and_english_as_before(service: GameService) -> None:
    match = await _started(service)
    game = await service.store.open_game(CHANNEL)
    assert game is not None
    english = presenters.status_text(game, match)
    assert "Status: active; moves so far: 0." in english and "**Next:**" in english
    assert presenters.settings_text(game) == (
        "board: status; reminders every 12h (at most 4); clock: off; resigned seats: the "
        "computer; language: English.")
    with speaking("fr"):
        said = presenters.settings_text(game)
        assert said.replace("\u00a0", " ") == (
            "plateau : status ; rappels toutes les 12\u202fh (au plus 4) ; pendule : désactivé ; "
            "places abandonnées : l’ordinateur ; langue : English.")
        status = presenters.status_text(game, match)
        assert "État\u00a0: en cours\u00a0; coups joués\u00a0: 0." in status
        assert "**À suivre\u00a0:**" in status
        _french(presenters.lobby_message(game))
        _french(presenters.timeline_text([]))
        _french(wording(1, game, "Steel Driver", "2\u202fh"))
        _french(wording(3, game, "Steel Driver", "2\u202fh"))
        _french(wording(4, game, "Steel Driver", "2\u202fh"))


def test_the_rules_pages_frame_in_french() -> None:
    with speaking("fr"):
        pages = rules_pages("steel-driver", "discord")
    assert pages[0].startswith("*Steel Driver · comment jouer · page 1/")
    assert "**Options et jeu ici**" in pages[-1] and "**Jouer ici.**" in pages[-1]
    assert rules_pages("steel-driver")[0].startswith("*Steel Driver · how to play · page 1/")


def test_the_bots_own_buttons_and_menus_fit_discord_in_french() -> None:
    from bot.adapter.components import (
        catch_up_view,
        lobby_view,
        panel_view,
        request_view,
        snooze_view,
    )
    from bot.adapter.menus import _groups

    with speaking("fr"):
        views = [lobby_view(1), catch_up_view(1), panel_view(1), snooze_view(1, 2, 0),
                 request_view(1, [("yes", "D’accord", True)])]
        labels = [getattr(item, "item", item) for view in views for item in view.children]
        said = [str(getattr(b, "label", "") or "") for b in labels]
        assert said and all(0 < len(text) <= 80 for text in said), said
        choices = [rules.Choice(f"a{n}", f"choice {n}") for n in range(60)]
        names = [name for name, _, _ in _groups(choices)]
        assert names[0] == "Choix 1 à 25" and all(len(n) <= 100 for n in names)


def test_a_refusal_gets_the_way_forward_in_the_readers_language() -> None:
    from bot.adapter.replies import refusal, too_long

    hint = "Type `/play` to see your moves, or `/game explain` for any term."
    assert refusal("`x` is not a move you can make now.").endswith(hint)
    assert not refusal("`x` is not a move you can make now. Did you mean `y`?").endswith(hint)
    with speaking("fr"):
        said = refusal("`x` n’est pas un coup possible maintenant.")
        assert said.endswith("Tapez `/play` pour voir vos coups, ou `/game explain` pour "
                             "n’importe quel terme.")
        asked = "`x` n’est pas un coup possible maintenant. Vouliez-vous dire `y`\u00a0?"
        assert refusal(asked) == asked
        assert (too_long("x" * 300) or "").startswith(
            "Impossible à jouer\u00a0: un coup fait au plus 200 caractères")


def test_a_french_turn_card_names_the_due_player_once_and_ends_sentences_once() -> None:
    from bot.tables.presenters import turn_card
    from render.core.turn_card import turn_card_alt

    match = rules.new_match("trains", ["Ann", "Bob"], 3)
    with speaking("fr"):
        card = turn_card(match, ["Ann passe."])
        alt = turn_card_alt(card)
    ((name, asks),) = card.due
    assert not asks.startswith(name) and f"{name}, {name}" not in alt and ".." not in alt
