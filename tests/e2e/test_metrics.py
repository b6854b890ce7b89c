"""An operator scrapes /metrics while a table plays through the real discord.py client."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.ops import metrics
from tests.e2e.conftest import Table, private_text
from tests.e2e.test_steel_driver_game import _open_and_start, _play_one

GAME = "steel-driver"
HOUR = 3600.0
Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


@pytest.fixture
async def served(table: Table) -> AsyncIterator[metrics.Served]:
    """The endpoint on a free port, reading the table's bot (as `railyard run` wires it)."""
    assert table.bot is not None
    metrics.watch_bot(table.bot, open_games_ttl=0)  # counted afresh on every scrape
    server = metrics.start_server("127.0.0.1", 0)
    yield server
    await metrics.stopped(server)


async def scrape(served: metrics.Served) -> Samples:
    """GET /metrics over HTTP, parsed as Prometheus would: (name, labels) -> value."""
    async with aiohttp.ClientSession() as http, \
            http.get(f"http://127.0.0.1:{served.port}/metrics") as answer:
        assert answer.status == 200
        assert answer.headers["Content-Type"].startswith("text/plain")
        text = await answer.text()
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def of(samples: Samples, name: str, **labels: str) -> float:
    """One sample (0 when the series is not there yet)."""
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def moved(before: Samples, after: Samples, name: str, **labels: str) -> float:
    """How much a series moved between two scrapes."""
    return of(after, name, **labels) - of(before, name, **labels)


async def test_counters_move_by_exactly_what_was_played_and_refused(
        table: Table, served: metrics.Served) -> None:
    before = await scrape(served)
    nothing_here = await table.slash("alice", "play", {"action": "pass"})
    assert "no game" in private_text(nothing_here)

    await _open_and_start(table)
    started = await scrape(served)
    assert moved(before, started, "railyard_open_games", game=GAME) == 1
    assert moved(before, started, "railyard_moves_total", game=GAME) == 0  # a start is no move

    refused = 0
    stranger = await table.slash("eve", "play", {"action": "pass"})
    assert "not playing" in private_text(stranger)
    refused += 1
    due = table.due_name()
    other = next(n for n in ("alice", "bob", "carol", "dave") if n != due)
    early = await table.slash(other, "play", {"action": "pass"})
    assert "not your turn" in private_text(early)
    refused += 1
    nonsense = await table.slash(due, "play", {"action": "fly to the moon"})
    assert "Played" not in private_text(nonsense)
    refused += 1

    played = 0
    for step in range(6):
        await _play_one(table, step)
        played += 1

    assert table.bot is not None
    table.now += 13 * HOUR  # past the default pace: the due player is reminded once
    assert await table.bot.scheduler.tick() == 1

    after = await scrape(served)
    assert moved(before, after, "railyard_moves_total", game=GAME) == played
    assert moved(before, after, "railyard_move_seconds_count", game=GAME) == played
    assert moved(before, after, "railyard_move_seconds_sum", game=GAME) > 0
    assert moved(before, after, "railyard_refusals_total", game=GAME) == refused
    assert moved(before, after, "railyard_refusals_total", game=metrics.NO_GAME) == 1
    assert moved(before, after, "railyard_reminders_sent_total", game=GAME) == 1
    assert moved(before, after, "railyard_storage_errors_total", backend="sqlite") == 0
    assert of(after, "railyard_open_games", game=GAME) == of(started, "railyard_open_games",
                                                             game=GAME)
    latency = after[("railyard_gateway_latency_seconds", ())]
    assert math.isnan(latency) or latency >= 0  # +Inf before the first heartbeat's answer
    for key in after:  # nothing of a user, channel or guild in any label
        for label, value in key[1]:
            assert label in ("game", "kind", "backend", "le"), key
            assert str(table.channel) not in value and str(table.guild) not in value

    await table.slash("alice", "game abandon")
    closed = await scrape(served)
    assert moved(before, closed, "railyard_open_games", game=GAME) == 0
    assert moved(after, closed, "railyard_moves_total", game=GAME) == 0
