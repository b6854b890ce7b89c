"""`/game` lobby commands: new, join, leave, start, add, remove."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

import rules
from bot.adapter.commands.group import game_group
from bot.adapter.host import can_manage, display_name, host_of
from bot.adapter.replies import FIELD_LIMIT, quiet_autocomplete, refusal, reply, too_long
from bot.tables.language import language_choices, new_game_language
from bot.tables.service import GameError
from rules.core.lang import tr
from rules.core.text import echo

OPTION_NAME = re.compile(r"[A-Za-z0-9_-]+")
GAME_CHOICES = [app_commands.Choice(name=g["title"], value=g["id"]) for g in rules.catalog()]
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code)
                    for name, code in language_choices()]


def parse_options(text: str | None) -> dict[str, str]:
    """`key=value key2=a,b,c` into a dict (a value may be a comma list); bad pairs refused."""
    out: dict[str, str] = {}
    for pair in (text or "").split():
        long = too_long(pair, FIELD_LIMIT, "option")
        if long is not None:
            raise GameError(long)
        key, sep, value = pair.partition("=")
        if not sep or not key or not value:
            raise GameError(tr("Options look like `name=value` separated by spaces, not "
                               "`{typed}`.", typed=echo(pair)))
        if not OPTION_NAME.fullmatch(key.strip()):
            raise GameError(tr("No option is called `{typed}`: the options field lists them as "
                               "you type, and `/game rules` says what each does.",
                               typed=echo(key)))
        out[key.strip().lower()] = value.strip().strip(",").lower()
    return out


@game_group.command(name="new", description="Open a game in this channel or thread")
@app_commands.describe(game="Which game",
                       options="Game options as name=value: start typing to see them "
                               "(/game rules says what each does)",
                       thread="Open the game in a new thread of this channel",
                       language="Language of the game's posts and pictures (default: the "
                                "server's language)")
@app_commands.choices(game=GAME_CHOICES, language=LANGUAGE_CHOICES)
async def new(interaction: discord.Interaction[Any], game: str,
              options: str | None = None, thread: bool = False,
              language: str | None = None) -> None:
    """Open a lobby (here, or in a new thread); the creator takes the first seat."""
    bot = host_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        chosen = parse_options(options)
        rules.game_info(game).resolve_options(chosen)
        channel_id = interaction.channel_id or 0
        if thread:
            channel_id = await _new_thread(interaction, game)
        row = await bot.service.create(
            guild_id=interaction.guild_id, channel_id=channel_id,
            user_id=interaction.user.id, name=display_name(interaction.user),
            game_id=game, options=chosen,
            language=language or new_game_language(
                str(interaction.guild_locale.value) if interaction.guild_locale else None))
    except (GameError, ValueError) as exc:
        await reply(interaction, refusal(str(exc)))
        return
    await reply(interaction, tr("Game opened in {channel}; you have the first seat.",
                                channel=f"<#{channel_id}>") if thread else
                tr("Game opened; you have the first seat."))
    await bot.post_lobby(interaction, row, channel_id=channel_id)


async def _new_thread(interaction: discord.Interaction[Any], game_id: str) -> int:
    """A public thread of this channel for the game; a clear refusal where that is impossible."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise GameError(tr("A game thread can only be made in a text channel."))
    name = f"{rules.game_info(game_id).title} – {display_name(interaction.user)}"
    try:
        made = await channel.create_thread(name=name[:100],
                                           type=discord.ChannelType.public_thread,
                                           auto_archive_duration=10080)
    except discord.Forbidden:
        raise GameError(tr("I may not create threads here: give me Create Public Threads, "
                           "or open the game without a thread.")) from None
    return made.id

@new.autocomplete("options")
@quiet_autocomplete
async def options_autocomplete(interaction: discord.Interaction[Any],
                               current: str) -> list[app_commands.Choice[str]]:
    """Suggest `name=value` pairs of the chosen game."""
    game_id = getattr(interaction.namespace, "game", None) or ""
    try:
        info = rules.game_info(game_id)
    except rules.UnknownGame:
        return []
    head, _, last = current.rpartition(" ")
    prefix = f"{head} " if head else ""
    pairs = [f"{o.id}={c}" for o in info.options for c in (o.choices or (o.default,))]
    # A choice's value is at most 100 characters: never offer one cut short.
    return [app_commands.Choice(name=prefix + p, value=prefix + p)
            for p in pairs if p.startswith(last.lower()) and len(prefix + p) <= 100][:25]

@game_group.command(name="join", description="Take a seat in the game here")
async def join(interaction: discord.Interaction[Any]) -> None:
    """Join the lobby."""
    await host_of(interaction).join(interaction)

@game_group.command(name="leave", description="Leave the game here before it starts")
async def leave(interaction: discord.Interaction[Any]) -> None:
    """Leave the lobby."""
    await host_of(interaction).leave(interaction)

@game_group.command(name="start", description="Start the game here (its creator)")
async def start(interaction: discord.Interaction[Any]) -> None:
    """Start the game."""
    await host_of(interaction).start_game(interaction)

@game_group.command(name="add", description="Seat a member or a computer player in the lobby")
@app_commands.describe(player="The member to seat (the creator or a channel manager)",
                       computer="Seat a computer player instead (any player at the table)",
                       level="How well the computer plays (a computer player; normal if not "
                       "given)")
@app_commands.choices(level=[
    app_commands.Choice(name="gentle (easier to beat)", value="gentle"),
    app_commands.Choice(name="normal", value="normal"),
    app_commands.Choice(name="strong (thinks ahead)", value="strong")])
async def add(interaction: discord.Interaction[Any], player: discord.Member | None = None,
              computer: bool = False, level: str | None = None) -> None:
    """The creator seats someone before the start; anyone at the table may add a computer."""
    if (computer or level) and player is None:  # as the lobby's button does, at that level
        await host_of(interaction).add_computer(interaction, level or "normal")
        return
    await _change_seat(interaction, player, computer, add=True)


@game_group.command(name="remove", description="Unseat a member or a computer from the lobby")
@app_commands.describe(player="The member to unseat (the creator or a channel manager)",
                       computer="Unseat the last computer player instead")
async def remove(interaction: discord.Interaction[Any], player: discord.Member | None = None,
                 computer: bool = False) -> None:
    """The creator unseats someone before the start; a player may unseat a computer."""
    await _change_seat(interaction, player, computer, add=False)


async def _change_seat(interaction: discord.Interaction[Any], player: discord.Member | None,
                       computer: bool, add: bool) -> None:
    bot = host_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        if (player is None) == (not computer):
            raise GameError(tr("Name a member with `player`, or choose `computer: True` "
                               "(not both)."))
        if player is None:  # unseat the last computer player
            row = await bot.computers.remove(interaction.channel_id or 0, interaction.user.id,
                                             can_manage(interaction))
            await reply(interaction, tr("Done."))
            await bot.post_lobby(interaction, row)
            return
        if player.bot:
            raise GameError(tr("A bot cannot take a seat."))
        game = await bot.service.game_here(interaction.channel_id or 0)
        if interaction.user.id != game.creator_id and not can_manage(interaction):
            raise GameError(tr("Only the game's creator or a channel manager can seat "
                               "others."))
        if add:
            row = await bot.service.join(game.channel_id, player.id, display_name(player))
        else:
            row = await bot.service.leave(game.channel_id, player.id)
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    await reply(interaction, tr("Done."))
    await bot.post_lobby(interaction, row)
