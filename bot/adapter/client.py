"""The Discord client: wiring of commands, persistent components and the shared move flow."""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import discord
import yarl
from discord.ext import commands

from bot.adapter.announce import announce
from bot.adapter.components import (
    ActionButton,
    ActionSelect,
    CatchUpButton,
    LobbyButton,
    PanelButton,
    RequestButton,
    SnoozeButton,
    action_check,
    lobby_view,
)
from bot.adapter.flows import TableFlows
from bot.adapter.host import can_manage, display_name
from bot.adapter.inflight import InFlight
from bot.adapter.menus import GroupSelect, group_view
from bot.adapter.replies import NO_PINGS, refusal, reply, stale, too_long
from bot.adapter.scheduler import Scheduler
from bot.adapter.tree import RailyardTree
from bot.ops import metrics
from bot.ops.health import Heartbeat
from bot.ops.pictures import IN_THREADS, Pictures
from bot.ops.settings import shard_of
from bot.store import GameRow, StorageFailure
from bot.tables import presenters
from bot.tables.computers import ComputerSeats
from bot.tables.language import game_language
from bot.tables.seats import SeatService
from bot.tables.service import GameError, GameService, MoveReport
from rules.core.lang import Msg, say, speaking, tr

log = logging.getLogger(__name__)
COMPUTER_STEPS = 500  # saved steps of computer moves in a row before the scheduler takes over


