"""Prometheus metrics: settings, what the service and store count, scraping, and no extra."""

from __future__ import annotations

import asyncio
import math
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.ops import metrics
from bot.ops.settings import DEFAULT_METRICS_ADDR, Settings, metrics_from
from bot.store import SqliteStore, StorageFailure
from bot.store.postgres.errors import refused_as_failure
from bot.tables.service import GameError, GameService

CHANNEL = 100
ROOT = Path(__file__).resolve().parents[2]


def value(name: str, **labels: str) -> float:
    """A sample of the bot's registry now (0 for a series not made yet)."""
    registry = metrics.registry()
    assert registry is not None
    found = registry.get_sample_value(name, labels)
    return 0.0 if found is None else found


# -- settings ---------------------------------------------------------------------------------
def test_metrics_settings_are_checked() -> None:
    assert metrics_from("", "") == (None, DEFAULT_METRICS_ADDR)
    assert metrics_from(" 9108 ", "") == (9108, "0.0.0.0")
    assert metrics_from("1", "127.0.0.1") == (1, "127.0.0.1")
    assert metrics_from("65535", "::") == (65535, "::")
    for bad in ("0", "65536", "abc", "-1", "9108.0", "\uff19\uff11\uff10\uff18"):
        with pytest.raises(ValueError, match="RAILYARD_METRICS_PORT must be a port number "
                                             "from 1 to 65535"):
            metrics_from(bad, "")
    with pytest.raises(ValueError, match="RAILYARD_METRICS_ADDR needs RAILYARD_METRICS_PORT"):
        metrics_from("", "127.0.0.1")
    for bad in ("0.0.0.0:9108", "localhost:9108", "1.2.3.4 5.6.7.8"):
        with pytest.raises(ValueError, match="RAILYARD_METRICS_ADDR must be one address"):
            metrics_from("9108", bad)


def test_settings_from_env_read_the_metrics_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAILYARD_METRICS_PORT", raising=False)
    monkeypatch.delenv("RAILYARD_METRICS_ADDR", raising=False)
    plain = Settings.from_env()
    assert plain.metrics_port is None and metrics.serve_from(plain) is None
    monkeypatch.setenv("RAILYARD_METRICS_PORT", "9108")
    monkeypatch.setenv("RAILYARD_METRICS_ADDR", "127.0.0.1")
    asked = Settings.from_env()
    assert (asked.metrics_port, asked.metrics_addr) == (9108, "127.0.0.1")
    monkeypatch.setenv("RAILYARD_METRICS_PORT", "99999")
    with pytest.raises(ValueError, match="not '99999'"):
        Settings.from_env()


# -- what the service and the store count -----------------------------------------------------


async def _started(service: GameService) -> None:
    await service.create(guild_id=1, channel_id=CHANNEL, user_id=1, name="U1",
                         game_id="steel-driver", options={})
    for user in (2, 3):
        await service.join(CHANNEL, user, f"U{user}")
    await service.start(CHANNEL, 1, can_manage=False)


async def test_moves_refusals_and_latency_are_counted_by_game(service: GameService) -> None:
    game = "steel-driver"
    moves, refused = value("railyard_moves_total", game=game), \
        value("railyard_refusals_total", game=game)
    timed = value("railyard_move_seconds_count", game=game)
    nowhere = value("railyard_refusals_total", game=metrics.NO_GAME)
    with pytest.raises(GameError, match="no game"):
        await service.act(CHANNEL, 1, "pass")
    assert value("railyard_refusals_total", game=metrics.NO_GAME) == nowhere + 1
    await _started(service)
    played = 0
    for _ in range(5):
        _, match = await service.current(CHANNEL)
        assert match is not None
        seat = match.to_act()[0]
        with pytest.raises(GameError):  # a stranger, then nonsense from the due player
            await service.act(CHANNEL, 99, match.legal(seat)[0])
        with pytest.raises(GameError):
            await service.act(CHANNEL, seat + 1, "fly to the moon")
        await service.act(CHANNEL, seat + 1, match.legal(seat)[0])
        played += 1
    assert value("railyard_moves_total", game=game) == moves + played
    assert value("railyard_refusals_total", game=game) == refused + 2 * played
    assert value("railyard_move_seconds_count", game=game) == timed + played
    assert value("railyard_refusals_total", game=metrics.NO_GAME) == nowhere + 1
    # Moves the bot makes itself (a skipped turn) are not players' moves.
    row = await service.game_here(CHANNEL)
    await service.act_for(row, (await service.match_of(row)).to_act()[0], "pass")
    assert value("railyard_moves_total", game=game) == moves + played


