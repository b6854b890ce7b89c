"""Validation of message and interaction-response bodies with Discord's documented limits.

Every limit below is Discord's own (docs.discord.com/developers, the pages named beside each
group), measured as Discord measures it; where the docs leave a doubt the check is no stricter
than Discord. A failed check raises the 400 "Invalid Form Body" (50035) Discord answers, with
the field path of its `errors` tree (e.g. `components.0.components.1.custom_id`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .wire import ApiError, form_error

COMPONENTS_V2 = 1 << 15
ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECT_TYPES = (3, 5, 6, 7, 8)
INTERACTIVE = (BUTTON, TEXT_INPUT, *SELECT_TYPES)
SECTION, TEXT_DISPLAY, CONTAINER, LABEL = 9, 10, 17, 18
LINK, PREMIUM = 5, 6

# components/reference: "custom_id ... max 100 characters"; an action row holds up to 5
# buttons or one select (or, in a modal, one text input); a legacy message up to 5 rows;
# a message with IS_COMPONENTS_V2 "up to 40 total components"; a modal 1-5 components.
CUSTOM_ID_MAX = 100
ROWS_MAX = 5
ROW_WIDTH = 5
V2_TOTAL_MAX = 40
BUTTON_LABEL_MAX = 80
SELECT_PLACEHOLDER_MAX = 150
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100  # label, value and description of a select option
SELECT_VALUES_MAX = 25  # min_values 0-25, max_values 1-25
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_VALUE_MAX = 4000  # value, min_length (0-4000), max_length (1-4000)
TEXT_INPUT_PLACEHOLDER_MAX = 100
LABEL_TEXT_MAX = 45
LABEL_DESCRIPTION_MAX = 100
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5

# resources/message "Embed Limits" (whitespace trimmed first) and Create Message.
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBED_TOTAL_MAX = 6000
CONTENT_MAX = 2000
NONCE_MAX = 25
STICKERS_MAX = 3
ATTACHMENTS_MAX = 10
ATTACHMENT_DESCRIPTION_MAX = 1024  # "description for the file (max 1024 characters)"
MENTION_IDS_MAX = 100  # allowed_mentions.users / .roles: "Max size of 100"
MENTION_TYPES = ("roles", "users", "everyone")

# interactions/receiving-and-responding "Autocomplete": max 25 choices; a choice as in
# application-commands: name 1-100 characters, a string value up to 100.
CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_VALUE_MAX = 100


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Yield every component, descending into rows, containers, sections and accessories."""
    for comp in components or []:
        yield comp
        yield from walk_components(comp.get("components") or [])
        if isinstance(comp.get("accessory"), dict):
            yield from walk_components([comp["accessory"]])
        if isinstance(comp.get("component"), dict):
            yield from walk_components([comp["component"]])


# -- field checks ------------------------------------------------------------------------------


