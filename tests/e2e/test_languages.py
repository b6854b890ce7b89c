"""Who reads which language through Discord: each person their own in private (their client's,
or the one they chose), the channel the game's (the server's by default, or chosen)."""

from __future__ import annotations

from tests.e2e.conftest import Table, private_text


async def _started(table: Table, options: dict[str, str] | None = None) -> None:
    await table.slash("alice", "game new", {"game": "steel-driver", **(options or {})})
    for name in ("bob", "carol"):
        await table.slash(name, "game join")
    before = table.ids()
    await table.slash("alice", "game start")
    await table.wait_record(before)


async def _game_language(table: Table) -> str:
    assert table.bot is not None
    game = await table.bot.service.store.open_game(table.channel)
    assert game is not None
    return str(game.settings.get("language", "en"))


async def test_a_mixed_table_gets_private_answers_each_in_their_own_language(
        table: Table) -> None:
    table.fake.state.users[table.users["bob"]].locale = "fr"
    await _started(table)
    idle = [n for n in ("alice", "bob", "carol") if n != table.due_name()]
    said = {n: private_text(await table.slash(n, "play", {"action": "pass"})) for n in idle}
    for name, text in said.items():
        french = name == "bob"
        assert ("Ce n’est pas votre tour" in text) == french, (name, text)
        assert ("It is not your turn" in text) == (not french), (name, text)


async def test_a_chosen_language_overrides_the_client_and_survives_a_restart(
        table: Table) -> None:
    await _started(table)
    idle = next(n for n in ("alice", "bob", "carol") if n != table.due_name())
    chose = await table.slash(idle, "me language", {"language": "fr"})
    assert "Français" in private_text(chose)
    await table.restart()
    refused = await table.slash(idle, "play", {"action": "pass"})
    assert "Ce n’est pas votre tour" in private_text(refused)
    await table.slash(idle, "me language", {"language": "client"})  # back to the client's
    refused = await table.slash(idle, "play", {"action": "pass"})
    assert "It is not your turn" in private_text(refused)


async def test_reminder_settings_keep_the_chosen_language(table: Table) -> None:
    await _started(table)
    idle = next(n for n in ("alice", "bob", "carol") if n != table.due_name())
    await table.slash(idle, "me language", {"language": "fr"})
    await table.slash(idle, "reminders", {"every": "4h"})
    refused = await table.slash(idle, "play", {"action": "pass"})
    assert "Ce n’est pas votre tour" in private_text(refused)


async def test_a_game_speaks_the_servers_language_unless_chosen(table: Table) -> None:
    table.fake.state.guilds[table.guild].locale = "fr"
    await _started(table)
    assert await _game_language(table) == "fr"
    shown = private_text(await table.slash("alice", "game settings"))
    assert "Français" in shown
    await table.slash("alice", "game settings", {"language": "en"})
    assert await _game_language(table) == "en"
    # Only the creator or a channel manager changes it; a refusal changes nothing.
    refused = await table.slash("bob", "game settings", {"language": "fr"})
    assert "creator" in private_text(refused)
    assert await _game_language(table) == "en"


async def test_a_game_opened_in_english_on_a_french_server(table: Table) -> None:
    table.fake.state.guilds[table.guild].locale = "fr"
    await _started(table, {"language": "en"})
    assert await _game_language(table) == "en"


async def test_slash_commands_are_described_in_french_for_french_clients(table: Table) -> None:
    synced = [c for scope in table.fake.commands.scopes.values() for c in scope]
    game = next(c for c in synced if c["name"] == "game")
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["description_localizations"]["fr"] == "Ouvrir une partie dans ce salon ou ce fil"
    assert new["name"] == "new" and not new.get("name_localizations")  # typed alike everywhere
    me = next(c for c in synced if c["name"] == "me")
    assert me["options"][0]["description_localizations"]["fr"].startswith("La langue")
