"""The last completed turn and what it changed on the map, read back from the action log and
the public log lines (no state of its own, so saved matches keep their format)."""

from __future__ import annotations

from typing import Any

from rules.core.journal import Line
from rules.core.lang import Msg, say
from rules.core.text import slug
from rules.spike.base import SpikeBase
from rules.spike.board import Board
from rules.spike.names import space_index
from rules.spike.setup import PLAY_STARTS

LOADS = "{player} loads {good} in {city}."  # the log lines that name a city (movement.py)
DELIVERS = "{player} delivers {good} to {city} for ${amount}."


def _turns(match: SpikeBase) -> list[tuple[int, int, bool]]:
    """(first, end) action positions of each turn, newest first, and whether it is in play.

    A turn is a run of actions by one seat: the turn always passes to another seat, and the
    set-up is cut off from play where the line closing it was written.
    """
    log = match.log
    play_from = next((n for n, line in match.lines.raw() if _plays(line)), len(log) + 1)
    out: list[tuple[int, int, bool]] = []
    end = len(log)
    while end > 0 and len(out) < 2:
        seat, start = log[end - 1][0], end - 1
        in_play = end > play_from
        while start > 0 and log[start - 1][0] == seat and (start > play_from) == in_play:
            start -= 1
        out.append((start, end, in_play))
        end = start
    return out


def _built(board: Board, actions: list[str]) -> list[int]:
    """The spaces a run of build decisions laid, replaying start, lay and undo as the rules do
    (a finished connection is never undone)."""
    head: str | None = None
    trail: list[str] = []
    path: list[int] = []
    laid: list[int] = []
    labels = {p.label: p.id for p in board.points.values()}
    for action in actions:
        verb, _, arg = action.partition(" ")
        if verb == "build":
            head, trail, path, laid = None, [], [], []
        elif verb == "from" and arg in labels:
            head, trail = labels[arg], [labels[arg]]
        elif verb == "lay" and head is not None:
            label, _, card = arg.partition(" ")
            target = labels.get(label)
            idx = next((i for q, i in board.adjacent[head] if q == target
                        and board.kind(board.spaces[i].kind).card == card), None)
            if idx is None or target is None:
                continue
            laid.append(idx)
            path.append(idx)
            trail.append(target)
            head = target
            if board.is_city(target):
                head, trail, path = None, [], []
        elif verb == "undo":
            if path:
                laid.remove(path.pop())
                trail.pop()
                head = trail[-1]
            else:
                head, trail = None, []
    return laid


def _moved(board: Board, actions: list[str]) -> tuple[list[int], list[str]]:
    """The spaces the train ran along and the cities it entered (and placements)."""
    spaces: list[int] = []
    cities: list[str] = []
    labels = {p.label: p.id for p in board.points.values()}
    for action in actions:
        verb, _, arg = action.partition(" ")
        if verb == "move":
            try:
                spaces.append(space_index(arg))
            except KeyError:
                continue
        elif verb == "enter" and arg in labels:
            cities.append(labels[arg])
        elif verb == "start":
            city = next((c for c in board.cities if slug(c) == arg), None)
            if city is not None:
                cities.append(board.city_point(city))
    return spaces, cities


def _plays(line: Line) -> bool:
    """Is this the line that closes the set-up? (A plain line: a game stored before lines
    were kept unsaid.)"""
    if isinstance(line, Msg):
        return line.text == PLAY_STARTS
    return line.startswith(PLAY_STARTS.split(" {")[0])


def _city_of_line(match: SpikeBase, seat: int, line: Line) -> str | None:
    """The city a load or a delivery line names ("Ann loads coal in Boston.")."""
    who = match.who(seat)
    if isinstance(line, Msg):
        args = dict(line.args)
        if line.text not in (LOADS, DELIVERS) or args.get("player") != who:
            return None
        found = match.board.cities.get(str(args.get("city")))
        return found.point if found else None
    text = line
    if text.startswith(f"{who} loads ") and " in " in text:
        name = text.rsplit(" in ", 1)[1].rstrip(".")
    elif text.startswith(f"{who} delivers ") and " to " in text and " for $" in text:
        name = text.rsplit(" to ", 1)[1].rsplit(" for $", 1)[0]
    else:
        return None
    city = match.board.cities.get(name)
    return city.point if city else None


def last_move(match: SpikeBase) -> dict[str, Any] | None:
    """The last completed turn (or set-up decisions) of one seat: the track it laid, the spaces
    its train ran along, the cities where it entered, loaded, delivered or was placed, whether
    it upgraded the train, and its public log lines. None before anyone has acted."""
    turns = _turns(match)
    if not turns:
        return None
    start, end, in_play = turns[0]
    seat = match.log[end - 1][0]
    due = match.to_act()
    now_in_play = match.state["phase"] == "play"
    if due == [seat] and in_play == now_in_play:
        if len(turns) < 2:
            return None  # the only turn so far is still going on
        start, end, in_play = turns[1]
        seat = match.log[end - 1][0]
    board = match.board
    actions = [a for _, a in match.log[start:end]]
    lines: list[Line] = []
    for n, line in reversed(list(match.lines.raw())):  # newest first: stop once past the turn
        if n <= start:
            break
        if n <= end:
            lines.insert(0, line)
    moved, cities = _moved(board, actions)
    for line in lines:
        point = _city_of_line(match, seat, line)
        if point is not None:
            cities.append(point)
    return {
        "seat": seat,
        "built": _built(board, actions),
        "moved": list(dict.fromkeys(moved)),
        "cities": list(dict.fromkeys(cities)),
        "upgraded": any(a.startswith("upgrade ") for a in actions),
        "lines": [say(line) for line in lines],
    }
