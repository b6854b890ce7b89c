"""Synced application commands and building interaction `data` from them (and from components)."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from .messages import new_attachment
from .payloads import channel_payload, member_payload, role_payload, user_payload
from .state import DM_CHANNEL, Channel
from .validate import (
    CHOICE_NAME_MAX,
    CHOICE_VALUE_MAX,
    CHOICES_MAX,
    SELECT_TYPES,
    STRING_SELECT,
    _dict,
    _int_range,
    _length,
    _list,
    validate_localizations,
    walk_components,
)
from .wire import ApiError, Upload, form_error, guess_type

if TYPE_CHECKING:
    from .fake import FakeDiscord
    from .state import Message

SUB, GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)
CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND, ENTRY_POINT = 1, 2, 3, 4
COMMAND_TYPES = (CHAT_INPUT, USER_COMMAND, MESSAGE_COMMAND, ENTRY_POINT)
OPTION_TYPES = tuple(range(1, 12))

# docs interactions/application-commands: names 1-32 characters (CHAT_INPUT ones match
# ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ in lower case), descriptions 1-100, at most
# 25 options per level and 25 choices per option (names 1-100, string values up to 100),
# STRING min_length 0-6000 / max_length 1-6000, "a maximum of 8000 characters for combined
# name, description, and value properties" per command (the longest localization counted),
# and per scope 100 CHAT_INPUT, 5 USER, 5 MESSAGE commands and one (global) entry point.
NAME_MAX = 32
DESCRIPTION_MAX = 100
OPTIONS_MAX = 25
STRING_LENGTH_MAX = 6000
COMMAND_SIZE_MAX = 8000
COMMAND_COUNTS = {CHAT_INPUT: 100, USER_COMMAND: 5, MESSAGE_COMMAND: 5, ENTRY_POINT: 1}
# Blocks of the Devanagari and Thai scripts (their marks are neither letters nor numbers).
DEVA_THAI = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x11B00, 0x11B5F), (0x0E00, 0x0E7F))


class CommandRegistry:
    """Commands the bot synced, global and per guild (bulk overwrite semantics)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.scopes: dict[int | None, list[dict[str, Any]]] = {None: []}

    def get(self, guild_id: int | None) -> list[dict[str, Any]]:
        """The commands of one scope (None: global)."""
        return self.scopes.setdefault(guild_id, [])

    def _finish(
        self, guild_id: int | None, cmd: dict[str, Any], old: dict[str, Any] | None
    ) -> dict[str, Any]:
        """Add server-side fields (id, application_id, version, defaults) to a definition."""
        state = self.fake.state
        out = dict(cmd)
        out.setdefault("type", 1)
        out.setdefault("description", "")
        out.setdefault("options", [])
        out.setdefault("default_member_permissions", None)
        out.setdefault("nsfw", False)
        out["id"] = old["id"] if old else str(state.new_id())
        out["application_id"] = str(state.application_id)
        out["version"] = str(state.new_id())
        if guild_id is not None:
            out["guild_id"] = str(guild_id)
        return out

    def overwrite(self, guild_id: int | None, body: Any) -> list[dict[str, Any]]:
        """PUT: replace every command of a scope, keeping ids of unchanged names."""
        if not isinstance(body, list):
            raise form_error("_root", "LIST_TYPE_CONVERT", "Only iterables may be used.")
        seen: set[tuple[str, int]] = set()
        for i, cmd in enumerate(body):
            validate_command(cmd, f"{i}")
            key = (cmd["name"], cmd.get("type", 1))
            if key in seen:
                raise form_error(
                    f"{i}.name",
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    "Application command names must be unique",
                )
            seen.add(key)
        check_counts(body, guild_id)
        old = {(c["name"], c["type"]): c for c in self.get(guild_id)}
        new = [self._finish(guild_id, c, old.get((c["name"], c.get("type", 1)))) for c in body]
        self.scopes[guild_id] = new
        return new

    def upsert(self, guild_id: int | None, cmd: Any) -> dict[str, Any]:
        """POST: create or replace one command."""
        validate_command(cmd, "")
        current = self.get(guild_id)
        old = next(
            (c for c in current if (c["name"], c["type"]) == (cmd["name"], cmd.get("type", 1))),
            None,
        )
        new = self._finish(guild_id, cmd, old)
        check_counts([c for c in current if c is not old] + [new], guild_id)
        self.scopes[guild_id] = [c for c in current if c is not old] + [new]
        return new

    def find(self, name: str, guild_id: int | None, ctype: int = 1) -> dict[str, Any] | None:
        """Look a command up as a client would: guild commands, then global ones."""
        for scope in ([guild_id] if guild_id else []) + [None]:
            for cmd in self.get(scope):
                if cmd["name"] == name and cmd["type"] == ctype:
                    return cmd
        return None


