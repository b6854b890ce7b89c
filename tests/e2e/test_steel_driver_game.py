"""Four friends play a whole game of Steel Driver through the real discord.py client."""

from __future__ import annotations

import io

from PIL import Image

from tests.e2e.conftest import Table, private_text

PLAYERS = ["alice", "bob", "carol", "dave"]
PNG = b"\x89PNG\r\n\x1a\n"


def _choose(options: list[str]) -> str:
    """A simple player: open auctions, make the lowest bid, build or take the first choice."""
    for prefix in ("auction ", "bid ", "build ", "take "):
        found = [o for o in options if o.startswith(prefix)]
        if found:
            return found[0]
    return options[0]


async def _open_and_start(table: Table) -> None:
    result = await table.slash("alice", "game new", {"game": "steel-driver"})
    assert result.ephemeral and "first seat" in private_text(result)
    lobby = table.messages()[-1]
    assert "Steel Driver" in lobby.content and "alice" in lobby.content
    await table.slash("bob", "game join")
    join_button = next(c for c in table.fake.custom_ids(lobby) if c.endswith(":join"))
    clicked = await table.fake.click(table.users["carol"], lobby.id, join_button)
    assert "joined" in private_text(clicked)
    await table.fake.settle()
    await table.slash("dave", "game join")
    refused = await table.slash("bob", "game start")
    assert "creator" in private_text(refused)
    assert not table.boards()
    await table.slash("alice", "game start")
    await table.wait_board(0)


async def _play_one(table: Table, step: int) -> None:
    """The due player reads the newest board and moves with its buttons, menu, or /play."""
    boards = len(table.boards())
    board = table.boards()[-1]
    name = table.due_name()
    offered = table.actions_on(board)
    if step % 9 == 4 or not offered:
        choices = await table.fake.autocomplete(table.users[name], table.channel, "play",
                                                {"action": ""}, focused="action")
        assert choices, "autocomplete offers the due player's legal actions"
        typed = _choose([c["value"] for c in choices]).upper()  # players type loosely
        result = await table.slash(name, "play", {"action": typed})
    else:
        result = await table.choose(name, board, _choose(list(offered)))
    assert "Played" in private_text(result), private_text(result)
    await table.wait_board(boards)


async def test_a_whole_game_with_a_restart_in_the_middle(table: Table) -> None:
    await _open_and_start(table)
    first = table.boards()[-1]
    assert "Round 1" in first.content or "round 1/5" in first.content
    png = table.fake.attachment_bytes(first.attachments[0])
    assert png.startswith(PNG) and len(png) < 10 * 1024 * 1024
    assert Image.open(io.BytesIO(png)).size[0] >= 1200
    # The first ping names exactly the first player.
    ping = table.messages()[-1]
    assert ping.mentions == [table.users[table.due_name()]]

    step = 0
    restarted = False
    while "Game over" not in table.boards()[-1].content:
        before = len(table.messages())
        await _play_one(table, step)
        new = table.messages()[before:]
        assert new and new[0].attachments, "every move posts the board"
        for message in new:  # pings go only to the players who just became due
            assert set(message.mentions) <= {table.users[n] for n in PLAYERS}
            if message.mentions:
                assert len(message.mentions) == 1
                assert message.mentions == [table.users[table.due_name()]]
        step += 1
        if step == 60 and not restarted:
            await table.restart()  # the board's buttons must keep working afterwards
            restarted = True
        assert step < 1500
    assert restarted
    final = table.boards()[-1].content
    assert "🏆" in final and not table.fake.custom_ids(table.boards()[-1])
    # Only the newest board ever offers buttons.
    assert all(not table.fake.custom_ids(b) for b in table.boards()[:-1])
    # The channel is free again for the next game.
    again = await table.slash("bob", "game new", {"game": "steel-driver"})
    assert "first seat" in private_text(again)
