"""What a newcomer reads on Discord: choices in words, refusals that say why, a quiet channel."""

from __future__ import annotations

from tests.e2e.conftest import Table, private_text


async def _open(table: Table, game: str, players: tuple[str, ...], options: str = "") -> None:
    await table.slash(players[0], "game new",
                      {"game": game, **({"options": options} if options else {})})
    for name in players[1:]:
        await table.slash(name, "game join")
    before = table.ids()
    await table.slash(players[0], "game start")
    await table.wait_record(before, new_board=True)


async def test_autocomplete_shows_words_and_plays_the_action(table: Table) -> None:
    await _open(table, "steel-driver", ("alice", "bob", "carol"))
    due = table.due_name()
    offered = await table.fake.autocomplete(table.users[due], table.channel, "play",
                                            {"action": ""}, focused="action")
    shown = {c["value"]: c["name"] for c in offered}
    assert shown["auction bo"].startswith("Auction B&O:") and "share" in shown["auction bo"]
    # Typing the company's full name finds it, though the label says "UP".
    union = await table.fake.autocomplete(table.users[due], table.channel, "play",
                                          {"action": "union pac"}, focused="action")
    assert [c["value"] for c in union] == ["auction up"]
    played = await table.slash(due, "play", {"action": "auction Union Pacific"})
    assert "puts UP up for auction" in private_text(played)


async def test_a_hostile_long_input_gets_a_short_refusal_that_pings_no_one(table: Table) -> None:
    await _open(table, "steel-driver", ("alice", "bob", "carol"))
    due = table.due_name()
    typed = f"@everyone <@{table.users['bob']}> build " + "x" * 5900
    result = await table.slash(due, "play", {"action": typed})
    for message in result.all_messages():
        assert message.ephemeral and len(message.content) <= 2000
        assert not message.mentions and not message.mention_everyone
        assert "<@" not in message.content and "@everyone" not in message.content
    assert "can't be played" in private_text(result) or "not a move" in private_text(result)
    assert table.bot is not None
    assert (await table.bot.service.game_here(table.channel)).version == 0


async def test_a_turn_of_many_steps_makes_one_message_when_it_passes(table: Table) -> None:
    await _open(table, "trains", ("alice", "bob"), "map=tokyo kingdom=first-game")
    for _ in range(2):  # both starting rails: two turns, two messages
        due = table.due_name()
        before = table.ids()
        offered = await table.fake.autocomplete(table.users[due], table.channel, "play",
                                                {"action": "start"}, focused="action")
        await table.slash(due, "play", {"action": offered[0]["value"]})
        await table.wait_record(before)
    first = table.due_name()
    quiet = table.ids()
    steps = 0
    while table.due_name() == first:  # play every card in hand, then end the turn
        offered = await table.fake.autocomplete(table.users[first], table.channel, "play",
                                                {"action": ""}, focused="action")
        values = [c["value"] for c in offered]
        action = next((v for v in values if v.startswith("play normal")), "end turn")
        before = table.ids()
        await table.slash(first, "play", {"action": action})
        news = await table.wait_record(before)
        steps += 1
        if table.due_name() == first:
            assert news == [], "a step inside a turn only edits the board"
    assert steps >= 2
    added = [m for m in table.records() if m.id not in quiet]
    assert len(added) == 1, [m.content for m in added]
    handover = added[0]
    second = table.due_name()
    assert handover.mentions == [table.users[second]]
    assert "plays Normal Train" in handover.content and "ends the turn" in handover.content
    assert f"**Next:** <@{table.users[second]}> {second}" in handover.content
    # The handover carries the turn card, made for chat width; the status keeps the full board.
    [card] = handover.attachments
    assert card["filename"] == "turn.png" and card["width"] == 1100
    assert card["description"].startswith(f"Next: {second}, ")
    assert "plays Normal Train" in card["description"]
    assert table.status().attachments[0]["width"] == 1600


async def test_rules_pages_and_explain_answer_a_newcomer(table: Table) -> None:
    await _open(table, "switch-and-signal", ("alice", "bob"))
    text = private_text(await table.slash("bob", "game explain", {"topic": "wild swit"}))
    assert text.startswith("**Wild") and "any 2 action cards" in text
    unknown = private_text(await table.slash("bob", "game explain", {"topic": "dispatch"}))
    assert "Dispatcher" in unknown
    missing = private_text(await table.slash("bob", "game explain", {"topic": "zeppelin"}))
    assert "no topic `zeppelin`" in missing and "Try:" in missing
    topics = await table.fake.autocomplete(table.users["bob"], table.channel, "game explain",
                                           {"topic": "agent"}, focused="topic")
    assert len(topics) >= 3


async def test_a_button_never_plays_another_action_than_its_label(table: Table) -> None:
    await _open(table, "steel-driver", ("alice", "bob", "carol"))

    def action_buttons() -> list[dict[str, str]]:
        return [c for row in table.status().components for c in row["components"]
                if c["type"] == 2 and c["custom_id"].startswith("ry:b:")]

    while not action_buttons():  # play on until the board offers its choices as buttons
        before = table.ids()
        await table.pick_first(table.due_name(), table.status())
        await table.wait_record(before)
    # A board posted by an earlier version of the bot, whose choices came in another order:
    # the button's checksum no longer matches the action at its index.
    button = action_buttons()[0]
    game, version, index, check = button["custom_id"].split(":")[2:]
    button["custom_id"] = f"ry:b:{game}:{version}:{index}:{(int(check) + 1) % 65536}"
    assert table.bot is not None
    stored = (await table.bot.service.game_here(table.channel)).version
    clicked = await table.fake.click(table.users[table.due_name()], table.status().id,
                                     button["custom_id"])
    assert "earlier board" in private_text(clicked)
    assert (await table.bot.service.game_here(table.channel)).version == stored
