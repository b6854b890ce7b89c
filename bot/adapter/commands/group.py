"""The `/game` command group that the game commands register under."""

from __future__ import annotations

from discord import app_commands

game_group = app_commands.Group(name="game", description="Open, join and manage a game here",
                                guild_only=True)
