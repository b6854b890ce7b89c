"""Taking moves back: undo entries in the log, and who must agree to one."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import rules
from bot.store.records import ActionRow
from rules.core.lang import Msg, msg, msgn, say, tr

UNDO_PREFIX = "!undo "


def undo_text(target_seq: int) -> str:
    """The log entry that cancels the action with this seq and everything after it."""
    return f"{UNDO_PREFIX}{target_seq}"


def effective_log(rows: Iterable[ActionRow]) -> list[ActionRow]:
    """The actions still in force: each undo entry cancels its target and what followed it."""
    kept: list[ActionRow] = []
    for row in rows:
        if row.text.startswith(UNDO_PREFIX):
            target = int(row.text.removeprefix(UNDO_PREFIX))
            kept = [r for r in kept if r.seq < target]
        else:
            kept.append(row)
    return kept


@dataclass(frozen=True)
class UndoPlan:
    """What an undo would take back, and whose consent it needs."""

    target_seq: int
    undone: tuple[ActionRow, ...]
    needs: tuple[int, ...]  # seats that must agree (they acted after the move taken back)

    def describe(self, match: rules.Match) -> Msg:
        """`Ann's move (Ann bids 3 for B&O)` style summary of what goes, in the game's words,
        kept unsaid (each reader reads it in their language).

        The moves undone are the last ones in force, so the first is action number
        `match.version - len(undone) + 1`; its log line says it as the table read it.
        """
        first = self.undone[0]
        extra = len(self.undone) - 1
        number = match.version - len(self.undone) + 1
        line = next((line for n, line in match.lines.raw() if n == number), first.text)
        said, player = Unstopped(line), match.players[first.seat]
        if not extra:
            return msg("{player}'s move ({said})", player=player, said=said)
        return msgn("{player}'s move ({said}) and {n} later move",
                    "{player}'s move ({said}) and {n} later moves", extra, player=player,
                    said=said)


@dataclass(frozen=True)
class Unstopped:
    """A log line said in the reader's language without its closing full stop."""

    line: Msg | str

    def __str__(self) -> str:
        return say(self.line).rstrip(".")


def plan_undo(match: rules.Match, kept: list[ActionRow], seat: int, auto_user: int,
              resigned: set[int]) -> UndoPlan:
    """Check an undo by `seat` of its own last move; raise IllegalAction-style ValueError."""
    own = [i for i, row in enumerate(kept) if row.seat == seat and row.user_id != auto_user]
    if not own:
        raise ValueError(tr("You have no move to take back."))
    index = own[-1]
    # match.reveals numbers actions from 1 in the effective log.
    if any(n > index for n in match.reveals):
        raise ValueError(tr("Something hidden was revealed or a die was rolled since that move; "
                            "it cannot be taken back."))
    undone = tuple(kept[index:])
    needs = tuple(sorted({r.seat for r in undone[1:] if r.seat != seat and r.seat not in resigned
                          and r.user_id != auto_user}))
    return UndoPlan(kept[index].seq, undone, needs)
