"""Computer players through Discord: a member alone plays any game to its end; seats handed over."""

from __future__ import annotations

import random

import pytest

import rules
from tests.e2e.conftest import Table, private_text


def _lobby(table: Table) -> object:
    """The newest lobby message (the one with the Add computer button)."""
    return next(m for m in reversed(table.messages())
                if any(c.endswith(":computer") for c in table.fake.custom_ids(m)))


async def _add_computer_by_button(table: Table, user: str) -> str:
    lobby = _lobby(table)
    custom_id = next(c for c in table.fake.custom_ids(lobby) if c.endswith(":computer"))  # type: ignore[arg-type]
    result = await table.fake.click(table.users[user], lobby.id, custom_id)  # type: ignore[attr-defined]
    return private_text(result)


@pytest.mark.parametrize(("game", "seed"), [
    ("steel-driver", 1), ("trains", 2), ("switch-and-signal", 3),
    ("railroad-revolution", 4), ("spike", 5),
])
async def test_one_member_plays_a_whole_game_with_computer_opponents(
        table: Table, game: str, seed: int) -> None:
    await table.slash("alice", "game new", {"game": game})
    computers = max(1, rules.game_info(game).min_players - 1)
    assert "computer player takes a seat" in await _add_computer_by_button(table, "alice")
    if computers > 1:  # the slash command does the same as the button
        await table.slash("alice", "game add", {"computer": True})
    assert "Computer" in _lobby(table).content  # type: ignore[attr-defined]
    before = table.ids()
    await table.slash("alice", "game start")
    await table.wait_record(before)
    rng = random.Random(seed)
    moves = 0
    while "Game over" not in table.status().content:
        # The computer has moved before the bot hands the turn back: only Alice is ever due.
        assert table.due_name() == "alice", table.status().content
        choices = await table.fake.autocomplete(table.users["alice"], table.channel, "play",
                                                {"action": ""}, focused="action")
        action = rng.choice([c["value"] for c in choices if c["value"] != "show hand"])
        before = table.ids()
        result = await table.fake.slash(table.users["alice"], table.channel, "play",
                                        {"action": action})
        assert "Played" in private_text(result), (action, private_text(result))
        await table.wait_record(before)
        moves += 1
        assert moves < 3000
    await table.fake.settle()
    records = table.records()
    said = " ".join(m.content for m in records)
    assert "Computer" in said  # its turns are told in the channel like anyone's
    assert "**Next:** Computer Ada plays now." in said  # not a question put to nobody
    assert "<@-" not in said  # and nobody tries to ping it
    assert all(u > 0 for m in table.messages() for u in m.mentions)
    results = [m for m in table.messages()
               if any(a["filename"] == "results.png" for a in m.attachments)]
    assert len(results) == 1


async def test_a_seat_handed_to_the_computer_is_played_at_once(table: Table) -> None:
    await table.slash("alice", "game new", {"game": "spike"})
    await table.slash("bob", "game join")
    before = table.ids()
    await table.slash("alice", "game start")
    await table.wait_record(before)
    refused = await table.slash("bob", "game handover", {})
    assert "computer: True" in private_text(refused)
    result = await table.slash("bob", "game handover", {"computer": True})
    assert "Done" in private_text(result)
    await table.fake.settle()
    assert any("Computer Ada now plays seat 2" in m.content for m in table.messages())
    for _ in range(12):  # Alice plays; each time the computer answers for the seat at once
        if "Game over" in table.status().content:
            break
        assert table.due_name() == "alice", table.status().content
        choices = await table.fake.autocomplete(table.users["alice"], table.channel, "play",
                                                {"action": ""}, focused="action")
        before = table.ids()
        await table.fake.slash(table.users["alice"], table.channel, "play",
                               {"action": choices[0]["value"]})
        await table.wait_record(before)
    result = await table.slash("bob", "play", {"action": "pass"})
    assert "not playing" in private_text(result)  # the seat is the computer's now
    # Later a friend takes the computer's seat over, named by its number (the creator may).
    refused = await table.slash("bob", "game handover", {"to": table.users["carol"], "seat": 2})
    assert "Only the seat's player" in private_text(refused)
    missing = await table.slash("alice", "game handover", {"to": table.users["carol"], "seat": 5})
    assert "no seat 5" in private_text(missing)
    assert "Game over" not in table.status().content  # twelve turns are far from the end
    await table.slash("alice", "game handover", {"to": table.users["carol"], "seat": 2})
    assert any("carol now plays seat 2" in m.content for m in table.messages())
    assert "carol" in private_text(await table.slash("carol", "game status"))


async def test_a_computer_move_that_failed_is_played_by_the_next_scheduler_check(
        table: Table) -> None:
    await table.slash("alice", "game new", {"game": "switch-and-signal"})
    await table.slash("alice", "game add", {"computer": True})
    before = table.ids()
    await table.slash("alice", "game start")
    await table.wait_record(before)
    bot = table.bot
    assert bot is not None
    real_play = bot.computers.play
    broken = True

    async def failing(game_pk: int) -> object:  # the step fails once, e.g. the disk hiccups
        if broken:
            raise OSError("disk I/O error")
        return await real_play(game_pk)

    bot.computers.play = failing  # type: ignore[method-assign,assignment]
    moves = 0
    while table.due_name() == "alice" and moves < 200:  # until the turn passes to the computer
        choices = await table.fake.autocomplete(table.users["alice"], table.channel, "play",
                                                {"action": ""}, focused="action")
        before = table.ids()
        await table.fake.slash(table.users["alice"], table.channel, "play",
                               {"action": choices[-1]["value"]})
        await table.wait_record(before)
        moves += 1
    assert table.due_name() == "Computer Ada"  # left waiting by the failed step
    broken = False
    before = table.ids()
    await bot.scheduler.tick()
    await table.wait_record(before)
    assert table.due_name() == "alice"
