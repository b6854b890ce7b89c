"""What a profile and a leaderboard show after games played through the service."""

from __future__ import annotations

from bot.store.community import EVERYWHERE
from bot.tables.community import leaderboard_view, profile_scope, profile_view, waiting_on
from bot.tables.presenters import rating_line
from bot.tables.ratings import changes_of, person
from bot.tables.service import GameService
from render.community import leaderboard_alt, profile_alt, render_leaderboard, render_profile
from rules.core.lang import speaking
from tests.bot.test_community_store import GUILD, _play_out

NAMES = {person(1): "Ann", person(2): "Bob", person(3): "Cid"}


async def test_a_profile_counts_the_games_played_and_shows_the_rating_history(
        service: GameService) -> None:
    await _play_out(service, "steel-driver", {})
    await _play_out(service, "steel-driver", {})
    await service.create(guild_id=GUILD, channel_id=9, user_id=1, name="Ann",
                         game_id="trains", options={})
    await service.join(9, 2, "Bob")
    match = (await service.start(9, 1, can_manage=False)).match
    due_user = match.to_act()[0] + 1
    view = await profile_view(service, due_user, NAMES[person(due_user)], GUILD, "Rail Friends",
                              lambda g: f"#game-{g.channel_id}")
    (game,) = view["games"]
    assert (game["title"], game["played"], len(game["history"])) == ("Steel Driver", 2, 2)
    assert game["rank"] in (1, 2, 3) and game["rating"] == game["history"][-1]
    assert view["favourite"] == "Steel Driver" and view["where"] == "Rail Friends"
    assert view["waiting"] == [{"title": "Trains", "where": "#game-9"}]
    assert [g.channel_id for g in await waiting_on(service, due_user)] == [9]
    assert "Steel Driver: rating" in profile_alt(view) and render_profile(view)
    everywhere = await profile_view(service, 1, "Ann", EVERYWHERE, "Rail Friends", str)
    assert everywhere["where"] == "" and everywhere["games"][0]["played"] == 2


async def test_a_leaderboard_lists_only_members_and_shows_the_readers_place(
        service: GameService) -> None:
    await _play_out(service, "steel-driver", {})
    full = await leaderboard_view(service, "steel-driver", GUILD, "Rail Friends", 1, NAMES)
    assert full["players"] == 3 and [r["rank"] for r in full["rows"]] == [1, 2, 3]
    assert sum(r["you"] for r in full["rows"]) == 1 and full["reader"] is None
    members = await leaderboard_view(service, "steel-driver", GUILD, "Rail Friends", 3, NAMES,
                                     among=[person(1), person(2)])
    assert {r["name"] for r in members["rows"]} == {"Ann", "Bob"}
    assert [r["rank"] for r in members["rows"]] == [1, 2] and members["reader"] is None
    with speaking("fr"):
        assert "Classement de Steel Driver" in leaderboard_alt(full)
        assert render_leaderboard(full)


async def test_a_private_profile_stays_on_its_servers(service: GameService) -> None:
    await _play_out(service, "steel-driver", {})
    await service.store.set_prefs(2, {"profile_private": True})
    known_here = {person(1): "Ann"}  # the reader's server knows Ann only
    everywhere = await leaderboard_view(service, "steel-driver", EVERYWHERE, "", 1, known_here)
    names = {r["name"] for r in everywhere["rows"]}
    assert "a private player" in names and "Bob" not in names and "Ann" in names
    assert await profile_scope(service, 2, EVERYWHERE, here=GUILD) == GUILD
    assert await profile_scope(service, 1, EVERYWHERE, here=GUILD) == EVERYWHERE
    assert await profile_scope(service, 2, GUILD, here=GUILD) == GUILD
    assert await profile_scope(service, 2, EVERYWHERE, here=GUILD, reader_id=2) == EVERYWHERE


async def test_the_end_of_a_game_says_how_each_persons_rating_moved(
        service: GameService) -> None:
    first = await _play_out(service, "steel-driver", {})
    (game,) = await service.store.games_for_user(1, ("finished",))
    moved = await changes_of(service.store, game, GUILD)
    assert [seat for seat, _, _ in moved] == [0, 1, 2]
    assert all(before == 1000 for _, before, _ in moved)  # everyone's first rated game
    winner = first.winners()[0]
    after = {seat: a for seat, _, a in moved}
    assert after[winner] == max(after.values())
    line = rating_line(first.players, moved)
    assert line.startswith("Ratings: ") and f"{first.players[winner]} 1000 → " in line
    with speaking("fr"):
        assert rating_line(first.players, moved).startswith("Cotes\u00a0: ")
    assert rating_line(first.players, []) == ""
