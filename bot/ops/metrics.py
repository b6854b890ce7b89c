"""Prometheus metrics for server operators: recorded everywhere, served only when asked.

Everything lives in one `CollectorRegistry` of this module (never prometheus_client's global
one), served by `serve_from(settings)` when RAILYARD_METRICS_PORT is set. Without the
`metrics` extra (prometheus-client) installed, every recording function here is a cheap no-op
and only serving says what is missing. Labels stay few: a game id or a render kind, never a
user, channel or guild.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import math
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ParamSpec, Protocol, TypeVar

if TYPE_CHECKING:
    from wsgiref.simple_server import WSGIServer

    from prometheus_client import CollectorRegistry, Counter, Histogram
    from prometheus_client.core import GaugeMetricFamily
    from prometheus_client.metrics_core import Metric

    from bot.ops.settings import Settings

log = logging.getLogger(__name__)
P = ParamSpec("P")
R = TypeVar("R")

NO_GAME = "none"  # the game label of a refusal where no game was found (no game here)
RENDER_KINDS = ("board", "turn_card", "results")
BACKENDS = ("sqlite", "postgres")
OPEN_GAMES_TTL = 10.0  # seconds a count of open games serves scrapes before it is redone
COUNT_TIMEOUT = 2.0  # seconds a scrape waits for the store's count before using the last one
MISSING = ("RAILYARD_METRICS_PORT is set, but prometheus-client is not installed, so the bot "
           "cannot serve /metrics. Install the metrics extra (pip install 'railyard[metrics]'), "
           "or unset RAILYARD_METRICS_PORT to run without metrics.")


class MetricsError(RuntimeError):
    """Metrics were asked for but cannot be served (the extra is missing, the port taken)."""


class _Store(Protocol):
    """What the open-games gauge needs of a store."""

    async def count_open_games(self) -> dict[str, int]: ...


class _Service(Protocol):
    """What the open-games gauge needs of the game service."""

    @property
    def store(self) -> _Store: ...


class _Bot(Protocol):
    """What the gauges read of a running bot (RailyardBot, without importing discord here)."""

    @property
    def latency(self) -> float: ...
    @property
    def service(self) -> _Service: ...
    def is_closed(self) -> bool: ...


@dataclass(frozen=True)
class _Metrics:
    """The metrics themselves, made once when prometheus-client is importable."""

    registry: CollectorRegistry
    moves: Counter
    refusals: Counter
    move_seconds: Histogram
    render_seconds: Histogram
    reminders: Counter
    storage_errors: Counter


def _build() -> _Metrics | None:
    """The registry and its metrics, or None without prometheus-client."""
    try:
        from prometheus_client import CollectorRegistry, Counter, Histogram
    except ImportError:
        return None
    registry = CollectorRegistry()
    made = _Metrics(
        registry=registry,
        moves=Counter("railyard_moves", "Moves accepted through a player's command, button or "
                      "menu, by game.", ["game"], registry=registry),
        refusals=Counter("railyard_refusals", "Moves refused (nothing changed), by game; "
                         f"game={NO_GAME!r} when the channel had no game.", ["game"],
                         registry=registry),
        move_seconds=Histogram("railyard_move_seconds", "Seconds from receiving a move to its "
                               "commit in the database, by game.", ["game"], registry=registry),
        render_seconds=Histogram("railyard_render_seconds", "Seconds drawing one picture, by "
                                 "kind (board, turn_card, results).", ["kind"],
                                 buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0),
                                 registry=registry),
        reminders=Counter("railyard_reminders_sent", "Reminders delivered to waiting players "
                          "(by DM or in the channel), by game.", ["game"], registry=registry),
        storage_errors=Counter("railyard_storage_errors", "Database operations that failed "
                               "(disk full, read-only, unreachable, file gone), by back-end.",
                               ["backend"], registry=registry),
    )
    registry.register(_WATCH)
    return made


def available() -> bool:
    """Whether prometheus-client is installed (metrics are recorded and can be served)."""
    return _M is not None


def registry() -> CollectorRegistry | None:
    """The registry every metric of the bot is in (None without prometheus-client)."""
    return None if _M is None else _M.registry


# -- recording: each a cheap no-op without prometheus-client ------------------------------------
def move_played(game: str, seconds: float) -> None:
    """A move was committed `seconds` after it reached the service."""
    if _M is not None:
        _M.moves.labels(game).inc()
        _M.move_seconds.labels(game).observe(seconds)


def move_refused(game: str | None) -> None:
    """A move was refused and changed nothing (None: there was no game to play in)."""
    if _M is not None:
        _M.refusals.labels(game or NO_GAME).inc()


def reminder_sent(game: str) -> None:
    """A reminder reached a waiting player."""
    if _M is not None:
        _M.reminders.labels(game).inc()


def storage_error(backend: str) -> None:
    """A database operation failed with a StorageFailure ("sqlite" or "postgres")."""
    if _M is not None:
        _M.storage_errors.labels(backend).inc()


@contextlib.contextmanager
def timed_render(kind: str) -> Iterator[None]:
    """Time the block as one render of `kind` (board, turn_card, results); any thread."""
    if _M is None:
        yield
        return
    start = time.perf_counter()
    try:
        yield
    finally:
        _M.render_seconds.labels(kind).observe(time.perf_counter() - start)


def observe_render(kind: str, seconds: float) -> None:
    """Count one picture of `kind` drawn in `seconds` (elsewhere: a worker process)."""
    if _M is not None:
        _M.render_seconds.labels(kind).observe(seconds)


def timed(kind: str, render: Callable[P, R]) -> Callable[P, R]:
    """`render`, timed as a render of `kind` each call (e.g. inside asyncio.to_thread)."""
    if _M is None:
        return render

    @functools.wraps(render)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with timed_render(kind):
            return render(*args, **kwargs)
    return run


# -- gauges read at scrape time ---------------------------------------------------------------
class _Watch:
    """The bot a scrape reads: its gateway latency, and its store's count of open games.

    A scrape runs on the server's thread: the count is asked of the bot's event loop (at most
    every OPEN_GAMES_TTL seconds, waiting at most COUNT_TIMEOUT), else the last count is shown.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._bot: weakref.ref[_Bot] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ttl = OPEN_GAMES_TTL
        self._counts: dict[str, int] | None = None
        self._counted_at = -math.inf

    def watch(self, bot: _Bot, loop: asyncio.AbstractEventLoop, ttl: float) -> None:
        """Read this bot from now on (the last one watched, when one process runs several)."""
        with self._lock:
            self._bot, self._loop, self._ttl = weakref.ref(bot), loop, ttl
            self._counts, self._counted_at = None, -math.inf

    def describe(self) -> Iterable[Metric]:
        """The gauges' names, for the registry (without reading the bot)."""
        return self._families()

    def collect(self) -> Iterable[Metric]:
        """The gauges now; a bot that is gone or closed shows none."""
        latency, open_games = self._families()
        bot = self._bot() if self._bot is not None else None
        if bot is not None and not bot.is_closed():
            latency.add_metric([], _latency(bot))
            counts = self._open_games(bot)
            if counts is not None:
                from rules import catalog  # every game shows, at 0 when none is open

                for game in sorted({str(g["id"]) for g in catalog()} | set(counts)):
                    open_games.add_metric([game], counts.get(game, 0))
        return [latency, open_games]

    @staticmethod
    def _families() -> tuple[GaugeMetricFamily, GaugeMetricFamily]:
        from prometheus_client.core import GaugeMetricFamily

        return (GaugeMetricFamily("railyard_gateway_latency_seconds", "Discord gateway "
                                  "heartbeat latency in seconds, averaged over this process's "
                                  "shards (NaN before the first heartbeat, +Inf while a shard "
                                  "is disconnected)."),
                GaugeMetricFamily("railyard_open_games", "Games not over (in the lobby or "
                                  "running) in the bot's database, by game.", labels=["game"]))

    def _open_games(self, bot: _Bot) -> dict[str, int] | None:
        """The store's count, at most TTL seconds old when the loop answers in time."""
        with self._lock:
            loop = self._loop
            fresh = time.monotonic() - self._counted_at < self._ttl
            if fresh or loop is None or loop.is_closed() or _running_loop() is loop:
                return self._counts  # never block the bot's own loop on itself
            asked = asyncio.run_coroutine_threadsafe(_count(bot), loop)
            try:
                self._counts = asked.result(COUNT_TIMEOUT)
                self._counted_at = time.monotonic()
            except Exception as exc:  # a storage failure is counted where the store raised it
                asked.cancel()
                log.warning("metrics: could not count open games (%r); showing the last count",
                            exc)
            return self._counts


