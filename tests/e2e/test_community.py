"""`/me profile` through the local Discord server: a member keeps their profile to each server,
still sees all of it themself, and can make it public again."""

from __future__ import annotations

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
