"""What a Trains player reads: each choice in plain words, with what it costs and gives.

Labels go only to the seat that decides (hands are hidden), so they may name its own cards.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rules.core.choices import Choice, clip_label, fit
from rules.core.lang import tr, trn
from rules.core.standing import warned
from rules.trains.base import TrainsBase
from rules.trains.board import ROW_LETTERS, Hex
from rules.trains.card_words import does, gives
from rules.trains.effects import EFFECTS, STEPS
from rules.trains.effects.misc import wagon_targets
from rules.trains.risks import risks
from rules.trains.table import Pending, Table


def terrain_word(terrain: str) -> str:
    """A terrain as the labels say it: "river", "mountain"."""
    return {"plain": tr("plain"), "river": tr("river"), "mountain": tr("mountain"),
            "sea": tr("sea"), "city": tr("city"), "remote": tr("remote")}.get(terrain, terrain)


def place(h: Hex) -> str:
    """A space as the board shows it: "Urawa (B7)", "D4 (river)"."""
    return f"{h.name} ({h.coord.upper()})" if h.name else \
        f"{h.coord.upper()} ({terrain_word(h.terrain)})"


def spot(h: Hex) -> str:
    """A space by its name and label only: "Urawa (B7)", "D4"."""
    return f"{h.name} ({h.coord.upper()})" if h.name else h.coord.upper()


def row_name(h: Hex) -> str:
    """The group of a space in a long list: its row, as the labels on the board start."""
    return tr("Row {row}", row=ROW_LETTERS[h.row].upper())


def cost_word(key: str, n: int) -> str:
    """One cause of a rail's extra cost: "city 1", "2 stations", "1 rival rail"."""
    if key == "stations":
        return trn("{n} station", "{n} stations", n)
    if key == "rivals":
        return trn("{n} rival rail", "{n} rival rails", n)
    return {"river": tr("river {n}", n=n), "mountain": tr("mountain {n}", n=n),
            "city": tr("city {n}", n=n), "remote": tr("remote {n}", n=n)}[key]


def cost_words(parts: list[tuple[str, int]]) -> str:
    """"city 1, 2 stations, 1 rival rail"."""
    return ", ".join(cost_word(key, n) for key, n in parts)


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
        return trn("+{n} Waste", "+{n} Wastes", n)
    return tr("no Waste (Dump Site)") if t.active("dump-site") else tr("no Waste (none left)")


