"""The background loop of a long game: reminders for idle players and clocks that run out.

What is due is decided in tables/due.py; this loop sends it. Everything decided is recorded in
the database before anything is sent, so a restart never sends the same reminder twice, and a
deadline that passed while the bot was down is handled on the first tick after it comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord

from bot.adapter.components import request_view, snooze_view
from bot.adapter.leagues import league_step
from bot.ops import metrics
from bot.store import GameRow, StorageFailure
from bot.tables import due, ratings
from bot.tables.language import game_language
from bot.tables.reminders import Prefs
from rules.core.lang import use

if TYPE_CHECKING:
    from bot.adapter.host import Host

log = logging.getLogger(__name__)
TICK_SECONDS = 30.0


class Scheduler:
    """Checks every open game now and then; `tick()` is also called directly by tests."""

    def __init__(self, bot: Host, interval: float = TICK_SECONDS) -> None:
        self.bot = bot
        self.interval = interval
        self._task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()  # set by stop(): the loop ends after its check
        self._checking = False  # a check is under way (a stop lets it finish)
        self._caught_up = False  # results a stopped process did not keep: recorded once

    def start(self) -> None:
        """Run the loop in the background."""
        if self._task is None:
            self._task = asyncio.create_task(self._loop())

    async def stop(self, grace: float = 0.0) -> None:
        """Stop the loop, letting a check under way finish for up to `grace` seconds."""
        task, self._task = self._task, None
        if task is None:
            return
        self._stopping.set()
        if grace > 0 and self._checking:
            done, _ = await asyncio.wait({task}, timeout=grace)
            if task in done:
                return
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass

    async def _loop(self) -> None:
        await self.bot.wait_until_ready()
        first = True
        while not self._stopping.is_set():
            try:
                self._checking = True
                sent = await self.tick()
                if first or sent:  # the first check says the scheduler runs; then only news
                    log.info("scheduler: %s, %d notices sent",
                             "first check done" if first else "checked", sent)
                first = False
            except StorageFailure as exc:  # the disk, not a bug: the next tick retries
                log.warning("scheduler tick: storage failure: %s", exc)
            except Exception:  # keep the loop alive; the next tick retries
                log.exception("scheduler tick failed")
            finally:
                self._checking = False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self.interval)

    async def tick(self) -> int:
        """Send what is due now; return how many notices went out."""
        service = self.bot.service
        sent = 0
        async for game, match in due.open_games(service, self.bot.handles):
            if due.computer_due(game, match):
                await self.bot.run_computers(game.id, game.channel_id)
                continue
            use(game_language(game))  # reminders and timeouts speak the game's language
            for seat in due.waiting_on(game, match):
                timeout = await due.claim_timeout(service, game, match, seat)
                if timeout is not None:
                    await self._ask_table(timeout)
                    sent += 1
                reminder = await due.claim_reminder(service, game, match, seat)
                if reminder is not None:
                    if await self._deliver(reminder.game, reminder.user, reminder.prefs,
                                           reminder.text,
                                           snooze_view(game.id, game.wait, seat)):
                        metrics.reminder_sent(game.game_id)
                    sent += 1
        if not self._caught_up:  # games that ended while no process recorded them
            self._caught_up = True
            await ratings.record_missing(service.store, service.match_of)
        return sent + await league_step(self.bot)  # leagues: tables to open, rounds over

    async def _deliver(self, game: GameRow, user: int, prefs: Prefs, text: str,
                       view: discord.ui.View) -> bool:
        """By DM when the player asked for it, else (or when DMs are closed) in the channel.

        False when it could not be delivered at all (logged)."""
        if prefs.dm:
            try:
                member = await self.bot.fetch_user(user)
                link = f"https://discord.com/channels/{game.guild_id}/{game.channel_id}"
                await member.send(f"{text}\n{link}")
                return True
            except discord.HTTPException as exc:
                log.info("DM to %s failed (%s); reminding in the channel", user, exc)
        channel = self.bot.get_partial_messageable(game.channel_id)
        try:
            await channel.send(text, view=view, allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(user)], roles=False, everyone=False))
        except discord.HTTPException as exc:
            log.warning("cannot remind in channel %s: %s", game.channel_id, exc)
            return False
        return True

    async def _ask_table(self, timeout: due.Timeout) -> None:
        """Post the question of a clock that ran out, pinging the other players."""
        game = timeout.game
        channel = self.bot.get_partial_messageable(game.channel_id)
        try:
            await channel.send(timeout.text, view=request_view(timeout.request_id,
                                                               timeout.choices),
                               allowed_mentions=discord.AllowedMentions(
                                   users=[discord.Object(u) for u in timeout.others],
                                   roles=False, everyone=False))
        except discord.HTTPException as exc:
            log.warning("cannot post the timeout of game %s: %s", game.id, exc)
