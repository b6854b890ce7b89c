"""What a Trains player reads: each choice in plain words, with what it costs and gives.

Labels go only to the seat that decides (hands are hidden), so they may name its own cards.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rules.core.choices import Choice, clip_label, fit
from rules.core.standing import warned
from rules.core.text import plural
from rules.trains.base import TrainsBase
from rules.trains.board import ROW_LETTERS, Hex
from rules.trains.card_words import does, gives
from rules.trains.effects import EFFECTS, STEPS
from rules.trains.effects.misc import wagon_targets
from rules.trains.risks import risks
from rules.trains.table import Pending, Table

PART_WORDS = {"river": "river", "mountain": "mountain", "city": "city", "remote": "remote"}


def place(h: Hex) -> str:
    """A space as the board shows it: "Urawa (B7)", "D4 (river)"."""
    return f"{h.name} ({h.coord.upper()})" if h.name else f"{h.coord.upper()} ({h.terrain})"


def spot(h: Hex) -> str:
    """A space by its name and label only: "Urawa (B7)", "D4"."""
    return f"{h.name} ({h.coord.upper()})" if h.name else h.coord.upper()


def row_name(h: Hex) -> str:
    """The group of a space in a long list: its row, as the labels on the board start."""
    return f"Row {ROW_LETTERS[h.row].upper()}"


def cost_words(parts: list[tuple[str, int]]) -> str:
    """"city 1, 2 stations, 1 rival rail"."""
    out = []
    for key, n in parts:
        if key == "stations":
            out.append(plural(n, "station"))
        elif key == "rivals":
            out.append(plural(n, "rival rail"))
        else:
            out.append(f"{PART_WORDS[key]} {n}")
    return ", ".join(out)


def lay_terms(t: Table, hex_id: str) -> tuple[int, str, int] | None:
    """(coins, why, Waste gained) for a rail of the current player there now; None if barred."""
    found = t.lay_cost(hex_id)
    if found is None:
        return None
    cost, extra = found
    waive = t.waivers()
    others = len(t.s["cubes"].get(hex_id, []))
    parts = t.board.rail_cost_parts(hex_id, t.s["stations"].get(hex_id, 0), others, waive) or []
    waste = 0 if t.active("dump-site") else min(1 + extra, t.s["supply"].get("waste", 0))
    return cost, cost_words(parts), waste


def waste_words(n: int, t: Table) -> str:
    """"+1 Waste", "+2 Wastes", "no Waste (Dump Site)"."""
    if n:
        return f"+{plural(n, 'Waste')}"
    return "no Waste (Dump Site)" if t.active("dump-site") else "no Waste (none left)"


def play_preview(m: TrainsBase, t: Table, cid: str) -> tuple[int, bool, int | None]:
    """(coins, effect usable, spaces in reach) of playing that card now, tried on a copy."""
    s = m.state
    trial: dict[str, Any] = dict(s)
    trial["turn"] = json.loads(json.dumps(s["turn"]))
    players = list(s["players"])
    mine = dict(players[t.seat])
    mine["hand"] = list(mine["hand"])
    mine["hand"].remove(cid)
    players[t.seat] = mine
    trial["players"] = players
    tt = Table(trial, m.cards, m.board, m.players, None, lambda: None)
    card = m.cards[cid]
    coins = tt.play_coins(cid)
    tt.turn["play"].append({"id": -1, "card": cid, "effect": card.effect, "on": False})
    tt.add_coins(coins)
    if card.effect is None:
        return coins, False, None
    usable = EFFECTS[card.effect].can(tt, -1)
    reach = None
    if card.is_("rail"):
        tt.entry(-1)["on"] = True
        reach = len(tt.lay_options())
    elif card.is_("station"):
        reach = len(tt.station_options())
    return coins, usable, reach


class Labeller:
    """Labels for the decision a seat faces, worked out in one pass."""

    def __init__(self, m: TrainsBase, seat: int) -> None:
        self.m = m
        self.t = m.table()
        self.p: Pending | None = m.state["pending"]
        self.coins = int(m.state["turn"]["coins"])
        self.cards = m.cards

    def name(self, cid: str) -> str:
        """A card's name."""
        return self.cards.name(cid)

    def choices(self, legal: list[str]) -> list[Choice]:
        """Every legal action with its label and, for long lists, its group."""
        out = []
        for action in legal:
            text, group = self.label(action)
            out.append(Choice(action, clip_label(text), group))
        return out

    def label(self, action: str) -> tuple[str, str]:
        """(label, group) of one legal action, with what it risks at its end (the end of the
        game, cards left unplayed), where clipping never reaches."""
        text, group = self.plain_label(action)
        return warned(text, *risks(self.m, self.t.seat, action)), group

    def plain_label(self, action: str) -> tuple[str, str]:
        """(label, group) of one legal action, without its warnings."""
        p = self.p
        verb, _, arg = action.partition(" ")
        if action == "skip" and p is not None:
            return f"Skip the effect of {self.name(p['card'])} (its coins stay)", ""
        if action.startswith("row "):
            letter = arg.upper()
            return f"Row {letter}: the spaces labelled {letter}1, {letter}2…", f"Row {letter}"
        if action == "back":
            return "Back to the rows", ""
        if arg in self.m.board.hexes and verb in ("start", "lay", "station"):
            return self.hex_label(verb, self.m.board.hexes[arg]), row_name(self.m.board.hexes[arg])
        if p is None:
            return self.main_label(verb, arg)
        return self.step_label(p, action, verb, arg), ""

    def hex_label(self, verb: str, h: Hex) -> str:
        """A starting rail, a rail or a station on one space."""
        if verb == "start":
            slots = f", city with {plural(h.buildings, 'station slot')}" if h.buildings else ""
            return f"Start on {place(h)}{slots}: free"
        if verb == "lay":
            terms = lay_terms(self.t, h.id)
            if terms is None:
                return f"Lay a rail on {place(h)}"
            cost, why, waste = terms
            price = "free" if cost == 0 else f"{cost} of your {plural(self.coins, 'coin')} ({why})"
            return f"Lay on {place(h)}: {price}, {waste_words(waste, self.t)}"
        now = self.m.state["stations"].get(h.id, 0)
        vp = self.m.board.station_vp
        waste = 0 if self.t.active("dump-site") else min(1, self.m.state["supply"]["waste"])
        return (f"Station on {place(h)}: slot {now + 1} of {h.buildings}, each rail there "
                f"{vp[now]}→{vp[now + 1]} VP, {waste_words(waste, self.t)}")

    def main_label(self, verb: str, arg: str) -> tuple[str, str]:
        """Play, buy, pass or end the turn."""
        if verb == "play":
            card = self.cards[arg]
            coins, usable, reach = play_preview(self.m, self.t, arg)
            said = [f"+{plural(coins, 'coin')}"] if coins or card.effect is None else []
            effect = does(card, self.t.printed)
            if card.is_("rail") and not usable:
                said.append("no space in reach you can afford yet")
            elif card.effect is not None and not usable:
                said.append(f"its effect can't be used now ({effect})")
            elif card.is_("rail") and reach is not None:
                said.append(effect.replace("lay 1 rail",
                                           f"lay 1 rail ({plural(reach, 'space')} in reach)"))
            elif effect:
                said.append(effect)
            # Said shorter rather than cut: "(4 in reach)", then the effect left unsaid.
            brief = [s if not s.startswith("its effect can't") else "its effect can't be used now"
                     for s in said]
            return fit(f"Play {card.name}: " + ", ".join(said),
                       f"Play {card.name}: " + ", ".join(said).replace(" spaces in reach",
                                                                       " in reach"),
                       f"Play {card.name}: " + ", ".join(brief)), "Play a card"
        if verb == "buy":
            card = self.cards[arg]
            left = self.m.state["supply"][arg]
            last = " (the last one)" if left == 1 else ""
            price = f"{card.cost} of your {plural(self.coins, 'coin')}"
            return fit(f"Buy {card.name}{last}: {price}, {gives(card, self.t.printed)}",
                       f"Buy {card.name}{last.replace(' one', '')}: {price}, "
                       f"{gives(card, self.t.printed)}",
                       f"Buy {card.name}{last}: {price}"), "Buy a card"
        if verb == "pass":
            n = self.t.me()["hand"].count("waste")
            return f"Pass: return your {plural(n, 'Waste')} to the supply, end the turn", \
                "End the turn"
        lost = f" ({plural(self.coins, 'coin')} unspent)" if self.coins else ""
        return f"End the turn: discard all, draw 5 new cards{lost}", "End the turn"

    def step_label(self, p: Pending, action: str, verb: str, arg: str) -> str:
        """One choice inside a card effect."""
        kind = p["kind"]
        card = self.cards[arg] if arg in self.cards.cards else None
        name = card.name if card else ""
        if kind == "confirm":
            c = self.cards[p["card"]]
            return f"Use {c.name}: {does(c, self.t.printed)}"
        if kind == "freight" and verb == "return":
            return f"Return {plural(int(arg), 'Waste')} to the supply: +{plural(int(arg), 'coin')}"
        if card is not None and verb in CARD_LABELS:
            return CARD_LABELS[verb](self, p, card.id, name)
        found = OTHER_LABELS.get((kind, action))
        return found(self, p) if found else action


