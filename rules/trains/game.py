"""Trains (Hisashi Hayashi): build a deck, lay rails around Tokyo or Osaka, grow stations.

Rulebook sections are cited by their French titles ("Tour d'un joueur", "Jouer une carte", ...).
"""

from __future__ import annotations

from typing import Any

from rules.core.choices import Choice
from rules.core.errors import IllegalAction
from rules.core.journal import Line
from rules.core.lang import Msg, msg, msgn, tr
from rules.core.match import GameInfo, Option
from rules.core.rng import Rng
from rules.core.standing import Standing
from rules.trains import names, panel, refusals, scoring, stall, standing
from rules.trains.base import TrainsBase
from rules.trains.cards import choose_kingdom
from rules.trains.effects import EFFECTS, STEPS, hex_menu, hex_menu_moved, skip
from rules.trains.table import Pending, Table, joined_and, waste_msg
from rules.trains.views import private_view, public_view
from rules.trains.words import Labeller, prompt

KINGDOMS = ("random", "first-game", "tokyo-beginner", "osaka-beginner", "reforming-tunneling",
            "holiday-pass", "custom")
# Until free-text options exist, the one accepted custom list is this example.
SAMPLE_CUSTOM = ("landfill,ironworks,tunnel,viaduct,garage,signals,freight-train,wagon-factory")

INFO = GameInfo(
    id="trains",
    title="Trains",
    min_players=2,
    max_players=4,
    options=(
        Option("map", "Board side: Tokyo or Osaka.", ("tokyo", "osaka"), "tokyo"),
        Option("kingdom", "The 8 selectable cards: random, first game (Landfill + 7 random), "
               "a rulebook preset, or your own list (custom_cards).", KINGDOMS, "random"),
        Option("custom_cards", "With kingdom=custom: 8 selectable cards, comma-separated.",
               (), SAMPLE_CUSTOM),
        Option("printed_cards", "Use the printed card texts of Stationmaster Office, Wagon "
               "Factory, Subway Excavation and Ironworks instead of the rulebook's.",
               ("no", "yes"), "no"),
    ),
    summary="Deck-building railway game: buy trains and rail cards, lay track across Tokyo or "
    "Osaka, expand stations, and score the most VP.",
    hidden_information=True,
)


def joined_semi(items: list[Msg]) -> Msg:
    """Items "a; b; c" kept unsaid."""
    if len(items) == 1:
        return items[0]
    return msg("{first}; {rest}", first=items[0], rest=joined_semi(items[1:]))


def _new_turn() -> dict[str, Any]:
    return {"coins": 0, "play": [], "gained": [], "bought": [], "acted": False, "next_id": 0}