def _name_char_ok(ch: str) -> bool:
    """One character of a CHAT_INPUT name: -, _, ', a letter, a number, Devanagari or Thai."""
    if ch in "-_'":
        return True
    if unicodedata.category(ch)[0] in "LN":
        return True
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in DEVA_THAI)


def check_name(path: str, name: Any, chat: bool) -> None:
    """A command or option name: 1-32 characters; for CHAT_INPUT the naming regex, lower case."""
    if name is None:
        raise form_error(path, "BASE_TYPE_REQUIRED", "This field is required")
    if not isinstance(name, str) or not 1 <= len(name) <= NAME_MAX:
        raise form_error(
            path, "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {NAME_MAX} in length."
        )
    if chat and not all(_name_char_ok(ch) and ch.lower() == ch for ch in name):
        raise form_error(
            path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"
        )


def _check_description(path: str, text: Any) -> None:
    """A CHAT_INPUT description (or option description): 1-100 characters."""
    if text is None:
        raise form_error(path, "BASE_TYPE_REQUIRED", "This field is required")
    if not isinstance(text, str) or not 1 <= len(text) <= DESCRIPTION_MAX:
        raise form_error(
            path, "BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {DESCRIPTION_MAX} in length."
        )


def _longest(default: Any, localized: dict[str, Any]) -> int:
    """Length counted toward the size limit: the longest of a value and its localizations."""
    texts = [t for t in [default, *localized.values()] if isinstance(t, str)]
    return max((len(t) for t in texts), default=0)


def _names_and_texts(
    where: str, node: dict[str, Any], chat: bool
) -> tuple[dict[str, Any], int]:
    """Check name, description and their localizations; return name localizations and size."""
    check_name(f"{where}name", node.get("name"), chat)
    names = validate_localizations(
        f"{where}name_localizations",
        node.get("name_localizations"),
        lambda p, v: check_name(p, v, chat),
    )
    descriptions = validate_localizations(
        f"{where}description_localizations",
        node.get("description_localizations"),
        _check_description,
    )
    size = _longest(node.get("name"), names) + _longest(node.get("description"), descriptions)
    return names, size


def _check_option_names(where: str, options: list[dict[str, Any]]) -> None:
    """Option names unique in their array; a localized name (one differing from its default)
    distinct from the other options' names and from their names in that locale."""
    for i, opt in enumerate(options):
        others = [o for j, o in enumerate(options) if j != i]
        if any(o.get("name") == opt.get("name") for o in options[:i]):
            raise form_error(
                f"{where}options.{i}.name",
                "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                "Option names must be unique",
            )
        for locale, text in (opt.get("name_localizations") or {}).items():
            if text == opt.get("name"):
                continue
            taken = {o.get("name") for o in others}
            taken |= {(o.get("name_localizations") or {}).get(locale) for o in others}
            if text in taken:
                raise form_error(
                    f"{where}options.{i}.name_localizations.{locale}",
                    "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                    "Localized option names must be distinct from the other options' names",
                )


