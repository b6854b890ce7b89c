"""Four friends play a whole game of Steel Driver through the real discord.py client."""

from __future__ import annotations

import io

from PIL import Image

from tests.e2e.conftest import Table, private_text
from tests.fakediscord.state import Message

PLAYERS = ["alice", "bob", "carol", "dave"]
PNG = b"\x89PNG\r\n\x1a\n"


def _choose(options: list[str]) -> str:
    """A simple player: open auctions, make the lowest bid, build or take the first choice."""
    for prefix in ("auction ", "bid ", "build ", "take "):
        found = [o for o in options if o.startswith(prefix)]
        if found:
            return found[0]
    return options[0]


async def _open_and_start(table: Table, board: str | None = None) -> None:
    """Alice opens, three friends join (command and button), Alice starts."""
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
    if board:
        await table.slash("alice", "game settings", {"board": board})
    refused = await table.slash("bob", "game start")
    assert "creator" in private_text(refused)
    assert not table.boards()
    before = table.ids()
    await table.slash("alice", "game start")
    await table.wait_record(before, new_board=board == "post")


async def _play_one(table: Table, step: int, new_board: bool = False) -> list[Message]:
    """The due player reads the status board and moves with its buttons, menu, or /play."""
    before = table.ids()
    board = table.status()
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
    return list(await table.wait_record(before, new_board=new_board))


async def test_a_whole_game_with_a_restart_in_the_middle(table: Table) -> None:
    await _open_and_start(table)
    status = table.status()
    png = table.fake.attachment_bytes(status.attachments[0])
    assert png.startswith(PNG) and len(png) < 10 * 1024 * 1024
    assert Image.open(io.BytesIO(png)).size[0] >= 1200
    assert status.attachments[0].get("description"), "the board has alt text"
    first_record = table.records()[-1]
    assert "begins" in first_record.content
    assert first_record.mentions == [table.users[table.due_name()]]

    step = 0
    restarted = False
    while "Game over" not in table.status().content:
        picture = table.status().attachments[0]["id"]
        news = await _play_one(table, step)
        assert table.status().attachments[0]["id"] != picture, "every move redraws the board"
        # A quiet channel: at most one new message a move, and only when the turn passes.
        assert len([m for m in news if m not in table.boards()]) <= 1, news
        for message in news:  # pings go only to the players who just became due
            mentions = message.mentions
            if "Game over" in message.content:
                continue  # the results message names everyone
            assert len(mentions) <= 1
            if mentions:
                assert mentions == [table.users[table.due_name()]]
                assert "(" not in message.content.split("\n")[0][:1]  # no raw ids up front
        step += 1
        if step == 60 and not restarted:
            await table.restart()  # the board's buttons must keep working afterwards
            restarted = True
        assert step < 1500
    assert restarted
    assert len(table.boards()) == 1, "one status message per game"
    assert "🏆" in table.status().content and not table.fake.custom_ids(table.status())
    results = [m for m in table.messages()
               if any(a["filename"] == "results.png" for a in m.attachments)]
    assert len(results) == 1 and "Game over" in results[0].content
    again = await table.slash("bob", "game new", {"game": "steel-driver"})
    assert "first seat" in private_text(again)


async def test_post_mode_posts_a_new_board_each_turn(table: Table) -> None:
    await _open_and_start(table, board="post")
    assert len(table.boards()) == 1
    handovers = 0
    for step in range(6):
        due = table.due_name()
        news = await _play_one(table, step)
        posted = [m for m in news if m in table.boards()]
        # A new board only when the turn passes; a step inside a turn edits the last one.
        assert len(posted) == (1 if table.due_name() != due else 0), (due, news)
        assert len(news) == len(posted), "in post mode the board is the only message"
        for message in posted:  # the turn card first, for the chat; then the full board
            assert [a["filename"] for a in message.attachments] == ["turn.png", "board.png"]
        handovers += len(posted)
    boards = table.boards()
    assert handovers and len(boards) == 1 + handovers
    assert all(not table.fake.custom_ids(b) for b in boards[:-1])  # only the newest has buttons
    assert table.fake.custom_ids(boards[-1])
