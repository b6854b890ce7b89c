"""Seat changes in a running game and the table's decisions on a late player (no Discord)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.records import GameRow, RequestRow, StaleVersion
from bot.tables import clocks
from bot.tables.service import AUTO_USER, GameError, GameService, MoveReport, seat_of
from rules.core.lang import tr


@dataclass
class Decision:
    """What the table decided about a late player, and what changed."""

    request: RequestRow
    choice: str
    game: GameRow
    report: MoveReport | None = None  # a skipped turn is a move
    open_seat: int | None = None  # "replace": this seat waits for a substitute


class SeatService:
    """Handover, substitutes and timeouts, on top of the game service."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store

    async def handover(self, channel_id: int, user_id: int, can_manage: bool, target_user: int,
                       target_name: str, from_user: int | None = None) -> tuple[GameRow, int]:
        """Give a seat to another member: your own, or (creator/manager) someone else's."""
        game = await self.service.game_here(channel_id)
        owner = from_user if from_user is not None else user_id
        seat = seat_of(game, owner)
        if seat is None:
            raise GameError(tr("That player has no seat in this game."))
        if owner != user_id and user_id != game.creator_id and not can_manage:
            raise GameError(tr("Only the seat's player, the game's creator or a channel manager "
                               "can hand a seat over."))
        if seat_of(game, target_user) is not None:
            raise GameError(tr("That member already plays in this game."))
        if game.status not in ("lobby", "active"):
            raise GameError(tr("This game is over."))
        try:
            game = await self.store.reseat(game.id, seat, target_user, target_name,
                                           self.service.clock())
        except StaleVersion:
            raise GameError(tr("That member already plays in this game.")) from None
        return game, seat

    async def take_seat(self, request_id: int, user_id: int, name: str) -> tuple[GameRow, int]:
        """A substitute takes an open seat."""
        request = await self.store.get_request(request_id)
        if request.kind != "seat" or request.status != "open":
            raise GameError(tr("That seat has already been taken."))
        game = await self.store.get_game(request.game_pk)
        if game.status != "active":
            raise GameError(tr("This game is over."))
        if seat_of(game, user_id) is not None:
            raise GameError(tr("You already play in this game."))
        seat = int(request.payload["seat"])
        try:
            await self.store.update_request(request_id, {**request.payload, "user": user_id},
                                            "taken")
        except StaleVersion:
            raise GameError(tr("That seat has already been taken.")) from None
        game = await self.store.reseat(game.id, seat, user_id, name, self.service.clock())
        return game, seat

    async def decide_timeout(self, request_id: int, user_id: int, can_manage: bool,
                             choice: str) -> Decision:
        """Wait, skip the turn, open the seat to a substitute, or end the game."""
        request = await self.store.get_request(request_id)
        game = await self.store.get_game(request.game_pk)
        late = int(request.payload["seat"])
        decider = seat_of(game, user_id)
        allowed = (decider is not None and decider != late) or user_id == game.creator_id \
            or can_manage
        if not allowed:
            raise GameError(tr("The other players decide what happens to a late player."))
        if request.status != "open":
            raise GameError(tr("The table has already decided."))
        if game.version != request.version or game.status != "active":
            await self.store.update_request(request_id, request.payload, "lapsed")
            raise GameError(tr("The game has moved on; nothing to decide any more."))
        try:
            request = await self.store.update_request(request_id, request.payload, choice)
        except StaleVersion:
            raise GameError(tr("The table has already decided.")) from None
        decision = Decision(request, choice, game)
        if choice == "wait":
            extra = int(clocks.setting(game, "clock_move"))
            await self.store.set_reserve(game.id, late, clocks.reserve_of(game, late) + extra)
        elif choice == "skip":
            decision.report = await self.service.act_for(game, late, "pass")
        elif choice == "replace":
            decision.game = await self.store.set_resigned(game.id, late, self.service.clock())
            decision.open_seat = late
        elif choice == "end":
            decision.game = await self.store.set_status(game.id, "abandoned",
                                                        self.service.clock())
        return decision


__all__ = ["AUTO_USER", "Decision", "SeatService"]
