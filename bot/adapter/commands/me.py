"""Personal commands: `/games` (what waits on me, everywhere), `/reminders` (my pace),
`/me language` (the language I read in private) and `/me profile` (who sees my profile)."""

from __future__ import annotations

import re
from datetime import time
from typing import Any

import discord
from babel.dates import format_time
from discord import app_commands

import rules
from bot.adapter.host import host_of
from bot.adapter.language import remember_choice, speak_to
from bot.adapter.replies import FIELD_LIMIT, reply, too_long
from bot.tables.community import PRIVATE
from bot.tables.durations import format_duration, parse_duration
from bot.tables.language import language_choices, language_name
from bot.tables.reminders import Prefs, parse_quiet, zone
from bot.tables.service import GameError, seat_of
from rules.core.lang import known, tr
from rules.core.lang import language as spoken
from rules.core.text import echo

ZONE_NAME = re.compile(r"[A-Za-z0-9_+\-/]{1,64}")


def zone_name(typed: str) -> str:
    """A known IANA time zone name as typed; ValueError quoting it trimmed otherwise."""
    name = typed.strip()
    if not ZONE_NAME.fullmatch(name):
        raise ValueError(tr("`{typed}` is not a time zone: try `Europe/Paris` or "
                            "`America/New_York`.", typed=echo(name)))
    zone(name)
    return name


@app_commands.command(name="games", description="Every game waiting on you, on every server")
async def games(interaction: discord.Interaction[Any]) -> None:
    """Games where it is my turn first, then the others I play in, with links."""
    bot = host_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    waiting, others = [], []
    for game in await bot.service.store.games_for_user(interaction.user.id):
        link = f"https://discord.com/channels/{game.guild_id or '@me'}/{game.channel_id}"
        seat = seat_of(game, interaction.user.id)
        title = game.game_id
        if game.status == "lobby":
            others.append(tr("• {game}: lobby with {n} players — {link}", game=title,
                             n=len(game.seats), link=link))
            continue
        try:
            match = await bot.service.match_of(game)
        except GameError:  # frozen: its log no longer replays
            others.append(tr("• {game}: stopped, its saved log no longer replays — {link}",
                             game=title, link=link))
            continue
        title = match.info.title
        if seat in match.to_act():
            waiting.append(tr("• **{game}**: your move since {when} — {link}", game=title,
                              when=f"<t:{int(game.waiting_since)}:R>", link=link)
                           if game.waiting_since else
                           tr("• **{game}**: your move — {link}", game=title, link=link))
        else:
            others.append(tr("• {game}: waiting on others — {link}", game=title, link=link))
    lines = ([tr("**Your move:**"), *waiting] if waiting else [tr("Nothing waits on you.")])
    if others:
        lines += [tr("**Your other games:**"), *others]
    ended = await bot.service.store.games_for_user(interaction.user.id, ("finished",))
    if ended:  # still readable in their channels: board, log, history, export
        lines += [tr("**Finished lately** (`/game board`, `/game export` there):")]
        lines += [tr("• {game}: finished {when} — {link}", game=rules.game_info(g.game_id).title,
                     when=f"<t:{int(g.updated_at)}:R>",
                     link=f"https://discord.com/channels/{g.guild_id or '@me'}/{g.channel_id}")
                  for g in sorted(ended, key=lambda g: -g.updated_at)[:5]]
    await reply(interaction, "\n".join(lines)[:1900])  # the games waiting on you come first


@app_commands.command(name="reminders", description="Your reminder pace, quiet hours and DMs")
@app_commands.describe(
    every="Remind me after this long, e.g. 4h (or `game` for each game's own pace)",
    quiet="Quiet hours in your time zone, e.g. 22-8, or off",
    timezone="Your time zone, e.g. Europe/Paris or America/New_York",
    dm="Remind me by direct message (falls back to the channel if DMs are closed)")
