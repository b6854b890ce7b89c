"""Publishing after a move: the status message (board, whose turn, deadline), a short record of
what happened that pings only the newly due players, and the results picture at the end."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

import rules
from bot.adapter.components import catch_up_view, panel_view
from bot.adapter.menus import action_view
from bot.ops.pictures import IN_THREADS, Pictures
from bot.store import GameRow, Store
from bot.tables import presenters
from bot.tables.language import game_language
from bot.tables.ratings import EVERYWHERE, changes_of
from bot.tables.service import MoveReport, user_of
from bot.tables.story import story_view
from render import alt_text
from render.community import story_alt
from render.core.turn_card import TurnCard, turn_card_alt
from rules.core.lang import speaking, tr

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()
REPOST_AFTER = 6  # record messages after which the status message is posted again below them


@dataclasses.dataclass
class _Queue:
    """One game's publishing: its lock, and the versions of the moves waiting or publishing."""

    lock: asyncio.Lock = dataclasses.field(default_factory=asyncio.Lock)
    versions: list[int] = dataclasses.field(default_factory=list)


_publishing: dict[tuple[int, int], _Queue] = {}  # (store, game)


@asynccontextmanager
async def one_at_a_time(store: Store, game_pk: int, version: int = 0) -> AsyncIterator[None]:
    """Publish one game's moves one after another (the board message is shared by them all)."""
    key = (id(store), game_pk)
    queue = _publishing.setdefault(key, _Queue())
    queue.versions.append(version)
    try:
        async with queue.lock:
            yield
    finally:
        queue.versions.remove(version)
        if not queue.versions:
            del _publishing[key]  # nobody waits: forget the lock


def _later_waiting(store: Store, game: GameRow) -> bool:
    """Whether a later move of this game already waits to be published (in this process)."""
    queue = _publishing.get((id(store), game.id))
    return queue is not None and any(v > game.version for v in queue.versions)


async def board_file(match: rules.Match, png: bytes | None = None,
                     pictures: Pictures = IN_THREADS) -> discord.File:
    """The public board as a PNG attachment with alt text, drawn off the event loop (by
    `pictures`' workers), unless `png` already holds it."""
    view = match.view(None)
    if png is None:
        png = await pictures.board(view)
    return discord.File(io.BytesIO(png), filename="board.png", description=alt_text(view))


async def turn_pictures(match: rules.Match, card: TurnCard,
                        pictures: Pictures = IN_THREADS) -> tuple[bytes, discord.File]:
    """The board PNG and the turn card as an attachment with the card's words as alt text
    (one drawing of the board for both)."""
    board, png = await pictures.turn(match.view(None), card)
    return board, discord.File(io.BytesIO(png), filename="turn.png",
                               description=turn_card_alt(card))


async def _send(channel: discord.PartialMessageable, content: str, *,
                file: discord.File | list[discord.File] | None, view: discord.ui.View | None,
                mentions: discord.AllowedMentions = NO_PINGS) -> discord.Message:
    """Send a message; without Attach Files, send the text alone and say what is missing."""
    kwargs: dict[str, Any] = {"allowed_mentions": mentions}
    if view is not None:
        kwargs["view"] = view
    if file is None:
        return await channel.send(content, **kwargs)
    try:
        if isinstance(file, list):
            return await channel.send(content, files=file, **kwargs)
        return await channel.send(content, file=file, **kwargs)
    except discord.Forbidden:
        note = "\n" + tr("*(I may not attach images here: give me Attach Files to see the "
                         "board.)*")
        return await channel.send(presenters.clip(content + note), **kwargs)


async def announce(store: Store, channel: discord.PartialMessageable,
                   report: MoveReport, pictures: Pictures = IN_THREADS) -> None:
    """Publish one move: a new message only when the turn passes (or the game starts or ends).

    Steps inside one player's turn edit the board in place. A handover message sums up the
    turn that just ended and pings only the newly due; the last one is the results picture.
    Moves of one game are published one at a time, each from the game's row as it is then
    (its board message and settings), and a board never replaces a newer one.
    """
    async with one_at_a_time(store, report.game.id, report.game.version):
        # The row as stored now (another move or shard process may have published since);
        # the buttons keep this move's version.
        now = await store.get_game(report.game.id)
        game = dataclasses.replace(report.game, board_message_id=now.board_message_id,
                                   settings=now.settings)
        with speaking(game_language(game)):  # the channel reads the game's language
            await _publish(store, channel, report, game, pictures)


def _newer_board(game: GameRow) -> bool:
    """Whether the board on show is already of a later version than this move's."""
    return int(game.settings.get("board_version", -1)) > game.version


