"""The computer's small decisions: setup tile, steps, workers, trains, markets, free pieces."""

from __future__ import annotations

from typing import Any

from rules.railroad_revolution.computer.model import MIN_WORKERS, Me, actions_needed
from rules.railroad_revolution.computer.value import (
    advance_plan,
    best_single_rail,
    effects_value,
    market_side_value,
    office_value,
    promotion_value,
    station_value,
    train_bonus,
)
from rules.railroad_revolution.data import SPECIALISTS


def args_of(legal: list[str], verb: str) -> list[str]:
    """What follows `verb` in each legal action that starts with it."""
    return [a.removeprefix(verb + " ") for a in legal if a.startswith(verb + " ")]


def _or(legal: list[str], *quiet: str) -> str:
    """The first of the quiet answers that is legal (else the first real choice)."""
    for q in quiet:
        if q in legal:
            return q
    real = [a for a in legal if a not in ("sell share", "hire")]
    return real[0] if real else legal[0]


def choose_setup(me: Me, legal: list[str]) -> str:
    """'Tuile Mise en place': the face and its specialist worth the most."""
    best: tuple[float, str] | None = None
    for offer in me.view["setup_offer"]:
        text = f"choose {offer['key']}"
        if text not in legal:
            continue
        _, face = me.data.setup_face(offer["key"])
        v = effects_value(me, face.reward.effects) + me.worker_value(offer["worker"])
        if best is None or v > best[0]:
            best = (v, text)
    return best[1] if best else legal[0]


def choose_advance(me: Me, pending: dict[str, Any], legal: list[str]) -> str:
    """'Pistes Performance': the step worth the most, or stop when none pays."""
    _, track = advance_plan(me, int(pending.get("left", 1)))
    if track is not None and f"advance {track}" in legal:
        return f"advance {track}"
    return _or(legal, "done")


def worst_worker(me: Me, options: list[str]) -> str | None:
    """Of 'loc colour' options, the worker I miss least (white first, board before stock)."""
    if not options:
        return None
    return min(options, key=lambda o: (me.worker_value(o.split(" ")[1]),
                                       o.split(" ")[0] != "board", o))


def choose_promote(me: Me, legal: list[str]) -> str:
    """'Promouvoir un Ouvrier': the manager that brings a milestone closest, if worth it."""
    best: tuple[float, str] | None = None
    for text in legal:
        if not text.startswith("promote "):
            continue
        _, loc, colour, _, mid = text.split(" ")
        v = promotion_value(me, colour, mid) + (0.1 if loc == "board" else 0.0)
        if best is None or v > best[0]:
            best = (v, text)
    if best is not None and best[0] > 0.3:
        return best[1]
    return _or(legal, "done")


def choose_flip(me: Me, legal: list[str]) -> str:
    """'Retourner': a face-down train goes face up (8 VP); else the best bonus."""
    ups = args_of(legal, "flip up")
    if ups:
        return f"flip up {ups[0]}"
    downs = args_of(legal, "flip down")
    if downs:
        return "flip down " + max(downs, key=lambda k: (train_bonus(me, k), k))
    return legal[0]


def choose_take(me: Me, legal: list[str]) -> str:
    """'Prendre un Train': every train is 8 VP face up; pick the best bonus for later."""
    stacks = [a.split(" ")[1] for a in legal if a.startswith("take ")]
    if not stacks:
        return legal[0]
    return f"take {max(stacks, key=lambda s: (train_bonus(me, s), s))} train"


def choose_market(me: Me, legal: list[str]) -> str:
    """'Marchés': accept the side worth more than its shares, or pass."""
    face = me.view["market"]["face_up"]
    best: tuple[float, str] | None = None
    for name in args_of(legal, "accept"):
        v = market_side_value(me, face[name], name)
        if best is None or v > best[0]:
            best = (v, f"accept {name}")
    if best is not None and (best[0] > 0.2 or "pass" not in legal):
        return best[1]
    return _or(legal, "pass")


