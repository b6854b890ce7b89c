"""The effect registry: how a card effect starts, and the small decisions it asks for."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.core.lang import msg, tr
from rules.trains.board import ROW_LETTERS
from rules.trains.table import Pending, Table

# Longest list of hexes offered at once; longer lists are first split by row.
MENU = 24

CanFn = Callable[[Table, int], bool]
StartFn = Callable[[Table, int, bool], Pending | None]
BodyFn = Callable[[Table, int], Pending | None]
OptionsFn = Callable[[Table, Pending], list[str]]
ChooseFn = Callable[[Table, Pending, str], Pending | None]
PromptFn = Callable[[str], str]  # the card's name -> the decision in words


@dataclass(frozen=True)
class Effect:
    """A card effect: whether it can be applied in full now, and how it starts.

    `start(table, entry_id, forced)`: `forced` means the effect is already committed
    (Stationmaster Office copying it), so it offers no `skip`.
    """

    can: CanFn
    start: StartFn


@dataclass(frozen=True)
class Step:
    """One small decision inside an effect: its options and what a choice does."""

    options: OptionsFn
    choose: ChooseFn
    prompt: PromptFn  # the decision in words, given the card's name


EFFECTS: dict[str, Effect] = {}
STEPS: dict[str, Step] = {}
BODIES: dict[str, BodyFn] = {}


def always(t: Table, eid: int) -> bool:
    """An effect that can always be applied."""
    return True


def pending(kind: str, t: Table, eid: int, forced: bool, **extra: object) -> Pending:
    """A new decision for the effect of the card in play with that entry id."""
    e = t.entry(eid)
    p: Pending = {"kind": kind, "entry": eid, "card": e["card"], "as": e.get("as"),
                  "optional": not forced}
    p.update(extra)
    return p


def confirmed(name: str, body: BodyFn, can: CanFn = always) -> Effect:
    """An effect with nothing to choose up front: ask `apply` / `skip`, then run the body."""
    BODIES[name] = body

    def start(t: Table, eid: int, forced: bool) -> Pending | None:
        if forced:
            t.entry(eid)["on"] = True
            return body(t, eid)
        return pending("confirm", t, eid, forced, effect=name)

    return Effect(can, start)


def automatic(body: Callable[[Table, int], None], can: CanFn = always) -> Effect:
    """A pure gain with nothing to choose: applied at once (declining could never help)."""

    def start(t: Table, eid: int, forced: bool) -> Pending | None:
        t.entry(eid)["on"] = True
        body(t, eid)
        return None

    return Effect(can, start)


def skip(t: Table, p: Pending) -> None:
    """The player declines the effect: nothing of it happens (all-or-nothing)."""
    t.entry(p["entry"])["on"] = False
    t.say(msg("{player} does not use the effect of {card}.", player=t.who(),
              card=t.name(p["card"])))


def with_skip(t: Table, p: Pending, options: list[str]) -> list[str]:
    """Add `skip` when the effect is not yet committed."""
    return options + (["skip"] if p.get("optional") else [])


def _confirm_options(t: Table, p: Pending) -> list[str]:
    return ["apply", "skip"]


def _confirm_choose(t: Table, p: Pending, action: str) -> Pending | None:
    t.entry(p["entry"])["on"] = True
    return BODIES[p["effect"]](t, p["entry"])


STEPS["confirm"] = Step(_confirm_options, _confirm_choose,
                        lambda card: tr("apply the effect of {card}, or skip it", card=card))


# -- hexes offered row by row when there are many ----------------------------------------------
def hex_menu(t: Table, p: Pending, hexes: list[str], verb: str) -> list[str]:
    """`verb <hex>` options; version 1 games split lists longer than MENU by `row <letter>`."""
    row = p.get("row")
    if row is None and len(hexes) > MENU and t.rows_menu:
        rows = sorted({t.board.hexes[h].row for h in hexes})
        return with_skip(t, p, [f"row {ROW_LETTERS[r]}" for r in rows])
    if row is not None:
        return [f"{verb} {h}" for h in hexes if ROW_LETTERS[t.board.hexes[h].row] == row] + [
            "back"]
    return with_skip(t, p, [f"{verb} {h}" for h in hexes])


def hex_menu_moved(p: Pending, action: str) -> bool:
    """Apply a `row X` or `back` choice to the decision; True if it was one."""
    if action.startswith("row "):
        p["row"] = action[4:]
        return True
    if action == "back":
        p["row"] = None
        return True
    return False