def _max_len(path: str, value: Any, limit: int) -> None:
    """Fail when a string is longer than `limit`."""
    if isinstance(value, str) and len(value) > limit:
        raise form_error(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _required(path: str) -> ApiError:
    """The error of a missing required field."""
    return form_error(path, "BASE_TYPE_REQUIRED", "This field is required")


def _length(path: str, value: Any, lo: int, hi: int) -> None:
    """A required string of lo..hi characters."""
    if value is None:
        raise _required(path)
    if not isinstance(value, str):
        raise form_error(path, "BASE_TYPE_STRING", "Could not interpret value as string.")
    if not lo <= len(value) <= hi:
        raise form_error(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {lo} and {hi} in length.")


def _list(path: str, value: Any, limit: int, lo: int = 0) -> list[Any]:
    """A list (None: empty) of lo..limit items."""
    if value is None:
        value = []
    if not isinstance(value, list):
        raise form_error(path, "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
    if lo and not lo <= len(value) <= limit:
        raise form_error(
            path, "BASE_TYPE_BAD_LENGTH", f"Must be between {lo} and {limit} in length."
        )
    if len(value) > limit:
        raise form_error(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")
    return value


def _dict(path: str, value: Any) -> dict[str, Any]:
    """An object."""
    if not isinstance(value, dict):
        raise form_error(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
    return value


def _int_range(path: str, value: Any, lo: int, hi: int) -> None:
    """An optional integer within lo..hi."""
    if value is None:
        return
    if not isinstance(value, int) or isinstance(value, bool):
        raise form_error(path, "NUMBER_TYPE_COERCE", f"Value \"{value}\" is not int.")
    if value < lo:
        raise form_error(
            path, "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {lo}."
        )
    if value > hi:
        raise form_error(
            path, "NUMBER_TYPE_MAX", f"int value should be less than or equal to {hi}."
        )


def _custom_id(path: str, comp: dict[str, Any], seen: set[str]) -> None:
    """A required custom_id of 1-100 characters, unique in the message (or modal)."""
    custom_id = comp.get("custom_id")
    _length(f"{path}.custom_id", custom_id, 1, CUSTOM_ID_MAX)
    if custom_id in seen:
        raise form_error(
            f"{path}.custom_id",
            "COMPONENT_CUSTOM_ID_DUPLICATED",
            "Component custom id cannot be duplicated",
        )
    seen.add(custom_id)


# reference "Locales": the keys of name_localizations / description_localizations.
LOCALES = frozenset(
    "id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el "
    "bg ru uk hi th zh-CN ja zh-TW ko".split()
)


def validate_localizations(
    path: str, value: Any, check: Callable[[str, Any], None]
) -> dict[str, Any]:
    """A localization dictionary: keys are Discord locales, values pass `check`."""
    if value is None:
        return {}
    value = _dict(path, value)
    for locale, text in value.items():
        if locale not in LOCALES:
            raise form_error(
                f"{path}.{locale}",
                "ENUM_TYPE_COERCE",
                f'Value "{locale}" is not a valid enum value.',
            )
        check(f"{path}.{locale}", text)
    return value


# -- components --------------------------------------------------------------------------------


def _button(path: str, comp: dict[str, Any], seen: set[str]) -> None:
    """Button: label up to 80; a link button needs a url, premium a sku_id, others a custom_id."""
    _max_len(f"{path}.label", comp.get("label"), BUTTON_LABEL_MAX)
    style = comp.get("style")
    if style == LINK:
        if not comp.get("url"):
            raise _required(f"{path}.url")
        if comp.get("custom_id") is not None:
            raise form_error(
                f"{path}.custom_id",
                "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                "A custom id cannot be specified for link buttons",
            )
    elif style == PREMIUM:
        if not comp.get("sku_id"):
            raise _required(f"{path}.sku_id")
    else:
        _custom_id(path, comp, seen)


def _select(path: str, comp: dict[str, Any], seen: set[str]) -> None:
    """Select menus: placeholder 150, min_values 0-25, max_values 1-25; string options 1-25."""
    _custom_id(path, comp, seen)
    _max_len(f"{path}.placeholder", comp.get("placeholder"), SELECT_PLACEHOLDER_MAX)
    _int_range(f"{path}.min_values", comp.get("min_values"), 0, SELECT_VALUES_MAX)
    _int_range(f"{path}.max_values", comp.get("max_values"), 1, SELECT_VALUES_MAX)
    lo = comp.get("min_values")
    hi = comp.get("max_values")
    lo = 1 if lo is None else lo
    hi = 1 if hi is None else hi
    if lo > hi:
        raise form_error(
            f"{path}.min_values",
            "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE",
            "min_values must be less than or equal to max_values",
        )
    if comp.get("type") != STRING_SELECT:
        return
    options = _list(f"{path}.options", comp.get("options"), SELECT_OPTIONS_MAX, lo=1)
    values: set[Any] = set()
    for k, opt in enumerate(options):
        where = f"{path}.options.{k}"
        opt = _dict(where, opt)
        _length(f"{where}.label", opt.get("label"), 1, SELECT_OPTION_TEXT_MAX)
        _length(f"{where}.value", opt.get("value"), 1, SELECT_OPTION_TEXT_MAX)
        _max_len(f"{where}.description", opt.get("description"), SELECT_OPTION_TEXT_MAX)
        if opt["value"] in values:
            raise form_error(
                f"{path}.options",
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "Select component option values cannot be duplicated",
            )
        values.add(opt["value"])


def _text_input(path: str, comp: dict[str, Any], seen: set[str]) -> None:
    """Text input: label 45, value 4000, placeholder 100, min_length 0-4000, max_length 1-4000."""
    _custom_id(path, comp, seen)
    _max_len(f"{path}.label", comp.get("label"), TEXT_INPUT_LABEL_MAX)
    _max_len(f"{path}.value", comp.get("value"), TEXT_INPUT_VALUE_MAX)
    _max_len(f"{path}.placeholder", comp.get("placeholder"), TEXT_INPUT_PLACEHOLDER_MAX)
    _int_range(f"{path}.min_length", comp.get("min_length"), 0, TEXT_INPUT_VALUE_MAX)
    _int_range(f"{path}.max_length", comp.get("max_length"), 1, TEXT_INPUT_VALUE_MAX)


def _row(path: str, row: dict[str, Any], seen: set[str], modal: bool) -> None:
    """An action row: 1-5 buttons, or a single select or text input."""
    children = _list(f"{path}.components", row.get("components"), ROW_WIDTH, lo=1)
    kinds = [c.get("type") for c in children if isinstance(c, dict)]
    if any(k in SELECT_TYPES or k == TEXT_INPUT for k in kinds) and len(children) != 1:
        raise form_error(
            f"{path}.components",
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )
    for j, child in enumerate(children):
        _component(f"{path}.components.{j}", child, seen, modal, in_row=True)


def _component(
    path: str, comp: Any, seen: set[str], modal: bool, *, in_row: bool = False
) -> None:
    """Check one component (and what it contains)."""
    comp = _dict(path, comp)
    kind = comp.get("type")
    if kind == ROW:
        if in_row:
            raise form_error(
                f"{path}.type", "COMPONENT_TYPE_INVALID", "Action rows cannot be nested"
            )
        _row(path, comp, seen, modal)
    elif kind == BUTTON:
        _button(path, comp, seen)
    elif kind in SELECT_TYPES:
        _select(path, comp, seen)
    elif kind == TEXT_INPUT:
        _text_input(path, comp, seen)
    elif kind == LABEL:
        _length(f"{path}.label", comp.get("label"), 1, LABEL_TEXT_MAX)
        _max_len(f"{path}.description", comp.get("description"), LABEL_DESCRIPTION_MAX)
        if comp.get("component") is None:
            raise _required(f"{path}.component")
        _component(f"{path}.component", comp["component"], seen, modal)
    else:
        for j, child in enumerate(_list(f"{path}.components", comp.get("components"), 40)):
            _component(f"{path}.components.{j}", child, seen, modal)
        if comp.get("accessory") is not None:
            _component(f"{path}.accessory", comp["accessory"], seen, modal)


def validate_components(
    components: Any, flags: int, path: str = "components", *, modal: bool = False
) -> None:
    """Check rows, buttons, selects, text inputs and custom_ids like Discord does."""
    v2 = bool(flags & COMPONENTS_V2)
    if modal:
        components = _list(path, components, MODAL_COMPONENTS_MAX, lo=1)
    elif v2:
        components = _list(path, components, V2_TOTAL_MAX)
        total = sum(1 for _ in walk_components(components))
        if total > V2_TOTAL_MAX:
            raise form_error(
                path,
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {V2_TOTAL_MAX} or fewer in length (components in all).",
            )
    else:
        components = _list(path, components, ROWS_MAX)
    seen: set[str] = set()
    for i, comp in enumerate(components):
        where = f"{path}.{i}"
        kind = _dict(where, comp).get("type")
        allowed = (ROW, LABEL, TEXT_DISPLAY) if modal else None if v2 else (ROW,)
        if allowed is not None and kind not in allowed:
            raise form_error(
                f"{where}.type",
                "UNION_TYPE_CHOICES",
                f'Value of field "type" must be one of {allowed}.',
            )
        _component(where, comp, seen, modal)


# -- embeds, attachments, mentions, the message as a whole ---------------------------------------


def _text(value: Any) -> str:
    """An embed text as Discord counts it (leading and trailing whitespace trimmed)."""
    return value.strip() if isinstance(value, str) else ""


def validate_embeds(embeds: Any, path: str = "embeds") -> None:
    """Check embed count and text limits (6000 characters in all the message's embeds)."""
    embeds = _list(path, embeds, EMBEDS_MAX)
    total = 0
    for i, embed in enumerate(embeds):
        where = f"{path}.{i}"
        embed = _dict(where, embed)
        for key, limit in (("title", EMBED_TITLE_MAX), ("description", EMBED_DESCRIPTION_MAX)):
            _max_len(f"{where}.{key}", _text(embed.get(key)), limit)
            total += len(_text(embed.get(key)))
        fields = _list(f"{where}.fields", embed.get("fields"), EMBED_FIELDS_MAX)
        for k, fld in enumerate(fields):
            fpath = f"{where}.fields.{k}"
            fld = _dict(fpath, fld)
            for key, limit in (("name", EMBED_FIELD_NAME_MAX), ("value", EMBED_FIELD_VALUE_MAX)):
                text = _text(fld.get(key))
                if not text:
                    raise _required(f"{fpath}.{key}")
                _max_len(f"{fpath}.{key}", text, limit)
                total += len(text)
        for key, limit in (("footer", EMBED_FOOTER_MAX), ("author", EMBED_AUTHOR_MAX)):
            part = embed.get(key)
            if part is None:
                continue
            name = "text" if key == "footer" else "name"
            text = _text(_dict(f"{where}.{key}", part).get(name))
            _max_len(f"{where}.{key}.{name}", text, limit)
            total += len(text)
        if total > EMBED_TOTAL_MAX:
            raise form_error(
                where,
                "BASE_TYPE_MAX_LENGTH",
                f"Embed size exceeds maximum size of {EMBED_TOTAL_MAX}",
            )


def validate_attachment_specs(specs: Any) -> list[dict[str, Any]]:
    """The `attachments` list of a request: at most 10, descriptions up to 1024 characters."""
    specs = _list("attachments", specs, ATTACHMENTS_MAX)
    for i, spec in enumerate(specs):
        spec = _dict(f"attachments.{i}", spec)
        _max_len(f"attachments.{i}.description", spec.get("description"),
                 ATTACHMENT_DESCRIPTION_MAX)
    return specs


def validate_allowed_mentions(allowed: Any) -> None:
    """allowed_mentions: parse among roles/users/everyone, at most 100 ids, parse exclusive."""
    if allowed is None:
        return
    allowed = _dict("allowed_mentions", allowed)
    parse = _list("allowed_mentions.parse", allowed.get("parse"), len(MENTION_TYPES) * 10)
    for i, kind in enumerate(parse):
        if kind not in MENTION_TYPES:
            raise form_error(
                f"allowed_mentions.parse.{i}",
                "BASE_TYPE_CHOICES",
                f"Value must be one of {set(MENTION_TYPES)}.",
            )
    for key in ("users", "roles"):
        ids = _list(f"allowed_mentions.{key}", allowed.get(key), MENTION_IDS_MAX)
        if key in parse and ids:
            raise form_error(
                f"allowed_mentions.parse.{key}",
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                f'parse:["{key}"] and {key}: [ids] are exclusive.',
            )
        for k, raw in enumerate(ids):
            if not str(raw).isdigit():
                raise form_error(
                    f"allowed_mentions.{key}.{k}", "NUMBER_TYPE_COERCE",
                    f'Value "{raw}" is not snowflake.',
                )


def validate_request(body: dict[str, Any]) -> None:
    """Fields of a create/edit request that the stored message does not keep."""
    nonce = body.get("nonce")
    if nonce is not None:
        _max_len("nonce", str(nonce), NONCE_MAX)
    _list("sticker_ids", body.get("sticker_ids"), STICKERS_MAX)
    validate_allowed_mentions(body.get("allowed_mentions"))


def validate_message(msg: dict[str, Any]) -> None:
    """Validate the final state of a message (content, embeds, components, non-empty)."""
    content = msg.get("content") or ""
    _max_len("content", content, CONTENT_MAX)
    validate_embeds(msg.get("embeds") or [])
    validate_components(msg.get("components") or [], msg.get("flags") or 0)
    if (msg.get("flags") or 0) & COMPONENTS_V2:
        if content or msg.get("embeds"):
            raise form_error(
                "content",
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "The 'content' and 'embeds' fields cannot be used with V2 components",
            )
        return
    if not (
        content
        or msg.get("embeds")
        or msg.get("attachments")
        or msg.get("components")
        or msg.get("sticker_ids")
        or msg.get("poll")
    ):
        raise ApiError(400, 50006, "Cannot send an empty message")


# -- interaction responses ---------------------------------------------------------------------


def validate_choices(choices: Any) -> None:
    """Check an autocomplete result (at most 25 choices, names 1-100, string values up to 100)."""
    if choices is None:
        raise _required("choices")
    choices = _list("choices", choices, CHOICES_MAX)
    for i, choice in enumerate(choices):
        where = f"choices.{i}"
        choice = _dict(where, choice)
        _length(f"{where}.name", choice.get("name"), 1, CHOICE_NAME_MAX)
        validate_localizations(
            f"{where}.name_localizations",
            choice.get("name_localizations"),
            lambda p, v: _length(p, v, 1, CHOICE_NAME_MAX),
        )
        if choice.get("value") is None:
            raise _required(f"{where}.value")
        _max_len(f"{where}.value", choice["value"], CHOICE_VALUE_MAX)


def validate_modal(data: dict[str, Any]) -> None:
    """Check a modal: custom_id 1-100, title 1-45, 1-5 components (rows, labels, texts)."""
    _length("custom_id", data.get("custom_id"), 1, CUSTOM_ID_MAX)
    _length("title", data.get("title"), 1, MODAL_TITLE_MAX)
    if not data.get("components"):
        raise _required("components")
    validate_components(data["components"], 0, "components", modal=True)