def _discard(lb: Labeller, p: Pending, cid: str, name: str) -> str:
    kind = p["kind"]
    if kind == "mail":
        return f"Discard {name}: +1 coin"
    if kind == "swap":
        return f"Discard {name} (you draw 1 card back for each)"
    left = int(p.get("to_discard", 1))
    return f"Discard {name} (" + ("the last to discard)" if left == 1 else f"{left} to discard)")


def _take(lb: Labeller, p: Pending, cid: str, name: str) -> str:
    if p["kind"] == "pulling":
        return f"Take {name} from your discard pile into your hand"
    return f"Take {name} into your hand"


def _wagon(lb: Labeller, p: Pending, cid: str, name: str) -> str:
    into = " or ".join(lb.name(c) for c in wagon_targets(lb.t, cid))
    return f"Trash {name} for good, to gain {into}"


CardLabel = Callable[[Labeller, Pending, str, str], str]
CARD_LABELS: dict[str, CardLabel] = {
    "copy": lambda lb, p, c, n: f"Copy {n}: {does(lb.cards[c], lb.t.printed)}",
    "name": lambda lb, p, c, n: f"Name {n}: if it is on top of your deck, you take it",
    "discard": _discard,
    "take": _take,
    "top": lambda lb, p, c, n: f"Put {n} back next (the first put back ends on top)",
    "choose": lambda lb, p, c, n: f"Choose {n}: +{plural(lb.cards[c].coins, 'coin')}",
    "put": lambda lb, p, c, n: f"Put {n} from play on top of your deck (its coins stay)",
    "reveal": lambda lb, p, c, n: (f"Show {n}: gain another one "
                                   f"({lb.m.state['supply'].get(c, 0)} left)"),
    "trash": _wagon,
    "gain": lambda lb, p, c, n: f"Gain {n} into your hand (costs {lb.cards[c].cost})",
}