class RailyardBot(commands.AutoShardedBot):
    """Railyard on Discord: slash commands, buttons, and a game service behind them.

    Sharded (discord.py's AutoShardedBot): without `shard_count` it runs every shard Discord
    recommends; with `shard_ids` only those, beside other processes running the rest.
    """

    def __init__(self, service: GameService, *, sync_guild: int | None = None,
                 run_scheduler: bool = True, health_file: Path | None = None,
                 pictures: Pictures | None = None, **options: Any) -> None:
        intents = discord.Intents.default()  # no privileged intents are needed
        # No message of the bot pings anyone unless it names who, message by message.
        options.setdefault("allowed_mentions", NO_PINGS)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, tree_cls=RailyardTree, **options)
        self.service = service
        self.seats = SeatService(service)
        self.computers = ComputerSeats(service)
        self.flows = TableFlows(self)
        self.sync_guild = sync_guild
        self.scheduler = Scheduler(self)
        self.run_scheduler = run_scheduler
        self.health_file = health_file  # the heartbeat a container's health check reads
        self._heartbeat = Heartbeat(health_file, self.connected) if health_file else None
        self._beat: asyncio.Task[None] | None = None
        self.inflight = InFlight()  # interactions being handled: a stop lets them finish
        # Pictures are drawn by worker processes of the bot's own (started and stopped with
        # it), else on threads of this process (tests, and a bot built without a pool).
        self.pictures = pictures or IN_THREADS
        service.on_frozen = self._tell_frozen

    async def _tell_frozen(self, game: GameRow, why: Msg | str) -> None:
        """Say in the game's channel, once, that its saved log no longer replays."""
        try:
            channel = self.get_channel(game.channel_id) or await self.fetch_channel(
                game.channel_id)
            if isinstance(channel, discord.abc.Messageable):
                with speaking(game_language(game)):  # the channel reads the game's language
                    text = presenters.clip(say(why))
                await channel.send(text, allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            log.warning("could not tell channel %s that game %s is frozen", game.channel_id,
                        game.id)

    async def setup_hook(self) -> None:
        """Open the store, register commands and components, sync the command tree."""
        from bot.adapter.commands import all_commands
        from bot.adapter.commands.guide import RulesPage
        from bot.adapter.translator import CatalogueTranslator

        await self.service.store.open()
        if self.pictures is not IN_THREADS:
            workers = await self.pictures.start()  # warm before the first move, not at it
            log.info("pictures are drawn by %d worker processes", len(workers))
        metrics.watch_bot(self)  # gateway latency and open games, read when scraped
        await self.tree.set_translator(CatalogueTranslator())
        for command in all_commands():
            self.tree.add_command(command)
        self.add_dynamic_items(ActionButton, ActionSelect, LobbyButton, RequestButton,
                               CatchUpButton, SnoozeButton, PanelButton, GroupSelect,
                               RulesPage)
        if self.run_scheduler:
            self.scheduler.start()
        if self._heartbeat is not None:
            self._beat = asyncio.create_task(self._heartbeat.forever())
        if self.shard_ids is not None and 0 not in self.shard_ids:
            return  # the process running shard 0 registers the commands, once for all
        if self.sync_guild:
            guild = discord.Object(self.sync_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    def handles(self, guild_id: int | None) -> bool:
        """True when this process runs the shard that carries the guild (its games are ours)."""
        if self.shard_count is None or self.shard_ids is None:
            return True  # every shard runs here
        return shard_of(guild_id, self.shard_count) in self.shard_ids

    def connected(self) -> bool:
        """Whether every shard of this process holds a live gateway connection."""
        if self.inflight.closed or not self.is_ready() or self.is_closed() or not self.shards:
            return False
        if any(shard.is_closed() for shard in self.shards.values()):
            return False
        return math.isfinite(self.latency)

    async def _beat_now(self) -> None:
        """Write the heartbeat at once (a connection came or went), not at the next beat."""
        if self._heartbeat is not None:
            await self._heartbeat.beat()

    async def on_ready(self) -> None:
        """Every shard is connected: say so in the heartbeat at once."""
        await self._beat_now()

    async def on_shard_disconnect(self, shard_id: int) -> None:
        """A shard lost Discord: the health check fails until it is back."""
        log.warning("shard %s lost its gateway connection", shard_id)
        await self._beat_now()

    async def on_shard_resumed(self, shard_id: int) -> None:
        """A shard is back on its old session."""
        log.info("shard %s resumed", shard_id)
        await self._beat_now()

    async def on_shard_ready(self, shard_id: int) -> None:
        """A shard is back with a new session."""
        await self._beat_now()

    async def shutdown(self, grace: float = 7.0) -> None:
        """A clean stop: take no new interactions, let those in flight and the scheduler's
        current check finish (at most `grace` seconds), then close."""
        self.inflight.close()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace
        await self.scheduler.stop(grace)
        if not await self.inflight.drained(max(0.0, deadline - loop.time())):
            log.warning("stopping with %d requests unfinished", self.inflight.count)
        await self.close()

    async def close(self) -> None:
        """Stop the scheduler and the heartbeat, close Discord, then the store."""
        self.inflight.close()
        if self._beat is not None:
            self._beat.cancel()
        await self.scheduler.stop()
        await super().close()
        await self._beat_now()  # closed now: the beat says not connected
        await self.service.live.settle()  # snapshots being written (only a cache, but whole)
        await self.service.store.close()
        if self.pictures is not IN_THREADS:
            await self.pictures.close()

    # -- shared flows --------------------------------------------------------------------------
    async def play(self, interaction: discord.Interaction[Any], text: str,
                   expected_version: int | None = None) -> None:
        """Apply a move for the user and announce it; refusals are private and change nothing."""
        long = too_long(text)
        if long is not None:  # refused before the rules read it: nothing they say can overflow
            await reply(interaction, long)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            report = await self.service.act(interaction.channel_id or 0, interaction.user.id,
                                            text, expected_version)
        except GameError as exc:
            await reply(interaction, refusal(str(exc)))
            return
        try:
            await self._confirm(interaction, report)
        except Exception as exc:  # the move is saved: never say that nothing was
            await self._after_save_failed(interaction, exc)
            return
        await self.publish(interaction, report)

    async def _confirm(self, interaction: discord.Interaction[Any], report: MoveReport) -> None:
        """The mover's private confirmation (with their next private choice, if any)."""
        seat = report.played[0][0] if report.played else None
        done = presenters.played_text(report)
        if report.match.info.hidden_information and seat in report.match.to_act():
            # Still this player's turn: show the next private choice at once.
            panel, view = await self.flows.private_panel(report.game.id, seat)
            await reply(interaction, f"{done}\n{panel}", view)
        else:
            await reply(interaction, done)

    async def publish(self, interaction: discord.Interaction[Any],
                      report: MoveReport) -> None:
        """Post a saved move's boards, then let the computers due play theirs."""
        channel = self.get_partial_messageable(interaction.channel_id or 0)
        try:
            await announce(self.service.store, channel, report, self.pictures)
        except discord.Forbidden:
            await reply(interaction, tr("Your move is saved, but I may not post in this "
                                        "channel: give me Send Messages and Attach Files "
                                        "here."))
            return
        except Exception as exc:  # the move is saved: never say that nothing was
            await self._after_save_failed(interaction, exc)
            return
        await self.run_computers(report.game.id, report.game.channel_id)

    async def run_computers(self, game_pk: int, channel_id: int) -> None:
        """The computer's moves due now, each step saved and published like a player's.

        A failure here is logged and left to the scheduler's next check, which plays on."""
        channel = self.get_partial_messageable(channel_id)
        try:
            for _ in range(COMPUTER_STEPS):
                report = await self.computers.play(game_pk)
                if report is None:
                    return
                await announce(self.service.store, channel, report, self.pictures)
        except GameError as exc:
            log.info("computer of game %s: %s", game_pk, exc)
        except Exception:
            log.exception("computer of game %s failed; the scheduler tries again", game_pk)

    @staticmethod
    async def _after_save_failed(interaction: discord.Interaction[Any],
                                 exc: Exception) -> None:
        """A failure once the move is saved: log it, and tell the player it did count."""
        if isinstance(exc, StorageFailure):
            log.warning("after a saved move: storage failure: %s", exc)
        else:
            log.error("after a saved move", exc_info=exc)
        try:
            await reply(interaction, tr("Your move is saved, but I could not show all of it; "
                                        "`/game status` and `/game board` show where things "
                                        "stand."))
        except discord.HTTPException as failed:
            log.warning("could not say the move was saved: %s", failed)

    async def play_component(self, interaction: discord.Interaction[Any], game_pk: int,
                             version: int, *, index: int | None = None,
                             text: str | None = None, check: int | None = None) -> None:
        """A button or menu choice: check it belongs to this game and position, then play it."""
        game = await self.service.store.open_game(interaction.channel_id or 0)
        if game is None or game.id != game_pk:
            await reply(interaction, stale())
            return
        expected: int | None = version
        if game.version != version:
            # The newest board may still show the last version's choices for a moment (its
            # edit is on the way): a pick there is played if it is still open, and refused
            # for the rules' own reason if not. Older boards' choices stay stale.
            message = interaction.message
            since = await self.service.store.actions(game.id, since=version)
            if (message is None or message.id != game.board_message_id
                    or any(a.user_id == interaction.user.id for a in since)):
                await reply(interaction, stale())  # (a second click of a move already made)
                return
            expected = None
        if index is not None:
            try:
                match = await self.service.match_of(game)
                seat = next(s.seat for s in game.seats if s.user_id == interaction.user.id)
                legal = match.legal(seat)
                if expected is None and check is not None:
                    text = next(a for a in legal if action_check(a) == check)
                else:
                    text = legal[index]
            except (StopIteration, IndexError):
                text = "\u0000"  # the service refuses it with the right reason
            if check is not None and text != "\u0000" and action_check(text) != check:
                await reply(interaction, stale())
                return
        await self.play(interaction, text or "", expected_version=expected)

    async def open_group(self, interaction: discord.Interaction[Any], game_pk: int,
                         version: int, seat: int, group: str) -> None:
        """A group picked in a long decision's first menu: its choices, privately."""
        game = await self.service.store.open_game(interaction.channel_id or 0)
        if game is None or game.id != game_pk or game.version != version:
            await reply(interaction, stale())
            return
        if next((s.seat for s in game.seats if s.user_id == interaction.user.id), None) != seat:
            await reply(interaction, tr("These choices belong to another player."))
            return
        match = await self.service.match_of(game)
        found = group_view(game.id, game.version, match, seat, group)
        if found is None:
            await reply(interaction, stale())
            return
        name, view = found
        await reply(interaction, f"**{name}** — {match.prompt(seat)}", view)

    async def lobby_component(self, interaction: discord.Interaction[Any], game_pk: int,
                              what: str) -> None:
        """The lobby buttons run the same code as `/game join|leave|start`."""
        game = await self.service.store.open_game(interaction.channel_id or 0)
        if game is None or game.id != game_pk:
            await reply(interaction, tr("That lobby is closed."))
            return
        if what == "join":
            await self.join(interaction)
        elif what == "leave":
            await self.leave(interaction)
        elif what == "computer":
            await self.add_computer(interaction)
        else:
            await self.start_game(interaction)

    async def join(self, interaction: discord.Interaction[Any]) -> None:
        """Take a seat in the lobby."""
        await self._lobby_change(interaction, tr("You joined the game."), lambda channel, user: (
            self.service.join(channel, user, display_name(interaction.user))))

    async def add_computer(self, interaction: discord.Interaction[Any],
                           level: str = "normal") -> None:
        """Seat a computer player at `level` in the lobby."""
        manages = can_manage(interaction)
        await self._lobby_change(interaction, tr("A computer player takes a seat."),
                                 lambda channel, user: self.computers.add(channel, user, manages,
                                                                          level))

    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        """Leave the lobby."""
        await self._lobby_change(interaction, tr("You left the game."), self.service.leave)

    async def _lobby_change(self, interaction: discord.Interaction[Any], done: str,
                            change: Callable[[int, int], Awaitable[GameRow]]) -> None:
        """A change of the lobby's seats: a private answer, then the lobby posted anew."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            game = await change(interaction.channel_id or 0, interaction.user.id)
        except GameError as exc:
            await reply(interaction, refusal(str(exc)))
            return
        await reply(interaction, done)
        await self.post_lobby(interaction, game)

    async def post_lobby(self, interaction: discord.Interaction[Any], game: GameRow, *,
                         channel_id: int | None = None) -> None:
        """The lobby posted anew in the game's channel, in the game's language."""
        with speaking(game_language(game)):
            text, view = presenters.lobby_message(game), lobby_view(game.id)
        await self.post(interaction, text, view, channel_id=channel_id)

    async def start_game(self, interaction: discord.Interaction[Any]) -> None:
        """Start the game: post the first board and ping the first player."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            report = await self.service.start(interaction.channel_id or 0, interaction.user.id,
                                              can_manage(interaction))
        except GameError as exc:
            await reply(interaction, refusal(str(exc)))
            return
        await reply(interaction, tr("The game has started."))
        await self.publish(interaction, report)

    async def post(self, interaction: discord.Interaction[Any], content: str,
                    view: discord.ui.View | None = None, *, channel_id: int | None = None) -> None:
        """A public message in the interaction's channel (or another one), with no pings."""
        channel = self.get_partial_messageable(channel_id or interaction.channel_id or 0)
        kwargs: dict[str, Any] = {"allowed_mentions": NO_PINGS}
        if view is not None:
            kwargs["view"] = view
        try:
            await channel.send(presenters.clip(content), **kwargs)
        except discord.Forbidden:
            await reply(interaction, tr("I may not post in this channel."))


def point_discord_at(api_base: str | None, gateway_url: str | None) -> None:
    """Send discord.py's REST and gateway traffic to a local Discord-compatible server."""
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def create_bot(service: GameService, *, sync_guild: int | None = None,
               run_scheduler: bool = True, **options: Any) -> RailyardBot:
    """Build the bot without touching the network (tests pass e.g. guild_ready_timeout)."""
    return RailyardBot(service, sync_guild=sync_guild, run_scheduler=run_scheduler, **options)
