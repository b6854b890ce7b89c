"""In-memory Discord state: snowflakes, users, guilds, channels, messages and attachment bytes."""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass, field
from typing import Any

import discord

DISCORD_EPOCH_MS = 1420070400000

EPHEMERAL = 1 << 6
LOADING = 1 << 7

TEXT_CHANNEL = 0
DM_CHANNEL = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (10, PUBLIC_THREAD, PRIVATE_THREAD)

MEMBER_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    use_external_stickers=True,
    read_message_history=True,
    use_application_commands=True,
    connect=True,
    speak=True,
    stream=True,
    use_voice_activation=True,
    change_nickname=True,
    create_instant_invite=True,
    use_embedded_activities=True,
).value
ALL_PERMISSIONS = discord.Permissions.all().value
ADMINISTRATOR = discord.Permissions(administrator=True).value


def now_iso() -> str:
    """Current UTC time in Discord's ISO 8601 format."""
    return dt.datetime.now(dt.UTC).isoformat()


def permission_bit(name: str) -> int:
    """The bit of a discord.Permissions flag name; raises ValueError for unknown names."""
    try:
        return int(discord.Permissions.VALID_FLAGS[name])
    except KeyError:
        raise ValueError(f"unknown permission name {name!r}") from None


def build_permissions(base: int | None, flags: dict[str, bool]) -> int:
    """Apply permission flag overrides (e.g. manage_channels=True) to a base permission int."""
    value = MEMBER_PERMISSIONS if base is None else int(base)
    for name, enabled in flags.items():
        bit = permission_bit(name)
        value = value | bit if enabled else value & ~bit
    return value


class Snowflakes:
    """Generates unique, increasing, real-looking snowflakes (ms since 2015 << 22 | counter)."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        """Return a new snowflake."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = max(ms << 22 | (1 << 17), self._last + 1)
        self._last = value
        return value

    def on_shard(self, shard: int, count: int) -> int:
        """A new snowflake whose (id >> 22) % count is `shard` (a later millisecond if need be)."""
        value = self.next()
        while (value >> 22) % count != shard:
            value += 1 << 22
        self._last = value
        return value


@dataclass
class User:
    """A Discord user (also the bot's own user)."""

    id: int
    name: str
    bot: bool = False
    global_name: str | None = None
    dms_closed: bool = False
    locale: str = "en-US"  # the language of the user's Discord client, sent with interactions


@dataclass
class Role:
    """A guild role."""

    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None


@dataclass
class Member:
    """A guild member; `permissions` is what interactions report for this member."""

    user_id: int
    guild_id: int
    role_ids: list[int]
    permissions: int
    joined_at: str = field(default_factory=now_iso)
    nick: str | None = None


@dataclass
class Guild:
    """A guild with its roles and members."""

    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    locale: str = "en-US"
    joined_at: str = field(default_factory=now_iso)


@dataclass
class Channel:
    """A text channel, thread or DM channel."""

    id: int
    type: int
    name: str
    guild_id: int | None
    parent_id: int | None = None
    owner_id: int | None = None
    recipient_ids: list[int] = field(default_factory=list)
    position: int = 0
    topic: str | None = None
    last_message_id: int | None = None
    message_count: int = 0
    archived: bool = False
    locked: bool = False
    created_at: str = field(default_factory=now_iso)

    @property
    def is_thread(self) -> bool:
        """Whether this channel is a thread."""
        return self.type in THREAD_TYPES


@dataclass
class Message:
    """A message as the fake stores it (current state, after edits)."""

    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[dict[str, Any]] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)
    mention_roles: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    flags: int = 0
    type: int = 0
    guild_id: int | None = None
    edited: bool = False
    edits: int = 0  # how many times it was edited (for tests that wait for an edit)
    deleted: bool = False
    pinned: bool = False
    tts: bool = False
    timestamp: str = field(default_factory=now_iso)
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    viewer_id: int | None = None
    interaction_id: int | None = None
    interaction_type: int | None = None
    interaction_user_id: int | None = None
    interaction_name: str | None = None
    message_reference: dict[str, Any] | None = None
    allowed_mentions: dict[str, Any] | None = None
    reactions: list[str] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        """Whether only `viewer_id` can see this message."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether this is a deferred "thinking..." message not filled yet."""
        return bool(self.flags & LOADING)


