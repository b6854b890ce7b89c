"""Interactions: INTERACTION_CREATE payloads, callbacks, followup webhooks, results for tests."""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .messages import create_message, delete_message, edit_message
from .payloads import channel_payload, member_payload, message_payload, user_payload
from .state import DM_CHANNEL, EPHEMERAL, Message
from .validate import validate_choices, validate_modal
from .wire import ApiError, Upload, json_response, no_content, read_body, under

if TYPE_CHECKING:
    from .fake import FakeDiscord

PING, COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
MESSAGE, DEFERRED, DEFERRED_UPDATE, UPDATE, CHOICES, MODAL = 4, 5, 6, 7, 8, 9
ALLOWED = {
    COMMAND: {MESSAGE, DEFERRED, MODAL},
    COMPONENT: {MESSAGE, DEFERRED, DEFERRED_UPDATE, UPDATE, MODAL},
    AUTOCOMPLETE: {CHOICES},
    MODAL_SUBMIT: {MESSAGE, DEFERRED, DEFERRED_UPDATE, UPDATE},
}


@dataclass
class InteractionRecord:
    """Server-side state of one interaction sent to the bot."""

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    data: dict[str, Any]
    source_id: int | None = None
    command_name: str | None = None
    created: float = field(default_factory=time.monotonic)
    response_type: int | None = None
    response_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    pending_defer: bool = False
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    acked: asyncio.Event = field(default_factory=asyncio.Event)
    done: asyncio.Event = field(default_factory=asyncio.Event)

    def original_id(self) -> int | None:
        """The message @original refers to."""
        return self.response_message_id


