"""Slash command groups."""

from bot.cogs.game import GameCog
from bot.cogs.play import PlayCog

__all__ = ["GameCog", "PlayCog"]