async def _publish(store: Store, channel: discord.PartialMessageable, report: MoveReport,
                   game: GameRow, pictures: Pictures) -> None:
    match = report.match
    buttons = None if match.over else public_buttons(game, match)
    handover = set(report.due) != set(report.due_before)
    turn: list[str] = []
    if handover:
        start = min(int(game.settings.get("turn_from", 0)), len(match.lines))
        turn = [t for _, t in match.lines[start:]]
        merged = await store.merge_settings(game.id, {"turn_from": len(match.lines)})
        game = dataclasses.replace(game, settings=merged.settings)
    # The board goes last, so whoever watches the channel knows the move is fully published.
    if handover and match.over:
        await _results(store, channel, game, match, turn, pictures)
    if game.settings.get("board", "status") == "post":
        await _post_mode(store, channel, report, game, buttons, handover, turn, pictures)
        return
    board: bytes | None = None
    if handover and not match.over:
        text, users = presenters.handover_message(report, turn)
        board, card = await turn_pictures(match, presenters.turn_card(match, turn), pictures)
        await _send(channel, text, file=card, view=catch_up_view(game.id) if users else None,
                    mentions=_only(users) if users else NO_PINGS)
    elif report.played and report.played[0][0] not in report.due_before and report.lines:
        # Someone not due acted (e.g. showed their hand to the table): say it, ping no one.
        await channel.send(presenters.clip(presenters.summarize(report.lines)),
                           allowed_mentions=NO_PINGS)
    if _newer_board(game):
        log.info("game %s: board %s is newer than move %s; not replaced", game.id,
                 game.settings.get("board_version"), game.version)
        return
    if not handover and _later_waiting(store, game):
        return  # a step nobody would see: the next move's board, already queued, shows it
    await update_status(store, channel, game, match, buttons, handover and not match.over,
                        board, pictures)


async def _post_mode(store: Store, channel: discord.PartialMessageable, report: MoveReport,
                     game: GameRow, buttons: discord.ui.View | None, handover: bool,
                     turn: list[str], pictures: Pictures) -> None:
    """"post" boards: each handover posts a new board that pings; steps edit the last one."""
    match = report.match
    if not handover and (_newer_board(game) or _later_waiting(store, game)):
        return  # a later board is on show already, or queued: this step is in it
    if not handover and game.board_message_id:
        try:
            await channel.get_partial_message(game.board_message_id).edit(
                content=presenters.move_message(report),
                attachments=[await board_file(match, pictures=pictures)],
                view=buttons, allowed_mentions=NO_PINGS)
            await store.merge_settings(game.id, {"board_version": game.version})
            return
        except discord.HTTPException as exc:
            log.info("could not edit the board of game %s: %s", game.id, exc)
    users: list[int] = []
    if handover and not match.over:
        # The turn card first: it is what reads inline; the full board is one tap away.
        text, users = presenters.handover_message(report, turn)
        board, card = await turn_pictures(match, presenters.turn_card(match, turn), pictures)
        files = [card, await board_file(match, board)]
    else:
        text = presenters.move_message(report)
        files = [await board_file(match, pictures=pictures)]
    message = await _send(channel, text, file=files, view=buttons, mentions=_only(users))
    await _retire(store, channel, game, message.id)
    await store.merge_settings(game.id, {"board_version": game.version})


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
                        match: rules.Match, buttons: discord.ui.View | None,
                        posted: bool, board: bytes | None = None,
                        pictures: Pictures = IN_THREADS) -> None:
    """Edit the status message in place; post it anew when missing or buried under records.

    `posted`: a handover message was just posted below it (the age counts those); `board`: the
    board's PNG when already drawn.
    """
    content = presenters.status_message(game, match)
    age = int(game.settings.get("status_age", 0)) + (1 if posted else 0)
    old = game.board_message_id
    if old and age < REPOST_AFTER:
        try:
            await channel.get_partial_message(old).edit(
                content=content, attachments=[await board_file(match, board, pictures)],
                view=buttons,
                allowed_mentions=NO_PINGS)
            await store.merge_settings(game.id, {"status_age": age, "board_version": game.version})
            return
        except discord.NotFound:
            old = None  # someone deleted it: post a new one
        except discord.Forbidden:
            log.info("cannot edit the status message of game %s", game.id)
    message = await _send(channel, content, file=await board_file(match, board, pictures),
                          view=buttons)
    await _retire(store, channel, game, message.id, delete=True)
    await store.merge_settings(game.id, {"status_age": 0, "board_version": game.version})


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


async def _results(store: Store, channel: discord.PartialMessageable, game: GameRow,
                   match: rules.Match, turn: list[str], pictures: Pictures) -> None:
    """At the end, the last turn, the final standings and how the ratings moved, with a
    picture of each score."""
    last = presenters.summarize(turn)
    final = presenters.final_summary(match)
    scope = game.guild_id if game.guild_id is not None else EVERYWHERE
    changes = await changes_of(store, game, scope)
    moved = presenters.rating_line(match.players, changes)
    summary = presenters.clip("\n".join(x for x in (last, final, moved) if x))
    view = match.view(None) | {"ratings": [list(c) for c in changes]}
    story = await asyncio.to_thread(story_view, match)  # the game replayed once, off the loop
    alt = " ".join(x.replace("**", "") for x in (presenters.results_alt(match), moved) if x)
    if story is not None:  # how the standing went, stage by stage, under the final scores
        view["story"] = story
        alt = f"{alt} {story_alt(story)}"
    png = await pictures.results(view)
    files = [discord.File(io.BytesIO(png), filename="results.png", description=alt[:1024])]
    users = [u for u in (user_of(game, s) for s in range(len(match.players))) if u > 0]
    await _send(channel, summary, file=files, view=None, mentions=_only(users))