class Trains(TrainsBase):
    """A match of Trains."""

    info = INFO
    # 2: the starting rail (and any long list of spaces) is one decision, not row then space.
    # 3: two whole rounds without a card taken from the supply, a rail laid or a station placed
    # end the game (`stall.py`; the rulebook's three conditions alone let a table that only
    # ends its turns play for ever).
    rules_version = 3

    # -- set-up ('Installation') -----------------------------------------------------------
    def setup(self, rng: Rng) -> list[Line]:
        """Board side, supply, kingdom, starting decks of 10 and hands of 5, first player."""
        cards, n = self.cards, len(self.players)
        game = cards.game
        kingdom = choose_kingdom(cards, self.options["kingdom"],
                                 self.options.get("custom_cards", ""), rng)
        supply = {}
        for cid in [*game["base_supply"], *sorted(kingdom, key=lambda c: (cards[c].cost, c))]:
            supply[cid] = cards[cid].pile - game["dealt_per_player"].get(cid, 0) * n
        players = []
        for _ in self.players:
            deck = [c for c, k in game["starting_deck"].items() for _ in range(k)]
            rng.shuffle(deck)
            players.append({"hand": deck[:game["hand_size"]], "deck": deck[game["hand_size"]:],
                            "discard": [], "vp": 0, "cubes_left": game["cubes_per_player"],
                            "known_top": 0})
        first = rng.below(n)
        self.state = {
            "map": self.options["map"], "printed": self.options["printed_cards"] == "yes",
            "kingdom": kingdom, "supply": supply, "trash": [], "cubes": {}, "stations": {},
            "stations_left": game["station_pawns"], "players": players, "first": first,
            "phase": "start", "current": first, "placed": 0, "turn_number": 0,
            "turn": _new_turn(), "pending": {"kind": "start", "row": None, "optional": False},
            "end_reasons": [],
        }
        return [
            msg("Trains on the {map} map. Kingdom: {cards}.", map=self.board.title,
                cards=cards.words(kingdom)),
            msg("Each player shuffles 7 Normal Train, 2 Lay Rails and 1 Station Expansion "
                "and draws 5 cards."),
            msg("{player} is the first player and places a starting rail first.",
                player=self.players[first]),
        ]

    # -- the contract -------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        """Only the current player ever decides."""
        return [] if self.state["phase"] == "over" else [int(self.state["current"])]

    def legal(self, seat: int) -> list[str]:
        """The seat's next small decision."""
        if seat not in self.to_act():
            return []
        t = self.table()
        p = self.state["pending"]
        if p is None:
            return self._main_options(t)
        if p["kind"] == "start":
            return hex_menu(t, p, t.start_options(), "start")
        return STEPS[p["kind"]].options(t, p)

    def spellings(self, seat: int) -> list[tuple[str, str]]:
        """Canonical actions plus card names, French names, place names and board labels."""
        return names.spellings(self, seat)

    def choices(self, seat: int) -> list[Choice]:
        """Every legal action in plain words; spaces grouped by row, main moves by verb."""
        return Labeller(self, seat).choices(self.legal(seat))

    def label(self, seat: int, action: str) -> str:
        """One legal action in plain words: what it costs and gives."""
        return Labeller(self, seat).label(action)[0]

    def refusal(self, seat: int, typed: str) -> str | None:
        """Why a typed move is refused: coins, cards in hand, reach, order of steps."""
        return refusals.refusal(self, seat, typed)

    def private_lines(self, seat: int) -> list[str]:
        """The seat's hand, deck and discard pile, and its pending decision in words."""
        return panel.private_lines(self, seat)

    def apply(self, seat: int, action: str, rng: Rng) -> list[Line]:
        """Apply a canonical legal action for the current player."""
        t = self.table(rng)
        p = self.state["pending"]
        if p is not None and p["kind"] == "start":
            self._apply_start(t, p, action)
        elif p is not None and action == "skip":
            skip(t, p)  # declining any optional effect is the same everywhere (all-or-nothing)
            self.state["pending"] = None
        elif p is not None:
            self.state["pending"] = STEPS[p["kind"]].choose(t, p, action)
        else:
            self._apply_main(t, action)
        return t.lines

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Public view; a seat also sees its own hand, discard pile and what it looked at."""
        return public_view(self) if seat is None else private_view(self, seat)

    def computer_view(self, seat: int) -> dict[str, Any]:
        """The seat's view without the words and drawings meant for people."""
        return private_view(self, seat, lean=True)

    def scores(self) -> list[float]:
        """VP now: score track, VP cards owned, rail cubes on cities and remote locations."""
        return [float(self.score(seat)) for seat in range(len(self.players))]

    def score(self, seat: int) -> int:
        """One player's VP ('Conditions de fin de partie' bonuses and 'Points sur les cartes')."""
        return scoring.score(self, seat)

    def standing(self) -> Standing:
        """VP now, and how near the end is (public: every purchase is seen)."""
        return standing.standing(self)

    def winners(self) -> list[int]:
        """Most VP; tied players share the win ('Le vainqueur')."""
        if self.state["phase"] != "over":
            return []
        scores = self.scores()
        return [i for i, v in enumerate(scores) if v == max(scores)]

    def prompt(self, seat: int) -> str:
        """What the current player must decide (safe to show everyone)."""
        return prompt(self, seat) if seat in self.to_act() else ""

    # -- starting rails ('Placer la voie ferrée de départ') ------------------------------------
    def _apply_start(self, t: Table, p: Pending, action: str) -> None:
        if hex_menu_moved(p, action):
            return
        s = self.state
        hex_id = action.removeprefix("start ")
        s["cubes"][hex_id] = [t.seat]
        t.me()["cubes_left"] -= 1
        t.say(msg("{player} places the starting rail on {space}.", player=t.who(),
                  space=self.board.hexes[hex_id].label))
        s["placed"] += 1
        s["current"] = (t.seat + 1) % len(self.players)
        if s["placed"] < len(self.players):
            s["pending"] = {"kind": "start", "row": None, "optional": False}
            return
        s["phase"], s["pending"], s["turn_number"] = "turn", None, 1
        t.say(msg("{player} begins.", player=self.players[s["current"]]))

    # -- the main decision ('Tour d'un joueur') -------------------------------------------------
    def _main_options(self, t: Table) -> list[str]:
        cards, turn = self.cards, self.state["turn"]
        out = [f"play {c}" for c in t.hand_kinds() if cards[c].playable]
        out += [f"buy {c}" for c, n in self.state["supply"].items()
                if c != "waste" and n > 0 and cards[c].cost <= turn["coins"]]
        if not turn["acted"] and "waste" in t.me()["hand"]:
            out.append("pass")
        return out + ["end turn"]

    def _apply_main(self, t: Table, action: str) -> None:
        verb, _, arg = action.partition(" ")
        if verb == "play":
            self.state["pending"] = self._play(t, arg)
        elif verb == "buy":
            self.state["pending"] = self._buy(t, arg)
        elif action == "pass":
            n = t.me()["hand"].count("waste")
            t.return_waste(n)
            t.say(msgn("{player} passes and returns {n} Waste to the supply.",
                       "{player} passes and returns {n} Wastes to the supply.", n,
                       player=t.who()))
            self._end_turn(t)
        elif action == "end turn":
            self._end_turn(t)
        else:
            raise IllegalAction(tr("`{action}` is not possible now.", action=action))

    def _play(self, t: Table, cid: str) -> Pending | None:
        """'Jouer une carte': coins at once; an effect may be applied, whole or not at all."""
        card, turn = self.cards[cid], t.turn
        t.me()["hand"].remove(cid)
        eid = turn["next_id"]
        turn["next_id"] += 1
        turn["play"].append({"id": eid, "card": cid, "effect": card.effect, "on": False})
        turn["acted"] = True
        coins = t.play_coins(cid)
        t.add_coins(coins)
        t.say(msgn("{player} plays {card} (+{n} coin, {total} in all).",
                   "{player} plays {card} (+{n} coins, {total} in all).", coins,
                   player=t.who(), card=t.name(cid), total=turn["coins"]))
        if card.effect is None:
            return None
        effect = EFFECTS[card.effect]
        if not effect.can(t, eid):
            t.say(msg("The effect of {card} cannot be applied now.", card=t.name(cid)))
            return None
        return effect.start(t, eid, False)

    def _buy(self, t: Table, cid: str) -> Pending | None:
        """'Acheter une carte': pay its cost; it goes to the gained pile (Early Train: or deck)."""
        card = self.cards[cid]
        t.turn["coins"] -= card.cost
        t.turn["acted"] = True
        t.turn["bought"].append(cid)
        self.state["supply"][cid] -= 1
        waste = waste_msg(t.gain_waste()) if card.is_("vp") else None
        t.turn["gained"].append(cid)
        if waste is None:
            t.say(msg("{player} buys {card}.", player=t.who(), card=t.name(cid)))
        else:
            t.say(msg("{player} buys {card} and gains {gained}.", player=t.who(),
                      card=t.name(cid), gained=waste))
        if t.active("early-train"):
            return {"kind": "buy_dest", "card": cid, "optional": False}
        return None

    # -- clean-up and the end ('Nettoyage', 'Conditions de fin de partie') -----------------------
    def _end_turn(self, t: Table) -> None:
        s, me = self.state, t.me()
        me["discard"] += [e["card"] for e in s["turn"]["play"]] + s["turn"]["gained"] + me["hand"]
        me["hand"] = []
        s["turn"] = _new_turn()
        t.say(msg("{player} ends the turn.", player=t.who()))
        got = t.draw(self.cards.game["hand_size"])
        t.say(msgn("{player} draws {n} card.", "{player} draws {n} cards.", got,
                   player=t.who()))
        stalled = stall.record_turn(self)  # version 3: two rounds without progress
        reasons = self._end_reasons() + ([stalled] if stalled else [])
        if reasons:
            # Kept unsaid in the state, so a game reads the same in every language.
            s["phase"], s["end_reasons"] = "over", [r.to_json() for r in reasons]
            t.say(msg("Game over: {reasons}.", reasons=joined_semi(reasons)))
            for seat, name in enumerate(self.players):
                t.say(msg("{player}: {score} VP.", player=name, score=self.score(seat)))
            t.say(msg("Winner: {players}.", players=joined_and(
                [self.players[w] for w in self.winners()])))
            return
        s["current"] = (t.seat + 1) % len(self.players)
        s["turn_number"] += 1

    def _end_reasons(self) -> list[Msg]:
        """Any of the three end conditions, checked after each turn."""
        s, game = self.state, self.cards.game
        out = []
        empty = [c for c, n in s["supply"].items() if c != "waste" and n == 0]
        if len(empty) >= game["empty_piles_to_end"]:
            out.append(msg("{count} supply piles are empty ({cards})", count=len(empty),
                           cards=self.cards.words(empty)))
        for seat, p in enumerate(s["players"]):
            if p["cubes_left"] == 0:
                out.append(msg("{player} has laid all {count} rails", player=self.players[seat],
                               count=game["cubes_per_player"]))
        if s["stations_left"] == 0:
            out.append(msg("every station pawn is on the board"))
        return out