def _check_options(where: str, options: Any, parent: int) -> int:
    """Check one options array of a command (parent 0), a group (GROUP) or a
    subcommand (SUB); return its size toward the command's character limit."""
    options = _list(f"{where}options", options, OPTIONS_MAX)
    size = 0
    optional_seen = False
    for i, opt in enumerate(options):
        path = f"{where}options.{i}."
        opt = _dict(path[:-1], opt)
        kind = opt.get("type")
        if kind not in OPTION_TYPES:
            raise form_error(
                f"{path}type", "BASE_TYPE_CHOICES", f"Value must be one of {set(OPTION_TYPES)}."
            )
        nested = kind in (SUB, GROUP)
        if (parent == GROUP and kind != SUB) or (parent == SUB and nested):
            raise form_error(
                f"{path}type",
                "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                "A sub-command group may only contain sub-commands, "
                "and a sub-command no sub-command or group",
            )
        names, part = _names_and_texts(path, opt, True)
        _check_description(f"{path}description", opt.get("description"))
        size += part
        if nested:
            size += _check_options(path, opt.get("options"), kind)
            continue
        if opt.get("options"):
            raise form_error(
                f"{path}options",
                "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                "Only sub-commands and sub-command groups have options",
            )
        if opt.get("required"):
            if optional_seen:
                raise form_error(
                    f"{path}required",
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            optional_seen = True
        size += _check_choices(path, opt)
        if kind == STRING:
            _int_range(f"{path}min_length", opt.get("min_length"), 0, STRING_LENGTH_MAX)
            _int_range(f"{path}max_length", opt.get("max_length"), 1, STRING_LENGTH_MAX)
    _check_option_names(where, options)
    return size


def _check_choices(path: str, opt: dict[str, Any]) -> int:
    """Choices of a STRING/INTEGER/NUMBER option: at most 25, names 1-100, strings up to 100."""
    choices = opt.get("choices")
    if not choices:
        return 0
    if opt.get("type") not in (STRING, INTEGER, NUMBER):
        raise form_error(
            f"{path}choices",
            "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
            "Choices are only allowed for string, integer and number options",
        )
    if opt.get("autocomplete"):
        raise form_error(
            f"{path}autocomplete",
            "APPLICATION_COMMAND_AUTOCOMPLETE_WITH_CHOICES",
            "Autocomplete cannot be set when choices are present",
        )
    size = 0
    for k, choice in enumerate(_list(f"{path}choices", choices, CHOICES_MAX)):
        where = f"{path}choices.{k}"
        choice = _dict(where, choice)
        _length(f"{where}.name", choice.get("name"), 1, CHOICE_NAME_MAX)
        names = validate_localizations(
            f"{where}.name_localizations",
            choice.get("name_localizations"),
            lambda p, v: _length(p, v, 1, CHOICE_NAME_MAX),
        )
        value = choice.get("value")
        if value is None:
            raise form_error(f"{where}.value", "BASE_TYPE_REQUIRED", "This field is required")
        if opt["type"] == STRING:
            _length(f"{where}.value", value, 1, CHOICE_VALUE_MAX)
        size += _longest(choice["name"], names) + (len(value) if isinstance(value, str) else 0)
    return size


def validate_command(cmd: Any, path: str) -> None:
    """Check one command definition as Discord does (names, texts, options, choices, size)."""
    prefix = f"{path}." if path else ""
    cmd = _dict(path, cmd)
    kind = cmd.get("type", 1)
    if kind not in COMMAND_TYPES:
        raise form_error(
            f"{prefix}type", "BASE_TYPE_CHOICES", f"Value must be one of {set(COMMAND_TYPES)}."
        )
    chat = kind in (CHAT_INPUT, ENTRY_POINT)
    _, size = _names_and_texts(prefix, cmd, chat)
    if kind == CHAT_INPUT:
        _check_description(f"{prefix}description", cmd.get("description"))
        size += _check_options(prefix, cmd.get("options"), 0)
    elif kind != ENTRY_POINT:
        if cmd.get("description"):
            raise form_error(
                f"{prefix}description",
                "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION",
                "Context menu commands cannot have a description",
            )
        if cmd.get("options"):
            raise form_error(
                f"{prefix}options",
                "APPLICATION_COMMAND_OPTIONS_NOT_ALLOWED",
                "Only chat input commands can have options",
            )
    if kind == CHAT_INPUT and size > COMMAND_SIZE_MAX:
        raise form_error(
            path,
            "APPLICATION_COMMAND_TOO_LARGE",
            f"Command exceeds maximum size ({COMMAND_SIZE_MAX})",
        )


def check_counts(commands: list[dict[str, Any]], guild_id: int | None) -> None:
    """At most 100 CHAT_INPUT, 5 USER, 5 MESSAGE commands per scope, one global entry point."""
    for kind, limit in COMMAND_COUNTS.items():
        if guild_id is not None and kind == ENTRY_POINT:
            limit = 0
        count = sum(1 for c in commands if c.get("type", 1) == kind)
        if count > limit:
            raise ApiError(
                400, 30032, f"Maximum number of application commands reached ({limit})"
            )


def _resolve_user(fake: FakeDiscord, value: Any, channel: Channel, resolved: dict[str, Any]) -> str:
    """Put a user (and its member) into `resolved`; return its id string."""
    uid = int(value)
    state = fake.state
    assert uid in state.users, f"unknown user id {uid}"
    resolved.setdefault("users", {})[str(uid)] = user_payload(state.users[uid])
    guild = state.guilds.get(channel.guild_id) if channel.guild_id else None
    if guild and uid in guild.members:
        member = member_payload(state, guild.members[uid], with_user=False, permissions=True)
        resolved.setdefault("members", {})[str(uid)] = member
    return str(uid)


def _resolve_role(
    fake: FakeDiscord, value: Any, channel: Channel, resolved: dict[str, Any]
) -> str | None:
    """Put a role into `resolved` if `value` is a role of the channel's guild."""
    guild = fake.state.guilds.get(channel.guild_id) if channel.guild_id else None
    role = guild.roles.get(int(value)) if guild else None
    if role is None:
        return None
    resolved.setdefault("roles", {})[str(role.id)] = role_payload(role)
    return str(role.id)


def _resolve_channel(
    fake: FakeDiscord, value: Any, user_id: int, resolved: dict[str, Any]
) -> tuple[str, int]:
    """Put a channel into `resolved`; return its id string and type."""
    target = fake.state.channels.get(int(value))
    assert target is not None, f"unknown channel id {value}"
    data = channel_payload(fake.state, target)
    if target.guild_id:
        data["permissions"] = str(fake.state.member_permissions(target.guild_id, user_id))
    resolved.setdefault("channels", {})[str(target.id)] = data
    return str(target.id), target.type


def coerce_option(
    fake: FakeDiscord,
    opt: dict[str, Any],
    value: Any,
    user_id: int,
    channel: Channel,
    resolved: dict[str, Any],
) -> Any:
    """Check and convert one leaf option value the way the Discord client would send it."""
    kind, name = opt["type"], opt["name"]
    if kind == STRING:
        assert isinstance(value, str), f"option {name!r} needs a str, got {value!r}"
        lo, hi = opt.get("min_length", 0), opt.get("max_length", 6000)
        assert lo <= len(value) <= hi, f"option {name!r}: length must be {lo}..{hi}"
    elif kind in (INTEGER, NUMBER):
        ok = isinstance(value, int) if kind == INTEGER else isinstance(value, int | float)
        assert ok and not isinstance(value, bool), f"option {name!r}: bad number {value!r}"
        lo, hi = opt.get("min_value"), opt.get("max_value")
        assert (lo is None or value >= lo) and (hi is None or value <= hi), (
            f"option {name!r}: {value} outside {lo}..{hi}"
        )
    elif kind == BOOLEAN:
        assert isinstance(value, bool), f"option {name!r} needs a bool"
    elif kind == USER:
        value = _resolve_user(fake, value, channel, resolved)
    elif kind == ROLE:
        role = _resolve_role(fake, value, channel, resolved)
        assert role is not None, f"option {name!r}: unknown role {value}"
        value = role
    elif kind == MENTIONABLE:
        role = _resolve_role(fake, value, channel, resolved)
        value = role if role is not None else _resolve_user(fake, value, channel, resolved)
    elif kind == CHANNEL:
        value, ctype = _resolve_channel(fake, value, user_id, resolved)
        allowed = opt.get("channel_types")
        assert not allowed or ctype in allowed, f"option {name!r}: channel type {ctype} refused"
    elif kind == ATTACHMENT:
        value = _resolve_attachment(fake, value, channel, resolved)
    choices = opt.get("choices")
    if choices:
        assert value in [c["value"] for c in choices], (
            f"option {name!r}: {value!r} is not one of the choices {choices}"
        )
    return value


def _resolve_attachment(
    fake: FakeDiscord, value: Any, channel: Channel, resolved: dict[str, Any]
) -> str:
    """Upload a (filename, bytes) option value and put it into `resolved`."""
    assert isinstance(value, tuple) and len(value) == 2, "attachment options take (filename, bytes)"
    filename, data = value
    upload = Upload(0, filename, bytes(data), guess_type(filename))
    att = new_attachment(fake, channel.id, upload, {}, True)
    resolved.setdefault("attachments", {})[att["id"]] = att
    return str(att["id"])


def command_data(
    fake: FakeDiscord,
    user_id: int,
    channel: Channel,
    path: str,
    options: dict[str, Any],
    focused: str | None = None,
) -> tuple[dict[str, Any], str]:
    """Build the `data` of a slash command (or autocomplete) interaction from synced commands."""
    state = fake.state
    guild_id = channel.guild_id
    parts = path.split()
    assert parts, "empty command path"
    cmd = fake.commands.find(parts[0], guild_id)
    if cmd is None:
        names = sorted({c["name"] for s in (guild_id, None) for c in fake.commands.get(s)})
        raise AssertionError(f"command /{parts[0]} was not synced by the bot (synced: {names})")
    contexts = cmd.get("contexts")
    context = 1 if channel.type == DM_CHANNEL else 0
    assert contexts is None or context in contexts, f"/{parts[0]} is not usable in this context"
    required_perms = cmd.get("default_member_permissions")
    if required_perms is not None and guild_id is not None:
        perms, need = state.member_permissions(guild_id, user_id), int(required_perms)
        assert perms & need == need, f"/{parts[0]} is hidden from this user (missing permissions)"
    node, chain = cmd, []
    for name in parts[1:]:
        sub = next(
            (
                o
                for o in node.get("options") or []
                if o["type"] in (SUB, GROUP) and o["name"] == name
            ),
            None,
        )
        assert sub is not None, f"/{path}: {name!r} is not a subcommand of {node['name']!r}"
        chain.append(sub)
        node = sub
    defs = {o["name"]: o for o in node.get("options") or []}
    assert not any(o["type"] in (SUB, GROUP) for o in defs.values()), (
        f"/{path} is a group; name a subcommand: {sorted(defs)}"
    )
    resolved: dict[str, Any] = {}
    leaf: list[dict[str, Any]] = []
    for name, value in options.items():
        opt = defs.get(name)
        assert opt is not None, f"/{path} has no option {name!r} (options: {sorted(defs)})"
        if name == focused:
            assert opt.get("autocomplete"), f"option {name!r} of /{path} has no autocomplete"
            leaf.append({"name": name, "type": opt["type"], "value": value, "focused": True})
        else:
            value = coerce_option(fake, opt, value, user_id, channel, resolved)
            leaf.append({"name": name, "type": opt["type"], "value": value})
    if focused is None:
        missing = [n for n, o in defs.items() if o.get("required") and n not in options]
        assert not missing, f"/{path}: required options missing: {missing}"
    else:
        assert focused in options, f"focused option {focused!r} needs a value in options"
    for sub in reversed(chain):
        leaf = [{"name": sub["name"], "type": sub["type"], "options": leaf}]
    data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": leaf}
    if resolved:
        data["resolved"] = resolved
    if cmd.get("guild_id"):
        data["guild_id"] = cmd["guild_id"]
    return data, " ".join(parts)


def find_component(msg: Message, custom_id: str) -> dict[str, Any] | None:
    """The component with this custom_id in a message, or None."""
    for comp in walk_components(msg.components):
        if comp.get("custom_id") == custom_id:
            return comp
    return None


def component_data(
    fake: FakeDiscord, msg: Message, custom_id: str, user_id: int, values: list[Any] | None
) -> dict[str, Any]:
    """Build the `data` of a MESSAGE_COMPONENT interaction (button click or select)."""
    comp = find_component(msg, custom_id)
    ids = fake.custom_ids(msg)
    assert comp is not None, f"message {msg.id} has no component {custom_id!r} (has {ids})"
    assert not comp.get("disabled"), f"component {custom_id!r} is disabled"
    kind = comp["type"]
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
    if values is None:
        assert kind == 2, f"component {custom_id!r} is not a button (type {kind})"
        return data
    assert kind in SELECT_TYPES, f"component {custom_id!r} is not a select (type {kind})"
    lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
    assert lo <= len(values) <= hi, f"select {custom_id!r} takes {lo}..{hi} values"
    channel = fake.state.channels[msg.channel_id]
    resolved: dict[str, Any] = {}
    if kind == STRING_SELECT:
        allowed = [o["value"] for o in comp.get("options") or []]
        bad = [v for v in values if v not in allowed]
        assert not bad, f"select {custom_id!r}: {bad} not among options {allowed}"
    else:
        out = []
        for value in values:
            if kind == 8:
                out.append(_resolve_channel(fake, value, user_id, resolved)[0])
                continue
            role = _resolve_role(fake, value, channel, resolved) if kind in (6, 7) else None
            if role is None:
                assert kind != 6, f"select {custom_id!r}: unknown role {value}"
                role = _resolve_user(fake, value, channel, resolved)
            out.append(role)
        values = out
    data["values"] = [str(v) for v in values]
    if resolved:
        data["resolved"] = resolved
    return data
