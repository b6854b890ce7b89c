"""Slash commands: the `/game` group, `/play`, and the personal commands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

if TYPE_CHECKING:
    from bot.client import RailyardBot

game_group = app_commands.Group(name="game", description="Open, join and manage a game here",
                                guild_only=True)


def bot_of(interaction: discord.Interaction[Any]) -> RailyardBot:
    """The Railyard bot behind an interaction."""
    return cast("RailyardBot", interaction.client)


def all_commands() -> list[app_commands.Command[Any, Any, Any] | app_commands.Group]:
    """Every top-level command, with the `/game` subcommands registered."""
    from bot.commands import (  # noqa: F401  (registers commands)
        guide,
        lobby,
        look,
        me,
        play,
        table,
    )

    return [game_group, play.play, me.games, me.reminders]