async def _count(bot: _Bot) -> dict[str, int]:
    """The open games of the bot's store, on its own loop."""
    return await bot.service.store.count_open_games()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running in this thread, if any."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _latency(bot: _Bot) -> float:
    """The bot's heartbeat latency; NaN when discord.py cannot say (never an exception)."""
    try:
        return float(bot.latency)
    except Exception:  # e.g. a shard closing while the scrape's thread reads it
        return math.nan


_WATCH = _Watch()
_M = _build()


def watch_bot(bot: _Bot, *, open_games_ttl: float = OPEN_GAMES_TTL) -> None:
    """Report this bot's gateway latency and open games; call it on the bot's running loop."""
    if _M is not None:
        _WATCH.watch(bot, asyncio.get_running_loop(), open_games_ttl)


# -- serving -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Served:
    """The HTTP server of /metrics, on its daemon thread."""

    server: WSGIServer
    thread: threading.Thread

    @property
    def port(self) -> int:
        """The port it listens on (the one chosen, when asked for port 0)."""
        return int(self.server.server_port)

    def close(self) -> None:
        """Stop serving and free the port."""
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


def start_server(addr: str, port: int) -> Served:
    """Serve the registry at http://addr:port/metrics on a daemon thread; MetricsError if not."""
    if _M is None:
        raise MetricsError(MISSING)
    from prometheus_client import start_http_server

    from rules import catalog

    for game in (str(g["id"]) for g in catalog()):  # every series exists from the start, at 0
        _M.moves.labels(game)
        _M.refusals.labels(game)
        _M.reminders.labels(game)
    for kind in RENDER_KINDS:
        _M.render_seconds.labels(kind)
    for backend in BACKENDS:
        _M.storage_errors.labels(backend)
    try:
        server, thread = start_http_server(port, addr, registry=_M.registry)
    except OSError as exc:  # a port in use or not ours, an address not of this machine
        raise MetricsError(f"Cannot serve metrics on {addr}:{port} (RAILYARD_METRICS_ADDR, "
                           f"RAILYARD_METRICS_PORT): {exc.strerror or exc}.") from exc
    log.info("metrics at http://%s:%s/metrics", addr, server.server_port)
    return Served(server, thread)


def serve_from(settings: Settings) -> Served | None:
    """Start the server when the settings ask for it (None when they do not); MetricsError
    when it cannot start: the caller says so and stops (exit 2)."""
    if settings.metrics_port is None:
        return None
    return start_server(settings.metrics_addr, settings.metrics_port)


async def stopped(served: Served | None) -> None:
    """Close a server from async code without blocking the loop (None: nothing to do)."""
    if served is not None:
        await asyncio.to_thread(served.close)

