"""The command tree: one place for unexpected errors, and no new work once the bot stops."""

from __future__ import annotations

from typing import Any

import discord

from bot.adapter.inflight import InFlight, stopping
from bot.adapter.language import speak_to
from bot.adapter.replies import client_language, reply, report_failure
from rules.core.lang import speaking


class RailyardTree(discord.app_commands.CommandTree[Any]):
    """The command tree, with one place for unexpected errors."""

    async def on_error(self, interaction: discord.Interaction[Any],
                       error: discord.app_commands.AppCommandError) -> None:
        """Log the error; tell the user briefly and privately (a storage failure in its words)."""
        name = interaction.command.qualified_name if interaction.command else "?"
        await report_failure(interaction, error, f"/{name}")

    async def _call(self, interaction: discord.Interaction[Any]) -> None:
        """Run a command or autocomplete, counted as work in flight; none once the bot stops."""
        work: InFlight = self.client.inflight  # RailyardBot's
        if work.closed:
            if interaction.type is discord.InteractionType.application_command:
                with speaking(client_language(interaction)):
                    await reply(interaction, stopping())
            return
        async with work.hold():
            await speak_to(interaction)
            await super()._call(interaction)