OtherLabel = Callable[[Labeller, Pending], str]
OTHER_LABELS: dict[tuple[str, str], OtherLabel] = {
    ("signals", "discard top"): lambda lb, p: (
        f"Discard the top card of your deck ({lb.name(p['seen'])})"),
    ("signals", "keep top"): lambda lb, p: f"Keep {lb.name(p['seen'])} on top of your deck",
    ("swap", "done"): lambda lb, p: f"Done: draw {plural(int(p['count']), 'card')}",
    ("mail", "done"): lambda lb, p: "Done discarding",
    ("info_take", "none"): lambda lb, p: "Take none: they all go back on top of your deck",
    ("crew", "draw"): lambda lb, p: "Draw 1 card",
    ("crew", "coin"): lambda lb, p: "+1 coin",
    ("crew", "return waste"): lambda lb, p: "Return 1 Waste from your hand to the supply",
    ("buy_dest", "to deck"): lambda lb, p: (
        f"Put {lb.name(p['card'])} on top of your deck: you draw it next"),
    ("buy_dest", "to gained"): lambda lb, p: (
        f"Put {lb.name(p['card'])} in your gained pile, as usual"),
}


def prompt(m: TrainsBase, seat: int) -> str:
    """The decision in one line, safe for everyone to read (nothing from a hand)."""
    name, p, s = m.players[seat], m.state["pending"], m.state
    coins = plural(int(s["turn"]["coins"]), "coin")
    if p is None:
        return f"{name}: play cards or buy from the supply ({coins} to spend), then end the turn."
    if p["kind"] == "start":
        if p.get("row"):
            return f"{name}: place your starting rail on a space of row {p['row'].upper()}."
        if m.started_under < 2:
            return f"{name}: place your free starting rail; choose the row of its space first."
        return (f"{name}: place your free starting rail on a land space without a rail "
                "(a city, or a space such as C4), not on a remote location.")
    card = m.cards.name(p["card"]) if p.get("card") in m.cards.cards else ""
    if p["kind"] == "lay":
        where = f" in row {p['row'].upper()}" if p.get("row") else " next to your rails"
        return f"{name}: lay a rail with {card} on a space{where} ({coins} to spend)."
    if p["kind"] == "discard":
        return f"{name}: discard {plural(int(p['to_discard']), 'card')} from your hand ({card})."
    if p["kind"] == "station":
        return f"{name}: place a station on a city with a free slot ({card})."
    return f"{name}: " + STEPS[p["kind"]].prompt.replace("{card}", card) + "."
