"""Whole games of the other catalog games through Discord, moves typed from the autocomplete."""

from __future__ import annotations

import random

import pytest

from tests.e2e.conftest import Table, private_text


async def _play_to_the_end(table: Table, game: str, options: str, players: tuple[str, ...],
                           seed: int) -> int:
    """Open, start and play a game where each due player picks from their autocomplete."""
    await table.slash(players[0], "game new",
                      {"game": game, **({"options": options} if options else {})})
    for name in players[1:]:
        await table.slash(name, "game join")
    before = table.ids()
    await table.slash(players[0], "game start")
    await table.wait_record(before)
    rng = random.Random(seed)
    moves = 0
    while "Game over" not in table.status().content:
        name = table.due_name()
        choices = await table.fake.autocomplete(table.users[name], table.channel, "play",
                                                {"action": ""}, focused="action")
        options_now = [c["value"] for c in choices if c["value"] != "show hand"]
        action = rng.choice(options_now)
        before = table.ids()
        result = await table.fake.slash(table.users[name], table.channel, "play",
                                        {"action": action})
        assert "Played" in private_text(result), (action, private_text(result))
        await table.wait_record(before, settle=False)
        moves += 1
        assert moves < 3000
    await table.fake.settle()
    return moves


@pytest.mark.parametrize(("game", "options", "seed"), [
    ("switch-and-signal", "board=north-america", 1),
    ("trains", "map=osaka kingdom=first-game", 2),
    ("spike", "", 3),
    ("railroad-revolution", "", 4),
])
async def test_a_whole_game(table: Table, game: str, options: str, seed: int) -> None:
    moves = await _play_to_the_end(table, game, options, ("alice", "bob", "carol"), seed)
    assert moves > 20
    results = [m for m in table.messages()
               if any(a["filename"] == "results.png" for a in m.attachments)]
    assert len(results) == 1
    # A competitive game says how each player's rating moved; the cooperative one rates nobody.
    assert ("Ratings: alice 1000 → " in results[0].content) == (game != "switch-and-signal")
    # On the results card, under the scores, how the game went (a chart, told in its alt
    # text) and each rating's change, except for the cooperative game; one picture.
    (card,) = results[0].attachments
    told = card.get("description") or ""
    assert (" went. " in told and "Ratings: alice 1000 → " in told) \
        == (game != "switch-and-signal")
    assert table.bot is not None
    assert await table.bot.service.store.open_game(table.channel) is None  # finished
    # Every picture the channel got has alt text and stays small; each handover has a turn card.
    pictures = [a for m in table.fake.channel_messages(table.channel) for a in m.attachments]
    assert all(a.get("description") for a in pictures)
    assert all(a["size"] <= 1.5 * 1024 * 1024 for a in pictures)
    cards = [a for a in pictures if a["filename"] == "turn.png"]
    pings = [m for m in table.records() if m.mentions and "**Next:**" in m.content]
    assert len(cards) == len(pings) > 0