async def test_the_store_counts_open_games_by_game(service: GameService) -> None:
    store = service.store
    assert await store.count_open_games() == {}
    await _started(service)  # running
    await service.create(guild_id=1, channel_id=CHANNEL + 1, user_id=1, name="U1",
                         game_id="steel-driver", options={})  # a lobby
    await service.create(guild_id=1, channel_id=CHANNEL + 2, user_id=1, name="U1",
                         game_id="trains", options={})
    assert await store.count_open_games() == {"steel-driver": 2, "trains": 1}
    await service.abandon(CHANNEL, 1, can_manage=False)
    await service.abandon(CHANNEL + 2, 1, can_manage=False)
    assert await store.count_open_games() == {"steel-driver": 1}


async def test_storage_failures_are_counted_where_the_store_raises_them(
        tmp_path: Path) -> None:
    before = value("railyard_storage_errors_total", backend="sqlite")
    service = GameService(SqliteStore(tmp_path / "games.sqlite3"), clock=lambda: 1000.0,
                          seed_source=lambda: 42)
    await service.store.open()
    try:
        await _started(service)
        _, match = await service.current(CHANNEL)
        assert match is not None and isinstance(service.store, SqliteStore)
        assert service.store._db is not None
        await service.store._db.execute("PRAGMA query_only = 1")
        seat = match.to_act()[0]
        for _ in range(2):
            with pytest.raises(StorageFailure, match="read-only"):
                await service.act(CHANNEL, seat + 1, match.legal(seat)[0])
        assert value("railyard_storage_errors_total", backend="sqlite") == before + 2
    finally:
        await service.store.close()

    lost = value("railyard_storage_errors_total", backend="postgres")
    with pytest.raises(StorageFailure):
        async with refused_as_failure():
            raise ConnectionRefusedError("refused")
    with pytest.raises(ZeroDivisionError):  # a bug is no storage failure
        async with refused_as_failure():
            raise ZeroDivisionError
    assert value("railyard_storage_errors_total", backend="postgres") == lost + 1


def test_renders_are_timed_by_kind() -> None:
    boards = value("railyard_render_seconds_count", kind="board")
    cards = value("railyard_render_seconds_count", kind="turn_card")
    draw = metrics.timed("board", lambda view: b"png" + bytes(view["n"]))
    assert draw({"n": 2}) == b"png\x00\x00" and draw.__name__ == "<lambda>"
    with metrics.timed_render("turn_card"):
        pass
    with pytest.raises(RuntimeError), metrics.timed_render("turn_card"):
        raise RuntimeError("a render that fails is timed too")
    assert value("railyard_render_seconds_count", kind="board") == boards + 1
    assert value("railyard_render_seconds_count", kind="turn_card") == cards + 2


# -- scraping ---------------------------------------------------------------------------------
class FakeStore:
    """Counts how often the gauge asks."""

    def __init__(self) -> None:
        self.asked = 0
        self.counts = {"steel-driver": 3}

    async def count_open_games(self) -> dict[str, int]:
        self.asked += 1
        return dict(self.counts)


class FakeService:
    def __init__(self) -> None:
        self.store = FakeStore()


class FakeBot:
    """A bot as the gauges see it: a latency that may be NaN, +Inf, or fail to be read."""

    def __init__(self, latency: Any) -> None:
        self._latency = latency
        self.service = FakeService()
        self.closed = False

    @property
    def latency(self) -> float:
        if isinstance(self._latency, BaseException):
            raise self._latency
        return float(self._latency)

    def is_closed(self) -> bool:
        return self.closed


@pytest.fixture
def served() -> Iterator[metrics.Served]:
    server = metrics.start_server("127.0.0.1", 0)
    yield server
    server.close()


async def scrape(served: metrics.Served) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """GET /metrics as Prometheus would, parsed: (name, labels) -> value."""
    async with aiohttp.ClientSession() as http, \
            http.get(f"http://127.0.0.1:{served.port}/metrics") as answer:
        assert answer.status == 200
        text = await answer.text()
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