async def reminders(interaction: discord.Interaction[Any], every: str | None = None,
                    quiet: str | None = None, timezone: str | None = None,
                    dm: bool | None = None) -> None:
    """Show or change my reminder preferences."""
    store = host_of(interaction).service.store
    stored = await store.prefs(interaction.user.id)
    prefs = Prefs.from_dict(stored)
    data = {**stored, **prefs.to_dict()}  # other preferences (the language) are kept
    try:
        for typed in (every, quiet, timezone):
            long = too_long(typed or "", FIELD_LIMIT, "setting")
            if long is not None:
                raise ValueError(long)
        if every is not None:
            data["every"] = (None if every.strip().lower() == "game"
                             else parse_duration(echo(every)))
            if data["every"] is not None and not 60 <= data["every"] <= 30 * 86400:
                raise ValueError(tr("Reminders can come every 1 minute to 30 days."))
        if quiet is not None:
            hours = parse_quiet(echo(quiet))
            data["quiet"] = list(hours) if hours else None
        if timezone is not None:
            data["tz"] = zone_name(timezone)
        if dm is not None:
            data["dm"] = dm
    except ValueError as exc:
        await reply(interaction, str(exc))
        return
    await store.set_prefs(interaction.user.id, data)
    now = Prefs.from_dict(data)
    pace = tr("each game's pace") if now.every is None else format_duration(now.every)
    hush = f"{hour(now.quiet[0])}-{hour(now.quiet[1])}" if now.quiet else tr("none")
    if now.dm:
        said = tr("Reminders: {pace}; quiet hours: {quiet} ({zone}); by DM: yes.", pace=pace,
                  quiet=hush, zone=now.tz)
    else:
        said = tr("Reminders: {pace}; quiet hours: {quiet} ({zone}); by DM: no.", pace=pace,
                  quiet=hush, zone=now.tz)
    await reply(interaction, said)


def hour(h: int) -> str:
    """An hour of the day as the language writes it: "22:00" in English, « 22:00 » in French
    too (Babel's short time: « 14:30 »)."""
    if spoken() == "en":
        return f"{h}:00"
    return format_time(time(h, 0), format="short", locale=spoken())


me_group = app_commands.Group(name="me", description="Your own preferences, on every server")
CLIENT = "client"  # the choice that follows the Discord client's language


@me_group.command(name="language", description="The language the bot answers you in privately")
@app_commands.describe(language="A language, or your Discord client's (the default)")
@app_commands.choices(language=[
    *(app_commands.Choice(name=name, value=code) for name, code in language_choices()),
    app_commands.Choice(name="Discord's (follow my client)", value=CLIENT)])
async def language(interaction: discord.Interaction[Any], language: str) -> None:
    """Choose the language of private answers (panels, hands, refusals, rules)."""
    store = host_of(interaction).service.store
    stored = await store.prefs(interaction.user.id)
    chosen = None if language == CLIENT else known(language)
    await store.set_prefs(interaction.user.id, {**stored, "language": chosen})
    remember_choice(interaction.user.id, chosen)
    now = await speak_to(interaction)
    await reply(interaction, tr("I will answer you in {language} in private; each game's "
                                "channel posts stay in the game's language.",
                                language=language_name(now)))


@me_group.command(name="profile", description="Whether other servers see your profile")
@app_commands.describe(private="Private: other servers see only the games played on them, and "
                       "leaderboards of every server leave out your name")
async def profile(interaction: discord.Interaction[Any], private: bool | None = None) -> None:
    """Show or change who sees my profile across servers."""
    store = host_of(interaction).service.store
    stored = await store.prefs(interaction.user.id)
    if private is not None:
        await store.set_prefs(interaction.user.id, {**stored, PRIVATE: private})
    now = bool(stored.get(PRIVATE)) if private is None else private
    await reply(interaction, tr(
        "Your profile is private: on each server, others see only the games played there, "
        "and leaderboards of every server show you as “a private player”. You always see "
        "all of it.") if now else tr(
        "Your profile is public: `/profile` with scope everywhere shows all your games to "
        "anyone, and leaderboards of every server show your name. Make it private with "
        "`/me profile private: True`."))
