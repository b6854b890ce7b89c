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


async def test_on_postgresql_the_figures_come_after_what_the_database_holds(
        postgres_url: str) -> None:
    from bot.tools.bench_community import postgres_figures

    first = await postgres_figures(postgres_url, 40)
    again = await postgres_figures(postgres_url, 40)  # a second run writes after the first
    for said in (first, again):
        assert said[0].startswith("PostgreSQL: ") and "40 finished games" in said[0]
        assert any("/leaderboard (members only)" in line for line in said)
