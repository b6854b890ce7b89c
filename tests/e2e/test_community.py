"""`/me profile` through the local Discord server: a member keeps their profile to each server,
still sees all of it themself, and can make it public again."""

from __future__ import annotations

import json
from typing import Any

from tests.e2e.conftest import Table, private_text


def _profile_alt(result: Any) -> str:
    """The alt text of the profile picture an interaction answered with (privately)."""
    return " ".join(a.get("description") or "" for m in result.all_messages() if m.ephemeral
                    for a in m.attachments if a["filename"] == "profile.png")


async def test_a_private_profile_shows_only_this_server_to_others(table: Table) -> None:
    said = private_text(await table.slash("alice", "me profile"))
    assert "Your profile is public" in said  # the default, and how to change it
    said = private_text(await table.slash("alice", "me profile", {"private": True}))
    assert "Your profile is private" in said
    asked = {"member": table.users["alice"], "scope": "everywhere"}
    # Asked for everywhere by another member: this server's games only.
    by_bob = _profile_alt(await table.slash("bob", "profile", asked))
    assert "On Railway Club: no finished games yet." in by_bob, by_bob
    # Alice herself still sees every server's.
    by_alice = _profile_alt(await table.slash("alice", "profile", {"scope": "everywhere"}))
    assert "No finished games yet." in by_alice and "Railway Club" not in by_alice, by_alice
    said = private_text(await table.slash("alice", "me profile", {"private": False}))
    assert "Your profile is public" in said
    by_bob = _profile_alt(await table.slash("bob", "profile", asked))
    assert "No finished games yet." in by_bob and "Railway Club" not in by_bob, by_bob


def _board_alt(result: Any) -> str:
    """The alt text of the leaderboard picture an interaction answered with."""
    return " ".join(a.get("description") or "" for m in result.all_messages()
                    for a in m.attachments if a["filename"] == "leaderboard.png")


async def _rated(table: Table, results: list[list[int]]) -> None:
    """Finished Trains games on this server (players in finishing order), rated."""
    from bot.tables.ratings import person, rater

    assert table.bot is not None
    store = table.bot.service.store
    async with store._tx() as db:  # type: ignore[attr-defined]
        for pk, players in enumerate(results, start=900):
            await db.execute(
                "INSERT INTO games (id, guild_id, channel_id, game_id, options, seed, status, "
                "creator_id, version, created_at, updated_at) VALUES (?, ?, ?, 'trains', '{}', "
                "1, 'finished', ?, 1, ?, ?)", (pk, table.guild, 50_000 + pk, players[0], pk, pk))
            await db.execute(
                "INSERT INTO results (game_pk, guild_id, game_id, finished_at, players, outcome) "
                "VALUES (?, ?, 'trains', ?, ?, ?)",
                (pk, table.guild, float(pk), json.dumps([person(p) for p in players]),
                 json.dumps({"scores": [30 - 10 * i for i in range(len(players))],
                             "winners": [0]})))
    await store.rebuild_ratings(rater)


async def test_the_server_leaderboard_lists_its_members_and_not_who_left(table: Table) -> None:
    # The bot runs without the members intent (as installed): it knows no member list, so it
    # asks Discord about the best rated players one by one.
    zed = table.fake.add_user("zed", guild_id=table.guild)
    alice, bob, carol = (table.users[n] for n in ("alice", "bob", "carol"))
    await _rated(table, [[zed, alice, bob], [zed, bob, alice], [zed, alice, carol]])
    del table.fake.state.guilds[table.guild].members[zed]  # zed, the best, left the server
    here = _board_alt(await table.slash("dave", "leaderboard", {"game": "trains"}))
    # alice, bob and carol never spoke to the bot: found members by asking, listed by name
    assert "zed" not in here and "1. alice" in here and "2. bob" in here, here
    assert "3. carol" in here and "3 rated players" in here, here
    everywhere = _board_alt(await table.slash("dave", "leaderboard",
                                              {"game": "trains", "scope": "everywhere"}))
    assert "4 rated players" in everywhere, everywhere  # everyone's board still counts zed