class InteractionResult:
    """What the bot answered to one interaction; message fields reflect the current state."""

    def __init__(self, fake: FakeDiscord, record: InteractionRecord) -> None:
        self._fake = fake
        self.record = record

    def __repr__(self) -> str:
        return (
            f"<InteractionResult type={self.type} ephemeral={self.ephemeral} "
            f"content={self.content!r} followups={len(self.followups)}>"
        )

    @property
    def interaction_id(self) -> int:
        """The interaction's id."""
        return self.record.id

    @property
    def type(self) -> int | None:
        """Callback type of the first response (4, 5, 6, 7, 8 or 9)."""
        return self.record.response_type

    @property
    def message_id(self) -> int | None:
        """The response message id (new message, deferred message, or updated message)."""
        return self.record.response_message_id

    @property
    def message(self) -> Message | None:
        """The message created or updated by the response."""
        mid = self.record.response_message_id
        return self._fake.state.messages.get(mid) if mid else None

    @property
    def ephemeral(self) -> bool:
        """Whether the response message is ephemeral."""
        return bool(self.message and self.message.ephemeral)

    @property
    def content(self) -> str | None:
        """Current content of the response message."""
        return self.message.content if self.message else None

    @property
    def followups(self) -> list[Message]:
        """Messages sent through the followup webhook (the first may fill a deferred message)."""
        return [self._fake.state.messages[m] for m in self.record.followup_ids]

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        """Autocomplete choices, for type 8."""
        return self.record.choices

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal definition, for type 9."""
        return self.record.modal

    def all_messages(self) -> list[Message]:
        """The response message and every followup, without duplicates, not deleted."""
        out: list[Message] = []
        for msg in ([self.message] if self.message else []) + self.followups:
            if msg.id not in {m.id for m in out} and not msg.deleted:
                out.append(msg)
        return out


def interaction_payload(fake: FakeDiscord, rec: InteractionRecord) -> dict[str, Any]:
    """The INTERACTION_CREATE body discord.py 2.7.1 accepts."""
    state = fake.state
    channel = state.channels[rec.channel_id]
    chan = channel_payload(state, channel)
    data: dict[str, Any] = {
        "id": str(rec.id),
        "application_id": str(state.application_id),
        "type": rec.type,
        "token": rec.token,
        "version": 1,
        "data": rec.data,
        "channel_id": str(channel.id),
        "channel": chan,
        "locale": state.users[rec.user_id].locale,
        "app_permissions": str(fake.app_permissions(channel.id)),
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    if channel.type == DM_CHANNEL:
        data["user"] = user_payload(state.users[rec.user_id])
        data["context"] = 1
        data["authorizing_integration_owners"] = {"0": "0"}
    else:
        guild = state.guilds[channel.guild_id or 0]
        perms = str(state.member_permissions(guild.id, rec.user_id))
        chan["permissions"] = perms
        member = guild.members.get(rec.user_id)
        assert member is not None, f"user {rec.user_id} is not a member of guild {guild.id}"
        data["member"] = member_payload(state, member, permissions=True)
        data.update(
            guild_id=str(guild.id),
            guild_locale=guild.locale,
            context=0,
            guild={"id": str(guild.id), "locale": guild.locale, "features": []},
            authorizing_integration_owners={"0": str(guild.id)},
        )
    if rec.source_id is not None:
        data["message"] = message_payload(state, state.messages[rec.source_id])
    return data


class InteractionRoutes:
    """REST handlers for interaction callbacks and followup webhooks (no authentication)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def routes(self) -> list[web.RouteDef]:
        """aiohttp route table (paths are under /api/v10)."""
        base = "/api/v10"
        hook = base + "/webhooks/{app}/{token}"
        return [
            web.post(base + "/interactions/{iid}/{token}/callback", self.callback),
            web.post(hook, self.followup),
            web.get(hook + "/messages/{mid}", self.get_message),
            web.patch(hook + "/messages/{mid}", self.edit),
            web.delete(hook + "/messages/{mid}", self.delete),
        ]

    async def callback(self, request: web.Request) -> web.Response:
        """POST /interactions/{id}/{token}/callback: the first (and only) acknowledgement."""
        fake = self.fake
        iid = request.match_info["iid"]
        rec = fake.interactions.get(int(iid)) if iid.isdigit() else None
        if rec is None or rec.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        if rec.response_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if time.monotonic() - rec.created > fake.ack_deadline:
            raise ApiError(404, 10062, "Unknown interaction")
        body, uploads = await read_body(request)
        kind = body.get("type")
        data = body.get("data") or {}
        if kind not in ALLOWED.get(rec.type, set()):
            raise ApiError(
                400,
                40043 if kind in (6, 7) else 50035,
                f"Interaction response type {kind} is not valid for this interaction",
            )
        if kind in (DEFERRED_UPDATE, UPDATE) and rec.source_id is None:
            raise ApiError(400, 40043, "This interaction has no message to update")
        try:
            message = self._respond(rec, kind, data, uploads)
        except ApiError as exc:
            raise under("data", exc) from None
        rec.response_type = kind
        rec.response_message_id = message.id if message else None
        rec.acked.set()
        if kind not in (DEFERRED, DEFERRED_UPDATE):
            rec.done.set()
        resource: dict[str, Any] = {"type": kind}
        if message is not None:
            resource["message"] = message_payload(fake.state, message)
        return json_response(
            {
                "interaction": {
                    "id": str(rec.id),
                    "type": rec.type,
                    "response_message_id": str(message.id) if message else None,
                    "response_message_loading": kind == DEFERRED,
                    "response_message_ephemeral": bool(message and message.ephemeral),
                },
                "resource": resource,
            }
        )

    def _respond(
        self, rec: InteractionRecord, kind: int, data: dict[str, Any], uploads: dict[int, Upload]
    ) -> Message | None:
        """Carry out a callback of type `kind`; return the message it created or updated."""
        fake = self.fake
        message: Message | None = None
        command = rec.type == COMMAND
        if kind == MESSAGE:
            message = create_message(
                fake,
                rec.channel_id,
                fake.state.bot.id,
                data,
                uploads,
                ephemeral_for=rec.user_id if int(data.get("flags") or 0) & EPHEMERAL else None,
                msg_type=20 if command else 0,
                interaction=rec,
            )
        elif kind == DEFERRED:
            message = create_message(
                fake,
                rec.channel_id,
                fake.state.bot.id,
                {},
                {},
                loading=True,
                ephemeral_for=rec.user_id if int(data.get("flags") or 0) & EPHEMERAL else None,
                msg_type=20 if command else 0,
                interaction=rec,
            )
            rec.pending_defer = True
        elif kind == DEFERRED_UPDATE:
            message = fake.state.messages[rec.source_id or 0]
        elif kind == UPDATE:
            message = edit_message(fake, fake.state.messages[rec.source_id or 0], data, uploads)
        elif kind == CHOICES:
            validate_choices(data.get("choices"))
            rec.choices = list(data["choices"])
        elif kind == MODAL:
            validate_modal(data)
            rec.modal = data
        return message

    def _record(self, request: web.Request) -> InteractionRecord:
        """The acknowledged interaction a webhook URL refers to."""
        fake = self.fake
        token = request.match_info["token"]
        rec = fake.tokens.get(token)
        if rec is None or request.match_info["app"] != str(fake.state.application_id):
            raise ApiError(404, 10015, "Unknown Webhook")
        if rec.response_type not in (MESSAGE, DEFERRED, DEFERRED_UPDATE, UPDATE):
            raise ApiError(404, 10015, "Unknown Webhook")
        return rec

    def _target(self, rec: InteractionRecord, mid: str) -> Message:
        """The message @original or {message_id} names, if it belongs to this interaction."""
        messages = self.fake.state.messages
        if mid == "@original":
            target = rec.original_id()
        elif mid.isdigit() and (int(mid) in rec.followup_ids or int(mid) == rec.original_id()):
            target = int(mid)
        else:
            target = None
        if target is None or target not in messages or messages[target].deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return messages[target]

    async def followup(self, request: web.Request) -> web.Response:
        """POST /webhooks/{app}/{token}: a followup; the first one after a defer fills it."""
        fake = self.fake
        rec = self._record(request)
        body, uploads = await read_body(request)
        if rec.pending_defer:
            msg = edit_message(fake, self._target(rec, "@original"), body, uploads, fill=True)
            rec.pending_defer = False
        else:
            ephemeral = int(body.get("flags") or 0) & EPHEMERAL
            msg = create_message(
                fake,
                rec.channel_id,
                fake.state.bot.id,
                body,
                uploads,
                ephemeral_for=rec.user_id if ephemeral else None,
                msg_type=20 if rec.type == COMMAND else 0,
                interaction=rec,
            )
        rec.followup_ids.append(msg.id)
        rec.done.set()
        if request.query.get("wait", "").lower() not in ("1", "true"):
            return no_content()
        return json_response(message_payload(fake.state, msg))

    async def get_message(self, request: web.Request) -> web.Response:
        """GET /webhooks/{app}/{token}/messages/{id|@original}."""
        rec = self._record(request)
        return json_response(
            message_payload(self.fake.state, self._target(rec, request.match_info["mid"]))
        )

    async def edit(self, request: web.Request) -> web.Response:
        """PATCH /webhooks/{app}/{token}/messages/{id|@original}."""
        rec = self._record(request)
        target = self._target(rec, request.match_info["mid"])
        body, uploads = await read_body(request)
        fill = rec.pending_defer and target.id == rec.original_id()
        msg = edit_message(self.fake, target, body, uploads, fill=fill)
        if fill:
            rec.pending_defer = False
        if target.id == rec.original_id():
            rec.done.set()
        return json_response(message_payload(self.fake.state, msg))

    async def delete(self, request: web.Request) -> web.Response:
        """DELETE /webhooks/{app}/{token}/messages/{id|@original}."""
        rec = self._record(request)
        delete_message(self.fake, self._target(rec, request.match_info["mid"]))
        rec.done.set()
        return no_content()


def new_record(
    fake: FakeDiscord,
    kind: int,
    user_id: int,
    channel_id: int,
    data: dict[str, Any],
    source_id: int | None = None,
    command_name: str | None = None,
) -> InteractionRecord:
    """Create and register an interaction record."""
    state = fake.state
    assert user_id in state.users, f"unknown user id {user_id}"
    assert channel_id in state.channels, f"unknown channel id {channel_id}"
    rec = InteractionRecord(
        id=state.new_id(),
        token="aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48),
        type=kind,
        user_id=user_id,
        channel_id=channel_id,
        guild_id=state.channels[channel_id].guild_id,
        data=data,
        source_id=source_id,
        command_name=command_name,
    )
    fake.interactions[rec.id] = rec
    fake.tokens[rec.token] = rec
    return rec
