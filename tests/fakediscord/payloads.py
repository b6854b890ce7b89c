"""Wire payloads (JSON dicts) built from the fake's state objects."""

from __future__ import annotations

from typing import Any

from .state import (
    DM_CHANNEL,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    State,
    User,
    now_iso,
)


def user_payload(user: User) -> dict[str, Any]:
    """A user object."""
    return {
        "id": str(user.id),
        "username": user.name,
        "discriminator": "0",
        "global_name": user.global_name,
        "avatar": None,
        "bot": user.bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
        "primary_guild": None,
        "collectibles": None,
    }


def client_user_payload(user: User) -> dict[str, Any]:
    """The bot's own user (READY / GET /users/@me)."""
    data = user_payload(user)
    data.update(verified=True, mfa_enabled=False, email=None, locale="en-US", premium_type=0)
    return data


def member_payload(
    state: State, member: Member, *, with_user: bool = True, permissions: bool = False
) -> dict[str, Any]:
    """A guild member object, optionally with `user` and interaction `permissions`."""
    data: dict[str, Any] = {
        "roles": [str(r) for r in member.role_ids],
        "joined_at": member.joined_at,
        "nick": member.nick,
        "avatar": None,
        "banner": None,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
        "communication_disabled_until": None,
    }
    if with_user:
        data["user"] = user_payload(state.users[member.user_id])
    if permissions:
        data["permissions"] = str(state.member_permissions(member.guild_id, member.user_id))
    return data


def role_payload(role: Role) -> dict[str, Any]:
    """A role object."""
    data: dict[str, Any] = {
        "id": str(role.id),
        "name": role.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": role.position,
        "permissions": str(role.permissions),
        "managed": role.managed,
        "mentionable": False,
        "flags": 0,
    }
    if role.bot_id is not None:
        data["tags"] = {"bot_id": str(role.bot_id)}
    return data


def channel_payload(state: State, channel: Channel) -> dict[str, Any]:
    """A channel object (text channel, thread or DM)."""
    data: dict[str, Any] = {
        "id": str(channel.id),
        "type": channel.type,
        "flags": 0,
        "last_message_id": str(channel.last_message_id) if channel.last_message_id else None,
    }
    if channel.type == DM_CHANNEL:
        data["recipients"] = [user_payload(state.users[u]) for u in channel.recipient_ids]
        return data
    data.update(
        guild_id=str(channel.guild_id),
        name=channel.name,
        position=channel.position,
        rate_limit_per_user=0,
        nsfw=False,
        parent_id=str(channel.parent_id) if channel.parent_id else None,
    )
    if channel.is_thread:
        data.update(
            owner_id=str(channel.owner_id),
            message_count=channel.message_count,
            total_message_sent=channel.message_count,
            member_count=1,
            thread_metadata={
                "archived": channel.archived,
                "auto_archive_duration": 1440,
                "archive_timestamp": channel.created_at,
                "locked": channel.locked,
                "create_timestamp": channel.created_at,
            },
        )
    else:
        data.update(
            topic=channel.topic, permission_overwrites=[], default_auto_archive_duration=1440
        )
    return data


def guild_payload(state: State, guild: Guild) -> dict[str, Any]:
    """A full GUILD_CREATE guild object with channels, threads, roles and the bot member."""
    channels = [c for c in state.channels.values() if c.guild_id == guild.id]
    bot_member = guild.members[state.bot.id]
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(guild.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "premium_progress_bar_enabled": False,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "vanity_url_code": None,
        "preferred_locale": guild.locale,
        "features": [],
        "roles": [role_payload(r) for r in guild.roles.values()],
        "emojis": [],
        "stickers": [],
        "joined_at": guild.joined_at,
        "large": False,
        "unavailable": False,
        "member_count": len(guild.members),
        "voice_states": [],
        "members": [member_payload(state, bot_member)],
        "channels": [channel_payload(state, c) for c in channels if not c.is_thread],
        "threads": [channel_payload(state, c) for c in channels if c.is_thread],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "application_id": None,
        "max_members": 500000,
        "max_video_channel_users": 25,
    }


