"""Creating, editing and deleting messages: attachments, mentions, validation, gateway events."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .state import EPHEMERAL, LOADING, Message, now_iso
from .validate import (
    ATTACHMENTS_MAX,
    validate_attachment_specs,
    validate_message,
    validate_request,
)
from .wire import ApiError, Upload, form_error, image_size

if TYPE_CHECKING:
    from .fake import FakeDiscord

USER_MENTION = re.compile(r"<@!?(\d{15,21})>")
ROLE_MENTION = re.compile(r"<@&(\d{15,21})>")
SETTABLE_FLAGS = (1 << 2) | (1 << 12) | (1 << 15)  # suppress embeds, suppress notifications, v2
# docs reference "Uploading Files": "The file upload size limit applies to each file in a
# request. The default limit is 10 MiB"; Discord answers a larger file 413 (code 40005).
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


def compute_mentions(
    fake: FakeDiscord,
    content: str,
    allowed: dict[str, Any] | None,
    guild_id: int | None,
    reply_author: int | None = None,
) -> tuple[list[int], list[int], bool]:
    """Users and roles actually pinged, and @everyone, as Discord computes them."""
    state = fake.state
    parse = {"users", "roles", "everyone"} if allowed is None else set(allowed.get("parse") or [])
    if allowed is not None:
        for key in ("users", "roles"):
            if key in parse and allowed.get(key):
                raise form_error(
                    f"allowed_mentions.parse.{key}",
                    "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                    f'parse:["{key}"] and {key}: [ids] are exclusive.',
                )
    allowed_users = {str(u) for u in (allowed or {}).get("users") or []}
    allowed_roles = {str(r) for r in (allowed or {}).get("roles") or []}
    users: list[int] = []
    for raw in USER_MENTION.findall(content):
        uid = int(raw)
        if uid in state.users and uid not in users and ("users" in parse or raw in allowed_users):
            users.append(uid)
    replied = True if allowed is None else bool(allowed.get("replied_user", False))
    if reply_author is not None and replied and reply_author not in users:
        users.append(reply_author)
    roles: list[int] = []
    guild = state.guilds.get(guild_id) if guild_id else None
    for raw in ROLE_MENTION.findall(content):
        rid = int(raw)
        if guild and rid in guild.roles and rid not in roles:
            if "roles" in parse or raw in allowed_roles:
                roles.append(rid)
    everyone = "everyone" in parse and ("@everyone" in content or "@here" in content)
    return users, roles, everyone


def new_attachment(
    fake: FakeDiscord, channel_id: int, upload: Upload, spec: dict[str, Any], ephemeral: bool
) -> dict[str, Any]:
    """Store uploaded bytes and return the attachment object."""
    if len(upload.data) > ATTACHMENT_SIZE_LIMIT:
        raise ApiError(413, 40005, "Request entity too large")
    att_id = fake.state.new_id()
    filename = str(spec.get("filename") or upload.filename)
    fake.state.blobs[att_id] = upload.data
    url = f"{fake.http_base}/attachments/{channel_id}/{att_id}/{filename}"
    att: dict[str, Any] = {
        "id": str(att_id),
        "filename": filename,
        "size": len(upload.data),
        "url": url,
        "proxy_url": url,
        "content_type": upload.content_type,
    }
    if spec.get("description"):
        att["description"] = spec["description"]
    if ephemeral:
        att["ephemeral"] = True
    size = image_size(upload.data)
    if size is not None:
        att["width"], att["height"] = size
    return att


def build_attachments(
    fake: FakeDiscord,
    channel_id: int,
    specs: list[dict[str, Any]] | None,
    uploads: dict[int, Upload],
    existing: list[dict[str, Any]],
    ephemeral: bool,
) -> list[dict[str, Any]]:
    """Resolve the `attachments` key: new uploads by index, kept ones by real id."""
    if specs is None:
        specs = [{"id": i} for i in sorted(uploads)]
        keep = list(existing)
    else:
        specs = validate_attachment_specs(specs)
        keep = []
    by_id = {str(a["id"]): a for a in existing}
    used: set[int] = set()
    for i, spec in enumerate(specs):
        key = str(spec.get("id"))
        if key.isdigit() and int(key) in uploads and int(key) not in used:
            used.add(int(key))
            keep.append(new_attachment(fake, channel_id, uploads[int(key)], spec, ephemeral))
        elif key in by_id:
            keep.append(by_id[key])
        else:
            raise form_error(
                f"attachments.{i}.id", "ATTACHMENT_NOT_FOUND", f"Attachment {key} was not found"
            )
    for index in sorted(set(uploads) - used):
        keep.append(new_attachment(fake, channel_id, uploads[index], {}, ephemeral))
    if len(keep) > ATTACHMENTS_MAX:
        raise form_error(
            "attachments", "BASE_TYPE_MAX_LENGTH", f"Must be {ATTACHMENTS_MAX} or fewer in length."
        )
    return keep


def create_message(
    fake: FakeDiscord,
    channel_id: int,
    author_id: int,
    body: dict[str, Any],
    uploads: dict[int, Upload],
    *,
    ephemeral_for: int | None = None,
    msg_type: int = 0,
    interaction: Any = None,
    loading: bool = False,
) -> Message:
    """Validate and store a new message; dispatch MESSAGE_CREATE unless ephemeral."""
    state = fake.state
    channel = state.channels[channel_id]
    guild_id = channel.guild_id
    flags = int(body.get("flags") or 0) & SETTABLE_FLAGS
    if ephemeral_for is not None:
        flags |= EPHEMERAL
    if loading:
        flags |= LOADING
    ephemeral = bool(flags & EPHEMERAL)
    validate_request(body)
    attachments = build_attachments(
        fake, channel_id, body.get("attachments"), uploads, [], ephemeral
    )
    content = str(body.get("content") or "")
    embeds = list(body.get("embeds") or [])
    components = list(body.get("components") or [])
    if not loading:
        validate_message(
            {
                "content": content,
                "embeds": embeds,
                "components": components,
                "attachments": attachments,
                "flags": flags,
                "sticker_ids": body.get("sticker_ids"),
                "poll": body.get("poll"),
            }
        )
    reference = body.get("message_reference")
    reply_author = None
    if reference:
        ref = state.messages.get(int(reference.get("message_id") or 0))
        if ref is None or ref.deleted:
            if reference.get("fail_if_not_exists", True):
                raise form_error(
                    "message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message"
                )
            reference = None
        else:
            reply_author = ref.author_id if ref.author_id != author_id else None
            reference = {
                "type": 0,
                "message_id": str(ref.id),
                "channel_id": str(ref.channel_id),
                "guild_id": str(ref.guild_id) if ref.guild_id else None,
            }
            msg_type = 19 if msg_type == 0 else msg_type
    allowed = body.get("allowed_mentions")
    users, roles, everyone = compute_mentions(fake, content, allowed, guild_id, reply_author)
    msg = Message(
        id=state.new_id(),
        channel_id=channel_id,
        author_id=author_id,
        content=content,
        embeds=embeds,
        components=components,
        attachments=attachments,
        mentions=users,
        mention_roles=roles,
        mention_everyone=everyone,
        flags=flags,
        type=msg_type,
        guild_id=guild_id,
        tts=bool(body.get("tts")),
        viewer_id=ephemeral_for,
        message_reference=reference,
        allowed_mentions=allowed,
    )
    if interaction is not None:
        msg.webhook_id = state.application_id
        msg.interaction_id = interaction.id
        msg.interaction_type = interaction.type
        msg.interaction_user_id = interaction.user_id
        msg.interaction_name = interaction.command_name
    state.store(msg)
    if not ephemeral:
        fake.gateway.dispatch_message("MESSAGE_CREATE", msg)
    return msg


def edit_message(
    fake: FakeDiscord,
    msg: Message,
    body: dict[str, Any],
    uploads: dict[int, Upload],
    *,
    fill: bool = False,
) -> Message:
    """Apply an edit (absent keys unchanged); `fill` completes a deferred message instead."""
    if msg.deleted:
        raise ApiError(404, 10008, "Unknown Message")
    validate_request(body)
    content = msg.content if "content" not in body else str(body["content"] or "")
    embeds = msg.embeds if "embeds" not in body else list(body["embeds"] or [])
    components = msg.components if "components" not in body else list(body["components"] or [])
    flags = msg.flags & ~LOADING
    if "flags" in body and body["flags"] is not None:
        flags = (flags & ~SETTABLE_FLAGS) | (int(body["flags"]) & SETTABLE_FLAGS)
        flags |= msg.flags & (1 << 15)
    if "attachments" in body or uploads:
        specs = body.get("attachments")
        if specs is None and "attachments" in body:
            specs = []
        attachments = build_attachments(
            fake, msg.channel_id, specs, uploads, msg.attachments, msg.ephemeral
        )
    else:
        attachments = msg.attachments
    validate_message(
        {
            "content": content,
            "embeds": embeds,
            "components": components,
            "attachments": attachments,
            "flags": flags,
        }
    )
    allowed = body.get("allowed_mentions", msg.allowed_mentions)
    if "content" in body or "allowed_mentions" in body:
        users, roles, everyone = compute_mentions(fake, content, allowed, msg.guild_id)
        msg.mentions, msg.mention_roles, msg.mention_everyone = users, roles, everyone
    msg.content, msg.embeds, msg.components = content, embeds, components
    msg.attachments, msg.flags, msg.allowed_mentions = attachments, flags, allowed
    if not fill:
        msg.edited = True
        msg.edits += 1
        msg.edited_timestamp = now_iso()
    if not msg.ephemeral:
        fake.gateway.dispatch_message("MESSAGE_UPDATE", msg)
    return msg


def delete_message(fake: FakeDiscord, msg: Message) -> None:
    """Mark a message deleted and dispatch MESSAGE_DELETE unless ephemeral."""
    if msg.deleted:
        raise ApiError(404, 10008, "Unknown Message")
    msg.deleted = True
    if not msg.ephemeral:
        data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
        if msg.guild_id:
            data["guild_id"] = str(msg.guild_id)
        fake.gateway.dispatch("MESSAGE_DELETE", data, intent=fake.gateway.message_intent(msg),
                              guild_id=msg.guild_id or 0)
