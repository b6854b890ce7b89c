"""Computer levels through Discord: `/game add level:` seats a gentle or strong computer."""

from __future__ import annotations

import random

from tests.e2e.conftest import Table, private_text


async def test_computers_of_each_level_take_seats_named_for_their_level_and_play(
        table: Table) -> None:
    await table.slash("alice", "game new", {"game": "railroad-revolution"})
    added = await table.slash("alice", "game add", {"level": "strong"})
    assert "computer player takes a seat" in private_text(added)
    await table.slash("alice", "game add", {"computer": True, "level": "gentle"})
    lobby = next(m for m in reversed(table.messages()) if "Computer" in m.content)
    assert "Strong Computer Ada" in lobby.content and "Gentle Computer Ben" in lobby.content
    before = table.ids()
    await table.slash("alice", "game start")
    await table.wait_record(before)
    rng = random.Random(1)
    for _ in range(6):  # a few of Alice's turns: both computers answer each time
        assert table.due_name() == "alice", table.status().content
        choices = await table.fake.autocomplete(table.users["alice"], table.channel, "play",
                                                {"action": ""}, focused="action")
        before = table.ids()
        await table.fake.slash(table.users["alice"], table.channel, "play",
                               {"action": rng.choice([c["value"] for c in choices])})
        await table.wait_record(before)
    await table.fake.settle()
    said = " ".join(m.content for m in table.records())
    assert "Strong Computer Ada" in said and "Gentle Computer Ben" in said
