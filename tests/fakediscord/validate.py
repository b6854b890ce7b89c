"""Validation of message and interaction-response bodies with Discord's documented limits."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .wire import ApiError, form_error

COMPONENTS_V2 = 1 << 15
BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4
SELECT_TYPES = (3, 5, 6, 7, 8)
INTERACTIVE = (BUTTON, TEXT_INPUT, *SELECT_TYPES)


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Yield every component, descending into rows, containers, sections and accessories."""
    for comp in components or []:
        yield comp
        yield from walk_components(comp.get("components") or [])
        if isinstance(comp.get("accessory"), dict):
            yield from walk_components([comp["accessory"]])
        if isinstance(comp.get("component"), dict):
            yield from walk_components([comp["component"]])


def _max_len(path: str, value: Any, limit: int) -> None:
    """Fail when a string is longer than `limit`."""
    if isinstance(value, str) and len(value) > limit:
        raise form_error(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def validate_components(components: list[dict[str, Any]], flags: int) -> None:
    """Check rows, buttons, selects and custom_ids like Discord does."""
    if not isinstance(components, list):
        raise form_error("components", "LIST_TYPE_CONVERT", "Only iterables may be used.")
    if not flags & COMPONENTS_V2:
        if len(components) > 5:
            raise form_error("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
        for i, row in enumerate(components):
            if row.get("type") != 1:
                raise form_error(
                    f"components.{i}.type",
                    "UNION_TYPE_CHOICES",
                    'Value of field "type" must be one of (1,).',
                )
            children = row.get("components") or []
            kinds = {c.get("type") for c in children}
            if not children or len(children) > 5:
                raise form_error(
                    f"components.{i}.components",
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 5 in length.",
                )
            if kinds & set(SELECT_TYPES) and len(children) != 1:
                raise form_error(
                    f"components.{i}.components",
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
    seen: set[str] = set()
    for j, comp in enumerate(walk_components(components)):
        path = f"components.{j}"
        kind = comp.get("type")
        custom_id = comp.get("custom_id")
        if kind in INTERACTIVE and not (kind == BUTTON and comp.get("style") in (5, 6)):
            if not custom_id:
                raise form_error(
                    f"{path}.custom_id", "BASE_TYPE_REQUIRED", "This field is required"
                )
        if custom_id is not None:
            _max_len(f"{path}.custom_id", custom_id, 100)
            if custom_id in seen:
                raise form_error(
                    f"{path}.custom_id",
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            seen.add(custom_id)
        if kind == BUTTON:
            _max_len(f"{path}.label", comp.get("label"), 80)
            if comp.get("style") == 5 and not comp.get("url"):
                raise form_error(f"{path}.url", "BASE_TYPE_REQUIRED", "This field is required")
        if kind == STRING_SELECT:
            options = comp.get("options") or []
            if not 1 <= len(options) <= 25:
                raise form_error(
                    f"{path}.options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length."
                )
            values = [o.get("value") for o in options]
            if len(set(values)) != len(values):
                raise form_error(
                    f"{path}.options",
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    "Select component option values cannot be duplicated",
                )
            for k, opt in enumerate(options):
                for key in ("label", "value"):
                    if not opt.get(key):
                        raise form_error(f"{path}.options.{k}.{key}", "BASE_TYPE_REQUIRED",
                                         "This field is required")
                    _max_len(f"{path}.options.{k}.{key}", opt.get(key), 100)
                _max_len(f"{path}.options.{k}.description", opt.get("description"), 100)
        if kind in SELECT_TYPES:
            _max_len(f"{path}.placeholder", comp.get("placeholder"), 150)
            lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
            if not 0 <= lo <= hi <= 25:
                raise form_error(
                    f"{path}.max_values", "BASE_TYPE_BAD_INT", "min_values/max_values out of range"
                )


def validate_embeds(embeds: list[dict[str, Any]]) -> None:
    """Check embed count and text limits (6000 characters in all the message's embeds)."""
    if len(embeds) > 10:
        raise form_error("embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        limits = (("title", 256), ("description", 4096))
        for key, limit in limits:
            _max_len(f"embeds.{i}.{key}", embed.get(key), limit)
            total += len(embed.get(key) or "")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            raise form_error(
                f"embeds.{i}.fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
            )
        for k, fld in enumerate(fields):
            _max_len(f"embeds.{i}.fields.{k}.name", fld.get("name"), 256)
            _max_len(f"embeds.{i}.fields.{k}.value", fld.get("value"), 1024)
            total += len(fld.get("name") or "") + len(fld.get("value") or "")
        _max_len(f"embeds.{i}.footer.text", (embed.get("footer") or {}).get("text"), 2048)
        _max_len(f"embeds.{i}.author.name", (embed.get("author") or {}).get("name"), 256)
        total += len((embed.get("footer") or {}).get("text") or "")
        total += len((embed.get("author") or {}).get("name") or "")
        if total > 6000:
            raise form_error(
                f"embeds.{i}", "BASE_TYPE_MAX_LENGTH", "Embed size exceeds maximum size of 6000"
            )


def validate_message(msg: dict[str, Any]) -> None:
    """Validate the final state of a message (content, embeds, components, non-empty)."""
    content = msg.get("content") or ""
    _max_len("content", content, 2000)
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


def validate_choices(choices: Any) -> None:
    """Check an autocomplete result (at most 25 choices, names 1-100 characters)."""
    if not isinstance(choices, list) or len(choices) > 25:
        raise form_error("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for i, choice in enumerate(choices):
        name = choice.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise form_error(
                f"data.choices.{i}.name",
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 100 in length.",
            )
        if "value" not in choice:
            raise form_error(
                f"data.choices.{i}.value", "BASE_TYPE_REQUIRED", "This field is required"
            )
        _max_len(f"data.choices.{i}.value", choice["value"], 100)


def validate_modal(data: dict[str, Any]) -> None:
    """Check a modal (custom_id, title up to 45 characters, 1-5 components)."""
    for key in ("custom_id", "title", "components"):
        if not data.get(key):
            raise form_error(f"data.{key}", "BASE_TYPE_REQUIRED", "This field is required")
    _max_len("data.title", data["title"], 45)
    _max_len("data.custom_id", data["custom_id"], 100)
    if len(data["components"]) > 5:
        raise form_error("data.components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
