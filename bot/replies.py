"""Private answers: short, never pinging anyone, always within Discord's limits."""

from __future__ import annotations

from typing import Any

import discord

from bot.presenters import clip

NO_PINGS = discord.AllowedMentions.none()
HINT = " Type `/play` to see your moves, or `/game explain` for any term."


def refusal(text: str) -> str:
    """A refusal with the way forward when the rules only say what is wrong."""
    if "is not a move you can make now" in text and "Did you mean" not in text:
        return clip(text + HINT)
    return clip(text)


async def reply(interaction: discord.Interaction[Any], text: str,
                view: discord.ui.View | None = None, file: discord.File | None = None) -> None:
    """A short private answer, whether or not the interaction was acknowledged yet."""
    kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": NO_PINGS}
    if view is not None:
        kwargs["view"] = view
    if file is not None:
        kwargs["file"] = file
    if interaction.response.is_done():
        await interaction.followup.send(clip(text), **kwargs)
    else:
        await interaction.response.send_message(clip(text), **kwargs)
