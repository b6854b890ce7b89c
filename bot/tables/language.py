"""Who reads which language: each person their own in private, the game's in the channel."""

from __future__ import annotations

from typing import Any

from babel import Locale

from bot.store.records import GameRow
from rules.core.lang import ENGLISH, known, languages


def game_language(game: GameRow | None) -> str:
    """The language a game's public posts and pictures speak (chosen at `/game new`)."""
    return known(game.settings.get("language")) if game is not None else ENGLISH


def new_game_language(guild_locale: str | None) -> str:
    """A new game speaks the server's preferred language when we have it, else English."""
    return known(guild_locale)


def personal_language(prefs: dict[str, Any], client_locale: str | None) -> str:
    """A person's language in private: the one they chose (`/me language`), else their
    Discord client's."""
    return known(prefs.get("language") or client_locale)


def language_name(code: str) -> str:
    """A language named in its own words: "English", "Français"."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def language_choices() -> list[tuple[str, str]]:
    """(name, code) of every language we speak."""
    return [(language_name(code), code) for code in languages()]
