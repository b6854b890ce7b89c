"""The community benchmark fills a store as a busy server's history and times real answers."""

from __future__ import annotations

from bot.store.community import EVERYWHERE
from bot.tables.service import GameService
from bot.tools.bench_community import GUILD, fill, lines, timings


async def test_the_benchmark_writes_rated_games_and_times_the_answers(
        service: GameService) -> None:
    await fill(service.store, 120)
    assert len(await service.store.results()) == 120
    rated = sum([await service.store.rated_count(GUILD, g) for g in (
        "trains", "spike", "steel-driver", "railroad-revolution", "switch-and-signal")])
    assert rated > 100  # most of the 300 members played some game
    assert await service.store.rated_count(EVERYWHERE, "trains") == await (
        service.store.rated_count(GUILD, "trains"))
    figures = await timings(service, asks=3)
    assert all(v > 0 for v in figures.values())
    assert "members only" in "\n".join(lines(120, figures, 1.0))
