"""What a move reports, how a refusal is raised, and who plays for a resigned seat."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import rules
from bot.store.records import GameRow
from rules.core.lang import Msg, say

AUTO_USER = 0  # user id recorded for moves the bot makes for a resigned seat


class GameError(Exception):
    """A refusal shown to the person who asked, briefly and privately."""


class GameFrozen(GameError):
    """A game whose stored log no longer replays: it stays readable but takes no moves."""


@dataclass
class MoveReport:
    """What one accepted move changed.

    Its lines are kept unsaid and said in the language of whoever reads them: the mover's
    own in the private confirmation, the game's in the channel.
    """

    game: GameRow
    # The match after the move, or how to get it: readers' copies are made on first use.
    source: rules.Match | Callable[[], rules.Match]
    notes: list[Msg | str]  # the bot's own lines (a skipped turn, a resignation), said first
    due_before: list[int]
    due: list[int]
    newly_due: list[int] = field(default_factory=list)
    played: list[tuple[int, str]] = field(default_factory=list)  # (seat, canonical action)
    first_line: int | None = None  # the match's log lines from this one on are the move's

    @property
    def lines(self) -> list[str]:
        """What the move did, in the language spoken now."""
        said = [say(note) for note in self.notes]
        if self.first_line is not None:
            said += [text for _, text in self.match.lines[self.first_line:]]
        return said

    @property
    def match(self) -> rules.Match:
        """The match after the move; never changes."""
        if not isinstance(self.source, rules.Match):
            self.source = self.source()
        return self.source

    @property
    def finished(self) -> bool:
        """True when this move ended the game."""
        return not self.due


def seat_of(game: GameRow, user_id: int) -> int | None:
    """The seat a user plays in this game, if any."""
    return next((s.seat for s in game.seats if s.user_id == user_id), None)


def user_of(game: GameRow, seat: int) -> int:
    """The user who plays a seat."""
    return next(s.user_id for s in game.seats if s.seat == seat)


PASSIVE = ("pass", "end turn", "done", "skip", "keep", "none")
AUTO_LIMIT = 2000  # moves the bot may make in a row for resigned seats


def auto_action(match: rules.Match, seat: int) -> str:
    """What the bot plays for a resigned seat: the most passive choice, never going back."""
    legal = match.legal(seat)
    for choice in PASSIVE:
        if choice in legal:
            return choice
    onward = [a for a in legal if a not in ("back", "cancel")]
    return (onward or legal)[0]
