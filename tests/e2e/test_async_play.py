"""A long game over Discord: reminders, clocks, undo, seats, history, catch-up, faults."""

from __future__ import annotations

import json

from tests.e2e.conftest import Table, private_text

HOUR = 3600.0


async def _started(table: Table, *settings: tuple[str, str]) -> None:
    await table.slash("alice", "game new", {"game": "steel-driver"})
    for name in ("bob", "carol"):
        await table.slash(name, "game join")
    if settings:
        await table.slash("alice", "game settings", dict(settings))
    before = table.ids()
    await table.slash("alice", "game start")
    await table.wait_record(before)


async def _move(table: Table, user: str, action: str) -> str:
    before = table.ids()
    result = await table.slash(user, "play", {"action": action})
    text = private_text(result)
    if "Played" in text or "Taken back" in text:
        await table.wait_record(before)
    return text


def _reminders(table: Table) -> list[str]:
    return [m.content for m in table.messages()
            if any(c.startswith("ry:z:") for c in table.fake.custom_ids(m))]


async def test_reminders_pace_restart_snooze_and_stop(table: Table) -> None:
    await _started(table, ("remind_every", "2h"))
    assert table.bot is not None
    due = table.due_name()
    table.now += 1.5 * HOUR
    assert await table.bot.scheduler.tick() == 0  # not yet
    table.now += 1 * HOUR
    await table.restart()  # the reminder is pending while the bot restarts
    assert table.bot is not None
    assert await table.bot.scheduler.tick() == 1
    assert await table.bot.scheduler.tick() == 0  # never twice for the same wait
    await table.fake.settle()
    first = table.messages()[-1]
    assert first.mentions == [table.users[due]] and "waiting for you" in first.content
    snooze = next(c for c in table.fake.custom_ids(first) if c.startswith("ry:z:"))
    other = next(n for n in ("alice", "bob", "carol") if n != due)
    refused = await table.fake.click(table.users[other], first.id, snooze)
    assert "Only the reminded player" in private_text(refused)
    await table.fake.click(table.users[due], first.id, snooze)
    table.now += 2 * HOUR  # would have been the second reminder without the snooze
    assert await table.bot.scheduler.tick() == 0
    sent = 1
    for _ in range(10):
        table.now += 2 * HOUR
        sent += await table.bot.scheduler.tick()
    await table.fake.settle()
    assert sent == 4  # remind_max: then the bot stops nagging
    texts = _reminders(table)
    assert "still your move" in texts[1] and "last reminder" in texts[-1]
    # A move starts a new wait with a fresh count.
    await _move(table, due, "pass")
    table.now += 2.1 * HOUR
    assert await table.bot.scheduler.tick() == 1