def or_words(items: list[str]) -> str:
    """"a or b or c"."""
    if len(items) <= 1:
        return "".join(items)
    return tr("{first} or {rest}", first=items[0], rest=or_words(items[1:]))


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
            return tr("Skip the effect of {card} (its coins stay)", card=self.name(p["card"])), ""
        if action.startswith("row "):
            letter = arg.upper()
            return (tr("Row {row}: the spaces labelled {row}1, {row}2…", row=letter),
                    tr("Row {row}", row=letter))
        if action == "back":
            return tr("Back to the rows"), ""
        if arg in self.m.board.hexes and verb in ("start", "lay", "station"):
            return self.hex_label(verb, self.m.board.hexes[arg]), row_name(self.m.board.hexes[arg])
        if p is None:
            return self.main_label(verb, arg)
        return self.step_label(p, action, verb, arg), ""

    def hex_label(self, verb: str, h: Hex) -> str:
        """A starting rail, a rail or a station on one space."""
        if verb == "start":
            if h.buildings:
                return trn("Start on {space}, city with {n} station slot: free",
                           "Start on {space}, city with {n} station slots: free", h.buildings,
                           space=place(h))
            return tr("Start on {space}: free", space=place(h))
        if verb == "lay":
            terms = lay_terms(self.t, h.id)
            if terms is None:
                return tr("Lay a rail on {space}", space=place(h))
            cost, why, waste = terms
            price = tr("free") if cost == 0 else trn(
                "{cost} of your {n} coin ({why})", "{cost} of your {n} coins ({why})", self.coins,
                cost=cost, why=why)
            return tr("Lay on {space}: {price}, {waste}", space=place(h), price=price,
                      waste=waste_words(waste, self.t))
        now = self.m.state["stations"].get(h.id, 0)
        vp = self.m.board.station_vp
        waste = 0 if self.t.active("dump-site") else min(1, self.m.state["supply"]["waste"])
        return tr("Station on {space}: slot {slot} of {slots}, each rail there {before}→{after} "
                  "VP, {waste}", space=place(h), slot=now + 1, slots=h.buildings,
                  before=vp[now], after=vp[now + 1], waste=waste_words(waste, self.t))

    def main_label(self, verb: str, arg: str) -> tuple[str, str]:
        """Play, buy, pass or end the turn."""
        if verb == "play":
            return self.play_label(arg), tr("Play a card")
        if verb == "buy":
            return self.buy_label(arg), tr("Buy a card")
        if verb == "pass":
            n = self.t.me()["hand"].count("waste")
            return trn("Pass: return your {n} Waste to the supply, end the turn",
                       "Pass: return your {n} Wastes to the supply, end the turn", n), \
                tr("End the turn")
        if self.coins:
            return trn("End the turn: discard all, draw 5 new cards ({n} coin unspent)",
                       "End the turn: discard all, draw 5 new cards ({n} coins unspent)",
                       self.coins), tr("End the turn")
        return tr("End the turn: discard all, draw 5 new cards"), tr("End the turn")

    def play_label(self, cid: str) -> str:
        """Playing a card: its coins, and its effect, with the spaces a Rail card reaches."""
        card = self.cards[cid]
        coins, usable, reach = play_preview(self.m, self.t, cid)
        said = [trn("+{n} coin", "+{n} coins", coins)] if coins or card.effect is None else []
        full, short, brief = list(said), list(said), list(said)
        printed = self.t.printed
        if card.is_("rail") and not usable:
            for out in (full, short, brief):
                out.append(tr("no space in reach you can afford yet"))
        elif card.effect is not None and not usable:
            cannot = tr("its effect can't be used now ({effect})", effect=does(card, printed))
            full.append(cannot)
            short.append(cannot)
            brief.append(tr("its effect can't be used now"))
        elif card.is_("rail") and reach is not None:
            full.append(does(card, printed, reach))
            short.append(does(card, printed, reach, short=True))
            brief.append(does(card, printed, reach))  # the last resort, clipped whole
        elif does(card, printed):
            for out in (full, short, brief):
                out.append(does(card, printed))
        # Said shorter rather than cut: "(4 in reach)", then the effect left unsaid.
        name = self.name(cid)
        return fit(*(tr("Play {card}: {what}", card=name, what=", ".join(words))
                     for words in (full, short, brief)))

    def buy_label(self, cid: str) -> str:
        """Buying a card: its price out of the coins in hand, and what it brings."""
        card = self.cards[cid]
        name, gives_words = self.name(cid), gives(card, self.t.printed)
        price = trn("{cost} of your {n} coin", "{cost} of your {n} coins", self.coins,
                    cost=card.cost)
        if self.m.state["supply"][cid] == 1:
            return fit(tr("Buy {card} (the last one): {price}, {gives}", card=name, price=price,
                          gives=gives_words),
                       tr("Buy {card} (the last): {price}, {gives}", card=name, price=price,
                          gives=gives_words),
                       tr("Buy {card} (the last one): {price}", card=name, price=price))
        return fit(tr("Buy {card}: {price}, {gives}", card=name, price=price, gives=gives_words),
                   tr("Buy {card}: {price}", card=name, price=price))

    def step_label(self, p: Pending, action: str, verb: str, arg: str) -> str:
        """One choice inside a card effect."""
        kind = p["kind"]
        card = self.cards[arg] if arg in self.cards.cards else None
        name = self.name(arg) if card else ""
        if kind == "confirm":
            c = self.cards[p["card"]]
            return tr("Use {card}: {does}", card=self.name(c.id), does=does(c, self.t.printed))
        if kind == "freight" and verb == "return":
            return trn("Return {n} Waste to the supply: +{n} coin",
                       "Return {n} Wastes to the supply: +{n} coins", int(arg))
        if card is not None and verb in CARD_LABELS:
            return CARD_LABELS[verb](self, p, card.id, name)
        found = OTHER_LABELS.get((kind, action))
        return found(self, p) if found else action


def _discard(lb: Labeller, p: Pending, cid: str, name: str) -> str:
    kind = p["kind"]
    if kind == "mail":
        return tr("Discard {card}: +1 coin", card=name)
    if kind == "swap":
        return tr("Discard {card} (you draw 1 card back for each)", card=name)
    left = int(p.get("to_discard", 1))
    if left == 1:
        return tr("Discard {card} (the last to discard)", card=name)
    return tr("Discard {card} ({n} to discard)", card=name, n=left)


def _take(lb: Labeller, p: Pending, cid: str, name: str) -> str:
    if p["kind"] == "pulling":
        return tr("Take {card} from your discard pile into your hand", card=name)
    return tr("Take {card} into your hand", card=name)


def _wagon(lb: Labeller, p: Pending, cid: str, name: str) -> str:
    into = or_words([lb.name(c) for c in wagon_targets(lb.t, cid)])
    return tr("Trash {card} for good, to gain {cards}", card=name, cards=into)