class State:
    """Holds every object of the fake Discord."""

    def __init__(self, bot_name: str) -> None:
        self.snowflakes = Snowflakes()
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.order: list[int] = []
        self.by_channel: dict[int, list[int]] = {}
        self.blobs: dict[int, bytes] = {}
        self.owner = self.new_user("app-owner")
        self.bot = self.new_user(bot_name, bot=True)
        self.application_id = self.bot.id

    def new_id(self) -> int:
        """Return a fresh snowflake."""
        return self.snowflakes.next()

    def new_user(self, name: str, *, bot: bool = False) -> User:
        """Create a user."""
        user = User(id=self.new_id(), name=name, bot=bot)
        self.users[user.id] = user
        return user

    def new_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> Guild:
        """Create a guild with an @everyone role and the bot as a member with all permissions.

        With `shard=(i, count)` its id lands on shard i ((id >> 22) % count, Discord's rule).
        """
        gid = self.new_id() if shard is None else self.snowflakes.on_shard(*shard)
        guild = Guild(id=gid, name=name, owner_id=self.owner.id)
        guild.roles[guild.id] = Role(guild.id, guild.id, "@everyone", MEMBER_PERMISSIONS)
        bot_role = Role(
            self.new_id(), guild.id, self.bot.name, ALL_PERMISSIONS, 1, True, self.bot.id
        )
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot.id] = Member(self.bot.id, guild.id, [bot_role.id], ALL_PERMISSIONS)
        guild.members[self.owner.id] = Member(self.owner.id, guild.id, [], ALL_PERMISSIONS)
        self.guilds[guild.id] = guild
        return guild

    def add_member(
        self, guild_id: int, user_id: int, permissions: int
    ) -> tuple[Member, Role | None]:
        """Add a user to a guild; extra permissions beyond @everyone get their own role."""
        guild = self.guilds[guild_id]
        extra = permissions & ~guild.roles[guild.id].permissions
        role: Role | None = None
        if extra:
            name = f"{self.users[user_id].name}-perms"
            role = Role(self.new_id(), guild_id, name, extra, len(guild.roles))
            guild.roles[role.id] = role
        member = Member(user_id, guild_id, [role.id] if role else [], permissions)
        guild.members[user_id] = member
        return member, role

    def new_channel(
        self, guild_id: int | None, name: str, ctype: int = TEXT_CHANNEL, **kw: Any
    ) -> Channel:
        """Create a channel of any type."""
        position = sum(1 for c in self.channels.values() if c.guild_id == guild_id)
        channel = Channel(
            id=self.new_id(), type=ctype, name=name, guild_id=guild_id, position=position, **kw
        )
        self.channels[channel.id] = channel
        return channel

    def dm_channel(self, user_id: int) -> Channel:
        """Get or create the bot's DM channel with a user."""
        for channel in self.channels.values():
            if channel.type == DM_CHANNEL and channel.recipient_ids == [user_id]:
                return channel
        return self.new_channel(None, "", DM_CHANNEL, recipient_ids=[user_id])

    def guild_of(self, channel_id: int) -> Guild | None:
        """The guild a channel belongs to, if any."""
        channel = self.channels[channel_id]
        return self.guilds.get(channel.guild_id) if channel.guild_id else None

    def member_permissions(self, guild_id: int, user_id: int) -> int:
        """The permissions an interaction reports for a member."""
        guild = self.guilds[guild_id]
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        member = guild.members.get(user_id)
        if member is None:
            return guild.roles[guild.id].permissions
        if member.permissions & ADMINISTRATOR:
            return ALL_PERMISSIONS
        return member.permissions

    def store(self, message: Message) -> Message:
        """Store a new message and update its channel."""
        self.messages[message.id] = message
        self.order.append(message.id)
        self.by_channel.setdefault(message.channel_id, []).append(message.id)
        channel = self.channels[message.channel_id]
        if not message.ephemeral:
            channel.last_message_id = message.id
            channel.message_count += 1
        return message

    def visible(self, channel_id: int) -> list[Message]:
        """Non-ephemeral, non-deleted messages of a channel in creation order."""
        msgs = (self.messages[m] for m in self.by_channel.get(channel_id, []))
        return [m for m in msgs if not m.ephemeral and not m.deleted]
