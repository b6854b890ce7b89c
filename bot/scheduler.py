"""The background loop of a long game: reminders for idle players and clocks that run out.

Everything it decides is recorded in the database before anything is sent, so a restart never
sends the same reminder twice, and a deadline that passed while the bot was down is handled on
the first tick after it comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord

import rules
from bot import clocks, metrics, presenters
from bot.components import request_view, short, snooze_view
from bot.computers import computer_run
from bot.durations import format_duration
from bot.reminders import Prefs, is_quiet, next_reminder, pace, wording
from bot.service import GameFrozen, user_of
from bot.store import GameRow, StorageFailure

if TYPE_CHECKING:
    from bot.client import RailyardBot

log = logging.getLogger(__name__)
TICK_SECONDS = 30.0


class Scheduler:
    """Checks every open game now and then; `tick()` is also called directly by tests."""

    def __init__(self, bot: RailyardBot, interval: float = TICK_SECONDS) -> None:
        self.bot = bot
        self.interval = interval
        self._task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()  # set by stop(): the loop ends after its check
        self._checking = False  # a check is under way (a stop lets it finish)

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
        for game in await service.store.games_with_status(("active",)):
            if not self.bot.handles(game.guild_id):
                continue  # another process runs that guild's shard (the claims guard overlaps)
            try:
                match = await service.match_of(game)
            except GameFrozen:
                continue  # said once in its channel already; nobody is reminded of it
            except Exception:
                log.exception("cannot load game %s", game.id)
                continue
            played_by_computer = computer_run(game)
            if match.to_act() and match.to_act()[0] in played_by_computer:
                # The computer was due when the bot stopped (or its step failed): play now.
                await self.bot.run_computers(game.id, game.channel_id)
                continue
            for seat in match.to_act():
                if seat in played_by_computer or any(s.seat == seat and s.resigned
                                                     for s in game.seats):
                    continue
                sent += await self._deadline(game, match, seat)
                sent += await self._remind(game, match, seat)
        return sent

    async def _remind(self, game: GameRow, match: rules.Match, seat: int) -> int:
        store, now = self.bot.service.store, self.bot.service.clock()
        user = user_of(game, seat)
        prefs = Prefs.from_dict(await store.prefs(user))
        count = await store.notices_sent(game.id, game.wait, seat, "remind")
        snoozes = await store.notices_sent(game.id, game.wait, seat, "snooze")
        due_at = next_reminder(game, prefs, count, snoozes)
        if due_at is None or now < due_at or is_quiet(prefs, now):
            return 0
        # After a long silence (the bot was down, or quiet hours) send one reminder, numbered
        # as if the missed ones had gone out, instead of a burst of them.
        elapsed = int((now - (game.waiting_since or now)) // pace(game, prefs)) - snoozes
        number = min(max(count + 1, elapsed), int(clocks.setting(game, "remind_max")))
        if not await store.claim_notice(game.id, game.wait, seat, "remind", number, now):
            return 0  # another process sent it
        waited = format_duration(now - (game.waiting_since or now))
        said = f"{wording(number, game, match.info.title, waited)} {match.prompt(seat)}"
        text = f"{presenters.mention(user)} {short(said, 1700)}"  # room for the DM's link
        if await self._deliver(game, user, prefs, text, snooze_view(game.id, game.wait, seat)):
            metrics.reminder_sent(game.game_id)
        return 1

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

    async def _deadline(self, game: GameRow, match: rules.Match, seat: int) -> int:
        store, now = self.bot.service.store, self.bot.service.clock()
        end = clocks.deadline(game, seat)
        if end is None or now < end:
            return 0
        if not await store.claim_notice(game.id, game.wait, seat, "timeout", 1, now):
            return 0
        request = await store.add_request(game.id, "timeout", game.version, {"seat": seat}, now)
        choices = [("wait", f"Wait {format_duration(int(clocks.setting(game, 'clock_move')))}",
                    True)]
        if "pass" in match.legal(seat):
            choices.append(("skip", "Skip the turn", False))
        choices += [("replace", "Open the seat to a substitute", False),
                    ("end", "End the game", False)]
        others = [s.user_id for s in game.seats
                  if s.seat != seat and not s.resigned and s.user_id > 0]
        name = match.players[seat]
        text = presenters.clip(f"{name} ran out of time. "
                               f"{' '.join(presenters.mention(u) for u in others)}: "
                               "what should the table do?")
        channel = self.bot.get_partial_messageable(game.channel_id)
        try:
            await channel.send(text, view=request_view(request.id, choices),
                               allowed_mentions=discord.AllowedMentions(
                                   users=[discord.Object(u) for u in others], roles=False,
                                   everyone=False))
        except discord.HTTPException as exc:
            log.warning("cannot post the timeout of game %s: %s", game.id, exc)
        return 1


