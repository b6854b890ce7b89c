"""Why a typed Trains move is refused: what the player has, what it needs, what comes first.

Only the seat that typed reads a refusal, so it may name that seat's own cards.
"""

from __future__ import annotations

from collections import Counter

from rules.core.lang import tr, trn
from rules.core.reading import closest_name
from rules.core.text import echo, normalize
from rules.trains.base import TrainsBase
from rules.trains.board import ROW_LETTERS
from rules.trains.effects.misc import wagon_targets
from rules.trains.names import (
    COMMANDS,
    HEX_VERBS,
    PICKS,
    VERBS,
    command_word,
    find_card,
    find_hex,
    verb_word,
)
from rules.trains.table import Pending, Table
from rules.trains.words import lay_terms, place, spot

MAIN_VERBS = ("play", "buy", "pass", "end")


def cards_words(m: TrainsBase, cards: list[str]) -> str:
    """"2 × Normal Train, Waste" (or "nothing")."""
    counts = Counter(m.cards.name(c) for c in cards)
    return ", ".join(n if k == 1 else f"{k} × {n}" for n, k in sorted(counts.items())) or \
        tr("nothing")


class Refusal:
    """Works out the reason for one typed text of the due seat."""

    def __init__(self, m: TrainsBase, seat: int, typed: str) -> None:
        self.m = m
        self.t: Table = m.table()
        self.p: Pending | None = m.state["pending"]
        self.typed = _english(typed)
        self.verb, _, self.rest = self.typed.partition(" ")
        self.coins = int(m.state["turn"]["coins"])

    def unknown_card(self) -> str:
        """No card is called that: say so, with the nearest card name (as the card prints it)."""
        near = closest_name(self.rest, [self.m.cards.name(c) for c in self.m.cards.cards])
        if near:
            return tr("no Trains card is called “{typed}”; did you mean {card}?",
                      typed=echo(self.rest), card=near)
        return tr("no Trains card is called “{typed}”.", typed=echo(self.rest))

    def unknown_space(self) -> str:
        """No space is called that on this map: the nearest city name, when one is close."""
        near = closest_name(self.rest, [h.name for h in self.m.board.hexes.values() if h.name])
        if near:
            return tr("there is no space called “{typed}” on the {map} map; did you mean "
                      "{space}?", typed=echo(self.rest), map=self.m.board.title, space=near)
        return tr("there is no space called “{typed}” on the {map} map: name a city or a label "
                  "drawn on a space, such as C4", typed=echo(self.rest), map=self.m.board.title)

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
            return self.under_way()
        verbs = {a.rpartition(" ")[0] for a in self.m.legal(self.t.seat) if " " in a}
        if self.verb in PICKS and self.verb not in verbs:
            return tr("this step is not `{verb}`: {step}", verb=verb_word(self.verb),
                      step=self.step())
        if self.verb in PICKS or find_card(self.typed):
            return self.pick(p, kind)
        return None

    def card(self) -> str:
        """The name of the card whose effect is under way."""
        cid = (self.p or {}).get("card")
        return self.m.cards.name(cid) if cid in self.m.cards.cards else tr("the effect")

    def under_way(self) -> str:
        """`skip` once the effect is committed."""
        return tr("the effect of {card} is already under way: it can't be skipped now",
                  card=self.card())

    def step(self) -> str:
        """The pending decision, as the prompt says it, without the player's name."""
        said = self.m.prompt(self.t.seat).split(": ", 1)[1].replace(f" ({self.card()})", "")
        return said.rstrip(".")

    def finish_first(self) -> str:
        """A move of another step while an effect waits for its choice."""
        return tr("finish {card} first: {step}", card=self.card(), step=self.step())

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
                return self.not_in_hand(cid)
            if card.is_("vp"):
                return tr("{card} is a VP card: it cannot be played, it scores at the end",
                          card=m.cards.name(cid))
            if card.is_("waste"):
                return tr("Waste cannot be played: pass before playing or buying anything to "
                          "return it, or use a card that returns Waste")
            return None
        if v == "buy":
            return self.buy(rest)
        if v == "pass":
            if self.t.turn["acted"]:
                return tr("you may pass only before playing or buying anything this turn; "
                          "use `end turn`")
            return tr("passing returns the Waste in your hand and you hold none; use `end turn`")
        if v == "lay":
            return tr("to lay a rail, play a Rail card such as Lay Rails first")
        if v == "station":
            return tr("to place a station, play Station Expansion first")
        if v == "start":
            return tr("the starting rails are all placed; lay rails with Rail cards")
        if v in ("skip", "apply", "done", "none", *PICKS):
            return tr("no card effect is waiting: play or buy cards, or end the turn")
        return None

    def not_in_hand(self, cid: str) -> str:
        """A card named that the hand does not hold, with what it does hold."""
        return tr("you have no {card} in your hand (your hand: {hand})",
                  card=self.m.cards.name(cid), hand=cards_words(self.m, self.hand()))

    def buy(self, rest: str) -> str | None:
        """Why that card cannot be bought now."""
        m = self.m
        cid = find_card(rest)
        if cid is None:
            return self.unknown_card()
        card, name = m.cards[cid], m.cards.name(cid)
        supply = m.state["supply"]
        if cid == "waste":
            return tr("Waste can never be bought")
        if cid not in supply:
            if cid == "normal-train":
                return tr("{card} is not in this game's supply (Normal Train never is)",
                          card=name)
            return tr("{card} is not in this game's supply", card=name)
        if supply[cid] <= 0:
            return tr("the {card} pile is empty", card=name)
        if card.cost > self.coins:
            return trn("{card} costs {cost} and you have {n} coin: play cards from your hand "
                       "for coins first", "{card} costs {cost} and you have {n} coins: play "
                       "cards from your hand for coins first", self.coins, card=name,
                       cost=card.cost)
        return None

    # -- spaces ------------------------------------------------------------------------------
    def hex_step(self, kind: str) -> str | None:
        """A starting rail, a rail or a station on a space that does not allow it."""
        m, t, p = self.m, self.t, self.p or {}
        if self.verb in ("row", "back"):
            if t.rows_menu:
                return None
            return tr("there are no rows to choose: name the space itself, as the board labels "
                      "it (a city name, or a label such as C4)")
        if kind == "start" and self.verb != "start" and self.verb in (
                *MAIN_VERBS, *HEX_VERBS, *PICKS, "skip", "apply", "done", "none"):
            return tr("first place your starting rail: the game begins once everyone has one")
        if self.verb in (*MAIN_VERBS, *PICKS, "apply", "done", "none"):
            if p.get("optional"):
                return tr("finish {card} first: choose a space, or skip it", card=self.card())
            return tr("finish {card} first: choose a space", card=self.card())
        if self.verb == "skip":
            return self.under_way()
        if self.verb in HEX_VERBS and self.verb != kind:
            return self.other_verb(kind)
        rest = self.rest if self.verb in HEX_VERBS else self.typed
        hex_id = find_hex(m.board.id, rest)
        if hex_id is None:
            return self.unknown_space() if self.verb in HEX_VERBS else None
        why = self.space(kind, hex_id)
        h = m.board.hexes[hex_id]
        row = p.get("row")
        if why is None and t.rows_menu and row is None and any(
                a.startswith("row ") for a in m.legal(t.seat)):
            return tr("choose the row first: `row {letter}` holds {space}",
                      letter=ROW_LETTERS[h.row], space=place(h))
        if why is None and row is not None and ROW_LETTERS[h.row] != row:
            return tr("you are looking at row {row}; go `back` to reach {space}",
                      row=row.upper(), space=place(h))
        return why

    def other_verb(self, kind: str) -> str:
        """A space named with the verb of another step."""
        if kind == "start":
            return tr("the starting rails are all placed")
        move, card = self.example(), self.card()
        if kind == "lay":
            return tr("{card} lays a rail now: name a space, e.g. `{move}`", card=card,
                      move=move) if move else tr("{card} lays a rail now: name a space", card=card)
        return tr("{card} places a station now: name a city, e.g. `{move}`", card=card,
                  move=move) if move else tr("{card} places a station now: name a city", card=card)

    def example(self) -> str:
        """"lay D4", from the spaces offered now (nothing when none is)."""
        for action in self.m.legal(self.t.seat):
            verb, _, arg = action.partition(" ")
            if verb in HEX_VERBS and arg in self.m.board.hexes:
                h = self.m.board.hexes[arg]
                return f"{verb_word(verb)} {h.name or h.coord.upper()}"
        return ""

    def space(self, kind: str, hex_id: str) -> str | None:
        """What bars a starting rail, a rail or a station from that space."""
        m = self.m
        h = m.board.hexes[hex_id]
        cubes = m.state["cubes"].get(hex_id, [])
        if kind == "start":
            if h.terrain == "sea":
                return tr("{space} is sea: no rail can go there", space=spot(h))
            if h.terrain == "remote":
                return tr("{space} is a remote location: no starting rail there", space=spot(h))
            if cubes:
                return tr("{space} already holds {player}'s rail", space=place(h),
                          player=m.players[cubes[0]])
            return None
        if kind == "station":
            if h.terrain != "city":
                return tr("{space} is not a city: stations go on cities", space=spot(h))
            if m.state["stations_left"] <= 0:
                return tr("every station pawn is already on the board")
            have = m.state["stations"].get(hex_id, 0)
            if have < h.buildings:
                return None
            return trn("{space} is full: {have} of {n} station slot",
                       "{space} is full: {have} of {n} station slots", h.buildings,
                       space=place(h), have=have)
        return self.lay(hex_id)

    def lay(self, hex_id: str) -> str | None:
        """Why no rail of this player can go there now."""
        m, t = self.m, self.t
        h = m.board.hexes[hex_id]
        mine = [x for x, seats in m.state["cubes"].items() if t.seat in seats]
        if t.me()["cubes_left"] <= 0:
            return tr("you have laid all your {count} rails",
                      count=m.cards.game["cubes_per_player"])
        if hex_id in mine:
            return tr("you already have a rail on {space}", space=place(h))
        if h.terrain == "sea":
            return tr("{space} is sea: no rail can go there", space=spot(h))
        if not any(hex_id in m.board.adjacent[x] for x in mine):
            cut = [x for x in mine if _touching(m, x, hex_id)]
            if cut:
                return tr("a barrier line separates {space} from your rail on {other}",
                          space=place(h), other=place(m.board.hexes[cut[0]]))
            return tr("{space} is not next to any of your rails", space=place(h))
        terms = lay_terms(t, hex_id)
        if terms is not None and terms[0] > self.coins:
            return trn("a rail on {space} costs {cost} ({why}) and you have {n} coin",
                       "a rail on {space} costs {cost} ({why}) and you have {n} coins",
                       self.coins, space=place(h), cost=terms[0], why=terms[1])
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
            return self.not_in_hand(cid)
        if kind in ("maintenance", "wagon") and not m.cards[cid].is_("train"):
            return tr("{card} is not a Train card", card=name)
        if kind == "maintenance":
            return tr("the {card} pile is empty", card=name) if cid != "normal-train" else \
                tr("Normal Train is never in the supply, so no copy can be gained")
        printed = self.t.printed
        if kind == "wagon":
            cost = m.cards[cid].cost + 3
            if printed:
                return tr("no Train costing up to {cost} is left in the supply to gain for "
                          "{card}", cost=cost, card=name)
            return tr("no Train costing exactly {cost} is left in the supply to gain for {card}",
                      cost=cost, card=name)
        if kind == "wagon_gain":
            trashed = m.cards[p["trashed"]]
            offered = ", ".join(m.cards.name(c) for c in wagon_targets(self.t, trashed.id))
            said = dict(cost=trashed.cost + 3, card=m.cards.name(trashed.id), cards=offered)
            if printed:
                return tr("Wagon Factory gains a Train costing up to {cost} ({card} + 3): {cards}",
                          **said)
            return tr("Wagon Factory gains a Train costing exactly {cost} ({card} + 3): {cards}",
                      **said)
        if kind == "info_take":
            return tr("{card} is not among the revealed cards ({cards})", card=name,
                      cards=cards_words(m, p["revealed"]))
        if kind == "info_order":
            return tr("{card} is not among the cards left to put back ({cards})", card=name,
                      cards=cards_words(m, p["left"]))
        if kind == "pulling":
            return tr("your discard pile holds no {card} (only Train cards can be taken)",
                      card=name)
        if kind in ("amusement", "switchback"):
            return tr("{card} is not a Train card in your play area", card=name)
        if kind == "copy":
            if printed:
                return tr("Stationmaster Office copies another Action card in your hand whose "
                          "effect can be used now; {card} is not one", card=name)
            return tr("Stationmaster Office copies another Action card in play whose effect "
                      "can be used now; {card} is not one", card=name)
        if kind == "name":
            return tr("{card} is not used in this game", card=name)
        return None

    def freight(self) -> str | None:
        """Returning more Waste than the hand holds."""
        held = self.hand().count("waste")
        want = self.rest
        if want.isdigit():
            return (trn("you have {held} Waste in your hand; returning {want} needs {want}",
                        "you have {held} Waste in your hand; returning {want} needs {want}",
                        held, held=held, want=want)
                    if int(want) > held else tr("return at least 1 Waste, or skip"))
        return None


def _touching(m: TrainsBase, a: str, b: str) -> bool:
    """True when two spaces touch on the grid (whether or not a barrier cuts them apart)."""
    ha, hb = m.board.hexes[a], m.board.hexes[b]
    shift = (-1, 0) if ha.row % 2 == 0 else (0, 1)
    near = [(ha.row, ha.col - 1), (ha.row, ha.col + 1)]
    near += [(ha.row + dr, ha.col + dc) for dr in (-1, 1) for dc in shift]
    return (hb.row, hb.col) in near


def _english(typed: str) -> str:
    """A typed (normalized) move with its command or verb said the English way, as the
    actions are written ("fin du tour" -> "end turn", "poser d4" -> "lay d4")."""
    for command in COMMANDS:
        if typed == normalize(command_word(command)):
            return command
    verb, _, rest = typed.partition(" ")
    for english in VERBS:
        if verb == normalize(verb_word(english)) and rest:
            return f"{english} {rest}"
    return typed


def refusal(m: TrainsBase, seat: int, typed: str) -> str | None:
    """The reason a due seat's typed text names no legal action, when the game can tell."""
    return Refusal(m, seat, typed).reason()
