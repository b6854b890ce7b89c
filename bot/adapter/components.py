"""Buttons and select menus for the decision at hand; they keep working after a restart.

Each custom id carries the game and the version it was made for, so a click on an old board
is refused as stale instead of playing a move the player never saw.
"""

from __future__ import annotations

import re
import zlib
from typing import TYPE_CHECKING, Any

import discord

from bot.adapter.replies import guarded
from bot.tables.presenters import short
from rules.core.lang import tr

if TYPE_CHECKING:
    from bot.adapter.host import Host

def action_check(action: str) -> int:
    """A short checksum of an action's text, carried by its button."""
    return zlib.crc32(action.encode()) & 0xFFFF


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"ry:b:(?P<game>\d+):(?P<version>\d+):(?P<index>\d+)"
                            r"(?::(?P<check>\d+))?"):
    """One legal action as a button.

    Besides the game and version it carries the action's index and a checksum of its text, so
    a button can never play another action than the one its label named, even after an update
    of the bot changed the order of the choices (buttons made before checksums have none).
    """

    def __init__(self, game_pk: int, version: int, index: int, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary,
                 check: int | None = None) -> None:
        tail = "" if check is None else f":{check}"
        super().__init__(discord.ui.Button(
            label=short(label, 80), style=style,
            custom_id=f"ry:b:{game_pk}:{version}:{index}{tail}"))
        self.game_pk, self.version, self.index, self.check = game_pk, version, index, check

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> ActionButton:
        """Rebuild the button from a click, also on messages made before a restart."""
        label = getattr(item, "label", None) or "…"
        check = None if match["check"] is None else int(match["check"])
        return cls(int(match["game"]), int(match["version"]), int(match["index"]), label,
                   check=check)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Play the action this button stands for."""
        bot: Host = interaction.client
        await bot.play_component(interaction, self.game_pk, self.version, index=self.index,
                                 check=self.check)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=r"ry:s:(?P<game>\d+):(?P<version>\d+):(?P<part>\d+)"):
    """Up to 25 legal actions in one select menu: labels for people, actions as values."""

    def __init__(self, game_pk: int, version: int, part: int,
                 options: list[tuple[str, str]] | None = None,
                 placeholder: str | None = None) -> None:
        placeholder = placeholder or tr("Choose your move…")
        choices = [discord.SelectOption(label=short(label, 100) or "…", value=action[:100])
                   for action, label in options or []]
        super().__init__(discord.ui.Select(
            custom_id=f"ry:s:{game_pk}:{version}:{part}", placeholder=placeholder[:150],
            options=choices or [discord.SelectOption(label="…", value="…")]))
        self.game_pk, self.version = game_pk, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> ActionSelect:
        """Rebuild the menu from a choice."""
        return cls(int(match["game"]), int(match["version"]), int(match["part"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Play the chosen action."""
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        bot: Host = interaction.client
        await bot.play_component(interaction, self.game_pk, self.version,
                                 text=str(values[0]) if values else "")


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"ry:l:(?P<game>\d+):(?P<what>join|leave|start|computer)"):
    """Join, leave, add a computer player or start a game from its lobby message."""

    def __init__(self, game_pk: int, what: str) -> None:
        style = discord.ButtonStyle.success if what == "start" else discord.ButtonStyle.secondary
        if what == "join":
            style = discord.ButtonStyle.primary
        labels = {"join": tr("Join"), "leave": tr("Leave"), "start": tr("Start"),
                  "computer": tr("Add computer")}
        super().__init__(discord.ui.Button(label=labels[what], style=style,
                                           custom_id=f"ry:l:{game_pk}:{what}"))
        self.game_pk, self.what = game_pk, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> LobbyButton:
        """Rebuild the button from a click."""
        return cls(int(match["game"]), match["what"])

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Run the lobby command this button stands for."""
        bot: Host = interaction.client
        await bot.lobby_component(interaction, self.game_pk, self.what)


def lobby_view(game_pk: int) -> discord.ui.View:
    """Join / Leave / Add computer / Start buttons."""
    view = discord.ui.View(timeout=None)
    for what in ("join", "leave", "computer", "start"):
        view.add_item(LobbyButton(game_pk, what))
    return view


class RequestButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"ry:r:(?P<request>\d+):(?P<choice>[a-z]+)"):
    """An answer to a question put to the table (undo consent, seat handover, a late player)."""

    def __init__(self, request_id: int, choice: str, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary) -> None:
        super().__init__(discord.ui.Button(label=short(label, 80), style=style,
                                           custom_id=f"ry:r:{request_id}:{choice}"))
        self.request_id, self.choice = request_id, choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> RequestButton:
        """Rebuild the button from a click."""
        label = getattr(item, "label", None) or "…"
        return cls(int(match["request"]), match["choice"], label)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Record the answer."""
        bot: Host = interaction.client
        await bot.flows.answer_request(interaction, self.request_id, self.choice)


