"""Publishing after a move: the status message (board, whose turn, deadline), a short record of
what happened that pings only the newly due players, and the results picture at the end."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

import rules
from bot import presenters
from bot.components import action_view, catch_up_view, panel_view
from bot.service import MoveReport, user_of
from bot.store import GameRow, Store
from render import alt_text, render_board, render_results

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()
REPOST_AFTER = 6  # record messages after which the status message is posted again below them


async def board_file(match: rules.Match) -> discord.File:
    """The public board as a PNG attachment with alt text, rendered off the event loop."""
    view = match.view(None)
    png = await asyncio.to_thread(render_board, view)
    return discord.File(io.BytesIO(png), filename="board.png", description=alt_text(view))


async def _send(channel: discord.PartialMessageable, content: str, *, file: discord.File | None,
                view: discord.ui.View | None,
                mentions: discord.AllowedMentions = NO_PINGS) -> discord.Message:
    """Send a message; without Attach Files, send the text alone and say what is missing."""
    kwargs: dict[str, Any] = {"allowed_mentions": mentions}
    if view is not None:
        kwargs["view"] = view
    if file is None:
        return await channel.send(content, **kwargs)
    try:
        return await channel.send(content, file=file, **kwargs)
    except discord.Forbidden:
        note = "\n*(I may not attach images here: give me Attach Files to see the board.)*"
        return await channel.send(presenters.clip(content + note), **kwargs)


async def announce(store: Store, channel: discord.PartialMessageable,
                   report: MoveReport) -> None:
    """Publish one move in the game's board mode ("status": edited in place; "post": new)."""
    game, match = report.game, report.match
    buttons = None if match.over else public_buttons(game, match)
    if game.settings.get("board", "status") == "post":
        message = await _send(channel, presenters.move_message(report),
                              file=await board_file(match), view=buttons)
        await _retire(store, channel, game, message.id)
        await _results(channel, game, match)
        if report.newly_due and not match.over:
            text, users = presenters.ping_message(report)
            await channel.send(text, allowed_mentions=_only(users),
                               view=catch_up_view(game.id))
        return
    await update_status(store, channel, game, match, buttons)
    await _results(channel, game, match)
    text, users = presenters.record_message(report)
    if users:
        await channel.send(text, allowed_mentions=_only(users), view=catch_up_view(game.id))
    else:
        await channel.send(text, allowed_mentions=NO_PINGS)


def public_buttons(game: GameRow, match: rules.Match) -> discord.ui.View | None:
    """The board's buttons: the due seat's choices, or a private-panel button for hidden hands."""
    if match.info.hidden_information:
        return panel_view(game.id)
    return action_view(game.id, game.version, match)


def _only(users: list[int]) -> discord.AllowedMentions:
    """Pings for exactly these users and nobody else."""
    return discord.AllowedMentions(users=[discord.Object(u) for u in users], roles=False,
                                   everyone=False, replied_user=False)


async def update_status(store: Store, channel: discord.PartialMessageable, game: GameRow,
                        match: rules.Match, buttons: discord.ui.View | None) -> None:
    """Edit the status message in place; post it anew when missing or buried under records."""
    content = presenters.status_message(game, match)
    age = int(game.settings.get("status_age", 0))
    old = game.board_message_id
    if old and age < REPOST_AFTER:
        try:
            await channel.get_partial_message(old).edit(
                content=content, attachments=[await board_file(match)], view=buttons,
                allowed_mentions=NO_PINGS)
            await store.set_settings(game.id, {**game.settings, "status_age": age + 1})
            return
        except discord.NotFound:
            old = None  # someone deleted it: post a new one
        except discord.Forbidden:
            log.info("cannot edit the status message of game %s", game.id)
    message = await _send(channel, content, file=await board_file(match), view=buttons)
    await _retire(store, channel, game, message.id, delete=True)
    await store.set_settings(game.id, {**game.settings, "status_age": 1})


async def _retire(store: Store, channel: discord.PartialMessageable, game: GameRow, new_id: int,
                  *, delete: bool = False) -> None:
    """Point the game at its new board message; strip (or delete) the previous one."""
    old = game.board_message_id
    await store.set_board_message(game.id, new_id)
    if not old or old == new_id:
        return
    try:
        previous = channel.get_partial_message(old)
        if delete:
            await previous.delete()
        else:
            await previous.edit(view=None)
    except discord.HTTPException as exc:
        log.info("could not retire board message %s: %s", old, exc)


async def _results(channel: discord.PartialMessageable, game: GameRow,
                   match: rules.Match) -> None:
    """At the end, the final standings as a picture with each score broken down."""
    if not match.over:
        return
    view = match.view(None)
    png = await asyncio.to_thread(render_results, view)
    summary = presenters.final_summary(match)
    file = discord.File(io.BytesIO(png), filename="results.png",
                        description=presenters.results_alt(match))
    users = [user_of(game, seat) for seat in range(len(match.players))]
    await _send(channel, summary, file=file, view=None, mentions=_only(users))
