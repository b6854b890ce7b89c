"""Game sessions: the lobby, moves and replays, on top of a Store. Knows nothing of Discord."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

import rules
from bot.ops import metrics
from bot.store import ChannelBusy, GameRow, RowsChanged, StaleVersion, Store, StoreError
from bot.store.records import Append
from bot.tables import clocks, ratings
from bot.tables.live import BrokenLog, LiveMatches
from bot.tables.moves import (
    AUTO_LIMIT,
    AUTO_USER,
    GameError,
    GameFrozen,
    MoveReport,
    auto_action,
    seat_of,
    user_of,
)
from bot.tables.service_undo import UndoMixin
from rules.core.lang import ENGLISH, Msg, known, languages, msg, say, tr

__all__ = [  # what a move reports is re-exported: callers import it all from here
    "AUTO_USER", "GameError", "GameFrozen", "GameService", "MoveReport", "auto_action",
    "seat_of", "user_of",
]

log = logging.getLogger(__name__)
# What a move's computation gives its commit: the match, the log rows, the bot's own lines
# (unsaid) and where the match's log lines of the move start (None: it wrote none).
Computed = tuple[rules.Match, list[tuple[int, int, str]], list[Msg | str], int | None]


class GameService(UndoMixin):
    """Opens games, seats players, and applies moves as single transactions."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] = lambda: secrets.randbits(62),
    ) -> None:
        self.store = store
        self.clock = clock
        self.seed_source = seed_source
        self._locks: dict[int, asyncio.Lock] = {}
        self.live = LiveMatches(store, clock)
        # game pk -> why its log no longer replays (unsaid: each reader reads it their way)
        self.frozen: dict[int, Msg | str] = {}
        # Told once per game when its log stops replaying (the bot says so in its channel).
        self.on_frozen: Callable[[GameRow, Msg | str], Awaitable[None]] | None = None

    def _lock(self, game_pk: int) -> asyncio.Lock:
        return self._locks.setdefault(game_pk, asyncio.Lock())

    # -- lobby -------------------------------------------------------------------------------
    async def game_here(self, channel_id: int, *, ended: bool = False) -> GameRow:
        """The open game of a channel (with `ended`, else the last one that ended), or a refusal.

        A game that is over stays readable in its channel until a new game opens there.
        """
        game = await (self.store.latest_game if ended else self.store.open_game)(channel_id)
        if game is None:
            last = None if ended else await self.store.latest_game(channel_id)
            if last is not None and last.status == "finished":
                raise GameError(tr("The game in this channel is over: `/game board`, "
                                   "`/game log` and `/game export` still show it. Start a "
                                   "new one with `/game new`."))
            raise GameError(tr("There is no game in this channel. Start one with `/game new`."))
        return game

    async def create(self, *, guild_id: int | None, channel_id: int, user_id: int, name: str,
                     game_id: str, options: dict[str, str], language: str = ENGLISH) -> GameRow:
        """Open a lobby; the creator takes the first seat. `language`: what the game's public
        posts and pictures speak."""
        try:
            info = rules.game_info(game_id)
            resolved = info.resolve_options(options)
            # The game checks its own options (e.g. a card list) when it sets up: try it now.
            rules.new_match(game_id, info.min_players, 0, resolved)
        except ValueError as exc:
            raise GameError(str(exc)) from None
        try:
            row = await self.store.create_game(
                guild_id=guild_id, channel_id=channel_id, game_id=game_id, options=resolved,
                seed=self.seed_source(), creator_id=user_id, creator_name=name, now=self.clock())
        except ChannelBusy:
            raise GameError(tr("This channel already has an open game. Finish or abandon it "
                               "first, or play in a thread.")) from None
        if known(language) == ENGLISH:  # the default: nothing to store
            return row
        return await self.store.merge_settings(row.id, {"language": known(language)})

    async def join(self, channel_id: int, user_id: int, name: str) -> GameRow:
        """Take the next free seat in the lobby."""
        game = await self.game_here(channel_id)
        if game.status != "lobby":
            raise GameError(tr("This game has already started."))
        if seat_of(game, user_id) is not None:
            raise GameError(tr("You are already in this game."))
        if len(game.seats) >= rules.game_info(game.game_id).max_players:
            raise GameError(tr("This game is full."))
        try:
            return await self.store.add_seat(game.id, user_id, name, self.clock())
        except StoreError as exc:
            raise GameError(str(exc)) from None

    async def leave(self, channel_id: int, user_id: int) -> GameRow:
        """Give up a seat before the start (the creator abandons instead)."""
        game = await self.game_here(channel_id)
        if game.status != "lobby":
            raise GameError(tr("The game has started: use `/game resign` instead."))
        if seat_of(game, user_id) is None:
            raise GameError(tr("You are not in this game."))
        if user_id == game.creator_id:
            raise GameError(tr("You created this game: use `/game abandon` to close it."))
        return await self.store.remove_seat(game.id, user_id, self.clock())

    async def start(self, channel_id: int, user_id: int, can_manage: bool) -> MoveReport:
        """Deal the game once enough players sit; the creator (or a channel manager) starts it."""
        game = await self.game_here(channel_id)
        if game.status != "lobby":
            raise GameError(tr("This game has already started."))
        if user_id != game.creator_id and not can_manage:
            raise GameError(tr("Only the game's creator or a channel manager can start it."))
        info = rules.game_info(game.game_id)
        if len(game.seats) < info.min_players:
            raise GameError(tr("{game} needs at least {least} players; {joined} joined.",
                               game=info.title, least=info.min_players,
                               joined=len(game.seats)))
        try:
            match = self._new_match(game)
        except rules.IllegalAction as exc:
            raise GameError(str(exc)) from None
        try:
            game = await self.store.set_status(game.id, "active", self.clock(),
                                               expected_status="lobby",
                                               rules_version=match.started_under)
        except StaleVersion:
            raise GameError(tr("This game has already started.")) from None
        game = await self.store.append_actions(game.id, 0, [], self.clock(),
                                               snapshot=match.to_json())
        self.live.keep(game, match, snapped=0)
        return MoveReport(game, self.live.promise(game), [], [], match.to_act(), match.to_act(),
                          first_line=0)

    def _new_match(self, game: GameRow) -> rules.Match:
        names = [s.name for s in sorted(game.seats, key=lambda s: s.seat)]
        return rules.new_match(game.game_id, names, game.seed, game.options,
                               game.rules_version)

    # -- reading -----------------------------------------------------------------------------
    async def match_of(self, game: GameRow) -> rules.Match:
        """The match at the game's version, never to be changed: kept, or rebuilt from storage."""
        return await self._loaded(game, self.live.load)

    async def _working(self, game: GameRow) -> rules.Match:
        """The match a move changes in place (the caller holds the game's lock)."""
        return await self._loaded(game, self.live.working)

    async def _loaded(self, game: GameRow, load: Callable[
            [GameRow, Callable[[], rules.Match]], Awaitable[rules.Match]]) -> rules.Match:
        """A match from the live cache; a log that no longer replays freezes the game, told once."""
        why = self.frozen.get(game.id)
        if why is not None:
            raise GameFrozen(say(why))
        try:
            return await load(game, lambda: self._new_match(game))
        except BrokenLog as exc:
            self.frozen[game.id] = exc.why
            log.error("game %s frozen: %s", game.id, exc.detail)
            if self.on_frozen is not None:
                await self.on_frozen(game, exc.why)
            raise GameFrozen(say(exc.why)) from None

    def replayed(self, game: GameRow, log: list[tuple[int, str]]) -> rules.Match:
        """A new match with these log entries applied (run it off the event loop)."""
        match = self._new_match(game)
        for seat, text in log:
            match.act(seat, text)
        return match

    async def current(self, channel_id: int, *,
                      ended: bool = False) -> tuple[GameRow, rules.Match | None]:
        """The open game here (or with `ended`, the last one) and, once started, its match."""
        game = await self.game_here(channel_id, ended=ended)
        if game.status == "lobby" or (game.status == "abandoned" and game.version == 0
                                      and await self.store.snapshot(game.id) is None):
            return game, None  # a lobby, or one closed before it started
        return game, await self.match_of(game)

    # -- moves -------------------------------------------------------------------------------
    async def act(self, channel_id: int, user_id: int, text: str,
                  expected_version: int | None = None) -> MoveReport:
        """Apply one player's action as one transaction; refuse anything else unchanged."""
        started = time.perf_counter()  # the move's latency runs from here to its commit
        try:  # the game as last seen here: the move's own trip checks nobody else wrote since
            return await self._act(channel_id, user_id, text, expected_version, kept=True,
                                   started=started)
        except RowsChanged:
            return await self._act(channel_id, user_id, text, expected_version, kept=False,
                                   started=started)

    async def _act(self, channel_id: int, user_id: int, text: str, expected_version: int | None,
                   kept: bool, started: float) -> MoveReport:
        try:
            game = (self.store.kept_open_game(channel_id) if kept else None) or \
                await self.game_here(channel_id)
        except GameError:
            metrics.move_refused(None)
            raise
        try:
            return await self._act_on(game, user_id, text, expected_version, kept, started)
        except GameError:
            metrics.move_refused(game.game_id)
            raise

    async def _act_on(self, game: GameRow, user_id: int, text: str,
                      expected_version: int | None, kept: bool, started: float) -> MoveReport:
        lock = self._lock(game.id)
        waited = lock.locked()
        async with lock:
            if waited:  # another move ran meanwhile; otherwise nothing ran since the read
                game = await self.store.get_game(game.id)
            if game.status == "lobby":
                raise GameError(tr("The game has not started yet."))
            if game.status != "active":
                raise GameError(tr("This game is over."))
            seat = seat_of(game, user_id)
            if seat is None:
                raise GameError(tr("You are not playing in this game."))
            if expected_version is not None and expected_version != game.version:
                # Others moved since the choice was shown: it is played if the rules still
                # take it. Only a second click of the player's own move is stale.
                since = await self.store.actions(game.id, since=expected_version)
                if any(a.user_id == user_id for a in since):
                    raise GameError(tr("The board has changed since that button was made; "
                                       "look at the latest board."))
            return await self._move(game, seat, user_id, text, kept_row=kept, started=started)

    async def act_for(self, game: GameRow, seat: int, text: str) -> MoveReport:
        """The bot moves for a seat (a skipped turn), then plays on for resigned seats."""
        async with self._lock(game.id):
            game = await self.store.get_game(game.id)
            return await self._move(game, seat, AUTO_USER, text, skipped=True)

    async def _move(self, game: GameRow, seat: int, user_id: int, text: str,
                    skipped: bool = False, *, kept_row: bool = False,
                    started: float | None = None) -> MoveReport:
        """Apply a move (and the bot's moves for resigned seats after it) and commit it all.

        The rules run on the database thread just before the commit: one trip for the move.
        A player's move (`started`: when it reached `act`) is counted once committed.
        """
        working = await self._working(game)

        def compute() -> Computed:
            match, first, actions = self._apply(game, working, seat, text)
            notes: list[Msg | str] = [msg("{player}'s turn is skipped.",
                                          player=match.players[seat])] if skipped else []
            return match, [(s, user_id if i == 0 else AUTO_USER, a)
                           for i, (s, a) in enumerate(actions)], notes, first

        try:
            return await self._commit(game, working.to_act(), compute, kept_row=kept_row,
                                      started=started)
        except rules.IllegalAction as exc:
            raise GameError(str(exc)) from None

    def _apply(self, game: GameRow, match: rules.Match, seat: int,
               text: str) -> tuple[rules.Match, int, list[tuple[int, str]]]:
        """The move on the working match (no reader holds it), then resigned seats' moves.

        A refusal changes nothing: parse refuses before anything moves, and act puts back
        whatever a refused action had half done. Returns the match, where the move's log lines
        start, and the actions played.
        """
        action = match.parse(seat, text)
        start, first = len(match.log), len(match.lines)
        match.act(seat, action)
        self._play_resigned(game, match)
        return match, first, match.log[start:]

    def _play_resigned(self, game: GameRow, match: rules.Match) -> list[str]:
        """Passes for resigned seats, when the table chose that over the computer."""
        if game.settings.get("stand_in", "computer") != "pass":
            return []  # the computer plays them, as its own saved steps (bot/tables/computers.py)
        resigned = {s.seat for s in game.seats if s.resigned}
        lines: list[str] = []
        for _ in range(AUTO_LIMIT):
            if match.over:
                break
            due = [s for s in match.to_act() if s in resigned]
            if not due:
                break
            lines += match.act(due[0], auto_action(match, due[0]))
        return lines

    async def _commit(self, game: GameRow, due_before: list[int],
                      compute: Callable[[], Computed], *,
                      kept_row: bool = False, started: float | None = None) -> MoveReport:
        """Append what `compute` plays (match, log rows, the bot's notes, where the match's
        lines of the move start) as one transaction.

        `started` (perf_counter) marks a player's move: counted, with its latency, once committed.
        """
        now = self.clock()

        def append() -> Append:
            match, actions, notes, first = compute()
            mover = actions[0][0] if actions and actions[0][1] != AUTO_USER else None
            reserve = None
            if mover is not None and mover in due_before:  # the mover's clock stops
                left = clocks.reserve_after_move(game, mover, now)
                reserve = None if left is None else (mover, left)
            # An out-of-turn free action (showing a hand) does not start a new wait.
            restart = mover is None or mover in due_before or match.to_act() != due_before
            return Append(actions, "finished" if match.over else None, restart,
                          reserve=reserve, result=(match, notes, first))

        try:
            with self.live.moving(game.id):
                game, done = await self.store.append_computed(game.id, game.version, append,
                                                              now, kept_row=kept_row)
        except RowsChanged:
            raise  # nothing was computed: act() reads the game again and tries once more
        except StaleVersion:
            self.live.spoil(game.id)  # the working match moved on; the log did not
            raise GameError(tr("Someone else moved first; the board has changed. "
                               "Look at the latest board.")) from None
        except rules.IllegalAction:
            raise  # refused before anything was written: the working match is as it was
        except BaseException:
            self.live.spoil(game.id)  # whether it landed is unknown: read it back next time
            raise
        if started is not None:
            metrics.move_played(game.game_id, time.perf_counter() - started)
        match, notes, first = done.result
        self.live.keep(game, match)
        if game.status == "finished":
            await ratings.record_finished(self.store, game, match, now)
        due = match.to_act()
        newly = [s for s in due if s not in due_before]
        played = [(seat, text) for seat, _, text in done.actions]
        return MoveReport(game, self.live.promise(game), notes, due_before, due, newly, played,
                          first)

    async def resign(self, channel_id: int, user_id: int) -> MoveReport:
        """Leave a running game: the computer plays the seat on, or the bot passes when the
        table chose `stand_in` = pass (then making the most passive legal move)."""
        game = await self.game_here(channel_id)
        async with self._lock(game.id):
            game = await self.store.get_game(game.id)
            seat = seat_of(game, user_id)
            if seat is None:
                raise GameError(tr("You are not playing in this game."))
            if game.status != "active":
                raise GameError(tr("The game has not started: use `/game leave`."))
            if next(s for s in game.seats if s.seat == seat).resigned:
                raise GameError(tr("You have already resigned."))
            game = await self.store.set_resigned(game.id, seat, self.clock())
            if all(s.resigned or s.user_id < 0 for s in game.seats):  # only computers left
                await self.store.set_status(game.id, "abandoned", self.clock())
                raise GameError(tr("Every player has resigned: the game is closed."))
            match = (await self.match_of(game)).copy()
            due_before = match.to_act()
            start = len(match.log)  # undo entries make the game's version longer than this
            first = len(match.lines)
            await asyncio.to_thread(self._play_resigned, game, match)
            new = match.log[start:]
            name = next(s.name for s in game.seats if s.seat == seat)
            notes: list[Msg | str] = [
                msg("{player} resigns; the bot will pass for them.", player=name)
                if game.settings.get("stand_in") == "pass" else
                msg("{player} resigns; the computer plays for them.", player=name)]
            if not new:
                return MoveReport(game, match, notes, due_before, due_before, [])
            rows = [(s, AUTO_USER, a) for s, a in new]
            return await self._commit(game, due_before, lambda: (match, rows, notes, first))

    async def change_settings(self, channel_id: int, user_id: int, can_manage: bool,
                              changes: dict[str, Any]) -> GameRow:
        """Change board style, reminder pace or clock (creator or channel manager)."""
        game = await self.game_here(channel_id)
        if not changes:
            return game
        if user_id != game.creator_id and not can_manage:
            raise GameError(tr("Only the game's creator or a channel manager can change "
                               "settings."))
        every = changes.get("remind_every")
        if every is not None and every != 0 and not 60 <= every <= 30 * 86400:
            raise GameError(tr("Reminders can come every 1 minute to 30 days, or be off."))
        for key in ("clock_move", "clock_bank"):
            if not 0 <= changes.get(key, 0) <= 60 * 86400:
                raise GameError(tr("A clock runs from 1 minute to 60 days, or is off."))
        if "language" in changes and changes["language"] not in languages():
            raise GameError(tr("That language is not one the bot speaks."))
        async with self._lock(game.id):
            game = await self.store.get_game(game.id)
            return await self.store.merge_settings(game.id, changes)

    async def abandon(self, channel_id: int, user_id: int, can_manage: bool) -> GameRow:
        """Close the game for good (its creator, or someone who can manage the channel)."""
        game = await self.game_here(channel_id)
        if user_id != game.creator_id and not can_manage:
            raise GameError(tr("Only the game's creator or a channel manager can abandon it."))
        async with self._lock(game.id):
            self.live.drop(game.id)
            return await self.store.set_status(game.id, "abandoned", self.clock())
