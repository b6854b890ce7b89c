"""The aiohttp application: middleware (auth, logging, faults, errors) and bot REST routes."""

from __future__ import annotations

import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .messages import create_message, delete_message, edit_message
from .payloads import (
    application_payload,
    channel_payload,
    client_user_payload,
    guild_payload,
    member_payload,
    message_payload,
    role_payload,
    user_payload,
)
from .state import DM_CHANNEL, PRIVATE_THREAD, PUBLIC_THREAD, Channel, Message
from .wire import ApiError, guess_type, json_response, no_content, read_body, unknown

if TYPE_CHECKING:
    from .fake import FakeDiscord

API = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
UNAUTHENTICATED = (API + "/interactions/", API + "/webhooks/")


@dataclass
class RequestRecord:
    """One HTTP request the bot made."""

    method: str
    path: str
    status: int
    query: dict[str, str]


def _id(request: web.Request, key: str) -> int:
    """An integer path parameter (404 when not a snowflake)."""
    raw = request.match_info[key]
    if not raw.isdigit():
        raise ApiError(404, 0, "404: Not Found")
    return int(raw)


class RestApi:
    """Bot-authenticated REST routes plus attachment serving."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.state = fake.state

    def routes(self) -> list[web.RouteDef]:
        """aiohttp route table."""
        c = API + "/channels/{cid}"
        m = c + "/messages/{mid}"
        return [
            web.get(API + "/users/@me", self.me),
            web.get(API + "/gateway/bot", self.gateway_bot),
            web.get(API + "/oauth2/applications/@me", self.application),
            web.get(API + "/applications/@me", self.application),
            web.get(API + "/applications/{app}/commands", self.get_commands),
            web.put(API + "/applications/{app}/commands", self.put_commands),
            web.post(API + "/applications/{app}/commands", self.post_command),
            web.get(API + "/applications/{app}/guilds/{gid}/commands", self.get_commands),
            web.put(API + "/applications/{app}/guilds/{gid}/commands", self.put_commands),
            web.post(API + "/applications/{app}/guilds/{gid}/commands", self.post_command),
            web.get(c, self.get_channel),
            web.get(c + "/messages", self.history),
            web.post(c + "/messages", self.send),
            web.get(m, self.get_message),
            web.patch(m, self.edit),
            web.delete(m, self.delete),
            web.post(c + "/typing", self.typing),
            web.put(c + "/pins/{mid}", self.pin),
            web.put(c + "/messages/pins/{mid}", self.pin),
            web.delete(c + "/pins/{mid}", self.pin),
            web.delete(c + "/messages/pins/{mid}", self.pin),
            web.put(m + "/reactions/{emoji}/@me", self.react),
            web.post(c + "/threads", self.create_thread),
            web.post(m + "/threads", self.create_thread),
            web.get(API + "/guilds/{gid}", self.get_guild),
            web.get(API + "/guilds/{gid}/channels", self.guild_channels),
            web.get(API + "/guilds/{gid}/roles", self.guild_roles),
            web.get(API + "/guilds/{gid}/members/{uid}", self.get_member),
            web.get(API + "/users/{uid}", self.get_user),
            web.post(API + "/users/@me/channels", self.open_dm),
            web.get("/attachments/{cid}/{aid}/{filename}", self.attachment),
        ]

    # -- identity and commands ----------------------------------------------------------------

    async def gateway_bot(self, request: web.Request) -> web.Response:
        """GET /gateway/bot: the gateway URL and how many shards Discord recommends."""
        return json_response({
            "url": self.fake.gateway_url,
            "shards": self.fake.recommended_shards,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 86_400_000,
                                    "max_concurrency": 1},
        })

    async def me(self, request: web.Request) -> web.Response:
        """GET /users/@me."""
        return json_response(client_user_payload(self.state.bot))

    async def application(self, request: web.Request) -> web.Response:
        """GET /oauth2/applications/@me."""
        return json_response(application_payload(self.state))

    def _scope(self, request: web.Request) -> int | None:
        """Command scope of a URL (guild id or None), checking the application id."""
        if request.match_info["app"] != str(self.state.application_id):
            raise unknown("Application", 10002)
        if "gid" not in request.match_info:
            return None
        gid = _id(request, "gid")
        if gid not in self.state.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return gid

    async def get_commands(self, request: web.Request) -> web.Response:
        """GET .../commands."""
        return json_response(self.fake.commands.get(self._scope(request)))

    async def put_commands(self, request: web.Request) -> web.Response:
        """PUT .../commands (bulk overwrite, what tree.sync() does)."""
        scope = self._scope(request)
        body = await request.json() if request.can_read_body else []
        return json_response(self.fake.commands.overwrite(scope, body))

    async def post_command(self, request: web.Request) -> web.Response:
        """POST .../commands (create or replace one)."""
        scope = self._scope(request)
        return json_response(self.fake.commands.upsert(scope, await request.json()), 201)

    # -- channels and messages ----------------------------------------------------------------

    def _channel(self, request: web.Request) -> Channel:
        """The channel of the URL."""
        channel = self.state.channels.get(_id(request, "cid"))
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    def _message(self, request: web.Request) -> Message:
        """The (non-ephemeral, not deleted) message of the URL."""
        channel = self._channel(request)
        msg = self.state.messages.get(_id(request, "mid"))
        if msg is None or msg.deleted or msg.ephemeral or msg.channel_id != channel.id:
            raise unknown("Message", 10008)
        return msg

    def _check_send(self, channel: Channel, has_files: bool) -> None:
        """Apply closed DMs and denied permissions (403) to a channel message POST/PATCH."""
        if channel.type == DM_CHANNEL:
            if any(self.state.users[u].dms_closed for u in channel.recipient_ids):
                raise ApiError(403, 50007, "Cannot send messages to this user")
            return
        denied = self.fake.denied.get(channel.id, set())
        if "send_messages" in denied or (has_files and "attach_files" in denied):
            raise ApiError(403, 50013, "Missing Permissions")

    async def get_channel(self, request: web.Request) -> web.Response:
        """GET /channels/{c}."""
        return json_response(channel_payload(self.state, self._channel(request)))

    async def history(self, request: web.Request) -> web.Response:
        """GET /channels/{c}/messages (limit, before, after; newest first)."""
        channel = self._channel(request)
        msgs = self.state.visible(channel.id)
        q = request.query
        if q.get("before"):
            msgs = [x for x in msgs if x.id < int(q["before"])]
        if q.get("after"):
            msgs = [x for x in msgs if x.id > int(q["after"])]
        limit = max(1, min(100, int(q.get("limit", 50))))
        newest = list(reversed(msgs))
        chosen = list(reversed(msgs[:limit])) if q.get("after") else newest[:limit]
        return json_response([message_payload(self.state, x) for x in chosen])

    async def send(self, request: web.Request) -> web.Response:
        """POST /channels/{c}/messages."""
        channel = self._channel(request)
        body, uploads = await read_body(request)
        self._check_send(channel, bool(uploads))
        msg = create_message(self.fake, channel.id, self.state.bot.id, body, uploads)
        return json_response(message_payload(self.state, msg))

    async def get_message(self, request: web.Request) -> web.Response:
        """GET /channels/{c}/messages/{m}."""
        return json_response(message_payload(self.state, self._message(request)))

    async def edit(self, request: web.Request) -> web.Response:
        """PATCH /channels/{c}/messages/{m} (only the bot's own messages)."""
        msg = self._message(request)
        body, uploads = await read_body(request)
        if msg.author_id != self.state.bot.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        if uploads:
            self._check_send(self.state.channels[msg.channel_id], True)
        return json_response(
            message_payload(self.state, edit_message(self.fake, msg, body, uploads))
        )

    async def delete(self, request: web.Request) -> web.Response:
        """DELETE /channels/{c}/messages/{m}."""
        delete_message(self.fake, self._message(request))
        return no_content()

    async def typing(self, request: web.Request) -> web.Response:
        """POST /channels/{c}/typing."""
        self._channel(request)
        return no_content()

    async def pin(self, request: web.Request) -> web.Response:
        """PUT/DELETE pins."""
        msg = self._message(request)
        msg.pinned = request.method == "PUT"
        return no_content()

    async def react(self, request: web.Request) -> web.Response:
        """PUT .../reactions/{emoji}/@me."""
        self._message(request).reactions.append(request.match_info["emoji"])
        return no_content()

    async def create_thread(self, request: web.Request) -> web.Response:
        """POST /channels/{c}/threads or /channels/{c}/messages/{m}/threads."""
        parent = self._channel(request)
        if parent.type != 0:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        body = await request.json()
        if "mid" in request.match_info:
            self._message(request)
        kind = int(
            body.get("type") or (PUBLIC_THREAD if "mid" in request.match_info else PRIVATE_THREAD)
        )
        thread = self.fake.add_thread(parent.id, str(body.get("name") or "thread"), kind=kind)
        return json_response(channel_payload(self.state, self.state.channels[thread]), 201)

    # -- guilds and users ---------------------------------------------------------------------

    def _guild(self, request: web.Request) -> Any:
        """The guild of the URL."""
        guild = self.state.guilds.get(_id(request, "gid"))
        if guild is None:
            raise unknown("Guild", 10004)
        return guild

    async def get_guild(self, request: web.Request) -> web.Response:
        """GET /guilds/{g}."""
        data = guild_payload(self.state, self._guild(request))
        for key in ("channels", "threads", "members", "voice_states", "presences"):
            data.pop(key, None)
        return json_response(data)

    async def guild_channels(self, request: web.Request) -> web.Response:
        """GET /guilds/{g}/channels."""
        guild = self._guild(request)
        return json_response(
            [
                channel_payload(self.state, c)
                for c in self.state.channels.values()
                if c.guild_id == guild.id and not c.is_thread
            ]
        )

    async def guild_roles(self, request: web.Request) -> web.Response:
        """GET /guilds/{g}/roles."""
        return json_response([role_payload(r) for r in self._guild(request).roles.values()])

    async def get_member(self, request: web.Request) -> web.Response:
        """GET /guilds/{g}/members/{u}."""
        member = self._guild(request).members.get(_id(request, "uid"))
        if member is None:
            raise unknown("Member", 10007)
        return json_response(member_payload(self.state, member))

    async def get_user(self, request: web.Request) -> web.Response:
        """GET /users/{u}."""
        user = self.state.users.get(_id(request, "uid"))
        if user is None:
            raise unknown("User", 10013)
        return json_response(user_payload(user))

    async def open_dm(self, request: web.Request) -> web.Response:
        """POST /users/@me/channels {recipient_id}."""
        body = await request.json()
        uid = int(body.get("recipient_id") or 0)
        if uid not in self.state.users or uid == self.state.bot.id:
            raise unknown("User", 10013)
        return json_response(channel_payload(self.state, self.state.dm_channel(uid)))

    async def attachment(self, request: web.Request) -> web.Response:
        """GET /attachments/...: the uploaded bytes (the CDN)."""
        data = self.state.blobs.get(_id(request, "aid"))
        if data is None:
            raise ApiError(404, 0, "404: Not Found")
        return web.Response(body=data, content_type=guess_type(request.match_info["filename"]))


def make_middleware(fake: FakeDiscord) -> Any:
    """Middleware: activity tracking, request log, auth, injected 429s, JSON errors."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path in ("/gateway", "/resume"):
            return await handler(request)
        fake.inflight += 1
        fake.touch()
        path = request.path.removeprefix(API)
        status = 500
        try:
            response = await _guarded(fake, request, handler, path)
            status = response.status
            return response
        finally:
            fake.inflight -= 1
            fake.requests.append((request.method, path))
            fake.request_log.append(
                RequestRecord(request.method, path, status, dict(request.query))
            )
            fake.touch()

    return middleware


async def _guarded(
    fake: FakeDiscord, request: web.Request, handler: Handler, path: str
) -> web.StreamResponse:
    """Run a handler, turning every failure into a Discord-style JSON error (never a 5xx)."""
    try:
        if request.path.startswith(API):
            if not request.path.startswith(UNAUTHENTICATED):
                if request.headers.get("Authorization") != f"Bot {fake.token}":
                    return json_response({"message": "401: Unauthorized", "code": 0}, 401)
            fault = fake.take_rate_limit(request.method, path)
            if fault is not None:
                headers = {
                    "Via": "1.1 google",
                    "Retry-After": str(max(1, round(fault))),
                    "X-RateLimit-Scope": "user",
                }
                body = {
                    "message": "You are being rate limited.",
                    "retry_after": fault,
                    "global": False,
                }
                return json_response(body, 429, headers)
        return await handler(request)
    except ApiError as exc:
        return json_response(exc.body(), exc.status)
    except web.HTTPException as exc:
        if exc.status >= 400:
            message = f"{exc.status}: {exc.reason}"
            return json_response({"message": message, "code": 0}, min(exc.status, 499))
        raise
    except Exception as exc:  # noqa: BLE001 - reported to tests via fake.server_errors
        fake.server_errors.append(f"{request.method} {path}: {exc!r}\n{traceback.format_exc()}")
        return json_response({"message": f"fakediscord error: {exc!r}", "code": 0}, 400)
