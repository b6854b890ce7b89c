"""Taking moves back through the service: asked, agreed to, applied as one log entry."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

import rules
from bot.store.records import GameRow, RequestRow, Store
from bot.tables.moves import AUTO_USER, GameError, MoveReport, seat_of
from bot.tables.undo import UndoPlan, effective_log, plan_undo, undo_text
from rules.core.lang import Msg, msg, tr

Compute = Callable[[], tuple[rules.Match, list[tuple[int, int, str]], list[Msg | str],
                             int | None]]


class _Service(Protocol):
    """What undo needs of GameService."""

    store: Store
    clock: Callable[[], float]

    def _lock(self: _Service, game_pk: int) -> asyncio.Lock: ...
    async def game_here(self: _Service, channel_id: int, *, ended: bool = False) -> GameRow: ...
    async def match_of(self: _Service, game: GameRow) -> rules.Match: ...
    def replayed(self: _Service, game: GameRow, log: list[tuple[int, str]]) -> rules.Match: ...
    async def _commit(self: _Service, game: GameRow, due_before: list[int],
                      compute: Compute) -> MoveReport: ...
    def _active_seat(self: _Service, game: GameRow, user_id: int) -> int: ...
    def _plan(self: _Service, game: GameRow, match: rules.Match, seat: int,
              rows: list[Any]) -> UndoPlan: ...
    async def _apply_undo(self: _Service, game: GameRow, match: rules.Match, seat: int,
                          user_id: int, plan: UndoPlan) -> MoveReport: ...


class UndoMixin:
    """GameService's undo: the caller's last move now, or once the players it affects agree."""

    async def request_undo(self: _Service, channel_id: int,
                           user_id: int) -> tuple[UndoPlan, MoveReport | RequestRow]:
        """Take back the caller's last move now, or ask the players it affects to agree."""
        game = await self.game_here(channel_id)
        async with self._lock(game.id):
            game = await self.store.get_game(game.id)
            seat = self._active_seat(game, user_id)
            match = await self.match_of(game)
            plan = self._plan(game, match, seat, await self.store.actions(game.id))
            if not plan.needs:
                return plan, await self._apply_undo(game, match, seat, user_id, plan)
            request = await self.store.add_request(
                game.id, "undo", game.version,
                {"seat": seat, "user": user_id, "target": plan.target_seq,
                 "needs": list(plan.needs), "yes": []}, self.clock())
            return plan, request

    def _active_seat(self: _Service, game: GameRow, user_id: int) -> int:
        if game.status != "active":
            raise GameError(tr("This game is not running."))
        seat = seat_of(game, user_id)
        if seat is None:
            raise GameError(tr("You are not playing in this game."))
        return seat

    def _plan(self: _Service, game: GameRow, match: rules.Match, seat: int,
              rows: list[Any]) -> UndoPlan:
        resigned = {s.seat for s in game.seats if s.resigned}
        try:
            return plan_undo(match, effective_log(rows), seat, AUTO_USER, resigned)
        except ValueError as exc:
            raise GameError(str(exc)) from None

    async def answer_undo(self: _Service, request_id: int, user_id: int,
                          agree: bool) -> tuple[RequestRow, MoveReport | None]:
        """A player agrees to or refuses an undo; the last needed yes applies it."""
        request = await self.store.get_request(request_id)
        game = await self.store.get_game(request.game_pk)
        async with self._lock(game.id):
            game = await self.store.get_game(game.id)
            request = await self.store.get_request(request_id)
            if request.status != "open":
                raise GameError(tr("That request has already been answered."))
            payload = dict(request.payload)
            seat = seat_of(game, user_id)
            if seat is None or seat not in payload["needs"]:
                raise GameError(tr("Only the players whose moves would be taken back can answer."))
            if game.version != request.version or game.status != "active":
                await self.store.update_request(request_id, payload, "lapsed")
                raise GameError(tr("The game has moved on; that undo request has lapsed."))
            if not agree:
                return await self.store.update_request(request_id, payload, "refused"), None
            payload["yes"] = sorted(set(payload["yes"]) | {seat})
            if set(payload["yes"]) < set(payload["needs"]):
                return await self.store.update_request(request_id, payload, "open"), None
            match = await self.match_of(game)
            plan = self._plan(game, match, payload["seat"], await self.store.actions(game.id))
            if plan.target_seq != payload["target"]:
                await self.store.update_request(request_id, payload, "lapsed")
                raise GameError(tr("The game has moved on; that undo request has lapsed."))
            request = await self.store.update_request(request_id, payload, "approved")
            report = await self._apply_undo(game, match, payload["seat"], payload["user"], plan)
            return request, report

    async def _apply_undo(self: _Service, game: GameRow, match: rules.Match, seat: int,
                          user_id: int, plan: UndoPlan) -> MoveReport:
        """Append the undo entry and rebuild the match without the moves taken back."""
        due_before = match.to_act()
        what = plan.describe(match)
        kept = [r for r in effective_log(await self.store.actions(game.id))
                if r.seq < plan.target_seq]
        rebuilt = await asyncio.to_thread(self.replayed, game, [(r.seat, r.text) for r in kept])
        name = match.players[seat]
        entry = [(seat, user_id, undo_text(plan.target_seq))]
        notes: list[Msg | str] = [msg("{player} takes back {what}.", player=name, what=what)]
        report = await self._commit(game, due_before, lambda: (rebuilt, entry, notes, None))
        report.newly_due = [s for s in report.newly_due if s != seat]
        report.played = []
        return report

