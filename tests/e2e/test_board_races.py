"""One board per game, always the newest: clicks and /play at once, round after round."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from tests.e2e.conftest import Table, private_text
from tests.e2e.test_steel_driver_game import _choose
from tests.fakediscord.state import Message

PLAYERS = ["alice", "bob", "carol"]
ROUNDS = 30
STALE_WORDS = ("earlier board", "board has changed")


def _action_messages(table: Table) -> list[Message]:
    """Public messages that still carry move buttons or menus."""
    return [m for m in table.messages()
            if any(re.match(r"ry:[bs]:", c) for c in table.fake.custom_ids(m))]


def _versions(table: Table, message: Message) -> set[int]:
    """The game versions a message's move buttons and menus were made for."""
    return {int(c.split(":")[3]) for c in table.fake.custom_ids(message)
            if re.match(r"ry:[bs]:", c)}


async def _pick(table: Table, user: str, board: Message, custom_id: str,
                value: str | None) -> Any:
    uid = table.users[user]
    if value is None:
        return await table.fake.click(uid, board.id, custom_id)
    return await table.fake.select(uid, board.id, custom_id, [value])


async def _start(table: Table) -> None:
    """Three friends open a Steel Driver game and start it; its first board is posted."""
    await table.slash("alice", "game new", {"game": "steel-driver"})
    for name in PLAYERS[1:]:
        await table.slash(name, "game join")
    before = table.ids()
    await table.slash("alice", "game start")
    await table.wait_record(before)


async def test_clicks_and_a_play_at_once_keep_one_newest_board(table: Table) -> None:
    await _start(table)
    assert table.bot is not None
    store = table.bot.service.store
    for _ in range(ROUNDS):
        board = table.status()
        due = table.due_name()
        offered = table.actions_on(board)
        if not offered:  # a decision the board does not show (none in this game's start)
            break
        action = _choose(list(offered))
        custom_id, value = table.find_choice(board, action)
        others = [p for p in PLAYERS if p != due]
        game = await store.open_game(table.channel)
        assert game is not None
        # The due player and another click the newest board at once; a third types /play.
        mine, theirs, typed = await asyncio.gather(
            _pick(table, due, board, custom_id, value),
            _pick(table, others[0], board, custom_id, value),
            table.slash(others[1], "play", {"action": value or action}))
        await table.fake.settle()
        said = [private_text(r) for r in (mine, theirs, typed)]
        assert said[0].startswith("✅ Played"), said
        for text in said:
            assert not any(w in text for w in STALE_WORDS), said
        game = await store.open_game(table.channel)
        assert game is not None
        live = _action_messages(table)
        assert len(live) <= 1, [m.id for m in live]  # one board with moves, never two
        newest = table.status()
        assert newest.id == game.board_message_id
        if live:  # the board on show is the newest position's, not an older edit
            assert live[0].id == newest.id and _versions(table, newest) == {game.version}


async def test_a_pick_on_the_newest_board_before_its_edit_lands_is_played(table: Table) -> None:
    await _start(table)
    assert table.bot is not None
    board = table.status()
    first = table.due_name()
    custom_id, value = table.find_choice(board, "pass")
    # The first player's move is saved, and the board's edit has not landed yet.
    await table.bot.service.act(table.channel, table.users[first], "pass")
    game = await table.bot.service.store.open_game(table.channel)
    assert game is not None and game.board_message_id == board.id
    second = next(iter(game.seats[s].name for s in (await table.bot.service.match_of(game))
                       .to_act()))
    assert second != first
    # The first player's second click on it is a double click: refused, nothing changed.
    said = private_text(await _pick(table, first, board, custom_id, value))
    assert "earlier board" in said or "board has changed" in said, said
    assert (await table.bot.service.store.open_game(table.channel)) == game
    # The next player picks "pass" on that board (the newest there is): it is their move now.
    said = private_text(await _pick(table, second, board, custom_id, value))
    assert said.startswith("✅ Played"), said
    after = await table.bot.service.store.open_game(table.channel)
    assert after is not None and after.version == game.version + 1
