"""Matches kept in memory between moves, rebuilt from the newest good snapshot and the log."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import rules
from bot.store.records import ActionRow, GameRow, Store, StoreError
from bot.tables.undo import UNDO_PREFIX, effective_log
from rules.core.lang import Msg, msg, say

log = logging.getLogger(__name__)

LIVE_GAMES = 2000  # matches kept in memory; the least recently used one goes first
WORKING_GAMES = 200  # games that keep a working match beside the readers' copy
SNAPSHOT_EVERY = 50  # log entries between snapshots: a cold load replays fewer than this


class BrokenLog(Exception):
    """A stored log entry that the rules no longer accept: the game cannot go on.

    Its text (`why`, unsaid: said in each reader's language) is for the channel; `detail`
    names the entry and the reason, for the bot's log.
    """

    def __init__(self, why: Msg | str, detail: str) -> None:
        super().__init__(say(why))
        self.why = why
        self.detail = detail


@dataclass(eq=False)
class _Live:
    """One game's matches at `version`: the one moves change, and the readers' copy."""

    version: int  # the game's log length (undo entries included) these matches stand at
    working: rules.Match | None  # moves change it in place; no reader ever holds it
    published: rules.Match | None  # readers' copy at `version`, never changed; made on demand
    snapped: int  # version of the newest snapshot written (or being written)
    promised: bool = False  # a move's report may still ask for `published`
    moving: asyncio.Event | None = None  # set while a move changes `working`

    def publish(self) -> rules.Match:
        """The readers' copy, made from the working match now if nobody made it yet."""
        if self.published is None:
            assert self.working is not None  # an entry always holds one of the two
            self.published = self.working.copy()
        return self.published


class LiveMatches:
    """A bounded cache of matches by game, with snapshots written off the move path.

    A move applies to the working match in place (no copy on its way to the disk); readers
    get a copy of it made the first time someone reads that version, and never see it change.
    """

    def __init__(self, store: Store, clock: Callable[[], float],
                 capacity: int = LIVE_GAMES) -> None:
        self.store = store
        self.clock = clock
        self.capacity = capacity
        self._live: OrderedDict[int, _Live] = OrderedDict()
        self.working_capacity = WORKING_GAMES
        self._moved: OrderedDict[int, _Live] = OrderedDict()  # entries a move kept, oldest first
        self._writing: set[asyncio.Task[None]] = set()

    def __len__(self) -> int:
        return len(self._live)

    def _at(self, game: GameRow) -> _Live | None:
        entry = self._live.get(game.id)
        if entry is None or entry.version != game.version:
            return None
        self._live.move_to_end(game.id)
        return entry

    def clear(self) -> None:
        """Forget every kept match (as a restart would)."""
        self._live.clear()
        self._moved.clear()

    def drop(self, game_pk: int) -> None:
        """Forget a game's matches (a refused commit may have left them ahead of the log)."""
        self._live.pop(game_pk, None)
        self._moved.pop(game_pk, None)

    def spoil(self, game_pk: int) -> None:
        """A move changed the working match but may not have landed: keep only the readers' copy."""
        entry = self._live.get(game_pk)
        if entry is None:
            return
        entry.working = None
        if entry.published is None:
            del self._live[game_pk]

    def keep(self, game: GameRow, match: rules.Match, *, snapped: int | None = None,
             readers: bool = False) -> None:
        """Keep the match of a game at its version; write a snapshot when one is due.

        A match built for `readers` is their copy already: a move copies it when one comes.
        """
        match.remember_legal()  # kept matches change only through act
        old = self._live.pop(game.id, None)
        last = snapped if snapped is not None else (old.snapped if old else 0)
        entry = self._live[game.id] = (_Live(game.version, None, match, last) if readers
                                       else _Live(game.version, match, None, last))
        while len(self._live) > self.capacity:
            self._moved.pop(self._live.popitem(last=False)[0], None)
        if readers:
            self._moved.pop(game.id, None)
        else:
            self._moved[game.id] = entry
            self._moved.move_to_end(game.id)
            while len(self._moved) > self.working_capacity:
                # Long idle, it keeps one match, not two: its next move copies the readers'.
                _, idle = self._moved.popitem(last=False)
                if idle.published is not None and idle.moving is None:
                    idle.working = None
        if game.version - last >= SNAPSHOT_EVERY or (match.over and game.version > last):
            entry.snapped = game.version
            task = asyncio.get_running_loop().create_task(
                self._snapshot(game.id, game.version, entry.publish()))
            self._writing.add(task)
            task.add_done_callback(self._writing.discard)

    def promise(self, game: GameRow) -> Callable[[], rules.Match]:
        """The readers' copy at the game's version, made only if someone asks for it."""
        entry = self._live[game.id]
        entry.promised = True
        return entry.publish  # the next move publishes first if still promised

    async def _snapshot(self, game_pk: int, version: int, match: rules.Match) -> None:
        """Write a snapshot of a kept (unchanging) match; a failure only costs a longer load."""
        try:
            text = await asyncio.to_thread(match.to_json)
            await self.store.put_snapshot(game_pk, version, text, self.clock())
        except StoreError as exc:
            log.warning("snapshot of game %s at %s not written: %s", game_pk, version, exc)

    async def settle(self) -> None:
        """Wait for the snapshots being written."""
        while self._writing:
            await asyncio.gather(*list(self._writing), return_exceptions=True)

    async def load(self, game: GameRow, fresh: Callable[[], rules.Match]) -> rules.Match:
        """The match at the game's version, never to be changed: kept, or built from storage."""
        entry = self._live.get(game.id)
        if entry is not None and entry.moving is not None:
            await entry.moving.wait()  # a move is changing the working match: wait for it
        entry = self._at(game)
        if entry is None:
            entry = await self._build(game, fresh, readers=True)
        return entry.publish()

    async def working(self, game: GameRow, fresh: Callable[[], rules.Match]) -> rules.Match:
        """The match a move may change in place (the caller holds the game's lock)."""
        entry = self._at(game) or await self._build(game, fresh)
        if entry.working is None:
            entry.working = entry.publish().copy()
        elif entry.promised:  # a report of the last move may still ask for this version
            entry.publish()
        entry.promised = False
        return entry.working

    def busy(self, game_pk: int) -> bool:
        """True while a move is changing this game's working match."""
        entry = self._live.get(game_pk)
        return entry is not None and entry.moving is not None

    @contextlib.contextmanager
    def moving(self, game_pk: int) -> Iterator[None]:
        """Readers of this game wait while a move changes its working match."""
        entry = self._live.get(game_pk)
        if entry is None or entry.moving is not None:
            yield
            return
        entry.moving = done = asyncio.Event()
        try:
            yield
        finally:
            entry.moving = None
            done.set()

    async def _build(self, game: GameRow, fresh: Callable[[], rules.Match],
                     readers: bool = False) -> _Live:
        """The newest good snapshot plus the log (or the whole log), kept at the game's version."""
        rows = await self.store.actions(game.id)
        rows = [r for r in rows if r.seq <= game.version]
        snap = await self.store.snapshot(game.id)
        match: rules.Match | None = None
        snapped, failed = 0, None
        if snap is not None and snap[0] <= game.version:
            try:
                match = await asyncio.to_thread(_from_snapshot, game, snap, rows, fresh)
                snapped = snap[0]
            except Exception as exc:
                failed = exc
        if match is None:
            # BrokenLog here means the log itself no longer replays: the snapshot is kept.
            match = await asyncio.to_thread(_replay, game, effective_log(rows), fresh)
            if failed is not None:  # the log replays, so the snapshot was at fault
                log.warning("snapshot of game %s dropped (%s: %s); rebuilt from the log",
                            game.id, type(failed).__name__, failed)
                await self.store.drop_snapshot(game.id)
        self.keep(game, match, snapped=snapped, readers=readers)
        return self._live[game.id]


def _replay(game: GameRow, kept: list[ActionRow], fresh: Callable[[], rules.Match],
            match: rules.Match | None = None) -> rules.Match:
    """Apply log entries in order; BrokenLog names the first one the rules refuse."""
    match = fresh() if match is None else match
    for row in kept:
        try:
            match.act(row.seat, row.text)
        except Exception as exc:
            why = str(exc) if len(str(exc)) <= 150 else str(exc)[:149] + "…"
            # The entry and the reason may name a hidden card: said only where nothing is hidden.
            hidden = rules.game_info(game.game_id).hidden_information
            text = (
                msg("This game cannot go on: its saved move {n} is no longer accepted by the "
                    "rules. It is frozen so that nothing more is lost; its log is kept for "
                    "whoever runs the bot.", n=row.seq) if hidden else
                msg("This game cannot go on: its saved move {n} (`{entry}`: {why}) is no longer "
                    "accepted by the rules. It is frozen so that nothing more is lost; its log "
                    "is kept for whoever runs the bot.", n=row.seq, entry=row.text[:60], why=why))
            raise BrokenLog(text, f"log entry {row.seq} ({row.text!r}) no longer replays: {exc}",
                            ) from exc
    return match


def _from_snapshot(game: GameRow, snap: tuple[int, str], rows: list[ActionRow],
                   fresh: Callable[[], rules.Match]) -> rules.Match | None:
    """The snapshot's match brought up to date, after checking it agrees with the log."""
    version, text = snap
    match = rules.load_match(text)
    blank = fresh()
    # Names may differ: a seat handed over keeps its past under the old name.
    if (match.game_id, len(match.players), match.seed, match.options) != (
            blank.game_id, len(blank.players), blank.seed, blank.options):
        raise ValueError("the snapshot is of another game")
    upto = [(r.seat, r.text) for r in effective_log(r for r in rows if r.seq <= version)]
    if match.log != upto:
        raise ValueError("the snapshot disagrees with the log")
    tail = [r for r in rows if r.seq > version]
    if any(r.text.startswith(UNDO_PREFIX) for r in tail):
        return None  # an undo since: the whole log decides what stands
    return _replay(game, tail, fresh, match)
