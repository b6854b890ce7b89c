"""Why a typed Trains move is refused: what the player has, what it needs, what comes first.

Only the seat that typed reads a refusal, so it may name that seat's own cards.
"""

from __future__ import annotations

from collections import Counter

from rules.core.reading import closest_name
from rules.core.text import echo, plural
from rules.trains.base import TrainsBase
from rules.trains.board import ROW_LETTERS
from rules.trains.effects.misc import wagon_targets
from rules.trains.names import HEX_VERBS, PICKS, find_card, find_hex
from rules.trains.table import Pending, Table
from rules.trains.words import lay_terms, place, spot

MAIN_VERBS = ("play", "buy", "pass", "end")


def cards_words(m: TrainsBase, cards: list[str]) -> str:
    """"2 × Normal Train, Waste" (or "nothing")."""
    counts = Counter(m.cards.name(c) for c in cards)
    return ", ".join(n if k == 1 else f"{k} × {n}" for n, k in sorted(counts.items())) or \
        "nothing"


class Refusal:
    """Works out the reason for one typed text of the due seat."""

    def __init__(self, m: TrainsBase, seat: int, typed: str) -> None:
        self.m = m
        self.t: Table = m.table()
        self.p: Pending | None = m.state["pending"]
        self.typed = typed
        self.verb, _, self.rest = typed.partition(" ")
        self.coins = int(m.state["turn"]["coins"])

    def unknown_card(self) -> str:
        """No card is called that: say so, with the nearest card name (as the card prints it)."""
        near = closest_name(self.rest, [c.name for c in self.m.cards.cards.values()])
        hint = f"; did you mean {near}?" if near else "."
        return f"no Trains card is called “{echo(self.rest)}”{hint}"

    def unknown_space(self) -> str:
        """No space is called that on this map: the nearest city name, when one is close."""
        near = closest_name(self.rest, [h.name for h in self.m.board.hexes.values() if h.name])
        if near:
            return (f"there is no space called “{echo(self.rest)}” on the "
                    f"{self.m.board.title} map; did you mean {near}?")
        return (f"there is no space called “{echo(self.rest)}” on the {self.m.board.title} map: "
                "name a city or a label drawn on a space, such as C4")

    def hand(self) -> list[str]:
        """The seat's own hand."""
        hand: list[str] = self.t.me()["hand"]
        return hand

    def reason(self) -> str | None:
        """The reason, or None to let the core suggest the closest spellings."""
        p = self.p
        if p is None:
            return self.main()
        kind = p["kind"]
        if kind in HEX_VERBS:
            return self.hex_step(kind)
        if self.verb in (*MAIN_VERBS, *HEX_VERBS, "row", "back"):
            return self.finish_first()
        if kind == "freight" and self.verb == "return":
            return self.freight()
        if self.verb == "skip":
            return f"the effect of {self.card()} is already under way: it can't be skipped now"
        verbs = {a.rpartition(" ")[0] for a in self.m.legal(self.t.seat) if " " in a}
        if self.verb in PICKS and self.verb not in verbs:
            return f"this step is not `{self.verb}`: {self.step()}"
        if self.verb in PICKS or find_card(self.typed):
            return self.pick(p, kind)
        return None

    def card(self) -> str:
        """The name of the card whose effect is under way."""
        cid = (self.p or {}).get("card")
        return self.m.cards.name(cid) if cid in self.m.cards.cards else "the effect"

    def step(self) -> str:
        """The pending decision, as the prompt says it, without the player's name."""
        said = self.m.prompt(self.t.seat).split(": ", 1)[1].replace(f" ({self.card()})", "")
        return said.rstrip(".")

    def finish_first(self) -> str:
        """A move of another step while an effect waits for its choice."""
        return f"finish {self.card()} first: {self.step()}"

    # -- the main decision ------------------------------------------------------------------
    def main(self) -> str | None:
        """Play, buy, pass or end the turn."""
        v, rest, m = self.verb, self.rest, self.m
        if v == "play":
            cid = find_card(rest)
            if cid is None:
                return self.unknown_card()
            card = m.cards[cid]
            if cid not in self.hand():
                return (f"you have no {card.name} in your hand "
                        f"(your hand: {cards_words(m, self.hand())})")
            if card.is_("vp"):
                return f"{card.name} is a VP card: it cannot be played, it scores at the end"
            if card.is_("waste"):
                return ("Waste cannot be played: pass before playing or buying anything to "
                        "return it, or use a card that returns Waste")
            return None
        if v == "buy":
            return self.buy(rest)
        if v == "pass":
            if self.t.turn["acted"]:
                return ("you may pass only before playing or buying anything this turn; "
                        "use `end turn`")
            return "passing returns the Waste in your hand and you hold none; use `end turn`"
        if v in ("lay", "station", "start"):
            what = {"lay": "lay a rail, play a Rail card such as Lay Rails",
                    "station": "place a station, play Station Expansion",
                    "start": "the starting rails are all placed; lay rails with Rail cards"}[v]
            return what if v == "start" else f"to {what} first"
        if v in ("skip", "apply", "done", "none", *PICKS):
            return "no card effect is waiting: play or buy cards, or end the turn"
        return None

    def buy(self, rest: str) -> str | None:
        """Why that card cannot be bought now."""
        m = self.m
        cid = find_card(rest)
        if cid is None:
            return self.unknown_card()
        card = m.cards[cid]
        supply = m.state["supply"]
        if cid == "waste":
            return "Waste can never be bought"
        if cid not in supply:
            return (f"{card.name} is not in this game's supply"
                    + (" (Normal Train never is)" if cid == "normal-train" else ""))
        if supply[cid] <= 0:
            return f"the {card.name} pile is empty"
        if card.cost > self.coins:
            return (f"{card.name} costs {card.cost} and you have {plural(self.coins, 'coin')}: "
                    "play cards from your hand for coins first")
        return None

    # -- spaces ------------------------------------------------------------------------------
    def hex_step(self, kind: str) -> str | None:
        """A starting rail, a rail or a station on a space that does not allow it."""
        m, t, p = self.m, self.t, self.p or {}
        if self.verb in ("row", "back"):
            if t.rows_menu:
                return None
            return ("there are no rows to choose: name the space itself, as the board labels "
                    "it (a city name, or a label such as C4)")
        if kind == "start" and self.verb != "start" and self.verb in (
                *MAIN_VERBS, *HEX_VERBS, *PICKS, "skip", "apply", "done", "none"):
            return "first place your starting rail: the game begins once everyone has one"
        if self.verb in (*MAIN_VERBS, *PICKS, "apply", "done", "none"):
            skip = ", or skip it" if p.get("optional") else ""
            return f"finish {self.card()} first: choose a space{skip}"
        if self.verb == "skip":
            return f"the effect of {self.card()} is already under way: it can't be skipped now"
        if self.verb in HEX_VERBS and self.verb != kind:
            return {"start": "the starting rails are all placed",
                    "lay": f"{self.card()} lays a rail now: name a space{self.example()}",
                    "station": f"{self.card()} places a station now: name a city"
                               f"{self.example()}"}[kind]
        rest = self.rest if self.verb in HEX_VERBS else self.typed
        hex_id = find_hex(m.board.id, rest)
        if hex_id is None:
            return self.unknown_space() if self.verb in HEX_VERBS else None
        why = self.space(kind, hex_id)
        h = m.board.hexes[hex_id]
        row = p.get("row")
        if why is None and t.rows_menu and row is None and any(
                a.startswith("row ") for a in m.legal(t.seat)):
            return f"choose the row first: `row {ROW_LETTERS[h.row]}` holds {place(h)}"
        if why is None and row is not None and ROW_LETTERS[h.row] != row:
            return f"you are looking at row {row.upper()}; go `back` to reach {place(h)}"
        return why

    def example(self) -> str:
        """", e.g. `lay D4`", from the spaces offered now (nothing when none is)."""
        for action in self.m.legal(self.t.seat):
            verb, _, arg = action.partition(" ")
            if verb in HEX_VERBS and arg in self.m.board.hexes:
                h = self.m.board.hexes[arg]
                return f", e.g. `{verb} {h.name or h.coord.upper()}`"
        return ""

    def space(self, kind: str, hex_id: str) -> str | None:
        """What bars a starting rail, a rail or a station from that space."""
        m = self.m
        h = m.board.hexes[hex_id]
        cubes = m.state["cubes"].get(hex_id, [])
        if kind == "start":
            if h.terrain == "sea":
                return f"{spot(h)} is sea: no rail can go there"
            if h.terrain == "remote":
                return f"{spot(h)} is a remote location: no starting rail there"
            if cubes:
                return f"{place(h)} already holds {m.players[cubes[0]]}'s rail"
            return None
        if kind == "station":
            if h.terrain != "city":
                return f"{spot(h)} is not a city: stations go on cities"
            if m.state["stations_left"] <= 0:
                return "every station pawn is already on the board"
            have = m.state["stations"].get(hex_id, 0)
            if have < h.buildings:
                return None
            return f"{place(h)} is full: {have} of {plural(h.buildings, 'station slot')}"
        return self.lay(hex_id)

    def lay(self, hex_id: str) -> str | None:
        """Why no rail of this player can go there now."""
        m, t = self.m, self.t
        h = m.board.hexes[hex_id]
        mine = [x for x, seats in m.state["cubes"].items() if t.seat in seats]
        if t.me()["cubes_left"] <= 0:
            return f"you have laid all your {m.cards.game['cubes_per_player']} rails"
        if hex_id in mine:
            return f"you already have a rail on {place(h)}"
        if h.terrain == "sea":
            return f"{spot(h)} is sea: no rail can go there"
        if not any(hex_id in m.board.adjacent[x] for x in mine):
            cut = [x for x in mine if _touching(m, x, hex_id)]
            if cut:
                return (f"a barrier line separates {place(h)} from your rail on "
                        f"{place(m.board.hexes[cut[0]])}")
            return f"{place(h)} is not next to any of your rails"
        terms = lay_terms(t, hex_id)
        if terms is not None and terms[0] > self.coins:
            return (f"a rail on {place(h)} costs {terms[0]} ({terms[1]}) and you have "
                    f"{plural(self.coins, 'coin')}")
        return None

    # -- card choices inside effects ------------------------------------------------------------
    def pick(self, p: Pending, kind: str) -> str | None:
        """A card named inside an effect that is not one of the offered cards."""
        m = self.m
        rest = self.rest if self.verb in PICKS else self.typed
        cid = find_card(rest)
        if cid is None:
            return self.unknown_card()
        name = m.cards.name(cid)
        hand = self.hand()
        if kind in ("discard", "swap", "mail", "maintenance", "wagon") and cid not in hand:
            return f"you have no {name} in your hand (your hand: {cards_words(m, hand)})"
        if kind in ("maintenance", "wagon") and not m.cards[cid].is_("train"):
            return f"{name} is not a Train card"
        if kind == "maintenance":
            return f"the {name} pile is empty" if cid != "normal-train" else \
                "Normal Train is never in the supply, so no copy can be gained"
        if kind == "wagon":
            more = "up to" if self.t.printed else "exactly"
            cost = m.cards[cid].cost + 3
            return f"no Train costing {more} {cost} is left in the supply to gain for {name}"
        if kind == "wagon_gain":
            trashed = m.cards[p["trashed"]]
            more = "up to" if self.t.printed else "exactly"
            offered = ", ".join(m.cards.name(c) for c in wagon_targets(self.t, trashed.id))
            return (f"Wagon Factory gains a Train costing {more} {trashed.cost + 3} "
                    f"({trashed.name} + 3): {offered}")
        if kind == "info_take":
            return f"{name} is not among the revealed cards ({cards_words(m, p['revealed'])})"
        if kind == "info_order":
            return f"{name} is not among the cards left to put back ({cards_words(m, p['left'])})"
        if kind == "pulling":
            return f"your discard pile holds no {name} (only Train cards can be taken)"
        if kind in ("amusement", "switchback"):
            return f"{name} is not a Train card in your play area"
        if kind == "copy":
            where = "in your hand" if self.t.printed else "in play"
            return (f"Stationmaster Office copies another Action card {where} whose effect can "
                    f"be used now; {name} is not one")
        if kind == "name":
            return f"{name} is not used in this game"
        return None

    def freight(self) -> str | None:
        """Returning more Waste than the hand holds."""
        held = self.hand().count("waste")
        want = self.rest
        if want.isdigit():
            return (f"you have {held} Waste in your hand; returning {want} needs {want}"
                    if int(want) > held else "return at least 1 Waste, or skip")
        return None


def _touching(m: TrainsBase, a: str, b: str) -> bool:
    """True when two spaces touch on the grid (whether or not a barrier cuts them apart)."""
    ha, hb = m.board.hexes[a], m.board.hexes[b]
    shift = (-1, 0) if ha.row % 2 == 0 else (0, 1)
    near = [(ha.row, ha.col - 1), (ha.row, ha.col + 1)]
    near += [(ha.row + dr, ha.col + dc) for dr in (-1, 1) for dc in shift]
    return (hb.row, hb.col) in near


def refusal(m: TrainsBase, seat: int, typed: str) -> str | None:
    """The reason a due seat's typed text names no legal action, when the game can tell."""
    return Refusal(m, seat, typed).reason()