async def test_quiet_hours_and_closed_dms(table: Table) -> None:
    await _started(table, ("remind_every", "1h"))
    assert table.bot is not None
    due = table.due_name()
    uid = table.users[due]
    # Quiet all day long except one hour that has just passed: nothing is sent.
    hour_now = int(table.now // 3600 % 24)
    quiet = f"{(hour_now + 1) % 24}-{hour_now}"
    answer = await table.fake.slash(uid, table.channel, "reminders",
                                    {"quiet": quiet, "timezone": "UTC", "dm": True})
    assert "quiet hours" in private_text(answer)
    table.now += 1.2 * HOUR
    assert await table.bot.scheduler.tick() == 0
    await table.fake.slash(uid, table.channel, "reminders", {"quiet": "off"})
    table.fake.close_dms(uid)
    assert await table.bot.scheduler.tick() == 1
    await table.fake.settle()
    # DMs are closed: the reminder falls back to the game channel.
    assert table.messages()[-1].mentions == [uid]


async def test_deadline_that_passed_while_the_bot_was_down(table: Table) -> None:
    await _started(table, ("clock_move", "1d"), ("clock_bank", "12h"))
    status = table.status().content
    assert "Deadline:" in status
    late = table.due_name()
    await table.stop_bot()
    table.now += 40 * HOUR  # 1 day + 12 h reserve ran out while nobody was watching
    await table.start_bot()
    assert table.bot is not None
    assert await table.bot.scheduler.tick() >= 1
    assert await table.bot.scheduler.tick() == 0
    await table.fake.settle()
    question = next(m for m in reversed(table.messages()) if "ran out of time" in m.content)
    assert table.users[late] not in question.mentions
    ids = table.fake.custom_ids(question)
    skip = next(c for c in ids if c.endswith(":skip"))
    refused = await table.fake.click(table.users[late], question.id, skip)
    assert "other players decide" in private_text(refused)
    decider = next(n for n in ("alice", "bob", "carol") if n != late)
    before = table.ids()
    await table.fake.click(table.users[decider], question.id, skip)
    await table.wait_record(before)
    assert table.due_name() != late
    assert "skipped" in table.fake.message(question.id).content
    assert not table.fake.custom_ids(question)


async def test_late_player_replaced_by_a_substitute(table: Table) -> None:
    await _started(table, ("clock_move", "1h"))
    late = table.due_name()
    table.now += 2 * HOUR
    assert table.bot is not None
    await table.bot.scheduler.tick()
    await table.fake.settle()
    question = next(m for m in reversed(table.messages()) if "ran out of time" in m.content)
    replace = next(c for c in table.fake.custom_ids(question) if c.endswith(":replace"))
    decider = next(n for n in ("alice", "bob", "carol") if n != late)
    await table.fake.click(table.users[decider], question.id, replace)
    await table.fake.settle()
    offer = next(m for m in reversed(table.messages()) if "is open" in m.content)
    take = table.fake.custom_ids(offer)[0]
    taken = await table.fake.click(table.users["eve"], offer.id, take)
    assert "Noted" in private_text(taken)
    await table.fake.settle()
    assert any("eve takes over" in m.content for m in table.messages())
    status = await table.slash("eve", "game status")
    assert "eve" in private_text(status)


async def test_undo_with_consent_through_buttons(table: Table) -> None:
    await _started(table)
    a = table.due_name()
    await _move(table, a, "auction bo")
    await _move(table, a, "bid 1")
    b = table.due_name()
    await _move(table, b, "pass")
    asked = await table.slash(a, "game undo")
    assert "asked" in private_text(asked)
    question = next(m for m in reversed(table.messages()) if "asks to take back" in m.content)
    assert question.mentions == [table.users[b]]
    assert f"{a}'s move ({a} bids 1 for B&O) and 1 later move" in question.content
    yes = next(c for c in table.fake.custom_ids(question) if c.endswith(":yes"))
    refused = await table.fake.click(table.users[a], question.id, yes)
    assert "Only the players" in private_text(refused)
    before = table.ids()
    await table.fake.click(table.users[b], question.id, yes)
    await table.wait_record(before)
    assert table.due_name() == a and "bid" in table.status().content
    # Your own last move, with nobody after you, comes back at once.
    await _move(table, a, "bid 2")
    taken = await table.slash(a, "game undo")
    assert "Taken back" in private_text(taken)


async def test_history_log_export_board_text_and_catch_up(table: Table) -> None:
    await _started(table)
    a = table.due_name()
    await _move(table, a, "auction bo")
    await _move(table, a, "bid 2")
    log = private_text(await table.slash("bob", "game log"))
    assert "<t:" in log and "bid" in log
    past = await table.slash("bob", "game history", {"move": 1})
    assert "After move 1" in private_text(past)
    assert any(m.attachments for m in past.all_messages())
    words = private_text(await table.slash("eve", "game board", {"text": True}))
    assert "round 1 of 5" in words
    exported = await table.slash("carol", "game export")
    files = [a for m in exported.all_messages() for a in m.attachments]
    data = json.loads(table.fake.attachment_bytes(files[0]))
    assert [e["action"] for e in data["log"]] == ["auction bo", "bid 2"]
    assert "seed" not in data  # secret until the game is over
    news = private_text(await table.slash(a, "game catchup"))
    assert "Since your last move" in news


async def test_handover_and_games_across_servers(table: Table) -> None:
    await _started(table)
    other_guild = table.fake.add_guild("Other Club")
    other_channel = table.fake.add_channel(other_guild, "trains")
    table.fake.add_member(table.users["alice"], other_guild)
    table.fake.add_member(table.users["dave"], other_guild)
    await table.fake.slash(table.users["dave"], other_channel, "game new",
                           {"game": "steel-driver"})
    await table.fake.slash(table.users["alice"], other_channel, "game join")
    due = table.due_name()
    listing = private_text(await table.slash(due, "games"))
    assert "Your move" in listing and str(table.channel) in listing
    alice = private_text(await table.slash("alice", "games"))
    assert "lobby" in alice and str(other_channel) in alice  # her game on the other server
    refused = await table.slash("carol" if due != "carol" else "bob", "game handover",
                                {"to": table.users["eve"], "player": table.users[due]})
    assert "Only the seat's player" in private_text(refused)
    await table.slash(due, "game handover", {"to": table.users["eve"]})
    assert "eve" in private_text(await table.slash("eve", "game status"))
    assert "Your move" in private_text(await table.slash("eve", "games"))
    not_playing = await table.slash(due, "play", {"action": "pass"})
    assert "not playing" in private_text(not_playing)


async def test_gateway_resume_rate_limit_and_missing_permission(table: Table) -> None:
    await _started(table)
    await table.fake.disconnect_bot(resume=True)
    a = table.due_name()
    assert "Played" in await _move(table, a, "pass")
    table.fake.rate_limit_next("/messages", retry_after=0.2)
    b = table.due_name()
    assert "Played" in await _move(table, b, "pass")
    table.fake.deny(table.channel, "send_messages")
    c = table.due_name()
    result = await table.slash(c, "play", {"action": "pass"})
    assert "saved" in private_text(result) and "Send Messages" in private_text(result)
    table.fake.allow(table.channel, "send_messages")
    assert table.bot is not None
    game = await table.bot.service.store.open_game(table.channel)
    assert game is not None and game.version == 3  # the move counted


async def test_game_in_a_new_thread_and_seats_before_the_start(table: Table) -> None:
    opened = await table.slash("alice", "game new", {"game": "steel-driver", "thread": True})
    assert "Game opened in <#" in private_text(opened)
    thread = int(private_text(opened).split("<#")[1].split(">")[0])
    lobby = table.fake.channel_messages(thread)[-1]
    assert "lobby" in lobby.content
    refused = await table.fake.slash(table.users["bob"], thread, "game add",
                                     {"player": table.users["carol"]})
    assert "Only the game's creator" in private_text(refused)
    for name in ("bob", "carol", "dave"):
        await table.fake.slash(table.users["alice"], thread, "game add",
                               {"player": table.users[name]})
    await table.fake.slash(table.users["alice"], thread, "game remove",
                           {"player": table.users["dave"]})
    status = private_text(await table.fake.slash(table.users["eve"], thread, "game status"))
    assert "alice, bob, carol (3)" in status
    assert not table.bot or await table.bot.service.store.open_game(table.channel) is None
