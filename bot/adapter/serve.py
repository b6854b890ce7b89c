"""Running the bot until it is told to stop: SIGTERM or Ctrl-C stop it cleanly."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal

import discord

from bot.adapter.client import create_bot
from bot.ops.pictures import Pictures
from bot.ops.settings import Settings
from bot.tables.service import GameService

log = logging.getLogger("railyard")
STOP_GRACE = 7.0  # seconds a stop waits for moves in flight: well inside Docker's 10 s
CLOSE_GRACE = 1.0  # then seconds the client has to return once closed


async def serve(settings: Settings, service: GameService) -> int:
    """Connect to Discord and play until a signal; moves in flight finish before the end."""
    bot = create_bot(service, sync_guild=settings.guild_id, shard_count=settings.shard_count,
                     shard_ids=list(settings.shard_ids) if settings.shard_ids else None,
                     health_file=settings.health_file,
                     pictures=Pictures(settings.picture_workers))
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    signals: list[str] = []

    def on_signal(sig: signal.Signals) -> None:
        signals.append(sig.name)
        stop.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, on_signal, sig)
    async with bot:
        running = asyncio.create_task(bot.start(settings.token or ""))
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if running.done():
            running.result()  # a failure to log in or connect says so, as before
        else:
            log.info("%s: stopping; moves in flight finish first", signals[0])
            await bot.shutdown(STOP_GRACE)
            # Closed: the client returns at once, unless it was waiting to reconnect to a
            # Discord out of reach (discord.py's pause between tries): that wait is cut short.
            await asyncio.wait({running}, timeout=CLOSE_GRACE)
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError, discord.DiscordException, OSError):
                await running
    log.info("stopped cleanly")
    return 0
