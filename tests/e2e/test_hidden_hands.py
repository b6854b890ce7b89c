"""Games with hidden hands over Discord: private panels, and a public side that does not depend
on anyone's hidden cards."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tests.e2e.conftest import Table, private_text

PLAYERS = ("alice", "bob", "carol")


async def _open(table: Table, channel: int, game: str, options: str | None = None) -> None:
    args: dict[str, Any] = {"game": game}
    if options:
        args["options"] = options
    await table.fake.slash(table.users["alice"], channel, "game new", args)
    for name in PLAYERS[1:]:
        await table.fake.slash(table.users[name], channel, "game join")
    await table.fake.slash(table.users["alice"], channel, "game start")
    await table.wait_for(lambda: any(a["filename"] == "board.png"
                                     for m in table.fake.channel_messages(channel)
                                     for a in m.attachments))


def _board_mark(table: Table, channel: int) -> tuple[int, int]:
    """The newest board of a channel and how often it was edited."""
    boards = [m for m in table.fake.channel_messages(channel)
              if any(a["filename"] == "board.png" for a in m.attachments)]
    return boards[-1].id, boards[-1].edits


def _moved(table: Table, channel: int, mark: tuple[int, int]) -> Callable[[], bool]:
    """A check that the channel's board was updated since `mark` (the bot's last step)."""
    return lambda: _board_mark(table, channel) != mark


def _public(table: Table, channel: int) -> list[tuple[str, list[bytes]]]:
    """Everything the channel shows: text and attached images."""
    return [(m.content, [table.fake.attachment_bytes(a) for a in m.attachments])
            for m in table.fake.channel_messages(channel)]


async def _swap_hidden_card(table: Table, channel: int, seat: int) -> None:
    """Give a player a different hidden hand: swap a hand card with a different deck card."""
    assert table.bot is not None
    store = table.bot.service.store
    game = await store.open_game(channel)
    assert game is not None
    snap = await store.snapshot(game.id)
    assert snap is not None and snap[0] == game.version
    data = json.loads(snap[1])
    player = data["state"]["players"][seat]
    i = next(i for i, c in enumerate(player["hand"]) if c != player["deck"][0])
    player["hand"][i], player["deck"][0] = player["deck"][0], player["hand"][i]
    await store.append_actions(game.id, game.version, [], table.now,
                               snapshot=json.dumps(data, separators=(",", ":")))
    table.bot.service.live.drop(game.id)  # the next move reads the new snapshot


async def test_trains_public_side_ignores_hidden_cards(table: Table) -> None:
    twin = table.fake.add_channel(table.guild, "twin")
    for channel in (table.channel, twin):  # same seed, same players: the same game twice
        await _open(table, channel, "trains", "map=tokyo kingdom=tokyo-beginner")
    await table.fake.settle()
    await _swap_hidden_card(table, twin, seat=1)
    assert _public(table, table.channel)[1:] == _public(table, twin)[1:]
    hands = [private_text(await table.fake.slash(table.users["bob"], c, "game hand"))
             for c in (table.channel, twin)]
    assert hands[0] != hands[1]  # bob's own hands differ...
    assert all("hand" in h for h in hands)
    for step in range(5):  # ending turns at once: six in a row would end a 3-player Trains game
        name = table.due_name()
        uid = table.users[name]
        offers = []
        for channel in (table.channel, twin):
            choices = await table.fake.autocomplete(uid, channel, "play", {"action": ""},
                                                    focused="action")
            offers.append([c["value"] for c in choices])
        common = [a for a in offers[0] if a in offers[1]]
        action = next((a for a in common if a == "end turn"), common[0])
        for channel in (table.channel, twin):
            mark = _board_mark(table, channel)
            result = await table.fake.slash(uid, channel, "play", {"action": action})
            assert "Played" in private_text(result)
            await table.wait_for(_moved(table, channel, mark))
        # ...while channel messages and board images are the same at every step.
        assert _public(table, table.channel)[1:] == _public(table, twin)[1:], step


async def test_private_panel_shows_the_hand_and_own_choices_only(table: Table) -> None:
    await _open(table, table.channel, "trains", "map=osaka kingdom=first-game")
    await table.fake.settle()
    status = table.status()
    panel_button = next(c for c in table.fake.custom_ids(status) if c.startswith("ry:p:"))
    assert not any(c.startswith("ry:b:") or c.startswith("ry:s:")
                   for c in table.fake.custom_ids(status))  # no choices on the public board
    due = table.due_name()
    idle = next(n for n in PLAYERS if n != due)
    seen = await table.fake.click(table.users[idle], status.id, panel_button)
    assert seen.ephemeral and "hand" in private_text(seen)
    assert not any(table.fake.custom_ids(m) for m in seen.all_messages())
    mine = await table.fake.click(table.users[due], status.id, panel_button)
    panel = next(m for m in mine.all_messages() if table.fake.custom_ids(m))
    assert panel.ephemeral and "Your move" in panel.content
    played = await table.pick_first(due, panel)
    assert "Played" in private_text(played)
    spectator = await table.fake.click(table.users["eve"], status.id, panel_button)
    assert "not playing" in private_text(spectator)


async def test_switch_and_signal_table_sees_a_shown_hand(table: Table) -> None:
    await _open(table, table.channel, "switch-and-signal", "board=central-europe")
    await table.fake.settle()
    due = table.due_name()
    idle = next(n for n in PLAYERS if n != due)
    assert table.bot is not None
    waiting = (await table.bot.service.game_here(table.channel)).waiting_since
    table.now += 600
    before = table.ids()
    shown = await table.slash(idle, "play", {"action": "show hand"})
    assert "Played" in private_text(shown)
    news = await table.wait_record(before)
    assert any("shows their hand" in m.content for m in news)
    game = await table.bot.service.game_here(table.channel)
    assert game.waiting_since == waiting  # the due player's wait (and clock) goes on
    refused = await table.slash(idle, "play", {"action": "reveal"})
    assert "not your turn" in private_text(refused)


async def test_trains_with_the_creators_own_kingdom(table: Table) -> None:
    cards = "landfill,ironworks,tunnel,viaduct,garage,signals,freight-train,wagon-factory"
    await _open(table, table.channel, "trains", f"map=osaka kingdom=custom custom_cards={cards}")
    assert table.bot is not None
    _, match = await table.bot.service.current(table.channel)
    assert match is not None and sorted(match.view(None)["kingdom"]) == sorted(cards.split(","))
    wrong = await table.fake.slash(table.users["bob"], table.fake.add_channel(table.guild, "x"),
                                   "game new", {"game": "trains",
                                                "options": "kingdom=custom custom_cards=tunnel"})
    assert "8" in private_text(wrong) or "eight" in private_text(wrong)


async def test_export_of_a_running_trains_game_holds_only_the_public_record(
    table: Table,
) -> None:
    await _open(table, table.channel, "trains", "map=tokyo")
    assert table.bot is not None
    game = await table.bot.service.store.open_game(table.channel)
    assert game is not None
    exported = await table.fake.slash(table.users["alice"], table.channel, "game export")
    files = [a for m in exported.all_messages() for a in m.attachments]
    data = json.loads(table.fake.attachment_bytes(files[0]))
    assert "seed" not in data and all("line" in e and "action" not in e for e in data["log"])


async def test_game_options_are_suggested_as_you_type(table: Table) -> None:
    choices = await table.fake.autocomplete(table.users["alice"], table.channel, "game new",
                                            {"game": "trains", "options": "map=osaka ki"},
                                            focused="options")
    values = [c["value"] for c in choices]
    assert "map=osaka kingdom=random" in values and "map=osaka kingdom=first-game" in values