CardLabel = Callable[[Labeller, Pending, str, str], str]
CARD_LABELS: dict[str, CardLabel] = {
    "copy": lambda lb, p, c, n: tr("Copy {card}: {does}", card=n,
                                   does=does(lb.cards[c], lb.t.printed)),
    "name": lambda lb, p, c, n: tr("Name {card}: if it is on top of your deck, you take it",
                                   card=n),
    "discard": _discard,
    "take": _take,
    "top": lambda lb, p, c, n: tr("Put {card} back next (the first put back ends on top)",
                                  card=n),
    "choose": lambda lb, p, c, n: trn("Choose {card}: +{n} coin", "Choose {card}: +{n} coins",
                                      lb.cards[c].coins, card=n),
    "put": lambda lb, p, c, n: tr("Put {card} from play on top of your deck (its coins stay)",
                                  card=n),
    "reveal": lambda lb, p, c, n: tr("Show {card}: gain another one ({left} left)", card=n,
                                     left=lb.m.state["supply"].get(c, 0)),
    "trash": _wagon,
    "gain": lambda lb, p, c, n: tr("Gain {card} into your hand (costs {cost})", card=n,
                                   cost=lb.cards[c].cost),
}

OtherLabel = Callable[[Labeller, Pending], str]
OTHER_LABELS: dict[tuple[str, str], OtherLabel] = {
    ("signals", "discard top"): lambda lb, p: tr(
        "Discard the top card of your deck ({card})", card=lb.name(p["seen"])),
    ("signals", "keep top"): lambda lb, p: tr("Keep {card} on top of your deck",
                                              card=lb.name(p["seen"])),
    ("swap", "done"): lambda lb, p: trn("Done: draw {n} card", "Done: draw {n} cards",
                                        int(p["count"])),
    ("mail", "done"): lambda lb, p: tr("Done discarding"),
    ("info_take", "none"): lambda lb, p: tr("Take none: they all go back on top of your deck"),
    ("crew", "draw"): lambda lb, p: tr("Draw 1 card"),
    ("crew", "coin"): lambda lb, p: tr("+1 coin"),
    ("crew", "return waste"): lambda lb, p: tr("Return 1 Waste from your hand to the supply"),
    ("buy_dest", "to deck"): lambda lb, p: tr(
        "Put {card} on top of your deck: you draw it next", card=lb.name(p["card"])),
    ("buy_dest", "to gained"): lambda lb, p: tr(
        "Put {card} in your gained pile, as usual", card=lb.name(p["card"])),
}


def prompt(m: TrainsBase, seat: int) -> str:
    """The decision in one line, safe for everyone to read (nothing from a hand)."""
    name, p, s = m.players[seat], m.state["pending"], m.state
    coins = int(s["turn"]["coins"])
    if p is None:
        return trn("{player}: play cards or buy from the supply ({n} coin to spend), then end "
                   "the turn.", "{player}: play cards or buy from the supply ({n} coins to "
                   "spend), then end the turn.", coins, player=name)
    if p["kind"] == "start":
        if p.get("row"):
            return tr("{player}: place your starting rail on a space of row {row}.", player=name,
                      row=p["row"].upper())
        if m.started_under < 2:
            return tr("{player}: place your free starting rail; choose the row of its space "
                      "first.", player=name)
        return tr("{player}: place your free starting rail on a land space without a rail "
                  "(a city, or a space such as C4), not on a remote location.", player=name)
    card = m.cards.name(p["card"]) if p.get("card") in m.cards.cards else ""
    if p["kind"] == "lay":
        if p.get("row"):
            return trn("{player}: lay a rail with {card} on a space in row {row} ({n} coin to "
                       "spend).", "{player}: lay a rail with {card} on a space in row {row} "
                       "({n} coins to spend).", coins, player=name, card=card,
                       row=p["row"].upper())
        return trn("{player}: lay a rail with {card} on a space next to your rails ({n} coin "
                   "to spend).", "{player}: lay a rail with {card} on a space next to your "
                   "rails ({n} coins to spend).", coins, player=name, card=card)
    if p["kind"] == "discard":
        return trn("{player}: discard {n} card from your hand ({card}).",
                   "{player}: discard {n} cards from your hand ({card}).",
                   int(p["to_discard"]), player=name, card=card)
    if p["kind"] == "station":
        return tr("{player}: place a station on a city with a free slot ({card}).", player=name,
                  card=card)
    return tr("{player}: {step}.", player=name, step=STEPS[p["kind"]].prompt(card))