def mention_payload(state: State, user_id: int, guild_id: int | None) -> dict[str, Any]:
    """A user in a message's `mentions` array (with a partial member in guilds)."""
    data = user_payload(state.users[user_id])
    guild = state.guilds.get(guild_id) if guild_id else None
    if guild is not None and user_id in guild.members:
        data["member"] = member_payload(state, guild.members[user_id], with_user=False)
    return data


def message_payload(state: State, msg: Message, *, gateway: bool = False) -> dict[str, Any]:
    """A message object; `gateway=True` adds guild_id/member like MESSAGE_CREATE does."""
    author = state.users[msg.author_id]
    data: dict[str, Any] = {
        "id": str(msg.id),
        "type": msg.type,
        "channel_id": str(msg.channel_id),
        "author": user_payload(author),
        "content": msg.content,
        "timestamp": msg.timestamp,
        "edited_timestamp": msg.edited_timestamp,
        "tts": msg.tts,
        "mention_everyone": msg.mention_everyone,
        "mentions": [mention_payload(state, u, msg.guild_id) for u in msg.mentions],
        "mention_roles": [str(r) for r in msg.mention_roles],
        "attachments": [dict(a) for a in msg.attachments],
        "embeds": msg.embeds,
        "components": msg.components,
        "reactions": [],
        "pinned": msg.pinned,
        "flags": msg.flags,
    }
    if msg.webhook_id is not None:
        data["webhook_id"] = str(msg.webhook_id)
        data["application_id"] = str(state.application_id)
    if msg.message_reference is not None:
        data["message_reference"] = msg.message_reference
    if msg.interaction_id is not None and msg.interaction_user_id is not None:
        user = user_payload(state.users[msg.interaction_user_id])
        data["interaction_metadata"] = {
            "id": str(msg.interaction_id),
            "type": msg.interaction_type,
            "user": user,
            "authorizing_integration_owners": {"0": str(msg.guild_id or 0)},
        }
        if msg.interaction_name is not None:
            data["interaction_metadata"]["name"] = msg.interaction_name
            data["interaction"] = {
                "id": str(msg.interaction_id),
                "type": msg.interaction_type,
                "name": msg.interaction_name,
                "user": user,
            }
    if gateway and msg.guild_id is not None:
        data["guild_id"] = str(msg.guild_id)
        guild = state.guilds[msg.guild_id]
        if msg.author_id in guild.members:
            data["member"] = member_payload(state, guild.members[msg.author_id], with_user=False)
    return data


def ready_payload(state: State, session_id: str, resume_url: str, *,
                  guilds: list[int] | None = None,
                  shard: tuple[int, int] | None = None) -> dict[str, Any]:
    """The READY event body (a sharded session lists only its shard's guilds)."""
    listed = list(state.guilds) if guilds is None else guilds
    extra: dict[str, Any] = {} if shard is None else {"shard": list(shard)}
    return {
        **extra,
        "v": 10,
        "user": client_user_payload(state.bot),
        "guilds": [{"id": str(g), "unavailable": True} for g in listed],
        "session_id": session_id,
        "session_type": "normal",
        "resume_gateway_url": resume_url,
        "application": {"id": str(state.application_id), "flags": 0},
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": ["local"],
        "auth": {},
        "user_settings": {},
        "_trace": ["fakediscord"],
    }


def application_payload(state: State) -> dict[str, Any]:
    """GET /oauth2/applications/@me."""
    return {
        "id": str(state.application_id),
        "name": state.bot.name,
        "description": "",
        "icon": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": user_payload(state.owner),
        "verify_key": "0" * 64,
        "team": None,
        "flags": 0,
        "summary": "",
        "bot": user_payload(state.bot),
        "interactions_endpoint_url": None,
        "created_at": now_iso(),
    }
