"""Pictures drawn in worker processes, off the interpreter lock of the process that talks to
Discord: the event loop and the database thread never wait behind a drawing.

Drawing is pure Python over Pillow and holds the lock; threads only hide it. A pool of worker
processes, sized to the cores and started once, gets the public view (never a seat's secrets:
the caller passes what may be shown) and the language to draw in, and returns PNG bytes. Each
worker keeps its own warm caches (fonts, map layouts, rasterised words). A worker that dies is
replaced and its picture drawn again once; closing the pool waits for the drawings under way.
With no workers (`workers=0`: the terminal, the tests that prefer it) the same calls draw on
a thread of this process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.ops import metrics
from rules.core.lang import language, speaking

log = logging.getLogger(__name__)


_ROLL_CALL: list[Any] = []  # in a worker: the pool's barrier, for `Pictures.start`
ROLL_CALL_SECONDS = 120  # a worker that cannot start within this is a failed start


WORKER_NICENESS = 5  # below the bot's process in the scheduler's eyes, when cores are busy
ORPHAN_CHECK_SECONDS = 1.0  # how often a worker looks whether the bot still runs


def _warm(roll_call: Any, bot_pid: int) -> None:
    """A new worker loads the drawing code and its fonts before its first picture, and leaves
    when the bot's process is gone (killed with no time to stop its workers)."""
    import render
    from render.core import canvas

    _ROLL_CALL.append(roll_call)
    # Drawing yields the cores to the bot's own process: a confirmation waits on nobody.
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)
    canvas.font(20)
    del render
    threading.Thread(target=_leave_with, args=(bot_pid,), daemon=True,
                     name="railyard-orphan-check").start()


def _leave_with(bot_pid: int) -> None:
    """In a worker: exit once the bot's process is gone (a worker idles on its queue forever
    otherwise, holding memory and the bot's output pipes). The worker's parent, the process
    server the bot started, leaves as soon as the bot dies, even before anyone reaps it."""
    parent = os.getppid()
    while True:
        time.sleep(ORPHAN_CHECK_SECONDS)
        if os.getppid() != parent:
            os._exit(0)
        try:
            os.kill(bot_pid, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:  # alive, under another user: not ours to judge
            pass


def _answer_roll_call() -> int:
    """In a worker: wait until every worker is here (so each answers once); its process id."""
    _ROLL_CALL[0].wait(ROLL_CALL_SECONDS)
    return os.getpid()


def _draw(code: str, kind: str, args: tuple[Any, ...]) -> Any:
    """In a worker: one picture of `kind`, in the language `code`."""
    import render
    from render.core.hands import render_hand
    from render.core.turn_card import render_turn_card

    with speaking(code):
        if kind == "board":
            return render.render_board(*args)
        if kind == "turn":  # the board and the turn card drawn from it, one render for both
            view, card = args
            board = render.render_board(view)
            return board, render_turn_card(view, card, board)
        if kind == "results":
            return render.render_results(*args)
        if kind == "hand":
            return render_hand(*args)
    raise ValueError(f"no picture of kind {kind!r}")


METRIC_KINDS = {"turn": "turn_card"}  # the render kinds the metrics have always named


class Pictures:
    """Draws boards, turn cards, results and hands in worker processes (or a thread)."""

    def __init__(self, workers: int | None = None) -> None:
        # One per core: drawing is CPU work, and the bot's own process needs little.
        self.workers = max(1, os.cpu_count() or 1) if workers is None else workers
        self._pool: ProcessPoolExecutor | None = None
        self._roll_call: Any = None
        self._closed = False
        self.restarts = 0

    def _executor(self) -> Executor | None:
        if self.workers == 0:
            return None
        if self._pool is None:
            # forkserver: a worker never inherits the bot's threads, sockets or event loop.
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["render", "rules.core.lang"])
            self._roll_call = context.Barrier(self.workers)
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context,
                                             initializer=_warm,
                                             initargs=(self._roll_call, os.getpid()))
        return self._pool

    async def _submit(self, call: Any, *args: Any) -> Any:
        """Run `call(*args)` on a worker (a thread without workers); a dead worker's pool is
        replaced and the call tried once more."""
        for attempt in (1, 2):
            pool = self._executor()
            if pool is None:
                return await asyncio.to_thread(call, *args)
            try:
                return await asyncio.get_running_loop().run_in_executor(pool, call, *args)
            except BrokenProcessPool:
                # A worker died (killed, out of memory): a new pool, and one more try.
                log.warning("a picture worker died; starting new ones (try %d)", attempt)
                self._replace(pool)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _run(self, kind: str, *args: Any) -> Any:
        if self._closed:
            raise RuntimeError("the picture pool is closed")
        start = time.perf_counter()
        try:
            return await self._submit(_draw, language(), kind, args)
        finally:
            metrics.observe_render(METRIC_KINDS.get(kind, kind), time.perf_counter() - start)

    def _replace(self, broken: Executor) -> None:
        if self._pool is broken:
            self._pool = None
            self.restarts += 1
            broken.shutdown(wait=False, cancel_futures=True)

    async def start(self) -> set[int]:
        """Start every worker now, warm (fonts and drawing code loaded), rather than at the first
        move; the process ids drawing (this one's without workers)."""
        if not self.workers:
            return {os.getpid()}
        if self._closed:
            raise RuntimeError("the picture pool is closed")
        self._executor()
        # Each worker waits at the barrier until all are there, so each answers exactly once.
        pids = await asyncio.gather(*(self._submit(_answer_roll_call)
                                      for _ in range(self.workers)))
        return set(pids)

    async def board(self, view: dict[str, Any]) -> bytes:
        """The public board as PNG bytes."""
        png: bytes = await self._run("board", view)
        return png

    async def turn(self, view: dict[str, Any], card: Any) -> tuple[bytes, bytes]:
        """The board and the turn card drawn from it."""
        board, png = await self._run("turn", view, card)
        return board, png

    async def results(self, view: dict[str, Any]) -> bytes:
        """The results picture of a finished game."""
        png: bytes = await self._run("results", view)
        return png

    async def hand(self, private: dict[str, Any], public: dict[str, Any]) -> bytes | None:
        """A seat's hand (for that seat's eyes only), or None when it holds nothing to draw."""
        png: bytes | None = await self._run("hand", private, public)
        return png

    def pids(self) -> set[int]:
        """The process ids of the workers running now (none before the first picture)."""
        pool = self._pool
        # The executor keeps its processes by pid; it offers no public view of them.
        return set(getattr(pool, "_processes", None) or ()) if pool is not None else set()

    async def close(self) -> None:
        """Let the drawings under way finish, then stop the workers."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, True)


# Drawn on a thread of this process: the terminal, the tests, and anything the bot does not
# hand its own pool.
IN_THREADS = Pictures(workers=0)
