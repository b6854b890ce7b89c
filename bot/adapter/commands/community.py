"""`/profile` and `/leaderboard`: a server's community in pictures (issue 29).

Both answer privately in the reader's language unless `share` posts them in the channel; a
server's scope lists only the games played on it and, on a leaderboard, only its members.
"""

from __future__ import annotations

import asyncio
import io
import time
from typing import Any

import discord
from discord import app_commands

import rules
from bot.adapter.host import host_of
from bot.adapter.replies import refusal, reply
from bot.store import GameRow
from bot.store.community import EVERYWHERE
from bot.tables.community import leaderboard_view, profile_scope, profile_view
from bot.tables.ratings import person
from bot.tables.service import GameError
from render.community import leaderboard_alt, profile_alt, render_leaderboard, render_profile
from rules.core.lang import tr

SCOPES = [app_commands.Choice(name="this server", value="server"),
          app_commands.Choice(name="everywhere", value="everywhere")]


def _place(bot: Any, game: GameRow) -> str:
    """Where a game is played, as a channel name people recognise."""
    channel = bot.get_channel(game.channel_id)
    name = getattr(channel, "name", None)
    return f"#{name}" if name else tr("a channel of another server")


CHECKED = 20  # a server's best rated players checked one by one when its member list is unknown
MEMBERSHIP_KEPT = 600.0  # seconds a member check is trusted
MEMBERSHIP_HELD = 10_000  # checks held before the stale ones are dropped (a bot on many servers)
_membership: dict[tuple[int, int], tuple[float, str | None]] = {}  # (guild, user): until, name


async def _member_name(guild: discord.Guild, user_id: int) -> str | None:
    """A user's display name on the server, None when they are not (or no longer) a member."""
    found = guild.get_member(user_id)
    if found is not None:
        return found.display_name
    key, now = (guild.id, user_id), time.monotonic()
    kept = _membership.get(key)
    if kept is not None and kept[0] > now:
        return kept[1]
    try:
        name: str | None = (await guild.fetch_member(user_id)).display_name
    except discord.NotFound:
        name = None
    except discord.HTTPException:
        return ""  # not known now: listed, under the name they last played under
    if len(_membership) >= MEMBERSHIP_HELD:
        for stale in [k for k, (until, _) in _membership.items() if until <= now]:
            del _membership[stale]
    _membership[key] = (now + MEMBERSHIP_KEPT, name)
    return name


async def _members(interaction: discord.Interaction[Any], game_id: str
                   ) -> dict[str, str] | None:
    """The server's members a leaderboard may list (key → display name; "" for a name to look
    up). Without the member list (no members intent), its best rated players are checked one
    by one, so someone who left the server is not listed."""
    guild = interaction.guild
    if guild is None:
        return None
    found = {person(m.id): m.display_name for m in guild.members if not m.bot}
    if guild.chunked:  # the whole list is known
        return found
    bot = host_of(interaction)
    rows = await bot.service.store.leaderboard(guild.id, game_id, CHECKED, None)
    for row in rows:
        if row.player.startswith("u:") and row.player not in found:
            name = await _member_name(guild, int(row.player[2:]))
            if name is not None:
                found[row.player] = name
    return found


async def _send(interaction: discord.Interaction[Any], png: bytes, alt: str, name: str,
                share: bool) -> None:
    file = discord.File(io.BytesIO(png), filename=name, description=alt[:1024])
    await interaction.followup.send(file=file, ephemeral=not share)


@app_commands.command(name="profile", description="A player's games, ratings and best scores")
@app_commands.describe(member="Whose profile (yours if left empty)",
                       scope="This server's games only, or every server's",
                       share="Post it in the channel for everyone")
@app_commands.choices(scope=SCOPES)
async def profile(interaction: discord.Interaction[Any], member: discord.User | None = None,
                  scope: str = "server", share: bool = False) -> None:
    """A profile card and its alt text."""
    await interaction.response.defer(ephemeral=not share, thinking=True)
    bot = host_of(interaction)
    who = member or interaction.user
    here = interaction.guild_id
    asked = EVERYWHERE if scope == "everywhere" or here is None else here
    shown = await profile_scope(bot.service, who.id, asked, here, interaction.user.id)
    where = interaction.guild.name if interaction.guild is not None else ""
    view = await profile_view(bot.service, who.id, getattr(who, "display_name", who.name),
                              shown, where, lambda g: _place(bot, g))
    png = await asyncio.to_thread(render_profile, view)
    await _send(interaction, png, profile_alt(view), "profile.png", share)


async def _game_choices(interaction: discord.Interaction[Any], current: str
                        ) -> list[app_commands.Choice[str]]:
    typed = current.lower()
    return [app_commands.Choice(name=g["title"], value=g["id"]) for g in rules.catalog()
            if typed in g["title"].lower() or typed in g["id"]][:25]


@app_commands.command(name="leaderboard", description="The best rated players of a game")
@app_commands.describe(game="Which game", scope="This server's players, or everyone's",
                       share="Post it in the channel for everyone")
@app_commands.choices(scope=SCOPES)
@app_commands.autocomplete(game=_game_choices)
async def leaderboard(interaction: discord.Interaction[Any], game: str,
                      scope: str = "server", share: bool = False) -> None:
    """A leaderboard picture and its alt text, the reader's own place included."""
    await interaction.response.defer(ephemeral=not share, thinking=True)
    bot = host_of(interaction)
    try:
        info = rules.game_info(game)
    except ValueError:
        await reply(interaction, refusal(tr("There is no game `{game}`.", game=game[:40])))
        return
    here = interaction.guild_id
    everywhere = scope == "everywhere" or here is None
    me = {person(interaction.user.id): getattr(interaction.user, "display_name",
                                               interaction.user.name)}
    members = None if everywhere else await _members(interaction, info.id)
    if members is not None:
        members |= me  # the reader runs the command here: a member
    names = {k: v for k, v in {**(members or {}), **me}.items() if v}
    try:
        view = await leaderboard_view(
            bot.service, info.id, EVERYWHERE if everywhere else int(here or 0),
            "" if interaction.guild is None else interaction.guild.name, interaction.user.id,
            names,
            among=None if members is None else list(members))
    except GameError as exc:
        await reply(interaction, refusal(str(exc)))
        return
    png = await asyncio.to_thread(render_leaderboard, view)
    await _send(interaction, png, leaderboard_alt(view), "leaderboard.png", share)

