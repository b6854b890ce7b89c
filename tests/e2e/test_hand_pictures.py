"""The private panel over Discord shows a picture of the player's own hand, and only to them."""

from __future__ import annotations

from typing import Any

import rules
from render.core.hands import render_hand
from rules.trains.cards import load_cards
from tests.e2e.conftest import Table, private_text
from tests.fakediscord.state import Message

PLAYERS = ("alice", "bob", "carol")


async def _open(table: Table, game: str, options: str) -> None:
    """Alice opens a game, Bob and Carol join, and it starts."""
    await table.fake.slash(table.users["alice"], table.channel, "game new",
                           {"game": game, "options": options})
    for name in PLAYERS[1:]:
        await table.fake.slash(table.users[name], table.channel, "game join")
    await table.fake.slash(table.users["alice"], table.channel, "game start")
    await table.wait_for(lambda: bool(table.boards()))


async def _match(table: Table) -> rules.Match:
    """The running match, as the bot holds it."""
    assert table.bot is not None
    _, match = await table.bot.service.current(table.channel)
    assert match is not None
    return match


def _expected_png(match: rules.Match, seat: int) -> bytes | None:
    """The hand picture a seat should get: its own private view, drawn."""
    return render_hand(match.view(seat), match.view(None))


def _pictures(messages: list[Message]) -> list[dict[str, Any]]:
    """The hand pictures attached to messages."""
    return [a for m in messages for a in m.attachments if a["filename"] == "hand.png"]


async def _open_panel(table: Table, name: str) -> Any:
    """A player clicks the board's "My hand & moves" button."""
    status = table.status()
    button = next(c for c in table.fake.custom_ids(status) if c.startswith("ry:p:"))
    return await table.fake.click(table.users[name], status.id, button)


async def test_each_trains_player_sees_a_picture_of_their_own_hand_only(table: Table) -> None:
    await _open(table, "trains", "map=osaka kingdom=first-game")
    await table.fake.settle()
    match = await _match(table)
    seats = {name: match.players.index(name) for name in PLAYERS}
    due = table.due_name()
    for name in PLAYERS:
        result = await _open_panel(table, name)
        messages = result.all_messages()
        pictures = _pictures(messages)
        assert len(pictures) == 1 and all(m.ephemeral for m in messages), name
        png = table.fake.attachment_bytes(pictures[0])
        assert png == _expected_png(match, seats[name]), name
        described = pictures[0].get("description", "")
        hand = match.view(seats[name])["you"]["hand"]
        assert all(load_cards()[card].name in described for card in hand), described
        assert "hand" in private_text(result)
        if name == due:  # the due player's choices come with the same reply as the picture
            assert any(table.fake.custom_ids(m) for m in messages if _pictures([m]))
    # Nothing public carries a hand, and each player was shown their own picture alone.
    assert not _pictures(table.messages())
    for name in PLAYERS:
        shown = {table.fake.attachment_bytes(a)
                 for a in _pictures(table.fake.ephemerals(table.users[name]))}
        assert shown == {_expected_png(match, seats[name])}, name


async def test_spectator_gets_no_picture(table: Table) -> None:
    await _open(table, "trains", "map=tokyo kingdom=tokyo-beginner")
    await table.fake.settle()
    result = await _open_panel(table, "eve")
    assert "not playing" in private_text(result)
    assert not _pictures(result.all_messages())


async def test_switch_and_signal_panel_shows_the_action_cards(table: Table) -> None:
    await _open(table, "switch-and-signal", "board=central-europe")
    await table.fake.settle()
    match = await _match(table)
    seat = match.players.index("bob")
    result = await _open_panel(table, "bob")
    pictures = _pictures(result.all_messages())
    assert len(pictures) == 1
    assert table.fake.attachment_bytes(pictures[0]) == _expected_png(match, seat)
    hand = match.view(seat)["hand"]
    described = pictures[0].get("description", "")
    for kind, n in hand.items():
        assert (kind.capitalize() in described) == (n > 0), (kind, described)
    assert not _pictures(table.messages())


async def test_the_hand_command_shows_the_same_picture_privately(table: Table) -> None:
    await _open(table, "trains", "map=osaka kingdom=first-game")
    await table.fake.settle()
    match = await _match(table)
    result = await table.fake.slash(table.users["carol"], table.channel, "game hand")
    pictures = _pictures(result.all_messages())
    assert len(pictures) == 1 and pictures[0].get("ephemeral")
    assert table.fake.attachment_bytes(pictures[0]) == _expected_png(
        match, match.players.index("carol"))
    assert not _pictures(table.messages())
