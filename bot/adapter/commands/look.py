"""`/game` commands to look around, privately: status, board, log, hand, history, export."""

from __future__ import annotations

import io
import json
from typing import Any

import discord
from discord import app_commands

from bot.adapter.announce import board_file
from bot.adapter.commands.group import game_group
from bot.adapter.flows import hand_file
from bot.adapter.host import host_of
from bot.adapter.replies import refusal, reply
from bot.tables import history as past
from bot.tables import presenters
from bot.tables.service import GameError, seat_of
from render import board_text
from rules.core.lang import tr, trn


async def _running(interaction: discord.Interaction[Any]) -> Any:
    """The game here and its match, or a refusal (the interaction is deferred first)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    # A game that is over stays readable here until a new one opens.
    game, match = await host_of(interaction).service.current(interaction.channel_id or 0,
                                                            ended=True)
    if match is None:
        raise GameError(tr("The game has not started yet.") if game.status == "lobby"
                        else tr("That game was closed before it started."))
    return game, match


@game_group.command(name="status", description="Players, whose turn it is, recent moves")
async def status(interaction: discord.Interaction[Any]) -> None:
    """A private status summary (or the lobby)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        game, match = await host_of(interaction).service.current(interaction.channel_id or 0,
                                                                ended=True)
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    text = presenters.lobby_message(game) if match is None else presenters.status_text(game,
                                                                                       match)
    await interaction.followup.send(text, ephemeral=True)


@game_group.command(name="board", description="The current board, only to you")
@app_commands.describe(text="Describe the board in words instead of a picture")
async def board(interaction: discord.Interaction[Any], text: bool = False) -> None:
    """The board image (or its text rendering), privately."""
    try:
        game, match = await _running(interaction)
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    if text:
        await interaction.followup.send(presenters.clip(board_text(match.view(None))),
                                        ephemeral=True)
        return
    await interaction.followup.send(presenters.clip(presenters.next_line(game, match)),
                                    file=await board_file(match, pictures=host_of(
                                        interaction).pictures), ephemeral=True)


@game_group.command(name="log", description="The latest moves with their times, only to you")
@app_commands.describe(lines="How many lines (1-60)")
async def log(interaction: discord.Interaction[Any],
              lines: app_commands.Range[int, 1, 60] = 20) -> None:
    """The game log with Discord timestamps (shown in each reader's own time zone)."""
    try:
        game, _ = await _running(interaction)
        timeline = await past.timeline(host_of(interaction).service, game)
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    await interaction.followup.send(presenters.timeline_text(timeline[-lines:]), ephemeral=True)


@game_group.command(name="history", description="The board as it was after an earlier move")
@app_commands.describe(move="Move number (0 is the start); see /game log")
async def history(interaction: discord.Interaction[Any],
                  move: app_commands.Range[int, 0, 100000]) -> None:
    """An earlier board, rebuilt from the log, privately."""
    try:
        game, _ = await _running(interaction)
        then = await past.match_at(host_of(interaction).service, game, move)
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    said = [t for n, t in then.lines if n == move] if move else [tr("The start of the game.")]
    text = presenters.clip(tr("**After move {n}:**", n=move) + "\n"
                           + "\n".join(f"• {t}" for t in said))
    await interaction.followup.send(text, file=await board_file(
        then, pictures=host_of(interaction).pictures), ephemeral=True)


@game_group.command(name="export", description="The whole game as a JSON file, only to you")
async def export(interaction: discord.Interaction[Any]) -> None:
    """Every log entry with its time; the seed only once the game is over."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        game = await host_of(interaction).service.game_here(interaction.channel_id or 0,
                                                           ended=True)
        data = await past.export(host_of(interaction).service, game)
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    raw = json.dumps(data, indent=1, sort_keys=True).encode()
    await interaction.followup.send(
        trn("{n} log entry.", "{n} log entries.", len(data["log"])), ephemeral=True,
        file=discord.File(io.BytesIO(raw), filename=f"{game.game_id}-{game.id}.json"))


@game_group.command(name="hand", description="Your private cards or information (only to you)")
async def hand(interaction: discord.Interaction[Any]) -> None:
    """What only this player may see."""
    try:
        game, match = await _running(interaction)
        seat = seat_of(game, interaction.user.id)
        if seat is None:
            raise GameError(tr("You are not playing in this game."))
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    if not match.info.hidden_information:
        await reply(interaction, tr("{game} has no hidden information: everything is on the "
                                    "board.", game=match.info.title))
        return
    # The cards as a picture beside the words; ephemeral, like everything private.
    picture = await hand_file(match, seat, host_of(interaction).pictures)
    await reply(interaction, presenters.private_words(match, seat), file=picture)
