"""Computer players at a table: computer seats, and the computer standing in for resigned seats.

A computer seat is a seat whose user id is negative (never a Discord id); the hundreds of that
id say its level (`computer_levels.py`: gentle, normal or strong, `rules.core.levels`).
Its moves, like the moves the computer makes for a resigned seat, are ordinary log entries by
AUTO_USER: a replay never runs the computer again, and an undo takes them back without asking
anyone. The rules decide (`rules.core.levels`, from the seat's view only), off the event loop.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable

import rules
from bot.store.records import GameRow, StoreError
from bot.tables.computer_levels import computer_level, computer_number, computer_user
from bot.tables.language import game_language
from bot.tables.moves import AUTO_USER, GameError, MoveReport, seat_of, user_of
from bot.tables.service import GameService
from rules.core.lang import Msg, msg, speaking, tr
from rules.core.levels import LEVELS, level_action
from rules.core.text import normalize

# Computer seats are named "Computer Ada", "Computer Ben", …: distinct at a table, no digit
# ("shares Computer 2 1" read as a number), and they read well wherever a name stands
# ("Computer Ada bids 5", "Computer Ada (10 cubes): …"). More than a table's six seats, so a
# free one is always left whatever the people are called. The word is the game's language's
# when the seat is filled (« Ordinateur Ada »); a stored name is never translated again.
FIRST_NAMES = ("Ada", "Ben", "Cleo", "Dora", "Emil", "Fay", "Gus", "Hana")
STAND_INS = ("computer", "pass")  # who plays a resigned seat: the table's setting
CHUNK = 60  # decisions the computer makes in one saved step (a long turn is saved in parts)
THINK_LIMIT = 1.0  # seconds a chunk may think before it is saved and the next one starts


def is_computer(user_id: int) -> bool:
    """True for a computer seat's user id."""
    return user_id < 0


def stand_in(game: GameRow) -> str:
    """Who plays resigned seats in this game: "computer" (the default) or "pass"."""
    chosen = str(game.settings.get("stand_in", "computer"))
    return chosen if chosen in STAND_INS else "computer"


def computer_run(game: GameRow) -> set[int]:
    """Seats the computer plays: computer seats, and resigned seats when the table chose so."""
    by_computer = stand_in(game) == "computer"
    return {s.seat for s in game.seats
            if is_computer(s.user_id) or (s.resigned and by_computer)}


def computer_names(level: str = "normal") -> tuple[str, ...]:
    """Every computer seat's name at `level` in the language spoken now ("Strong Computer
    Ada"): the level shows wherever the seat is named, in the lobby and in the log alike."""
    if level == "gentle":
        return tuple(tr("Gentle Computer {name}", name=name) for name in FIRST_NAMES)
    if level == "strong":
        return tuple(tr("Strong Computer {name}", name=name) for name in FIRST_NAMES)
    return tuple(tr("Computer {name}", name=name) for name in FIRST_NAMES)


def computer_name(taken: Iterable[str], level: str = "normal") -> str:
    """The first computer name (in the language spoken now) that no one at the table has (any
    case); "Computer Ada" is skipped beside an "Ada" or an "Ordinateur Ada" too, so that two
    names never differ by the word Computer alone."""
    used = {normalize(name) for name in taken}
    last = {name.split()[-1] for name in used if name}  # "Computer Ada", "Ordinateur Ada"
    return next(n for n, first in zip(computer_names(level), FIRST_NAMES, strict=True)
                if normalize(n) not in used and normalize(first) not in used | last)


def next_computer(game: GameRow, level: str = "normal") -> tuple[int, str]:
    """A free user id and name for a new computer seat: -1 "Computer Ada", -2 "Computer Ben"….

    Seats already stored keep their names (an older table's "Computer 2" stays so): the
    match's players are the seats' stored names.
    """
    taken = {computer_number(s.user_id) for s in game.seats if is_computer(s.user_id)}
    number = next(n for n in range(1, 100) if n not in taken)
    with speaking(game_language(game)):  # named in the game's language, once
        return computer_user(number, level), computer_name((s.name for s in game.seats), level)


def think(match: rules.Match, seats: set[int], levels: dict[int, str] | None = None
          ) -> tuple[list[tuple[int, str]], list[str]]:
    """Computer decisions while a computer-run seat is due (on a copy; run off the loop), each
    seat at its level in `levels` (normal when not named: a resigned person's seat)."""
    levels = levels or {}
    start, lines = len(match.log), []
    began = time.perf_counter()
    for _ in range(CHUNK):
        due = match.to_act()
        if match.over or not due or due[0] not in seats:
            break
        lines += match.act(due[0], level_action(match, due[0], levels.get(due[0], "normal")))
        if time.perf_counter() - began > THINK_LIMIT:
            break  # save what is decided; the next chunk goes on from there
    return match.log[start:], lines


class ComputerSeats:
    """Adding computer seats in the lobby, handing seats to the computer, and its moves."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store

    async def add(self, channel_id: int, user_id: int, can_manage: bool,
                  level: str = "normal") -> GameRow:
        """Seat a computer player at `level` in the lobby (its creator, a channel manager, or a
        player)."""
        game = await self.service.game_here(channel_id)
        if game.status != "lobby":
            raise GameError(tr("This game has already started: a computer can take over a seat "
                               "with `/game handover computer:True`."))
        if seat_of(game, user_id) is None and user_id != game.creator_id and not can_manage:
            raise GameError(tr("Only the table's players, its creator or a channel manager can "
                               "add a computer player."))
        if len(game.seats) >= rules.game_info(game.game_id).max_players:
            raise GameError(tr("This game is full."))
        computer, name = next_computer(game, level if level in LEVELS else "normal")
        try:
            return await self.store.add_seat(game.id, computer, name, self.service.clock())
        except StoreError:
            raise GameError(tr("The lobby changed meanwhile; try again.")) from None

    async def remove(self, channel_id: int, user_id: int, can_manage: bool) -> GameRow:
        """Take the last computer seat out of the lobby."""
        game = await self.service.game_here(channel_id)
        if game.status != "lobby":
            raise GameError(tr("The game has started: a computer seat stays to the end."))
        if seat_of(game, user_id) is None and user_id != game.creator_id and not can_manage:
            raise GameError(tr("Only the table's players, its creator or a channel manager can "
                               "remove a computer player."))
        computers = [s for s in game.seats if is_computer(s.user_id)]
        if not computers:
            raise GameError(tr("No computer player sits at this table."))
        return await self.store.remove_seat(game.id, computers[-1].user_id, self.service.clock())

    async def play(self, game_pk: int) -> MoveReport | None:
        """One saved step of the computer's moves, or None when no computer seat is due."""
        service = self.service
        async with service._lock(game_pk):
            game = await self.store.get_game(game_pk)
            seats = computer_run(game)
            if game.status != "active" or not seats:
                return None
            match = await service.match_of(game)
            due_before = match.to_act()
            if not due_before or due_before[0] not in seats:
                return None
            working = match.copy()
            first = len(working.lines)
            levels = {s.seat: computer_level(s.user_id) for s in game.seats
                      if is_computer(s.user_id)}
            played, _ = await asyncio.to_thread(think, working, seats, levels)
            if not played:
                return None
            stood_in = sorted({s for s, _ in played if not is_computer(user_of(game, s))})
            note: list[Msg | str] = [msg("The computer plays for {player}.",
                                         player=working.players[s]) for s in stood_in]
            rows = [(s, AUTO_USER, a) for s, a in played]
            return await service._commit(game, due_before,
                                         lambda: (working, rows, note, first))

