"""Every reply is safe: over-long input gets a short refusal, nothing pings, and a disk that
refuses a move reaches the player in the store's own words, privately, with the game unchanged."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.store.records import StorageFailure
from tests.e2e.conftest import Table, private_text
from tests.e2e.test_refusals import _started, _version

DISK_FULL = ("The bot could not save this move: its disk is full. Your move was not played.")
GENERIC = "Something went wrong on my side; nothing was changed."
MAX_STRING_OPTION = 6000  # the longest text Discord lets a player put in a string option


def _short_and_silent(result: Any, limit: int = 400) -> str:
    """The private answer, checked the way a player would notice: short, pinging nobody."""
    text = private_text(result)
    assert result.ephemeral and text, result
    assert len(text) <= limit, text
    for message in result.all_messages():
        assert not message.mentions and not message.mention_roles, message.content
        assert not message.mention_everyone, message.content
        assert "<@" not in message.content and "@everyone" not in message.content
    return text


async def test_an_over_long_move_gets_a_short_refusal_and_changes_nothing(table: Table) -> None:
    await _started(table)
    due = table.due_name()
    bob = table.users["bob"]
    before = [(m.id, m.content, m.edits) for m in table.messages()]
    # Digits the rules would read as a number, plain letters, and pings: all 6,000 characters.
    for typed in ("bid " + "9" * (MAX_STRING_OPTION - 4), "x" * MAX_STRING_OPTION,
                  (f"<@{bob}> @everyone " * 300)[:MAX_STRING_OPTION]):
        result = await table.slash(due, "play", {"action": typed})
        text = _short_and_silent(result)
        assert "at most 200 characters" in text and "Nothing was changed" in text, text
    assert await _version(table) == 0
    assert [(m.id, m.content, m.edits) for m in table.messages()] == before
    # Typing that much into `/play` offers nothing rather than failing.
    found = await table.fake.autocomplete(table.users[due], table.channel, "play",
                                          {"action": "x" * MAX_STRING_OPTION}, "action")
    assert found == []
    # The game goes on.
    before_ids = table.ids()
    await table.slash(due, "play", {"action": "pass"})
    await table.wait_record(before_ids)
    assert await _version(table) == 1


async def test_every_typed_field_is_echoed_trimmed_without_pings(table: Table) -> None:
    bob = table.users["bob"]
    ping = f"<@{bob}> @everyone **bold** `tick` "
    huge = (ping * 300)[:MAX_STRING_OPTION]
    other = table.fake.add_channel(table.guild, "general")
    answers = [
        await table.slash("alice", "game new", {"game": "steel-driver", "options": huge},
                          channel=other),
        await table.slash("alice", "game new", {"game": "steel-driver", "options": f"<@{bob}>"},
                          channel=other),
        await table.slash("alice", "game new", {"game": "trains", "options": f"<@{bob}>=x"},
                          channel=other),
        await table.slash("alice", "game new", {"game": "trains", "options": f"map=<@{bob}>"},
                          channel=other),
        await table.slash("alice", "game explain", {"topic": huge, "game": "steel-driver"}),
        await table.slash("alice", "game explain", {"topic": ping, "game": "steel-driver"}),
        await table.slash("alice", "reminders", {"every": huge}),
        await table.slash("alice", "reminders", {"every": ping}),
        await table.slash("alice", "reminders", {"timezone": ping}),
        await table.slash("alice", "reminders", {"quiet": huge}),
    ]
    for result in answers:
        _short_and_silent(result)
    await _started(table)
    for value in (huge, ping):
        _short_and_silent(await table.slash("alice", "game settings", {"remind_every": value}))
    # Autocomplete choices stay within Discord's limits (the fake refuses them otherwise).
    uid = table.users["alice"]
    for command, options, focused in (
            ("game explain", {"topic": huge, "game": "steel-driver"}, "topic"),
            ("game new", {"game": "trains", "options": "a" * 95 + " "}, "options"),
            ("game new", {"game": "trains", "options": huge}, "options")):
        choices = await table.fake.autocomplete(uid, table.channel, command, options, focused)
        assert all(len(c["name"]) <= 100 and len(str(c["value"])) <= 100 for c in choices)
    assert all(not m.mentions and not m.mention_everyone for m in table.messages()
               if "Next" not in m.content)


@pytest.fixture
def failing_store(table: Table) -> Any:
    """Make the live store refuse the next append with `error`; returns a setter."""
    assert table.bot is not None
    store = table.bot.service.store
    real = store.append_computed  # every move's append goes through it
    pending: list[BaseException] = []

    async def append_computed(*args: Any, **kwargs: Any) -> Any:
        if pending:
            raise pending.pop(0)
        return await real(*args, **kwargs)

    store.append_computed = append_computed  # type: ignore[method-assign]
    return pending.append


async def test_a_storage_failure_reaches_the_player_and_the_game_goes_on(
        table: Table, failing_store: Any, caplog: pytest.LogCaptureFixture) -> None:
    await _started(table)
    due = table.due_name()
    before = [(m.id, m.content, m.edits) for m in table.messages()]

    caplog.set_level(logging.WARNING)
    failing_store(StorageFailure(DISK_FULL))
    typed = await table.slash(due, "play", {"action": "pass"})
    assert _short_and_silent(typed) == DISK_FULL
    # The same through the board's button (a component, not a command).
    failing_store(StorageFailure(DISK_FULL))
    clicked = await table.choose(due, table.status(), "pass")
    assert _short_and_silent(clicked) == DISK_FULL
    assert await _version(table) == 0
    assert [(m.id, m.content, m.edits) for m in table.messages()] == before
    warned = [r for r in caplog.records if DISK_FULL in r.getMessage()]
    assert len(warned) == 2 and all(r.levelno == logging.WARNING and not r.exc_info
                                    for r in warned)

    # Any other failure keeps the generic sentence, on both paths.
    failing_store(RuntimeError("database is haunted"))
    assert _short_and_silent(await table.slash(due, "play", {"action": "pass"})) == GENERIC
    failing_store(RuntimeError("database is haunted"))
    assert _short_and_silent(await table.choose(due, table.status(), "pass")) == GENERIC
    assert await _version(table) == 0

    # The disk has room again: the same move plays.
    before_ids = table.ids()
    await table.choose(due, table.status(), "pass")
    await table.wait_record(before_ids)
    assert await _version(table) == 1 and table.due_name() != due


async def test_a_failure_after_the_move_is_saved_says_it_counted(table: Table) -> None:
    await _started(table)
    assert table.bot is not None
    store = table.bot.service.store
    real = store.merge_settings
    calls: list[int] = []

    async def merge_settings(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise StorageFailure(DISK_FULL)
        return await real(*args, **kwargs)

    store.merge_settings = merge_settings  # type: ignore[method-assign]
    due = table.due_name()
    result = await table.slash(due, "play", {"action": "pass"})
    text = _short_and_silent(result)
    assert calls and "Your move is saved" in text and DISK_FULL not in text, text
    assert await _version(table) == 1
