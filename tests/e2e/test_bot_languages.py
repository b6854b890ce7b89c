"""The bot's own sentences in each reader's language through Discord: refusals, lobby, status,
settings, panels, reminders, computer names; the channel in the game's language."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.tables.durations import format_duration
from rules.core.lang import speaking
from tests.e2e.conftest import Table, private_text
from tests.french import english_words

HOUR = 3600
NAMES = frozenset({"alice", "bob", "carol", "steel", "driver", "trains", "ada"})


def _french(text: str) -> None:
    """The text holds no English word (the game's title, the players' names and the commands
    in `code` aside)."""
    words = english_words(re.sub(r"`[^`]*`", " ", text), NAMES)
    assert text and not words, (words, text)


async def _due(table: Table) -> str:
    """Who must act now, from the game itself (the board may be in any language)."""
    assert table.bot is not None
    game = await table.bot.service.store.open_game(table.channel)
    assert game is not None
    match = await table.bot.service.match_of(game)
    seat = match.to_act()[0]
    user = next(s.user_id for s in game.seats if s.seat == seat)
    return next(n for n, u in table.users.items() if u == user)


async def _started(table: Table, game: str = "steel-driver", players: tuple[str, ...] = (
        "alice", "bob", "carol"), options: dict[str, str] | None = None) -> None:
    await table.slash(players[0], "game new", {"game": game, **(options or {})})
    for name in players[1:]:
        await table.slash(name, "game join")
    before = table.ids()
    await table.slash(players[0], "game start")
    await table.wait_record(before)


def _lobby(table: Table) -> Any:
    return next(m for m in reversed(table.messages())
                if any(c.endswith(":computer") for c in table.fake.custom_ids(m)))


def _labels(message: Any) -> list[str]:
    return [c.get("label") or c.get("placeholder") or "" for row in message.components
            for c in row.get("components", [])]


async def test_a_french_reader_in_an_english_lobby(table: Table) -> None:
    table.fake.state.users[table.users["bob"]].locale = "fr"
    await table.slash("alice", "game new", {"game": "steel-driver"})
    joined = private_text(await table.slash("bob", "game join"))
    assert joined == "Vous avez rejoint la partie."
    again = private_text(await table.slash("bob", "game join"))
    assert again == "Vous êtes déjà dans cette partie."
    assert private_text(await table.slash("alice", "game join")) == "You are already in this game."
    # The lobby posted in the channel speaks the game's language: English here.
    lobby = _lobby(table)
    assert "lobby" in lobby.content and "Seated: alice, bob (2)." in lobby.content
    assert _labels(lobby) == ["Join", "Leave", "Add computer", "Start"]
    # Privately, bob reads the lobby, the settings and refusals in French.
    shown = private_text(await table.slash("bob", "game status"))
    assert "Salle d’attente de **Steel Driver**" in shown
    assert "Installés\u00a0: alice, bob (2)." in shown
    _french(shown)
    refused = private_text(await table.slash("bob", "game start"))
    assert refused == ("Seuls le créateur de la partie ou un gestionnaire du salon peuvent la "
                       "lancer.")
    settings = private_text(await table.slash("bob", "game settings"))
    assert settings.startswith("plateau\u00a0: status\u00a0; rappels toutes les 12\u202fh")
    _french(settings)
    assert private_text(await table.slash("alice", "game settings")).startswith(
        "board: status; reminders every 12h (at most 4); clock: off;")


async def test_a_french_game_speaks_french_in_the_channel(table: Table) -> None:
    table.fake.state.guilds[table.guild].locale = "fr"
    await table.slash("alice", "game new", {"game": "steel-driver"})
    lobby = _lobby(table)
    assert _labels(lobby) == ["Rejoindre", "Quitter", "Ajouter un ordinateur", "Lancer"]
    _french(lobby.content)
    # An English reader's private answers stay English in a French game.
    assert private_text(await table.slash("alice", "game start")).startswith(
        "Steel Driver needs at least 3 players; 1 joined.")
    await table.slash("bob", "game join")
    await table.slash("carol", "game join")
    before = table.ids()
    await table.slash("alice", "game start")
    await table.wait_record(before)
    status = table.status().content
    assert "**À suivre\u00a0:**" in status and "**Next:**" not in status
    assert "**Classement** (" in status
    table.fake.state.users[table.users["carol"]].locale = "fr"
    shown = private_text(await table.slash("carol", "game status"))
    assert "État\u00a0: en cours\u00a0; coups joués\u00a0: 0." in shown
    assert "Joueurs\u00a0: 1. alice, 2. bob, 3. carol" in shown
    assert "Status: active; moves so far: 0." in private_text(
        await table.slash("bob", "game status"))


async def test_a_french_reader_refused_and_confirmed_in_french(table: Table) -> None:
    await _started(table)
    due = await _due(table)
    idle = next(n for n in ("alice", "bob", "carol") if n != due)
    table.fake.state.users[table.users[idle]].locale = "fr"
    assert private_text(await table.slash(idle, "game leave")) == (
        "La partie a commencé\u00a0: utilisez plutôt `/game resign`.")
    assert private_text(await table.slash(idle, "game undo")) == (
        "Vous n’avez aucun coup à annuler.")
    assert private_text(await table.slash(due, "game undo")) == "You have no move to take back."
    too_long = private_text(await table.slash(idle, "play", {"action": "x" * 300}))
    assert too_long.startswith("Impossible à jouer\u00a0: un coup fait au plus 200 caractères")
    caught = private_text(await table.slash(idle, "game catchup"))
    assert caught.startswith("**Depuis votre dernier coup\u00a0:**")
    # The mover reads the confirmation in their language; the channel keeps the game's.
    table.fake.state.users[table.users[due]].locale = "fr"
    before = table.ids()
    played = private_text(await table.slash(due, "play", {"action": "pass"}))
    assert played.startswith("✅ Joué"), played
    await table.wait_record(before)
    assert "**Next:**" in table.status().content


async def test_reminders_and_the_table_question_in_the_games_language(table: Table) -> None:
    table.fake.state.guilds[table.guild].locale = "fr"
    await _started(table, options={})
    await table.slash("alice", "game settings", {"remind_every": "2h", "clock_move": "1d"})
    assert table.bot is not None
    due = await _due(table)
    table.now += 2.5 * HOUR
    assert await table.bot.scheduler.tick() == 1
    await table.fake.settle()
    reminder = table.messages()[-1]
    assert reminder.mentions == [table.users[due]]
    assert "votre tour dans Steel Driver vous attend." in reminder.content
    assert _labels(reminder) == ["Plus tard"]
    refused = await table.fake.click(table.users[next(n for n in ("alice", "bob", "carol")
                                                      if n != due)], reminder.id,
                                     next(c for c in table.fake.custom_ids(reminder)))
    assert "Only the reminded player can snooze." in private_text(refused)  # an English reader
    table.now += 2 * 86400  # the clock runs out: the table is asked, in French
    await table.bot.scheduler.tick()
    await table.fake.settle()
    asked = next(m for m in reversed(table.messages()) if "que doit faire la table" in m.content)
    assert "n’a plus de temps" in asked.content
    assert _labels(asked)[:1] == ["Attendre 1\u202fj"]
    assert "Terminer la partie" in _labels(asked)


@pytest.mark.parametrize(("locale", "name"), [("en-US", "Computer Ada"),
                                              ("fr", "Ordinateur Ada")])
async def test_computer_seats_are_named_in_the_games_language(
        table: Table, locale: str, name: str) -> None:
    table.fake.state.guilds[table.guild].locale = locale
    await table.slash("alice", "game new", {"game": "steel-driver"})
    await table.slash("alice", "game add", {"computer": True})
    assert name in _lobby(table).content
    # A stored name stays as it was named, whatever the game speaks later.
    await table.slash("alice", "game settings", {"language": "en" if locale == "fr" else "fr"})
    await table.slash("alice", "game add", {"computer": True})
    second = "Ordinateur Ben" if locale != "fr" else "Computer Ben"  # Ada is taken
    assert name in _lobby(table).content and second in _lobby(table).content


def test_durations_are_written_the_languages_way() -> None:
    assert [format_duration(s) for s in (0, 45 * 60, 86400 + 7200, 90)] == [
        "off", "45m", "1d 2h", "1m 30s"]
    with speaking("fr"):
        assert [format_duration(s) for s in (0, 45 * 60, 86400 + 7200, 12 * HOUR)] == [
            "désactivé", "45\u00a0min", "1\u202fj 2\u202fh", "12\u202fh"]


async def test_reminder_settings_answer_in_french(table: Table) -> None:
    table.fake.state.users[table.users["bob"]].locale = "fr"
    said = private_text(await table.slash("bob", "reminders", {"every": "1d", "quiet": "22-8"}))
    assert said == ("Rappels\u00a0: 1\u202fj\u00a0; heures calmes\u00a0: 22:00-08:00 (UTC)\u00a0; "
                    "par message privé\u00a0: non.")
    assert private_text(await table.slash("alice", "reminders", {"quiet": "22-8"})) == (
        "Reminders: each game's pace; quiet hours: 22:00-8:00 (UTC); by DM: no.")
    refused = private_text(await table.slash("bob", "reminders", {"every": "soon"}))
    assert refused.startswith("`soon` n’est pas une durée")


async def test_a_french_readers_private_panel_in_an_english_game(table: Table) -> None:
    await _started(table, "trains", ("alice", "bob"))
    due = await _due(table)
    other = next(n for n in ("alice", "bob") if n != due)
    board = table.status()
    assert _labels(board) == ["My hand & moves"]  # the channel: the game's language
    panel = next(c for c in table.fake.custom_ids(board) if c.startswith("ry:p:"))
    table.fake.state.users[table.users[due]].locale = "fr"
    shown = private_text(await table.fake.click(table.users[due], board.id, panel))
    assert "**À vous de jouer\u00a0:**" in shown and "**Your move:**" not in shown
    english = private_text(await table.fake.click(table.users[other], board.id, panel))
    assert "**Your move:**" not in english and "À vous" not in english