def request_view(request_id: int, choices: list[tuple[str, str, bool]]) -> discord.ui.View:
    """Buttons for a table question: (choice id, label, is the main choice)."""
    view = discord.ui.View(timeout=None)
    for choice, label, main in choices:
        style = discord.ButtonStyle.primary if main else discord.ButtonStyle.secondary
        view.add_item(RequestButton(request_id, choice, label, style))
    return view


class CatchUpButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"ry:c:(?P<game>\d+)"):
    """Shows the clicker, privately, what happened since their last move."""

    def __init__(self, game_pk: int) -> None:
        super().__init__(discord.ui.Button(label=tr("What happened since my last move?"),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"ry:c:{game_pk}"))
        self.game_pk = game_pk

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> CatchUpButton:
        """Rebuild the button from a click."""
        return cls(int(match["game"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Answer privately."""
        bot: Host = interaction.client
        await bot.flows.catch_up(interaction, self.game_pk)


def catch_up_view(game_pk: int) -> discord.ui.View:
    """The catch-up button alone."""
    view = discord.ui.View(timeout=None)
    view.add_item(CatchUpButton(game_pk))
    return view


class SnoozeButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"ry:z:(?P<game>\d+):(?P<version>\d+):(?P<seat>\d+)"):
    """Puts the next reminder off by one reminder interval (for the reminded player only).

    Its `version` is the wait (`GameRow.wait`) the reminder was sent for.
    """

    def __init__(self, game_pk: int, version: int, seat: int) -> None:
        super().__init__(discord.ui.Button(label=tr("Snooze"), style=discord.ButtonStyle.secondary,
                                           custom_id=f"ry:z:{game_pk}:{version}:{seat}"))
        self.game_pk, self.version, self.seat = game_pk, version, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> SnoozeButton:
        """Rebuild the button from a click."""
        return cls(int(match["game"]), int(match["version"]), int(match["seat"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Record the snooze."""
        bot: Host = interaction.client
        await bot.flows.snooze(interaction, self.game_pk, self.version, self.seat)


def snooze_view(game_pk: int, version: int, seat: int) -> discord.ui.View:
    """The snooze button of a reminder."""
    view = discord.ui.View(timeout=None)
    view.add_item(SnoozeButton(game_pk, version, seat))
    return view


class PanelButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"ry:p:(?P<game>\d+)"):
    """Opens the clicker's private panel: their hand and, when due, their choices."""

    def __init__(self, game_pk: int) -> None:
        super().__init__(discord.ui.Button(label=tr("My hand & moves"),
                                           style=discord.ButtonStyle.primary,
                                           custom_id=f"ry:p:{game_pk}"))
        self.game_pk = game_pk

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> PanelButton:
        """Rebuild the button from a click."""
        return cls(int(match["game"]))

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the private panel."""
        bot: Host = interaction.client
        await bot.flows.panel(interaction, self.game_pk)


def panel_view(game_pk: int) -> discord.ui.View:
    """The public board's button for games with hidden hands."""
    view = discord.ui.View(timeout=None)
    view.add_item(PanelButton(game_pk))
    return view
