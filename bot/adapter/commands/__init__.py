"""Slash commands: the `/game` group, `/play`, the personal commands, `/profile`,
`/leaderboard` and the `/league` group.

Each module registers its commands on import; they reach the bot through `adapter.host`.
"""

from __future__ import annotations

from typing import Any

from discord import app_commands


def all_commands() -> list[app_commands.Command[Any, Any, Any] | app_commands.Group]:
    """Every top-level command, with the `/game` subcommands registered."""
    from bot.adapter.commands import (  # noqa: F401  (registers commands)
        community,
        guide,
        league,
        lobby,
        look,
        me,
        play,
        table,
    )
    from bot.adapter.commands.group import game_group

    return [game_group, play.play, me.games, me.reminders, me.me_group, community.profile,
            community.leaderboard, league.league_group]
