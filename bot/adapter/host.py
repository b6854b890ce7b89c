"""What commands, buttons and the scheduler may ask of the running bot (`interaction.client`).

A Protocol, so that the handlers name the bot without importing `client.py`, which imports
them all to register them: the imports point one way (client -> commands, components -> host).
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import discord

from bot.ops.pictures import Pictures
from bot.store import GameRow
from bot.tables.computers import ComputerSeats
from bot.tables.presenters import display
from bot.tables.seats import SeatService
from bot.tables.service import GameService, MoveReport


class Flows(Protocol):
    """The bot's request, snooze, catch-up and panel handlers (adapter/flows.py)."""

    async def answer_request(self, interaction: discord.Interaction[Any], request_id: int,
                             choice: str) -> None: ...

    async def snooze(self, interaction: discord.Interaction[Any], game_pk: int, version: int,
                     seat: int) -> None: ...

    async def catch_up(self, interaction: discord.Interaction[Any],
                       game_pk: int | None) -> None: ...

    async def panel(self, interaction: discord.Interaction[Any], game_pk: int) -> None: ...


class Host(Protocol):
    """The Railyard bot as its handlers see it (RailyardBot in adapter/client.py)."""

    @property
    def service(self) -> GameService: ...

    @property
    def seats(self) -> SeatService: ...

    @property
    def computers(self) -> ComputerSeats: ...

    @property
    def flows(self) -> Flows: ...

    @property
    def pictures(self) -> Pictures: ...

    async def play(self, interaction: discord.Interaction[Any], text: str,
                   expected_version: int | None = None) -> None: ...

    async def play_component(self, interaction: discord.Interaction[Any], game_pk: int,
                             version: int, *, index: int | None = None,
                             text: str | None = None, check: int | None = None) -> None: ...

    async def open_group(self, interaction: discord.Interaction[Any], game_pk: int,
                         version: int, seat: int, group: str) -> None: ...

    async def lobby_component(self, interaction: discord.Interaction[Any], game_pk: int,
                              what: str) -> None: ...

    async def join(self, interaction: discord.Interaction[Any]) -> None: ...

    async def leave(self, interaction: discord.Interaction[Any]) -> None: ...

    async def add_computer(self, interaction: discord.Interaction[Any],
                           level: str = "normal") -> None: ...

    async def start_game(self, interaction: discord.Interaction[Any]) -> None: ...

    async def publish(self, interaction: discord.Interaction[Any],
                      report: MoveReport) -> None: ...

    async def post(self, interaction: discord.Interaction[Any], content: str,
                   view: discord.ui.View | None = None, *,
                   channel_id: int | None = None) -> None: ...

    async def post_lobby(self, interaction: discord.Interaction[Any], game: GameRow, *,
                         channel_id: int | None = None) -> None: ...

    async def run_computers(self, game_pk: int, channel_id: int) -> None: ...

    def handles(self, guild_id: int | None) -> bool: ...

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None,
                                ) -> discord.PartialMessageable: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    async def wait_until_ready(self) -> None: ...


def host_of(interaction: discord.Interaction[Any]) -> Host:
    """The Railyard bot behind an interaction."""
    return cast(Host, interaction.client)


def display_name(user: discord.abc.User) -> str:
    """The name shown in games: the server nickname or global name, never a mention."""
    return display(user)


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    """Whether the member may manage this channel (admins and moderators)."""
    return bool(interaction.permissions.manage_channels)