def choose_rail(me: Me, legal: list[str]) -> str:
    """A rail from an effect: the best space, or skip when none helps."""
    spaces = args_of(legal, "rail")
    best = best_single_rail(me, free=True, spaces=spaces) if spaces else None
    if best is not None and (best[0] > 0 or "skip" not in legal):
        return f"rail {best[1]}"
    return _or(legal, "skip", "back")


def choose_city(me: Me, legal: list[str]) -> str:
    """A free station from an effect: the city worth the most."""
    cities = args_of(legal, "build")
    if not cities:
        return _or(legal, "skip")
    return "build " + max(cities, key=lambda c: (station_value(me, c, paid=False), c))


def choose_office(me: Me, legal: list[str]) -> str:
    """A free office from an effect: the section worth the most."""
    sections = [int(s) for s in args_of(legal, "office")]
    if not sections:
        return _or(legal, "skip")
    return f"office {max(sections, key=lambda s: (office_value(me, s, shares=False), s))}"


def wanted(me: Me, colours: list[str]) -> str:
    """The colour my milestones need most among these."""
    want = me.wanted_colours()
    return max(colours, key=lambda c: (want.get(c, 0.0), c in SPECIALISTS, c))


def choose_exchange(me: Me, legal: list[str]) -> str:
    """'Échanger un Ouvrier': give the least needed worker for the most needed colour."""
    gets = args_of(legal, "get")
    if gets:
        return f"get {wanted(me, gets)}"
    gives = args_of(legal, "give")
    want = me.wanted_colours()
    give = worst_worker(me, gives)
    if give is None or max(want.values()) < 0.5 or want.get(give.split(" ")[1], 0) > 0:
        return _or(legal, "skip")
    return f"give {give}"


def choose_discard(me: Me, legal: list[str]) -> str:
    """A worker to discard (the effect was already judged worth it)."""
    give = worst_worker(me, args_of(legal, "discard"))
    if give is None or me.available <= MIN_WORKERS:
        return _or(legal, "cancel")
    return f"discard {give}"


def choose_pick(me: Me, legal: list[str]) -> str:
    """'Compléter une Étape': keep the replacement I am likeliest to complete."""
    rails, stations = frozenset(me.p["rails"]), frozenset(me.p["stations"])

    def worth(mid: str) -> tuple[float, str]:
        m = me.data.milestones[mid]
        chance = me.chance(m.vp, m.letter, list(m.conditions), rails, stations,
                           len(m.managers), list(m.managers))
        return chance + m.vp * 0.01, mid

    return "keep " + max(args_of(legal, "keep"), key=worth)


def choose_gain(me: Me, legal: list[str]) -> str:
    """'Gagner un Ouvrier': the colour my milestones need most."""
    return f"gain {wanted(me, args_of(legal, 'gain'))}"


def choose_hire(me: Me, legal: list[str]) -> str:
    """'Embauche supplémentaire': the colour a milestone waits for."""
    colours = args_of(legal, "hire")
    if not colours:
        return _or(legal, "cancel")
    need = hire_colour(me)
    return f"hire {need if need in colours else wanted(me, colours)}"


def hire_colour(me: Me) -> str | None:
    """The manager colour ($800 a worker) a milestone close to completion still lacks."""
    if me.funds < 800 + (300 if me.turns > 2 else 0):
        return None
    have = me.colours_owned()
    supply = me.view["supply"]
    spare = me.available - MIN_WORKERS
    rails, stations = frozenset(me.p["rails"]), frozenset(me.p["stations"])
    for m in sorted(me.p["milestones"], key=lambda x: -x["vp"]):
        missing = [n for n, got in zip(m["managers_needed"], m["managers"]) if got is None]
        if not missing or len(missing) > me.turns:
            continue  # one promotion a turn: too late for this one
        if not m["conditions_met"] and (
                me.turns < 3 or actions_needed(m["conditions"], rails, stations, me.data) > 1):
            continue
        # One promotion a turn: hire when the next manager cannot come from my own workers.
        colour = str(missing[0])
        if colour == "any" or (have.get(colour) and spare <= 0):
            if spare <= 0:
                return max((c for c in SPECIALISTS if supply[c]),
                           key=lambda c: (c == colour, supply[c]), default=None)
        elif not have.get(colour) and supply.get(colour):
            return colour
    return None
