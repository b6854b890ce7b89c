"""What a long game needs now: a computer's move, a reminder, a clock that ran out.

The scheduler (adapter/scheduler.py) asks here and only sends. Each notice is claimed in the
store before it is returned, so a restart or a second process never sends it twice.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import rules
from bot.store import GameRow
from bot.tables import clocks, presenters
from bot.tables.computers import computer_run
from bot.tables.durations import format_duration
from bot.tables.language import game_language
from bot.tables.reminders import Prefs, is_quiet, next_reminder, pace, wording
from bot.tables.service import GameFrozen, GameService, user_of
from rules.core.lang import known, speaking, tr

log = logging.getLogger(__name__)
REMINDER_ROOM = 1700  # a reminder's text leaves room for the DM's link to the channel


@dataclass(frozen=True)
class Reminder:
    """A reminder claimed for a player who has not moved: send it by DM or in the channel."""

    game: GameRow
    seat: int
    user: int
    prefs: Prefs
    text: str  # starts with the player's mention


@dataclass(frozen=True)
class Timeout:
    """A seat's clock ran out: the table is asked what to do (a request with buttons)."""

    game: GameRow
    request_id: int
    choices: list[tuple[str, str, bool]]  # (value, label, primary)
    others: list[int]  # the other players, pinged
    text: str


async def open_games(service: GameService, handles: Callable[[int | None], bool],
                     ) -> AsyncIterator[tuple[GameRow, rules.Match]]:
    """The active games this process runs, with their matches (a frozen game is left out)."""
    for game in await service.store.games_with_status(("active",)):
        if not handles(game.guild_id):
            continue  # another process runs that guild's shard (the claims guard overlaps)
        try:
            match = await service.match_of(game)
        except GameFrozen:
            continue  # said once in its channel already; nobody is reminded of it
        except Exception:
            log.exception("cannot load game %s", game.id)
            continue
        yield game, match


def computer_due(game: GameRow, match: rules.Match) -> bool:
    """Whether a computer must move now (it was due when the bot stopped, or its step failed)."""
    return bool(match.to_act()) and match.to_act()[0] in computer_run(game)


def waiting_on(game: GameRow, match: rules.Match) -> list[int]:
    """The seats of people the game waits for (not computers, not resigned seats)."""
    played_by_computer = computer_run(game)
    return [seat for seat in match.to_act() if seat not in played_by_computer
            and not any(s.seat == seat and s.resigned for s in game.seats)]


async def claim_reminder(service: GameService, game: GameRow, match: rules.Match,
                         seat: int) -> Reminder | None:
    """The reminder due now for `seat`, claimed; None when none is due or another sent it."""
    store, now = service.store, service.clock()
    user = user_of(game, seat)
    stored = await store.prefs(user)
    prefs = Prefs.from_dict(stored)
    count = await store.notices_sent(game.id, game.wait, seat, "remind")
    snoozes = await store.notices_sent(game.id, game.wait, seat, "snooze")
    due_at = next_reminder(game, prefs, count, snoozes)
    if due_at is None or now < due_at or is_quiet(prefs, now):
        return None
    # After a long silence (the bot was down, or quiet hours) send one reminder, numbered
    # as if the missed ones had gone out, instead of a burst of them.
    elapsed = int((now - (game.waiting_since or now)) // pace(game, prefs)) - snoozes
    number = min(max(count + 1, elapsed), int(clocks.setting(game, "remind_max")))
    if not await store.claim_notice(game.id, game.wait, seat, "remind", number, now):
        return None  # another process sent it
    # In the channel the game's language; by DM the player's own, when they chose one.
    chosen = stored.get("language") if prefs.dm else None
    with speaking(known(chosen) if chosen else game_language(game)):
        waited = format_duration(now - (game.waiting_since or now))
        said = f"{wording(number, game, match.info.title, waited)} {match.prompt(seat)}"
        text = f"{presenters.mention(user)} {presenters.short(said, REMINDER_ROOM)}"
    return Reminder(game, seat, user, prefs, text)


async def claim_timeout(service: GameService, game: GameRow, match: rules.Match,
                        seat: int) -> Timeout | None:
    """The question to the table when `seat`'s clock ran out, claimed; None if not due."""
    store, now = service.store, service.clock()
    end = clocks.deadline(game, seat)
    if end is None or now < end:
        return None
    if not await store.claim_notice(game.id, game.wait, seat, "timeout", 1, now):
        return None
    request = await store.add_request(game.id, "timeout", game.version, {"seat": seat}, now)
    with speaking(game_language(game)):  # asked in the channel
        wait = format_duration(int(clocks.setting(game, "clock_move")))
        choices = [("wait", tr("Wait {duration}", duration=wait), True)]
        if "pass" in match.legal(seat):
            choices.append(("skip", tr("Skip the turn"), False))
        choices += [("replace", tr("Open the seat to a substitute"), False),
                    ("end", tr("End the game"), False)]
        others = [s.user_id for s in game.seats
                  if s.seat != seat and not s.resigned and s.user_id > 0]
        text = presenters.clip(tr("{player} ran out of time. {mentions}: what should the "
                                  "table do?", player=match.players[seat],
                                  mentions=" ".join(presenters.mention(u) for u in others)))
    return Timeout(game, request.id, choices, others, text)
