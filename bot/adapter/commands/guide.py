"""`/game rules` (how to play, a page at a time) and `/game explain` (any card, tile or term)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

import rules
from bot.adapter.commands.group import game_group
from bot.adapter.commands.lobby import GAME_CHOICES
from bot.adapter.host import host_of
from bot.adapter.replies import FIELD_LIMIT, NO_PINGS, guarded, quiet_autocomplete, reply
from bot.tables import presenters
from bot.tables.guide_pages import rules_pages
from rules.core.lang import tr


async def _game_here(interaction: discord.Interaction[Any], game: str | None) -> str:
    """The game asked for, else the one in this channel, else the first of the catalog."""
    if game:
        return game
    row = await host_of(interaction).service.store.open_game(interaction.channel_id or 0)
    return row.game_id if row else str(rules.catalog()[0]["id"])


class RulesPage(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=r"ry:h:(?P<game>[a-z0-9-]+):(?P<page>\d+)"):
    """Turns the private rules message to another page."""

    def __init__(self, game_id: str, page: int, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"ry:h:{game_id}:{page}"))
        self.game_id, self.page = game_id, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> RulesPage:
        """Rebuild the button from a click."""
        return cls(match["game"], int(match["page"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show that page in place."""
        try:
            text, view = rules_page(self.game_id, self.page)
        except (ValueError, IndexError):
            await reply(interaction, tr("That rules page is gone; ask `/game rules` again."))
            return
        await interaction.response.edit_message(content=text, view=view,
                                                allowed_mentions=NO_PINGS)


def rules_page(game_id: str, page: int) -> tuple[str, discord.ui.View]:
    """One page of a game's rules, with buttons to the pages around it."""
    pages = rules_pages(game_id, "discord")
    page = max(0, min(page, len(pages) - 1))
    view = discord.ui.View(timeout=None)
    if page > 0:
        view.add_item(RulesPage(game_id, page - 1, tr("◀ Previous")))
    if page < len(pages) - 1:
        view.add_item(RulesPage(game_id, page + 1, tr("Next ▶")))
    return pages[page], view


@game_group.command(name="rules", description="How to play, page by page (only to you)")
@app_commands.describe(game="Which game (default: the one here)")
@app_commands.choices(game=GAME_CHOICES)
async def rules_help(interaction: discord.Interaction[Any], game: str | None = None) -> None:
    """The how-to-play of a game, first page, with buttons to turn pages."""
    text, view = rules_page(await _game_here(interaction, game), 0)
    await reply(interaction, text, view)


@game_group.command(name="explain", description="What a card, tile, action or term means")
@app_commands.describe(topic="Start typing: cards, tiles, actions, terms of the game",
                       game="Which game (default: the one here)")
@app_commands.choices(game=GAME_CHOICES)
async def explain(interaction: discord.Interaction[Any], topic: str,
                  game: str | None = None) -> None:
    """Explain one topic of the game, privately."""
    await reply(interaction, presenters.explain_text(await _game_here(interaction, game), topic))


@explain.autocomplete("topic")
@quiet_autocomplete
async def topic_autocomplete(interaction: discord.Interaction[Any],
                             current: str) -> list[app_commands.Choice[str]]:
    """The topics of the game here whose name (or text) holds what was typed."""
    game = getattr(interaction.namespace, "game", None)
    guide = rules.guide(await _game_here(interaction, game))
    return [app_commands.Choice(name=t.name[:100], value=t.name[:100])
            for t in guide.search(current[:FIELD_LIMIT])][:25]
