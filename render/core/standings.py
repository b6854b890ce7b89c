"""Each player's key numbers in a few words, for the turn card: what a phone reader checks first.

The words come from the game's package (`player_numbers`, and `table_line` for a cooperative
game, see render.core.games); a game without them shows only the players' names.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from render.core import games
from rules.core.lang import tr

Row = tuple[int, str, str]  # seat, name, numbers in words
# A number and its word ("7 shares", "$360 cash", "7 actions") never part at a line's end:
# no-break space.
_KEEP = re.compile(r"(\d) (?=[^\W\d_])")


def counted(count: object, word: str) -> str:
    """`3 cubes`, `1 cube`: English only (the word is glued to its count); in any language,
    write the whole phrase: `trn("{n} cube", "{n} cubes", n)`."""
    value = int(count) if isinstance(count, (int, float)) else 0
    return f"{value} {word}{'' if value == 1 else 's'}"


def _hook(view: dict[str, Any], name: str) -> Callable[[dict[str, Any]], Any] | None:
    """The game package's function `name`, if it has one."""
    return getattr(games.package(view.get("game")), name, None)


def standing(view: dict[str, Any]) -> dict[str, Any]:
    """The game's standing in the view (see rules.core.standing), or {} when it has none."""
    found = view.get("standing")
    return found if isinstance(found, dict) else {}


def standing_lines(view: dict[str, Any]) -> list[str]:
    """Each seat's standing in the game's own measure ("$630 ($260 cash + $370 in shares)")."""
    lines = standing(view).get("lines") or []
    players = view.get("players") or []
    return [str(lines[i]) if i < len(lines) else "" for i in range(len(players))]


def ordinal(n: int) -> str:
    """`1st`, `2nd`, `3rd`, `4th` (French `1er`, `2e`)."""
    if n == 1:
        return tr("{n}st", n=n)
    if n == 2:
        return tr("{n}nd", n=n)
    if n == 3:
        return tr("{n}rd", n=n)
    return tr("{n}th", n=n)


def standings(view: dict[str, Any]) -> list[Row]:
    """(seat, name, key numbers) for every player, in seat order; in a game of winners the
    numbers start with the seat's place in the standing ("1st · 45 VP, …")."""
    players = view.get("players") or []
    numbers = _hook(view, "player_numbers")
    words = numbers(view) if numbers is not None else standing_lines(view)
    ranks = standing(view).get("ranks") or []
    rows = []
    for i, (p, said) in enumerate(zip(players, words, strict=True)):
        level = len(set(ranks)) <= 1  # all level (the start): no places to show
        place = "" if level or i >= len(ranks) else f"{ordinal(int(ranks[i]))} · "
        said = _KEEP.sub("\\1\u00a0", place + said if said else said)
        rows.append((int(p["seat"]), str(p.get("name", "?")), said))
    return rows


def lead_line(view: dict[str, Any]) -> str:
    """"Standing (VP): Cy leads by 30 VP" for a game of winners; "" for a cooperative one."""
    st = standing(view)
    if not st or st.get("cooperative") or not st.get("lead"):
        return ""
    return tr("Standing ({measure}): {lead}", measure=str(st.get("measure", "")),
              lead=str(st["lead"]))


def table_line(view: dict[str, Any]) -> str:
    """The whole table's numbers: a cooperative game's goods and time left; in a game of
    winners, how near the end is."""
    line = _hook(view, "table_line")
    return str(line(view)) if line is not None else str(standing(view).get("table") or "")


def stage(view: dict[str, Any]) -> str:
    """Where the game stands, saying what each number is: "Round 3 of 5, auctions"."""
    where = str(standing(view).get("where") or "")
    if where:
        return where[:1].upper() + where[1:]
    if view.get("round"):
        if view.get("rounds"):
            return tr("Round {round} of {rounds}", round=view["round"], rounds=view["rounds"])
        return tr("Round {round}", round=view["round"])
    turn = view.get("turn_number") or view.get("turn")
    return tr("Turn {turn}", turn=turn) if isinstance(turn, int) else ""
