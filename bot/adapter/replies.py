"""Private answers: short, never pinging anyone, always within Discord's limits."""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import discord

from bot.adapter.inflight import InFlight, stopping
from bot.adapter.language import speak_to
from bot.store.records import StorageFailure
from bot.tables.presenters import clip
from rules.core.lang import speaking, tr, translated

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()
GENERIC = "Something went wrong on my side; nothing was changed."  # in English
MOVE_LIMIT = 200  # characters in a typed move: every action and its long spellings fit
FIELD_LIMIT = 100  # characters in a typed setting (a duration, a time zone, an option)
T = TypeVar("T")
S = TypeVar("S")
ItemCallback = Callable[[S, discord.Interaction[Any]], Coroutine[Any, Any, None]]
Autocomplete = Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, list[T]]]


def generic() -> str:
    """What a player reads when something failed on the bot's side, in their language."""
    return tr("Something went wrong on my side; nothing was changed.")


def stale() -> str:
    """The answer to a choice from an earlier board."""
    return tr("That choice is from an earlier board; the game has moved on. Use the newest "
              "board or `/play`.")


def _between(template: str, *blanks: str) -> list[str]:
    """The words of a rules sentence around its blanks, as said now (to recognise it)."""
    marks = {b: f"\x00{n}\x00" for n, b in enumerate(blanks)}
    said = translated(template).format_map(marks)  # rules/core's sentence, as said now
    for mark in marks.values():
        said = said.replace(mark, "\x00")
    return [part.strip(" .`?") for part in said.split("\x00") if part.strip(" .`?")]


def refusal(text: str) -> str:
    """A refusal with the way forward when the rules only say what is wrong."""
    # rules/core/reading.py's words, in the language spoken: "`x` is not a move you can make
    # now." without a "Did you mean …?"
    nothing = _between("`{typed}` is not a move you can make now.", "typed")
    suggest = _between("`{typed}` is not a move you can make now. Did you mean {moves}?",
                       "typed", "moves")
    if nothing and suggest:
        did = suggest[0].replace(nothing[0], "").strip(" .")
        if nothing[0] in text and did not in text:
            return clip(text + " " + tr("Type `/play` to see your moves, or `/game explain` "
                                        "for any term."))
    return clip(text)


def too_long(text: str, limit: int = MOVE_LIMIT, what: str = "move") -> str | None:
    """The refusal of typed text over `limit` characters (`what`: a "move", an "option" or a
    "setting"), or None when it fits."""
    if len(text) <= limit:
        return None
    if what == "option":
        return tr("That can't be used: an option is at most {limit} characters, and yours has "
                  "{n}. Nothing was changed.", limit=limit, n=len(text))
    if what == "setting":
        return tr("That can't be used: a setting is at most {limit} characters, and yours has "
                  "{n}. Nothing was changed.", limit=limit, n=len(text))
    return tr("That can't be played: a move is at most {limit} characters, and yours has {n}. "
              "Nothing was changed.", limit=limit, n=len(text))


async def reply(interaction: discord.Interaction[Any], text: str,
                view: discord.ui.View | None = None, file: discord.File | None = None) -> None:
    """A short private answer, whether or not the interaction was acknowledged yet."""
    kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": NO_PINGS}
    if view is not None:
        kwargs["view"] = view
    if file is not None:
        kwargs["file"] = file
    if interaction.response.is_done():
        await interaction.followup.send(clip(text) or "…", **kwargs)
    else:
        await interaction.response.send_message(clip(text) or "…", **kwargs)


def root_cause(error: BaseException) -> BaseException:
    """The exception a handler raised, unwrapped from discord.py's command error."""
    original = getattr(error, "original", None)
    return original if isinstance(original, BaseException) else error


def failure_text(error: BaseException) -> str:
    """What a player reads when their request failed: the store's own words, else a generic
    sentence (a traceback's words never reach a player)."""
    cause = root_cause(error)
    if isinstance(cause, StorageFailure):
        return clip(str(cause) or generic())
    return generic()


async def report_failure(interaction: discord.Interaction[Any], error: BaseException,
                         where: str) -> None:
    """Log a failed handler (a storage failure as a warning) and tell the player privately."""
    cause = root_cause(error)
    if isinstance(cause, StorageFailure):
        log.warning("%s: storage failure: %s", where, cause)
    else:
        log.error("%s failed", where, exc_info=cause)
    try:
        await reply(interaction, failure_text(cause))
    except discord.HTTPException as exc:  # the interaction expired, or Discord refused
        log.warning("%s: could not tell the player about the failure: %s", where, exc)


def guarded(callback: ItemCallback[S]) -> ItemCallback[S]:
    """A component callback whose failures reach the player (discord.py only logs them)."""
    @functools.wraps(callback)
    async def run(self: S, interaction: discord.Interaction[Any]) -> None:
        # Railyard's client counts work in flight (any other client, e.g. a test's, does not).
        work: InFlight | None = getattr(getattr(interaction, "client", None), "inflight", None)
        if work is not None and work.closed:  # stopping: a short answer, nothing changed
            with speaking(client_language(interaction)):
                await reply(interaction, stopping())
            return
        async with work.hold() if work is not None else contextlib.nullcontext():
            try:
                await speak_to(interaction)
                await callback(self, interaction)
            except Exception as exc:
                await report_failure(interaction, exc, type(self).__name__)
    return run


def client_language(interaction: discord.Interaction[Any]) -> str | None:
    """The Discord client's language of whoever interacted (when nothing else is read)."""
    locale = getattr(interaction, "locale", None)
    return str(locale.value) if locale else None


def quiet_autocomplete(func: Autocomplete[T]) -> Autocomplete[T]:
    """An autocomplete that offers nothing (instead of failing) when something goes wrong."""
    @functools.wraps(func)
    async def run(interaction: discord.Interaction[Any], current: str) -> list[T]:
        try:
            return (await func(interaction, current))[:25]
        except Exception as exc:
            if isinstance(exc, StorageFailure):
                log.warning("autocomplete: storage failure: %s", exc)
            else:
                log.error("autocomplete failed", exc_info=exc)
            return []
    return run
