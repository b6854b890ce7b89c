"""A game that is over stays readable in its channel until a new game opens there."""

from __future__ import annotations

import json
import random

from bot.tables.service import GameService
from tests.e2e.conftest import Table, private_text


async def _spike(table: Table) -> GameService:
    """Open and start Spike for alice and bob; the bot's game service."""
    await table.slash("alice", "game new", {"game": "spike"})
    await table.slash("bob", "game join")
    await table.slash("alice", "game start")
    assert table.bot is not None
    return table.bot.service


async def _finished(table: Table) -> int:
    """Spike for alice and bob, played out (straight through the service)."""
    service = await _spike(table)
    users = [table.users["alice"], table.users["bob"]]
    rng = random.Random(3)
    while True:
        game, match = await service.current(table.channel, ended=True)
        assert match is not None
        if match.over:
            return game.version
        seat = match.to_act()[0]
        await service.act(table.channel, users[seat], rng.choice(match.legal(seat)))


def _files(result: object) -> list[dict[str, object]]:
    return [a for m in result.all_messages() for a in m.attachments]  # type: ignore[attr-defined]


async def test_board_history_log_and_export_after_the_end(table: Table) -> None:
    moves = await _finished(table)
    board = await table.slash("carol", "game board")  # a spectator, after the end
    assert [a["filename"] for a in _files(board)] == ["board.png"]
    log = private_text(await table.slash("bob", "game log", {"lines": 5}))
    assert "There is no game" not in log and log.strip()
    past = await table.slash("carol", "game history", {"move": 1})
    assert "After move 1" in private_text(past) and _files(past)
    status = private_text(await table.slash("carol", "game status"))
    assert "There is no game" not in status
    exported = await table.slash("carol", "game export")
    data = json.loads(table.fake.attachment_bytes(_files(exported)[0]))
    assert data["status"] == "finished" and len(data["log"]) == moves
    assert isinstance(data["seed"], int)  # promised once the game is over

    refused = private_text(await table.slash("alice", "play", {"action": "pass"}))
    assert "is over" in refused and "/game export" in refused
    games = private_text(await table.slash("bob", "games"))
    assert "Finished lately" in games and "Spike" in games

    await table.slash("carol", "game new", {"game": "trains"})  # a new game takes the channel
    exported = await table.slash("carol", "game export")
    data = json.loads(table.fake.attachment_bytes(_files(exported)[0]))
    assert data["game"] == "trains" and data["status"] == "lobby"


async def test_a_game_whose_log_no_longer_replays_is_frozen_and_said_once(table: Table) -> None:
    service = await _spike(table)
    game = await service.game_here(table.channel)
    # As if a rules change had made a stored move illegal, found after a restart.
    await service.store.append_actions(game.id, game.version, [(0, 0, "fly to the moon")], 0.0)
    await table.restart()
    said = [private_text(await table.slash(who, command))
            for who, command in (("alice", "game status"), ("bob", "game board"),
                                 ("alice", "game status"))]
    assert all("frozen" in text and "move 1 is no longer accepted" in text for text in said)
    public = [m.content for m in table.messages() if "frozen" in m.content]
    assert len(public) == 1 and "no longer accepted" in public[0]
    assert "moon" not in public[0]  # Spike hides route cards: a log entry is never quoted
    refused = private_text(await table.slash("alice", "play", {"action": "pass"}))
    assert "frozen" in refused
    games = private_text(await table.slash("alice", "games"))
    assert "no longer replays" in games
