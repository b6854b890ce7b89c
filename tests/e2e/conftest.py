"""A table of Discord users, the real discord.py bot, and a local Discord-compatible server."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.adapter.client import RailyardBot, create_bot
from bot.ops.pictures import Pictures
from bot.store import SqliteStore
from bot.tables.service import GameService
from rules.core.text import normalize
from tests.fakediscord import FakeDiscord
from tests.fakediscord.state import Message

SEED = 20261125
MANAGE_CHANNELS = 1 << 4


class Table:
    """One server, one channel, a few users, and the bot that can be restarted."""

    def __init__(self, fake: FakeDiscord, db: Path) -> None:
        self.fake = fake
        self.db = db
        self.guild = fake.add_guild("Railway Club")
        self.channel = fake.add_channel(self.guild, "steel-driver")
        self.users = {name: fake.add_user(name, guild_id=self.guild)
                      for name in ("alice", "bob", "carol", "dave", "eve")}
        self.admin = fake.add_user("mod", guild_id=self.guild, permissions=MANAGE_CHANNELS)
        self.bot: RailyardBot | None = None
        self._stack: contextlib.AsyncExitStack | None = None
        self.now = time.time()  # the bot's clock: tests move it forward to reach deadlines
        self.scheduler_interval: float | None = None  # None: tests call bot.scheduler.tick()
        self.picture_workers = 0  # worker processes drawing (0: threads, as most tests use)

    async def start_bot(self) -> RailyardBot:
        """Start a fresh bot process-equivalent on the same database file."""
        service = GameService(SqliteStore(self.db), seed_source=lambda: SEED,
                              clock=lambda: self.now)
        bot = create_bot(service, guild_ready_timeout=0.05,
                         run_scheduler=self.scheduler_interval is not None,
                         pictures=Pictures(self.picture_workers) if self.picture_workers
                         else None)
        if self.scheduler_interval is not None:
            bot.scheduler.interval = self.scheduler_interval
        self._stack = contextlib.AsyncExitStack()
        await self._stack.enter_async_context(self.fake.run_bot(bot))
        self.bot = bot
        return bot

    async def stop_bot(self) -> None:
        """Close the bot (as a restart or crash would)."""
        if self._stack is not None:
            await self._stack.aclose()
        self._stack = None
        self.bot = None

    async def restart(self) -> None:
        """Stop the bot and start a new one on the same file."""
        await self.stop_bot()
        await self.start_bot()

    async def slash(self, user: str, command: str, options: dict[str, Any] | None = None,
                    channel: int | None = None) -> Any:
        """Run a slash command as a user; it returns once the bot has handled it all (its
        answer, the channel messages it posts after it, and what it records)."""
        return await self.fake.slash(self.users.get(user, self.admin), channel or self.channel,
                                     command, options or {})

    async def wait_for(self, check: Callable[[], object], timeout: float = 60.0,
                       settle: bool = True) -> None:
        """Wait until the check is true, e.g. a new board was posted (then, with `settle`,
        until the bot has finished handling everything). The timeout only bounds a failure."""
        await self.fake.wait_until(check, timeout)
        if settle:
            await self.fake.settle()

    def ids(self) -> Seen:
        """The public messages now in the channel and the board's edits (to spot a move)."""
        boards = self.boards()
        return Seen({m.id for m in self.messages()}, boards[-1].id if boards else None,
                    boards[-1].edits if boards else 0)

    async def wait_record(self, before: Seen, *, new_board: bool = False,
                          settle: bool = True) -> list[Message]:
        """Wait until a move has been published; return the public messages it added.

        The board is what the bot updates last after every move (a handover message, when the
        turn passes, goes out before it): a new board, or the board edited once more.
        With `new_board` (the "post" mode, or a start) a new board must have been posted.
        """
        def news() -> list[Message]:
            return [m for m in self.messages() if m.id not in before]

        def done() -> bool:
            boards = self.boards()
            if not boards:
                return False
            if boards[-1].id != before.board:
                return True
            return not new_board and boards[-1].edits > before.board_edits

        await self.wait_for(done, settle=settle)
        return news()

    def status(self) -> Message:
        """The game's status message: the newest board."""
        return self.boards()[-1]

    def messages(self) -> list[Message]:
        """Public messages in the game channel."""
        return self.fake.channel_messages(self.channel)

    def boards(self) -> list[Message]:
        """Public messages that carry a board image."""
        return [m for m in self.messages()
                if any(a["filename"] == "board.png" for a in m.attachments)]

    def records(self) -> list[Message]:
        """Public messages without the board: handovers (with their turn card) and notes."""
        return [m for m in self.messages()
                if not any(a["filename"] == "board.png" for a in m.attachments)]

    def due_name(self) -> str:
        """The player the newest board says must act (as a person reading it would)."""
        found = re.search(r"\*\*Next:\*\* (?:<@\d+> )?([^:(]+?)(?: \([^)]*\))?:",
                          self.status().content)
        assert found, self.status().content
        return found.group(1)


    def actions_on(self, board: Message) -> dict[str, tuple[str, str | None]]:
        """Label -> (custom id, select value or None) for a board's buttons and menu options."""
        found: dict[str, tuple[str, str | None]] = {}
        for row in board.components:
            for comp in row.get("components", []):
                if comp.get("type") == 2:
                    found[comp["label"]] = (comp["custom_id"], None)
                elif comp.get("type") == 3:
                    for option in comp["options"]:
                        found[option["label"]] = (comp["custom_id"], option["value"])
        return found

    def find_choice(self, board: Message, action: str) -> tuple[str, str | None]:
        """The button or menu option a reader would pick for `action`: the one whose label
        says it (starts with its words), or the menu option that carries it."""
        shown = self.actions_on(board)
        for custom_id, value in shown.values():
            if value == action:
                return custom_id, value
        said = normalize(action)
        hits = [k for k in shown if normalize(k) == said] or [
            k for k in shown if normalize(k).startswith(said + " ")]
        assert len(hits) == 1, f"{action!r} is not one choice among {list(shown)}"
        return shown[hits[0]]

    async def pick_first(self, user: str, message: Message) -> Any:
        """Pick the first choice a message offers, opening a group menu first if it has one."""
        uid = self.users[user]
        for row in message.components:
            for comp in row.get("components", []):
                if comp.get("type") == 2:
                    return await self.fake.click(uid, message.id, comp["custom_id"])
                value = comp["options"][0]["value"]
                result = await self.fake.select(uid, message.id, comp["custom_id"], [value])
                if not comp["custom_id"].startswith("ry:g:"):
                    return result
                menu = next(m for m in result.all_messages() if self.fake.custom_ids(m))
                return await self.pick_first(user, menu)
        raise AssertionError("the message offers no choice")

    async def choose(self, user: str, board: Message, action: str) -> Any:
        """Pick an action on a board, by its button or from its select menu."""
        custom_id, value = self.find_choice(board, action)
        uid = self.users[user]
        if value is None:
            return await self.fake.click(uid, board.id, custom_id)
        return await self.fake.select(uid, board.id, custom_id, [value])


class Seen(set[int]):
    """Message ids seen in a channel, with the newest board's id and edit count then."""

    def __init__(self, ids: set[int], board: int | None, board_edits: int) -> None:
        super().__init__(ids)
        self.board, self.board_edits = board, board_edits


def private_text(result: Any) -> str:
    """The ephemeral answer to an interaction (after a deferral, the followup)."""
    texts = [m.content for m in result.all_messages() if m.ephemeral]
    return " ".join(t for t in texts if t)


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    fake = FakeDiscord(token="test-token")
    await fake.start()
    table = Table(fake, tmp_path / "railyard.sqlite3")
    await table.start_bot()
    try:
        yield table
    finally:
        await table.stop_bot()
        await fake.stop()
