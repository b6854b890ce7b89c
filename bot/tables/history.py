"""Looking back: the timed log, earlier boards, the export, and what happened since my move."""

from __future__ import annotations

import asyncio
from typing import Any

import rules
from bot.store.records import GameRow
from bot.tables.service import AUTO_USER, GameError, GameService, seat_of
from bot.tables.undo import effective_log
from rules.core.lang import tr


async def timeline(service: GameService,
                   game: GameRow) -> list[tuple[int, float | None, str]]:
    """Every log line with its move number and the time the move was made."""
    match = await service.match_of(game)
    kept = effective_log(await service.store.actions(game.id))
    times = {n: row.created_at for n, row in enumerate(kept, start=1)}
    return [(n, times.get(n), text) for n, text in match.lines]

async def match_at(service: GameService, game: GameRow, move: int) -> rules.Match:
    """The match as it stood after `move` moves (0: the start), rebuilt from the log."""
    kept = effective_log(await service.store.actions(game.id))
    if not 0 <= move <= len(kept):
        raise GameError(tr("Pick a move from 0 to {last}.", last=len(kept)))
    log = [(r.seat, r.text) for r in kept[:move]]
    return await asyncio.to_thread(service.replayed, game, log)

async def export(service: GameService, game: GameRow) -> dict[str, Any]:
    """The game as JSON with times. While a game with secrets runs, only what the table saw."""
    names = {s.seat: s.name for s in game.seats}
    over = game.status in ("finished", "abandoned")
    data: dict[str, Any] = {
        "game": game.game_id, "options": game.options, "status": game.status,
        "players": [names[i] for i in sorted(names)], "created_at": game.created_at,
        "rules_version": game.rules_version,
    }
    if game.status == "lobby" or (game.version == 0 and game.rules_version is None):
        data["log"] = []  # never started: nothing was played
    elif over or not rules.game_info(game.game_id).hidden_information:
        rows = await service.store.actions(game.id)
        data["log"] = [{"seq": r.seq, "seat": r.seat, "player": names.get(r.seat),
                        "action": r.text, "by_bot": r.user_id == AUTO_USER, "at": r.created_at}
                       for r in rows]
    else:  # the actions themselves may name hidden cards: give the public record instead
        data["log"] = [{"move": n, "at": at, "line": text}
                       for n, at, text in await timeline(service, game)]
    if over:
        data["seed"] = game.seed  # with the seed, hidden cards could be worked out
    return data


async def catch_up(service: GameService, game_pk: int, user_id: int) -> list[str]:
    """Log lines since the user's last move in this game (all of them if none yet)."""
    game = await service.store.get_game(game_pk)
    seat = seat_of(game, user_id)
    if seat is None:
        raise GameError(tr("You are not playing in this game."))
    if game.status == "lobby":
        raise GameError(tr("The game has not started yet."))
    match = await service.match_of(game)
    mine = [n for n, (s, _) in enumerate(match.log, start=1) if s == seat]
    since = mine[-1] if mine else 0
    return [text for n, text in match.lines if n > since]
