"""Private answers: over-long input refused in a few words, failures in the store's words."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import pytest
from discord import app_commands

from bot.adapter.replies import (
    GENERIC,
    MOVE_LIMIT,
    failure_text,
    guarded,
    quiet_autocomplete,
    too_long,
)
from bot.store.records import NotFound, StorageFailure
from tests.fakediscord.validate import validate_components, validate_embeds
from tests.fakediscord.wire import ApiError

FULL = "Nothing was saved: the bot's disk is full, so this was not played. Tell whoever runs it."


class Response:
    """Just enough of `interaction.response` to record what a player would read."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, text: str, **kwargs: Any) -> None:
        self.sent.append((text, kwargs))


class Interaction:
    """A stand-in interaction: `response`, and who interacted (the reader's language comes
    from them: no stored choice here, no client locale, so English)."""

    def __init__(self) -> None:
        self.response = Response()
        self.user = SimpleNamespace(id=7)
        self.client = None
        self.locale = None


def test_a_move_up_to_the_limit_passes_and_a_longer_one_is_refused_briefly() -> None:
    assert too_long("x" * MOVE_LIMIT) is None
    said = too_long("<@123456789012345678> @everyone **" * 200)
    assert said is not None
    assert f"at most {MOVE_LIMIT} characters" in said and "Nothing was changed" in said
    assert len(said) < 160 and "<@" not in said and "**" not in said


def test_failures_read_as_the_store_says_or_as_one_generic_sentence() -> None:
    assert failure_text(StorageFailure(FULL)) == FULL
    wrapped = app_commands.CommandInvokeError.__new__(app_commands.CommandInvokeError)
    wrapped.original = StorageFailure(FULL)
    assert failure_text(wrapped) == FULL
    assert failure_text(NotFound("game 7")) == GENERIC
    assert failure_text(RuntimeError("Traceback: secret path")) == GENERIC


async def test_a_failing_component_answers_privately_and_logs_a_warning(
        caplog: pytest.LogCaptureFixture) -> None:
    class Button:
        @guarded
        async def callback(self, interaction: Any) -> None:
            raise StorageFailure(FULL)

    interaction = Interaction()
    with caplog.at_level(logging.WARNING):
        await Button().callback(interaction)
    [(text, kwargs)] = interaction.response.sent
    assert text == FULL and kwargs["ephemeral"]
    assert kwargs["allowed_mentions"].to_dict()["parse"] == []
    [record] = [r for r in caplog.records if FULL in r.getMessage()]
    assert record.levelno == logging.WARNING and not record.exc_info


async def test_a_failing_autocomplete_offers_nothing_and_never_more_than_25() -> None:
    @quiet_autocomplete
    async def broken(interaction: Any, current: str) -> list[str]:
        raise StorageFailure(FULL)

    @quiet_autocomplete
    async def many(interaction: Any, current: str) -> list[str]:
        return [str(n) for n in range(40)]

    assert await broken(Interaction(), "x") == []
    assert len(await many(Interaction(), "x")) == 25


def test_the_fake_refuses_empty_option_labels_and_embeds_over_6000_in_all() -> None:
    row = {"type": 1, "components": [{"type": 3, "custom_id": "s",
                                      "options": [{"label": "", "value": "v"}]}]}
    with pytest.raises(ApiError):
        validate_components([row], 0)
    with pytest.raises(ApiError):
        validate_embeds([{"description": "x" * 4000}, {"description": "y" * 2001}])
    validate_embeds([{"description": "x" * 4000}, {"description": "y" * 2000}])