async def test_nan_and_inf_latency_scrape_cleanly(served: metrics.Served) -> None:
    for latency, check in ((math.nan, math.isnan), (math.inf, lambda v: v == math.inf),
                           (RuntimeError("dictionary changed size during iteration"),
                            math.isnan), (0.042, lambda v: v == 0.042)):
        bot = FakeBot(latency)
        metrics.watch_bot(bot)
        got = await scrape(served)
        assert check(got[("railyard_gateway_latency_seconds", ())]), (latency, got)
        assert got[("railyard_open_games", (("game", "steel-driver"),))] == 3
        assert got[("railyard_open_games", (("game", "trains"),))] == 0  # every game shows
        # Every series exists from the start, at 0, so rates and alerts work at once.
        assert ("railyard_moves_total", (("game", "trains"),)) in got
        assert ("railyard_render_seconds_count", (("kind", "results"),)) in got
    bot.closed = True
    got = await scrape(served)
    assert not [k for k in got if k[0] in ("railyard_gateway_latency_seconds",
                                           "railyard_open_games")]


async def test_open_games_are_counted_at_most_once_per_ttl(served: metrics.Served) -> None:
    bot = FakeBot(0.1)
    metrics.watch_bot(bot)  # the default: a count serves scrapes for a while
    for _ in range(3):
        assert (await scrape(served))[("railyard_open_games", (("game", "steel-driver"),))] == 3
    assert bot.service.store.asked == 1
    metrics.watch_bot(bot, open_games_ttl=0)  # counted on every scrape
    bot.service.store.counts = {"steel-driver": 1, "trains": 2}
    got = await scrape(served)
    assert got[("railyard_open_games", (("game", "trains"),))] == 2
    assert bot.service.store.asked == 2
    # Scraped on the bot's own loop (never in production), the last count shows: no deadlock.
    registry = metrics.registry()
    assert registry is not None
    from prometheus_client import generate_latest

    assert b'railyard_open_games{game="trains"} 2.0' in generate_latest(registry)
    assert bot.service.store.asked == 2


async def test_a_taken_port_is_named_clearly(served: metrics.Served) -> None:
    settings = replace(Settings.from_env(), metrics_port=served.port, metrics_addr="127.0.0.1")
    with pytest.raises(metrics.MetricsError, match=f"Cannot serve metrics on 127.0.0.1:"
                                                   f"{served.port}.*RAILYARD_METRICS_PORT"):
        metrics.serve_from(settings)
    with socket.socket() as s:  # the first server still answers
        s.connect(("127.0.0.1", served.port))
    free = metrics.serve_from(replace(settings, metrics_port=0))
    assert free is not None and free.port not in (0, served.port)
    await metrics.stopped(free)
    await metrics.stopped(None)


# -- without prometheus-client ----------------------------------------------------------------
NO_EXTRA = """
import sys
sys.modules["prometheus_client"] = None  # as if the metrics extra were not installed
import asyncio
from dataclasses import replace
from bot.ops import metrics
from bot.ops.settings import Settings

assert not metrics.available() and metrics.registry() is None
metrics.move_played("steel-driver", 0.1)
metrics.move_refused(None)
metrics.reminder_sent("steel-driver")
metrics.storage_error("sqlite")
draw = lambda view: b"png"
assert metrics.timed("board", draw) is draw
with metrics.timed_render("board"):
    pass
asyncio.run(asyncio.to_thread(lambda: None))

async def watch():
    metrics.watch_bot(object())
asyncio.run(watch())
settings = Settings.from_env()
assert metrics.serve_from(replace(settings, metrics_port=None)) is None
try:
    metrics.serve_from(replace(settings, metrics_port=9108))
except metrics.MetricsError as exc:
    print(exc)
else:
    raise SystemExit("served without prometheus-client")
import rules
rules.catalog()
"""


def test_without_the_extra_recording_is_a_no_op_and_serving_says_why() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAILYARD_")}
    done = subprocess.run([sys.executable, "-c", NO_EXTRA], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == metrics.MISSING
    assert "pip install 'railyard[metrics]'" in metrics.MISSING


async def test_the_gauge_reads_a_bot_on_another_thread_without_blocking_it() -> None:
    """The server's thread asks the loop; the loop stays free meanwhile."""
    bot = FakeBot(0.5)
    metrics.watch_bot(bot, open_games_ttl=0)
    registry = metrics.registry()
    assert registry is not None
    from prometheus_client import generate_latest

    text = (await asyncio.to_thread(generate_latest, registry)).decode()
    assert 'railyard_open_games{game="steel-driver"} 3.0' in text
    assert "railyard_gateway_latency_seconds 0.5" in text
