"""Bad input through Discord: a short private refusal, and nothing changes."""

from __future__ import annotations

import asyncio

from tests.e2e.conftest import Table, private_text
from tests.fakediscord.state import Message


async def _started(table: Table, players: tuple[str, ...] = ("alice", "bob", "carol"),
                   board: bool = True) -> None:
    await table.slash(players[0], "game new", {"game": "steel-driver"})
    for name in players[1:]:
        await table.slash(name, "game join")
    before = table.ids()
    await table.slash(players[0], "game start")
    if board:
        await table.wait_record(before)


async def _version(table: Table) -> int:
    assert table.bot is not None
    game = await table.bot.service.store.open_game(table.channel)
    assert game is not None
    return game.version


async def test_no_game_in_channel_and_lobby_refusals(table: Table) -> None:
    other = table.fake.add_channel(table.guild, "general")
    result = await table.slash("alice", "play", {"action": "pass"}, channel=other)
    assert result.ephemeral and "no game in this channel" in private_text(result)
    await table.slash("alice", "game new", {"game": "steel-driver"})
    busy = await table.slash("bob", "game new", {"game": "steel-driver"})
    assert "already has an open game" in private_text(busy)
    early = await table.slash("alice", "play", {"action": "pass"})
    assert "not started" in private_text(early)
    short = await table.slash("alice", "game start")
    assert "at least 3" in private_text(short)
    bad = await table.slash("bob", "game new", {"game": "steel-driver", "options": "speed"},
                            channel=other)
    assert "name=value" in private_text(bad)
    assert all(not m.mentions for m in table.messages())


async def test_out_of_turn_non_player_garbage_and_stale_buttons(table: Table) -> None:
    await _started(table)
    due = table.due_name()
    idle = next(n for n in ("alice", "bob", "carol") if n != due)
    board = table.status()
    posted = len(table.messages())

    for user, action, reason in [(idle, "pass", "not your turn"),
                                 ("eve", "pass", "not playing"),
                                 (due, "teleport to denver", "not a move you can make"),
                                 (due, "bid 99", "no auction is running")]:
        result = await table.slash(user, "play", {"action": action})
        assert result.ephemeral and reason in private_text(result), private_text(result)
    spectator = await table.choose("eve", board, "pass")
    assert "not playing" in private_text(spectator)
    assert await _version(table) == 0 and len(table.messages()) == posted

    old_ids = table.fake.custom_ids(board)
    before = table.ids()
    await table.slash(due, "play", {"action": "pass"})
    await table.wait_record(before)
    assert not set(old_ids) & set(table.fake.custom_ids(table.status()))  # buttons renewed
    # A move lands while someone still looks at a board with live buttons (as when two
    # players act at once): that board's buttons are now stale and are refused.
    board = table.status()
    assert table.bot is not None
    mover = table.due_name()
    await table.bot.service.act(table.channel, table.users[mover], "pass")
    stale = await table.choose(mover, board, "pass")
    assert "earlier board" in private_text(stale)
    assert await _version(table) == 2


async def test_double_click_and_two_players_at_once(table: Table) -> None:
    await _started(table)
    board = table.status()
    due = table.due_name()
    before = table.ids()
    first, second = await asyncio.gather(
        table.choose(due, board, "pass"), table.choose(due, board, "auction bo"))
    await table.wait_record(before)
    texts = sorted([private_text(first), private_text(second)])
    assert sum("Played" in t for t in texts) == 1, texts
    assert await _version(table) == 1
    # Someone else clicking the newest board at the same moment: one move, one refusal.
    board = table.status()
    due_name = table.due_name()
    other = next(n for n in ("alice", "bob", "carol") if n != due_name)
    action = next(iter(table.actions_on(board)))
    before = table.ids()
    a, b = await asyncio.gather(
        table.choose(due_name, board, action), table.choose(other, board, action))
    await table.wait_record(before)
    assert "Played" in private_text(a)
    assert "not your turn" in private_text(b) or "changed" in private_text(b)
    assert await _version(table) == 2


async def test_abandon_needs_creator_or_manager(table: Table) -> None:
    await _started(table)
    refused = await table.slash("bob", "game abandon")
    assert "creator" in private_text(refused)
    done = await table.slash("mod", "game abandon")
    assert "abandoned" in private_text(done)
    assert "abandoned" in table.messages()[-1].content


async def test_a_game_in_a_thread_is_its_own_table(table: Table) -> None:
    await _started(table)
    thread = table.fake.add_thread(table.channel, "second game")
    result = await table.slash("dave", "game new", {"game": "steel-driver"}, channel=thread)
    assert "first seat" in private_text(result)
    assert table.fake.channel_messages(thread)[-1].content.startswith("**Steel Driver** lobby")


async def test_without_attach_permission_the_board_falls_back_to_text(table: Table) -> None:
    table.fake.deny(table.channel, "attach_files")
    await _started(table, board=False)
    def status() -> list[Message]:
        return [m for m in table.messages() if "Next:" in m.content and any(
            c.startswith(("ry:b:", "ry:s:")) for c in table.fake.custom_ids(m))]

    await table.wait_for(lambda: status())
    record = status()[0]
    assert not record.attachments and "Attach Files" in record.content
    assert table.fake.custom_ids(record)  # the buttons still work without the image


async def test_status_log_hand_rules_are_private(table: Table) -> None:
    await _started(table)
    posted = len(table.messages())
    for command in ("game status", "game log", "game hand", "game rules", "game board"):
        result = await table.slash("alice", command)
        assert result.ephemeral and private_text(result), command
    assert "no hidden information" in private_text(await table.slash("alice", "game hand"))
    # The rules come a page at a time; a spectator turns the pages to the adapted parts.
    page = next(m for m in (await table.slash("eve", "game rules")).all_messages())
    seen = [page.content]
    while "**Our adaptations**" not in page.content:
        turn = [c for c in table.fake.custom_ids(page) if c.startswith("ry:h:")]
        assert turn and len(seen) < 10, seen
        await table.fake.click(table.users["eve"], page.id, turn[-1])  # "Next ▶"
        page = table.fake.message(page.id)
        assert page.content != seen[-1], "the page turned in place"
        seen.append(page.content)
    assert "page 1/" in seen[0] and "Goal" in seen[0]
    explained = private_text(await table.slash("eve", "game explain", {"topic": "auction"}))
    assert explained.lower().startswith("**auction") and "bid" in explained.lower()
    topics = await table.fake.autocomplete(table.users["eve"], table.channel, "game explain",
                                           {"topic": "auc"}, focused="topic")
    assert any("Auction" in t["name"] for t in topics)
    board = await table.slash("eve", "game board")  # spectators may look
    assert any(m.attachments for m in board.all_messages())
    assert len(table.messages()) == posted
