"""Posting after a move: the log lines and board image, then a ping for whoever became due."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

import rules
from bot import presenters
from bot.components import action_view
from bot.service import MoveReport
from bot.store import GameRow, Store
from render import render_board

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()


async def board_file(match: rules.Match) -> discord.File:
    """The public board as a PNG attachment, rendered off the event loop."""
    png = await asyncio.to_thread(render_board, match.view(None))
    return discord.File(io.BytesIO(png), filename="board.png",
                        description=f"{match.info.title} board")


async def send_board(channel: discord.abc.Messageable, content: str, match: rules.Match,
                     view: discord.ui.View | None) -> discord.Message:
    """Send text + board image; fall back to text alone where the bot may not attach files."""
    kwargs: dict[str, Any] = {"allowed_mentions": NO_PINGS}
    if view is not None:
        kwargs["view"] = view
    try:
        return await channel.send(content, file=await board_file(match), **kwargs)
    except discord.Forbidden:
        note = "\n*(I may not attach images here: give me Attach Files to see the board.)*"
        return await channel.send(presenters.clip(content + note), **kwargs)


async def announce(store: Store, channel: discord.PartialMessageable,
                   report: MoveReport) -> None:
    """Publish a move: record message with the board, stale buttons removed, then the ping."""
    game, match = report.game, report.match
    view = None if match.over else action_view(game.id, game.version, match)
    message = await send_board(channel, presenters.move_message(report), match, view)
    await _retire_old_board(store, channel, game, message.id)
    if report.newly_due and not match.over:
        text, users = presenters.ping_message(report)
        await channel.send(text, allowed_mentions=discord.AllowedMentions(
            users=[discord.Object(u) for u in users], roles=False, everyone=False,
            replied_user=False))


async def _retire_old_board(store: Store, channel: discord.PartialMessageable, game: GameRow,
                            new_id: int) -> None:
    """Strip the buttons from the previous board so only the newest one offers moves."""
    old = game.board_message_id
    await store.set_board_message(game.id, new_id)
    if old and old != new_id:
        try:
            await channel.get_partial_message(old).edit(view=None)
        except discord.HTTPException as exc:
            log.info("could not retire board message %s: %s", old, exc)
