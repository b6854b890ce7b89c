"""2. Jouer des cartes Action: signals, switches, moves, loading, and two cards for any action.

The same signal and switch steps serve the later-game set-up ("arrange"), without cards.
"""

from __future__ import annotations

from typing import Any

from rules.core.lang import Msg, msg, term, tr
from rules.core.rng import Rng
from rules.switch_signal import cards, movement
from rules.switch_signal.cards import KINDS
from rules.switch_signal.movement import Choice
from rules.switch_signal.names import (
    both,
    light_said,
    light_spellings,
    node_name,
    node_said,
    setting_said,
    train_said,
    train_spellings,
)
from rules.switch_signal.said import command, cube, kind_said, kind_word, wild
from rules.switch_signal.table import Table


def _hand(t: Table) -> dict[str, int]:
    hand: dict[str, int] = t.state["hands"][t.active]
    return hand


def loadable(t: Table) -> list[str]:
    """Charger un Train: empty trains standing in a goods city that still has cubes."""
    out = []
    for tid in t.on_network():
        train = t.trains[tid]
        at = train["at"]
        if (":" not in at and t.board.nodes[at].kind == "city" and train["cargo"] is None
                and t.state["goods"][at] > 0):
            out.append(tid)
    return out


def menu(t: Table, free: bool) -> list[Choice]:
    """The action menu (free: the arrange step of a later game, where no card is paid)."""
    if free:
        return [("signal", ["green", "set signal", "light", "green light", kind_word("signal")]),
                ("switch", ["set switch", "junction", kind_word("switch")]),
                ("start", ["begin", "ready", command("start")])]
    hand = _hand(t)
    total = cards.hand_total(hand)
    can_move = bool(t.on_network())
    out: list[Choice] = []
    for kind in KINDS:
        if hand[kind] and (kind != "move" or can_move):
            out.append((kind, [f"play {kind}", f"{kind} card", f"play {kind} card",
                               kind_word(kind)]))
    if total >= 2:
        for kind in KINDS:
            if kind != "move" or can_move:
                out.append((f"wild {kind}", [f"any {kind}", f"two cards {kind}",
                                             f"wild {kind} card", f"2 cards {kind}",
                                             wild(kind)]))
    if total >= 1:
        out += [(f"load {tid}", [f"load {x}" for x in train_spellings(tid)]
                 + [f"{command('load')} {x}" for x in train_spellings(tid)])
                for tid in loadable(t)]
    return out


def _red_spots(t: Table, area: str | None = None) -> list[str]:
    """Red-light spots, all or only city entrances ("city") or open track ("track")."""
    out = []
    for sig, signal in t.board.signals.items():
        if sig in t.state["greens"]:
            continue
        if area is None or (signal.city is not None) == (area == "city"):
            out.append(sig)
    return sorted(out)


def _sources(t: Table, target: str, free: bool) -> list[str]:
    """Green discs that may move to `target`: every city and port keeps at least one green.

    Set-up of a later game: one green stays on each city's entrances, the others on track.
    """
    want = t.board.signals[target].city
    out = []
    for green in sorted(t.state["greens"]):
        city = t.board.signals[green].city
        if free:
            ok = city == want
        else:
            ok = city is None or city == want or len(t.city_greens(city)) > 1
        if ok:
            out.append(green)
    return out


def options(t: Table, free: bool) -> list[Choice]:
    """The next small step of the action being played, or the menu."""
    p = t.state["pending"]
    if p is None:
        return menu(t, free)
    step = p["step"]
    out: list[Choice] = []
    if step == "pay":
        out = [(f"discard {a} {b}", [f"pay {a} {b}", f"discard {b} {a}", f"{a} {b}",
                                     f"{b} {a}", f"discard {a} and {b}"])
               for a, b in cards.pairs_in(_hand(t))]
    elif step == "card":
        out = [(f"discard {k}", [f"pay {k}", k, f"{k} card", kind_word(k)])
               for k in KINDS if _hand(t)[k]]
    elif step == "area":
        out = [(f"{area} light", [f"{area} lights", AREA_WORDS[area], command(f"{area} light")])
               for area in ("city", "track") if _red_spots(t, area)]
    elif step == "target":
        out = [(f"green {sig}", _light_words(t, sig, "green"))
               for sig in _red_spots(t, p.get("area"))]
    elif step == "source":
        out = [(f"from {sig}", _light_words(t, sig, "from"))
               for sig in _sources(t, p["target"], free)]
    elif step == "junction":
        out = [(f"junction {n.label}", _junction_words(n.label, n.name))
               for n in t.board.nodes.values() if n.kind == "junction"]
    elif step == "setting":
        j = p["junction"]
        now = sorted(t.state["switches"][j])
        for pair in t.board.switch_pairs(j):
            if sorted(pair) != now:
                out.append((f"open {t.board.pair_label(pair)}", _setting_words(t, pair)))
    elif step == "train":
        out = [(f"move {tid}", train_words("move", tid)) for tid in t.on_network()]
    return out + [("cancel", ["back", "undo", command("cancel")])]


AREA_WORDS = {"city": "city entrance", "track": "open track"}


def train_words(verb: str, tid: str) -> list[str]:
    """`move black train 1`, `black 1`, `black1`... for a train choice."""
    said = kind_word(verb) if verb == "move" else verb
    return [f"{verb} {x}" for x in train_spellings(tid)] + train_spellings(tid) \
        + [f"{said} {x}" for x in train_spellings(tid)]


