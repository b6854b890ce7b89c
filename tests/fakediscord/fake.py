"""FakeDiscord: lifecycle, world setup, test actions (slash, click, ...), accessors and faults."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager, nullcontext
from typing import Any

import discord
import yarl
from aiohttp import web

from .commands import CommandRegistry
from .control import ControlMixin
from .gateway import GUILDS, Gateway
from .interactions import InteractionRecord, InteractionRoutes
from .payloads import channel_payload, guild_payload, role_payload
from .server import RequestRecord, RestApi, make_middleware
from .state import ALL_PERMISSIONS, PUBLIC_THREAD, Message, State, build_permissions, permission_bit
from .validate import walk_components


class FakeDiscord(ControlMixin):
    """A local Discord (REST + gateway on 127.0.0.1) for the real discord.py client."""

    def __init__(
        self,
        token: str = "test-token",
        *,
        bot_name: str = "Railyard",
        privileged_intents: int = 0,
        ack_deadline: float = 3.0,
        heartbeat_interval: int = 41250,
        recommended_shards: int = 1,
    ) -> None:
        self.token = token
        self.recommended_shards = recommended_shards  # GET /gateway/bot's "shards"
        self.privileged_intents = privileged_intents
        self.ack_deadline = ack_deadline
        self.state = State(bot_name)
        self.commands = CommandRegistry(self)
        self.gateway = Gateway(self, heartbeat_interval)
        self.interactions: dict[int, InteractionRecord] = {}
        self.tokens: dict[str, InteractionRecord] = {}
        self.requests: list[tuple[str, str]] = []
        self.request_log: list[RequestRecord] = []
        self.server_errors: list[str] = []
        self.denied: dict[int, set[str]] = {}
        self.bot_permissions: dict[int, int] = {}
        self.rate_limits: list[tuple[str, str | None, float]] = []
        self.inflight = 0
        self.last_activity = time.monotonic()
        self.activity = 0  # bumped by every REST request (start and end) and dispatched event
        self.clients: list[discord.Client] = []  # in-process bots started with run_bot()
        self._watchers: set[asyncio.Future[None]] = set()
        self.port = 0
        self._runner: web.AppRunner | None = None

    # -- lifecycle ------------------------------------------------------------------------------

    async def start(self, port: int = 0) -> None:
        """Listen on 127.0.0.1 with a free port (or `port`: the same one, after a stop)."""
        app = web.Application(middlewares=[make_middleware(self)], client_max_size=64 * 2**20)
        app.add_routes(InteractionRoutes(self).routes())
        app.add_routes(RestApi(self).routes())
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/resume", self.gateway.handle)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port))
        self.port = sock.getsockname()[1]
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=0.5
        )
        await self._runner.setup()
        await web.SockSite(self._runner, sock).start()

    async def stop(self) -> None:
        """Close gateway connections and the server (close the bot first)."""
        if self._runner is not None:
            await self.gateway.close_all()
            await self._runner.cleanup()
            self._runner = None

    @property
    def http_base(self) -> str:
        """http://127.0.0.1:PORT"""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        """ws://127.0.0.1:PORT"""
        return f"ws://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """Value for discord.http.Route.BASE."""
        return f"{self.http_base}/api/v10"

    @property
    def gateway_url(self) -> str:
        """Value for discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY."""
        return f"{self.ws_base}/gateway"

    @property
    def bot_user_id(self) -> int:
        """The bot's user id (also the application id)."""
        return self.state.bot.id

    @property
    def application_id(self) -> int:
        """The application id."""
        return self.state.application_id

    @contextmanager
    def patch_discord(self) -> Iterator[None]:
        """Point discord.py's REST base and default gateway at this fake, restoring them after."""
        old_base = discord.http.Route.BASE
        old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield
        finally:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    @asynccontextmanager
    async def run_bot(
        self, client: discord.Client, *, timeout: float = 60.0, patch: bool = True
    ) -> AsyncIterator[discord.Client]:
        """Start `client` against the fake, wait for its READY, and close it on exit.

        While it runs, `settle()` knows the client: it waits until the client has read every
        event sent to it and finished handling them.
        """
        with self.patch_discord() if patch else nullcontext():
            generation = self.gateway.generation
            task = asyncio.create_task(client.start(self.token))
            waiter = asyncio.create_task(self.gateway.wait_generation(generation, timeout))
            self.clients.append(client)
            try:
                await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
                if task.done():
                    waiter.cancel()
                    task.result()
                    raise AssertionError("the bot stopped before READY")
                waiter.result()
                yield client
            finally:
                waiter.cancel()
                self.clients.remove(client)
                await client.close()
                try:
                    await asyncio.wait_for(task, timeout)
                except (TimeoutError, discord.DiscordException):
                    pass

    async def wait_for_ready(self, timeout: float = 60.0) -> None:
        """Wait until the bot has IDENTIFYed (or RESUMEd) and READY was sent."""
        await self.gateway.wait_generation(-1, timeout)

    def touch(self) -> None:
        """Note activity (a request, a dispatched event) and wake everyone in wait_until()."""
        self.activity += 1
        self.last_activity = time.monotonic()
        watchers, self._watchers = self._watchers, set()
        for watcher in watchers:
            if not watcher.done():
                watcher.set_result(None)

    def watch(self) -> asyncio.Future[None]:
        """A future that completes at the next touch()."""
        watcher: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._watchers.add(watcher)
        return watcher

    # -- world setup ----------------------------------------------------------------------------

    def _connected(self) -> bool:
        """Whether a bot session exists (events about new objects must be dispatched)."""
        return bool(self.gateway.live_sessions())

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> int:
        """Create a guild (the bot is a member with all permissions); returns its id.

        `shard=(i, count)` gives it an id that Discord's rule puts on shard i of count.
        """
        guild = self.state.new_guild(name, shard=shard)
        if self._connected():
            self.gateway.dispatch("GUILD_CREATE", guild_payload(self.state, guild), intent=GUILDS,
                                  guild_id=guild.id)
        return guild.id

    def add_channel(self, guild_id: int, name: str, *, topic: str | None = None) -> int:
        """Create a text channel in a guild; returns its id."""
        assert guild_id in self.state.guilds, f"unknown guild {guild_id}"
        channel = self.state.new_channel(guild_id, name, topic=topic)
        if self._connected():
            self.gateway.dispatch(
                "CHANNEL_CREATE", channel_payload(self.state, channel), intent=GUILDS,
                guild_id=guild_id,
            )
        return channel.id

    def add_thread(
        self, channel_id: int, name: str, *, kind: int = PUBLIC_THREAD, owner_id: int | None = None
    ) -> int:
        """Create a thread (public by default) in a text channel; returns its id."""
        parent = self.state.channels[channel_id]
        assert parent.type == 0, "threads live in text channels"
        thread = self.state.new_channel(
            parent.guild_id, name, kind, parent_id=parent.id, owner_id=owner_id or self.state.bot.id
        )
        if self._connected():
            data = channel_payload(self.state, thread)
            data["newly_created"] = True
            self.gateway.dispatch("THREAD_CREATE", data, intent=GUILDS,
                                  guild_id=parent.guild_id)
        return thread.id

    def add_user(
        self, name: str, guild_id: int | None = None, permissions: int | None = None, **flags: bool
    ) -> int:
        """Create a user, optionally a guild member with permissions (int and/or flags)."""
        user = self.state.new_user(name)
        if guild_id is not None:
            self.add_member(user.id, guild_id, permissions, **flags)
        return user.id

    def add_member(
        self, user_id: int, guild_id: int, permissions: int | None = None, **flags: bool
    ) -> None:
        """Make a user a member of a guild (default: a normal member without Manage Channels)."""
        perms = build_permissions(permissions, flags)
        _, role = self.state.add_member(guild_id, user_id, perms)
        if role is not None and self._connected():
            data = {"guild_id": str(guild_id), "role": role_payload(role)}
            self.gateway.dispatch("GUILD_ROLE_CREATE", data, intent=GUILDS, guild_id=guild_id)

    def set_bot_permissions(self, channel_id: int, permissions: int) -> None:
        """Set the app_permissions sent in interactions in that channel."""
        self.bot_permissions[channel_id] = int(permissions)

    def app_permissions(self, channel_id: int) -> int:
        """The bot's permissions in a channel (threads inherit their parent's setting)."""
        parent = self.state.channels[channel_id].parent_id
        default = self.bot_permissions.get(parent, ALL_PERMISSIONS) if parent else ALL_PERMISSIONS
        perms = self.bot_permissions.get(channel_id, default)
        for name in self.denied.get(channel_id, set()):
            perms &= ~permission_bit(name)
        return perms

    # -- accessors ------------------------------------------------------------------------------

    def message(self, message_id: int) -> Message:
        """Any stored message by id (including deleted and ephemeral ones)."""
        msg = self.state.messages.get(int(message_id))
        assert msg is not None, f"unknown message {message_id}"
        return msg

    def channel_messages(self, channel_id: int) -> list[Message]:
        """Non-ephemeral, non-deleted messages of a channel in order, in their current state."""
        return self.state.visible(channel_id)

    def ephemerals(self, user_id: int) -> list[Message]:
        """Ephemeral messages shown to a user, in order."""
        msgs = (self.state.messages[m] for m in self.state.order)
        return [m for m in msgs if m.ephemeral and m.viewer_id == user_id and not m.deleted]

    def attachment_bytes(self, attachment: Any) -> bytes:
        """Uploaded bytes of an attachment (dict, discord.Attachment or id)."""
        if isinstance(attachment, dict):
            key = attachment["id"]
        else:
            key = getattr(attachment, "id", attachment)
        data = self.state.blobs.get(int(key))
        assert data is not None, f"unknown attachment {key}"
        return data

    def custom_ids(self, message: Message | int) -> list[str]:
        """Every custom_id in a message's components."""
        msg = message if isinstance(message, Message) else self.message(message)
        return [c["custom_id"] for c in walk_components(msg.components) if c.get("custom_id")]

    # -- faults ---------------------------------------------------------------------------------

    async def disconnect_bot(self, resume: bool = True, *, timeout: float = 60.0) -> None:
        """Drop the bot's connection (close 4000) or invalidate its session (op 9); wait back.

        discord.py sleeps 5 s in `Client.before_identify_hook` before a re-IDENTIFY; test bots
        should override that hook to make `resume=False` fast.
        """
        generation = self.gateway.generation
        if resume:
            self.gateway.close_current(4000)
        else:
            self.gateway.invalidate_current()
        await self.gateway.wait_generation(generation, timeout)

    def rate_limit_next(
        self, route_substring: str, retry_after: float = 0.2, *, method: str | None = None
    ) -> None:
        """Answer the next matching REST request with a 429 (then behave normally)."""
        self.rate_limits.append((route_substring, method, retry_after))

    def take_rate_limit(self, method: str, path: str) -> float | None:
        """Pop the injected 429 matching a request, returning its retry_after."""
        for i, (substring, want, retry_after) in enumerate(self.rate_limits):
            if substring in path and (want is None or want.upper() == method):
                del self.rate_limits[i]
                return retry_after
        return None

    def close_dms(self, user_id: int) -> None:
        """Make messages to this user's DM channel fail with 403 / 50007."""
        self.state.users[user_id].dms_closed = True

    def deny(self, channel_id: int, permission: str) -> None:
        """Refuse the bot's channel message POSTs (send_messages) or uploads (attach_files)."""
        permission_bit(permission)
        self.denied.setdefault(channel_id, set()).add(permission)

    def allow(self, channel_id: int, permission: str) -> None:
        """Undo deny()."""
        self.denied.get(channel_id, set()).discard(permission)
