"""Slash-command descriptions, option descriptions and choice names in each language Discord
shows: read from the catalogues when the command tree is synced. Command and option names stay
as they are, so `/game new` is typed alike everywhere."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from rules.core.lang import ENGLISH, known, speaking, translated

WORDS = {Where.command_description, Where.group_description, Where.parameter_description,
         Where.choice_name}


class CatalogueTranslator(app_commands.Translator):
    """Discord asks once per text and locale; the catalogue answers, or English stays."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        """The text in `locale`'s language, or None where we have no translation."""
        code = known(locale.value)
        if context.location not in WORDS or code == ENGLISH:
            return None
        with speaking(code):
            said = translated(string.message)
        return said if said != string.message else None