def _light_words(t: Table, sig: str, verb: str) -> list[str]:
    """A light by its drawn code or its place, with or without the verb."""
    words = light_spellings(t.board, sig)
    return words + [f"{verb} {w}" for w in words]


def _junction_words(label: str, name: str) -> list[str]:
    """`junction toulouse`, `junction tls`, `toulouse`, `toulouse junction`."""
    out = [label]
    for n in both(name):
        out += [n, f"junction {n}", f"{n} junction"]
    for n in both(term(name)):
        out += [n, tr("{city} junction", city=n)]
    return out



def _setting_words(t: Table, pair: tuple[str, str]) -> list[str]:
    """`open brest toulouse`, `brest toulouse`, `toulouse brest` (accents optional)."""
    a, b = (t.board.nodes[n] for n in pair)
    out = []
    for x in both(a.name):
        for y in both(b.name):
            out += [f"open {x} {y}", f"open {y} {x}", f"{x} {y}", f"{y} {x}"]
    for x in both(node_name(t.board, a.id)):
        for y in both(node_name(t.board, b.id)):
            out += [f"{command('open')} {x} {y}", f"{command('open')} {y} {x}", f"{x} {y}",
                    f"{y} {x}"]
    return out


def _first_step(t: Table, kind: str) -> str:
    # Under rules version 1 a signal was chosen in two steps (city entrances or open track,
    # then the light) to keep menus short; later games choose the light at once.
    first = "area" if t.version == 1 else "target"
    return {"signal": first, "switch": "junction", "move": "train"}[kind]


def apply(t: Table, action: str, rng: Rng, free: bool) -> list[Msg]:
    """Apply one step; the action happens (and is paid) when its last choice is made."""
    s = t.state
    words = action.split()
    p: dict[str, Any] | None = s["pending"]
    if action == "cancel":
        s["pending"] = None
        return []
    if p is None:
        if words[0] in KINDS:
            s["pending"] = {"kind": words[0], "pay": [] if free else [words[0]],
                            "step": _first_step(t, words[0])}
            return []
        if words[0] == "wild":
            pairs = cards.pairs_in(_hand(t))
            only = list(pairs[0]) if len(pairs) == 1 else None
            s["pending"] = {"kind": words[1], "pay": only,
                            "step": _first_step(t, words[1]) if only else "pay"}
            return []
        if words[0] == "load":
            kinds = [k for k in KINDS if _hand(t)[k]]
            s["pending"] = {"kind": "load", "train": words[1], "step": "card",
                            "pay": [kinds[0]] if len(kinds) == 1 else None}
            return _commit(t, rng) if len(kinds) == 1 else []
        raise ValueError(f"unknown action {action}")
    step = p["step"]
    if step == "pay":
        p["pay"] = words[1:3]
        p["step"] = _first_step(t, p["kind"])
        return []
    if step == "card":
        p["pay"] = [words[1]]
        return _commit(t, rng)
    if step == "area":
        p["area"] = words[0]
        p["step"] = "target"
        return []
    if step == "target":
        p["target"] = words[1]
        p["step"] = "source"
        return []
    if step == "junction":
        p["junction"] = t.board.by_label(words[1])
        p["step"] = "setting"
        return []
    if step in ("source", "setting", "train"):
        p["choice"] = words[1]
        return _commit(t, rng)
    raise ValueError(f"unknown step {step}")


def _pay(t: Table, kinds: list[str]) -> Msg | str:
    """Discard the played cards; the hand is no longer shown once it changes."""
    if not kinds:
        return ""
    cards.pay(t.state, t.active, kinds)
    t.state["shown"][t.active] = False
    if len(kinds) == 2:
        return msg(" (discarding {a} and {b} for an action of choice)", a=kind_said(kinds[0]),
                   b=kind_said(kinds[1]))
    if kinds[0] == "signal":
        return msg(" (discarding a signal card)")
    if kinds[0] == "switch":
        return msg(" (discarding a switch card)")
    return msg(" (discarding a move card)")


def _commit(t: Table, rng: Rng) -> list[Msg]:
    """Carry out the chosen action and pay its cards."""
    s = t.state
    p = s["pending"]
    s["pending"] = None
    kind = p["kind"]
    paid = _pay(t, list(p["pay"] or []))
    who = t.name
    if kind == "load":
        train = t.trains[p["train"]]
        city = train["at"]
        colour = t.board.nodes[city].goods_colour
        s["goods"][city] -= 1
        train["cargo"] = colour
        return [msg("{player} loads a {cube} onto {train} in {city}{paid}.", player=who,
                    cube=cube(colour), train=train_said(p["train"]),
                    city=node_said(t.board, city), paid=paid)]
    if kind == "signal":
        s["greens"].remove(p["choice"])
        s["greens"].append(p["target"])
        s["greens"].sort()
        return [msg("{player} moves a green disc from {source} to {target}{paid}.",
                    player=who, source=light_said(t.board, p["choice"]),
                    target=light_said(t.board, p["target"]), paid=paid)]
    if kind == "switch":
        j = p["junction"]
        a, b = p["choice"].split("-")
        pair = sorted((t.board.by_label(a), t.board.by_label(b)))
        s["switches"][j] = pair
        return [msg("{player} sets the {city} switch: open {setting}{paid}.", player=who,
                    city=node_said(t.board, j), setting=setting_said(t.board, pair), paid=paid)]
    lines = [msg("{player} plays a move action for {train}{paid}.", player=who,
                 train=train_said(p["choice"]), paid=paid)]
    return lines + movement.start(t, p["choice"], rng)
