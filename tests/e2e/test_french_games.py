"""Whole games of all five in French through Discord: every word a French table reads is French,
typed French moves play, and the record is the one an English table would keep."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.e2e.conftest import Table, private_text
from tests.e2e.reading import due_now, said_in
from tests.french import english_words

PLAYERS = ("alice", "bob", "carol")


# Words a French text may hold: French words spelt as English ones, and names (a railroad,
# Spike's junctions « Memphis NO », nord-ouest).
FRENCH_TOO = frozenset({"cube", "cubes", "up", "no"})
# Not sentences: commands and typed option values (`/game join`, `board=central-europe`), and
# a word cut by a clipped alt text ("New Or…").
TYPED = re.compile(r"`[^`]*`|\b[\w-]+=[\w,-]+|[\w'’]+…")


def _english(texts: list[str], names: frozenset[str]) -> list[tuple[str, list[str]]]:
    return [(t, found) for t in texts
            if (found := english_words(TYPED.sub(" ", t), names | FRENCH_TOO))]


async def _play_in_french(table: Table, game: str, options: dict[str, str], seed: int
                          ) -> tuple[int, list[tuple[str, list[str]]]]:
    """Play a whole game where everybody reads French: the moves typed, the English found."""
    table.fake.state.guilds[table.guild].locale = "fr"
    for name in PLAYERS:
        table.fake.state.users[table.users[name]].locale = "fr"
    read: list[str] = []
    opened = await table.slash(PLAYERS[0], "game new", {"game": game, **options})
    read.append(private_text(opened))
    for name in PLAYERS[1:]:
        read.append(private_text(await table.slash(name, "game join")))
    before = table.ids()
    await table.slash(PLAYERS[0], "game start")
    await table.wait_record(before)
    rng = random.Random(seed)
    seen: set[tuple[int, int]] = set()
    typed_moves = 0
    assert table.bot is not None
    for step in range(3000):
        if await table.bot.service.store.open_game(table.channel) is None:
            break
        name, match = await due_now(table)
        choices = await table.fake.autocomplete(table.users[name], table.channel, "play",
                                                {"action": ""}, focused="action")
        read += [c["name"] for c in choices]
        offered = [c for c in choices if c["value"] in match.legal(match.to_act()[0])]
        assert offered, choices
        pick = rng.choice(offered)
        # Every third move is typed as a French player types it: the label shown, lower-cased.
        typing = step % 3 == 0 and not pick["name"].endswith("…")
        before = table.ids()
        result = await table.fake.slash(table.users[name], table.channel, "play", {
            "action": pick["name"].lower() if typing else pick["value"]})
        read.append(private_text(result))
        await table.wait_record(before, settle=False)
        if typing:  # it played: the game moved on (or ended)
            now = await table.bot.service.store.open_game(table.channel)
            assert now is None or len((await table.bot.service.match_of(now)).log) > len(
                match.log), (pick, private_text(result))
            typed_moves += 1
        for message in table.messages():
            if (message.id, message.edits) not in seen:
                seen.add((message.id, message.edits))
                read += said_in(message)
    else:
        raise AssertionError("the game did not end")
    await table.fake.settle()
    read += [w for m in table.messages() for w in said_in(m)]
    return typed_moves, _english(read, frozenset(PLAYERS))


@pytest.mark.parametrize(("game", "options", "seed"), [
    ("steel-driver", {}, 1),
    ("trains", {"options": "map=osaka kingdom=first-game"}, 2),
    ("switch-and-signal", {}, 3),
    ("spike", {}, 4),
    ("railroad-revolution", {}, 5),
])
async def test_a_whole_game_in_french(table: Table, game: str, options: dict[str, Any],
                                      seed: int) -> None:
    typed, english = await _play_in_french(table, game, options, seed)
    assert typed > 5
    assert english == [], english[:10]
