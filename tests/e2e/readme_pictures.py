"""The README's community pictures, from games really played through the game service.

    python -m tests.e2e.readme_pictures --out docs

Six members of a server play a two-round Steel Driver league at tables of three (every move a
seeded random legal one) and two games of Trains; then Ann's profile, the Steel Driver
leaderboard and the league's final standings are drawn as the bot draws them.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
from pathlib import Path

from bot.store import SqliteStore
from bot.tables.community import leaderboard_view, profile_view
from bot.tables.league_tables import LeagueTables
from bot.tables.ratings import person
from bot.tables.service import GameService
from render.community import render_leaderboard, render_league, render_profile

GUILD = 77
MEMBERS = {1: "Ann", 2: "Bruno", 3: "Chloé", 4: "Dev", 5: "Esther", 6: "Farid"}


async def _play_out(service: GameService, channel: int, rng: random.Random) -> None:
    """Every due seat picks a random legal move until the game ends."""
    game = await service.store.open_game(channel)
    assert game is not None
    users = {s.seat: s.user_id for s in game.seats}
    match = await service.match_of(game)
    while not match.over:
        seat = match.to_act()[0]
        match = (await service.act(channel, users[seat], rng.choice(match.legal(seat)))).match


async def draw(out: Path) -> list[Path]:
    """Play, then write the three pictures into `out`; their paths."""
    folder = Path(tempfile.mkdtemp(prefix="railyard-readme-"))
    service = GameService(SqliteStore(folder / "readme.sqlite3"), seed_source=lambda: 7)
    await service.store.open()
    rng = random.Random(7)
    try:
        tables = LeagueTables(service)
        league = await tables.new(guild_id=GUILD, channel_id=10, user_id=1, name="Ann",
                                  game_id="steel-driver", rounds=2, table_size=3,
                                  days_per_round=3, options={})
        for user, name in list(MEMBERS.items())[1:]:
            await tables.join(10, user, name)
        plan = await tables.start(10, 1, can_manage=True)
        channel = 100
        while plan is not None:
            league = await service.store.get_league(league.id)  # now in this round
            for table in plan.to_open():
                channel += 1
                await tables.open_table(league, table, channel)
                await _play_out(service, channel, rng)
            step = await tables.advance(await service.store.get_league(league.id))
            plan = step.next if step is not None else None
        for game_no in range(2):  # Ann's other game
            channel += 1
            await service.create(guild_id=GUILD, channel_id=channel, user_id=1, name="Ann",
                                 game_id="trains", options={})
            await service.join(channel, 2 + game_no, MEMBERS[2 + game_no])
            await service.start(channel, 1, can_manage=False)
            await _play_out(service, channel, rng)
        names = {person(u): n for u, n in MEMBERS.items()}
        profile = await profile_view(service, 1, "Ann", GUILD, "Rail Friends",
                                     lambda g: f"#steel-driver-{g.channel_id}")
        board = await leaderboard_view(service, "steel-driver", GUILD, "Rail Friends", 1,
                                       names)
        standings = await tables.standings_view(await service.store.get_league(league.id))
    finally:
        await service.store.close()
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, png in (("profile.png", render_profile(profile)),
                      ("leaderboard.png", render_leaderboard(board)),
                      ("league.png", render_league(standings))):
        (out / name).write_bytes(png)
        written.append(out / name)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="docs", help="folder for the pictures")
    for path in asyncio.run(draw(Path(parser.parse_args().out))):
        print(path)


if __name__ == "__main__":
    main()
