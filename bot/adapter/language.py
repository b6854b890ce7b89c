"""The reader's language for everything an interaction answers in private.

Set once at the start of the task that handles the interaction (a slash command, an
autocomplete, a button or menu): the context variable lives as long as that task, and the
threads it hands work to (`asyncio.to_thread`) inherit it.
"""

from __future__ import annotations

import time
from typing import Any

import discord

from bot.tables.language import personal_language
from rules.core.lang import use

PREFS_FOR = 60.0  # seconds a person's stored choice is trusted without reading it again
_chosen: dict[int, tuple[float, str | None]] = {}  # user id: (read at, chosen language)


def remember_choice(user_id: int, code: str | None) -> None:
    """A person just chose (or cleared) their language: use it at once in this process."""
    _chosen[user_id] = (time.monotonic(), code)


async def speak_to(interaction: discord.Interaction[Any]) -> str:
    """Speak, for the rest of this task, the language of the person who interacted."""
    user = interaction.user.id
    seen = _chosen.get(user)
    if seen is None or time.monotonic() - seen[0] > PREFS_FOR:
        store = getattr(getattr(interaction.client, "service", None), "store", None)
        try:
            prefs = await store.prefs(user) if store is not None else {}
        except Exception:  # storage down: answer in the client's language; the command reports it
            prefs = {}
        seen = (time.monotonic(), prefs.get("language"))
        if len(_chosen) > 50_000:  # a bounded memory: forget everyone, read again
            _chosen.clear()
        _chosen[user] = seen
    locale = getattr(interaction, "locale", None)
    return use(personal_language({"language": seen[1]}, str(locale.value) if locale else None))
