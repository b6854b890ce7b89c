"""'Préparation' and 'Jeu expert': market, contracts, rail cards, route cards, locomotives."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.core.journal import Line
from rules.core.lang import Msg, msg, msgn, word
from rules.core.rng import Rng
from rules.core.text import slug
from rules.spike.board import load_board
from rules.spike.said import city_money_msg, colours_msg, joined, joined_semi
from rules.spike.turn import TurnMixin

REGIONS = ("west", "central", "east")
# The line that closes the set-up (last_move.py finds where play starts by it).
PLAY_STARTS = "Every locomotive is placed. {player} begins."


@lru_cache(maxsize=1)
def _regions() -> dict[str, tuple[str, ...]]:
    """The packaged board's cities in three groups west to east (computed once)."""
    board = load_board()
    names = sorted(board.cities, key=lambda c: (board.points[board.city_point(c)].x, c))
    third = -(-len(names) // len(REGIONS))
    return {r: tuple(sorted(names[i * third:(i + 1) * third])) for i, r in enumerate(REGIONS)}


class SetupMixin(TurnMixin):
    """Everything before the first turn, including the set-up decisions of each player."""

    def build_state(self, rng: Rng) -> list[Line]:
        """Fill the state for a new game and return the public opening lines."""
        board, rules, n = self.board, self.board.rules, len(self.players)
        expert_contracts = self.options["expert_contracts"] == "yes"
        expert_routes = self.options["expert_routes"] == "yes"
        # 2. The goods market: tokens at random, four columns of $3, $2, $1.
        goods = list(board.goods)
        rng.shuffle(goods)
        rows = len(rules["market_rows"])
        market = [goods[i * rows:(i + 1) * rows] for i in range(rules["market_columns"])]
        # 4. One contract card of each good, at random, dealt face as it comes.
        picked: list[dict[str, Any]] = []
        for good in board.goods:
            card = rng.below(3) + 1
            side = None if expert_contracts else rng.choice(("a", "b"))
            picked.append({"good": good, "card": card, "side": side, "token": "card",
                           "delivered": None})
        rng.shuffle(picked)
        first = rng.below(n)
        order = self.clockwise(first)
        hands: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        for i, contract in enumerate(picked):
            hands[order[i % n]].append(contract)
        # 6. Rail cards (three of each kind fewer with two players), five each.
        per_kind = rules["rail_cards_per_kind"] - (rules["removed_per_kind_two_players"]
                                                   if n == 2 else 0)
        deck = [code for code in board.kind_codes for _ in range(per_kind)]
        rng.shuffle(deck)
        # 8. Route cards, face down (expert: two each, keep one).
        routes = list(range(len(board.routes)))
        rng.shuffle(routes)
        dealt = 2 if expert_routes else 1
        players = []
        for seat in range(n):
            hand = {code: 0 for code in board.kind_codes}
            for _ in range(rules["hand_size"]):
                hand[deck.pop(0)] += 1
            offer = [routes.pop(0) for _ in range(dealt)]
            players.append({
                "money": 0,
                "income": {"goods": 0, "deliveries": 0, "upgrades": 0, "route": 0},
                "hand": hand,
                "tracks": rules["track_per_player"],
                "start": None,
                "train": {"point": None, "space": None},
                "levels": {"speed": 0, "power": 0, "cargo": 0},
                "contracts": hands[seat],
                "deliveries": [],
                "route": offer[0] if dealt == 1 else None,
                "route_offer": offer if dealt > 1 else [],
            })
        display = deck[: rules["display_size"]]
        queue: list[dict[str, Any]] = []
        if expert_contracts:
            queue += [{"kind": "side", "seat": seat, "contract": i}
                      for seat in order for i in range(len(hands[seat]))]
        queue.append({"kind": "give", "seat": first})
        if expert_routes:
            queue += [{"kind": "route", "seat": seat} for seat in order]
        queue += [{"kind": "place", "seat": seat, "region": None} for seat in order]
        self.state = {
            "phase": "setup",
            "first": first,
            "current": first,
            "turn_number": 0,
            "round": 1,
            "time_drawn": 0,
            "pending_round": False,
            "dealing": False,
            "market": market,
            "deck": deck[rules["display_size"]:],
            "display": display,
            "discard": [],
            "owners": [None] * len(board.spaces),
            "players": players,
            "turn": {"arrived": False},
            "setup_queue": queue[1:],
            "step": queue[0],
            "final_turns": None,
            "end_reason": None,
        }
        lines: list[Line] = [msg("Spike for {n} players. Round 1 begins. {player} is the first "
                                 "player.", n=n, player=self.who(first))]
        lines.append(msg("Goods market: {rows}.", rows=joined_semi([
            msg("${price}: {goods}", price=price, goods=joined([word(col[r]) for col in market]))
            for r, price in enumerate(rules["market_rows"])])))
        for seat in order:
            lines.append(msg("{player} receives contracts: {contracts}.", player=self.who(seat),
                             contracts=joined([self._contract_text(c) for c in hands[seat]])))
        lines.append(msgn("Each player draws {cards} rail cards and {n} route card; display: "
                          "{display}.",
                          "Each player draws {cards} rail cards and {n} route cards; display: "
                          "{display}.", dealt, cards=rules["hand_size"],
                          display=colours_msg([self.card_word(c) for c in display])))
        return lines

    def _contract_text(self, contract: dict[str, Any]) -> Msg:
        """'wheat (Chicago $5, ...)', or just the good while its side is being chosen."""
        if contract["side"] is None:
            return msg("{good} (card {card}, side to choose)", good=word(contract["good"]),
                       card=contract["card"])
        dests = joined([city_money_msg(c, v) for c, v in self.destinations(contract)])
        return msg("{good} ({destinations})", good=word(contract["good"]), destinations=dests)

    def _next_setup_step(self, lines: list[Line]) -> None:
        """Move to the next set-up decision, or start the first turn."""
        s = self.state
        if s["setup_queue"]:
            s["step"] = s["setup_queue"].pop(0)
            return
        s["phase"] = "play"
        lines.append(msg("Every locomotive is placed. {player} begins.",
                         player=self.who(s["first"])))
        self.start_turn(int(s["first"]))

    # -- the decisions ------------------------------------------------------------------------
    def regions(self) -> dict[str, list[str]]:
        """Cities split west to east into three groups (a menu aid only), each by name."""
        return {r: list(names) for r, names in _regions().items()}

    def setup_options(self, seat: int) -> list[str]:
        """Contract side, card to give, route card to keep, or where to place the train."""
        step = self.step()
        p = self.me(seat)
        if step["kind"] == "side":
            return ["side a", "side b"]
        if step["kind"] == "give":
            return [f"give {self.card_word(c)}" for c in self.board.kind_codes if p["hand"][c]]
        if step["kind"] == "route":
            return [f"keep {slug(self.board.routes[i].top)}" for i in p["route_offer"]]
        if self.started_under >= 2:
            # One decision: every city, grouped by region only for menus (see `choices`).
            return [f"start {slug(c)}" for names in self.regions().values() for c in names]
        if step["region"] is None:
            return [f"region {r}" for r in REGIONS]
        return [f"start {slug(c)}" for c in self.regions()[step["region"]]] + ["back"]

    def apply_setup(self, seat: int, action: str) -> list[Line]:
        """Apply one set-up decision."""
        step = self.step()
        p = self.me(seat)
        verb, _, arg = action.partition(" ")
        lines: list[Line] = []
        if verb == "side":
            contract = p["contracts"][step["contract"]]
            contract["side"] = arg
            lines.append(msg("{player} chooses side {side} of the {good} contract: {contract}.",
                             player=self.who(seat), side=arg, good=word(contract["good"]),
                             contract=self._contract_text(contract)))
        elif verb == "give":
            # 6. 'Le premier joueur choisit une des cartes rails de sa main pour la donner
            # au joueur à sa droite' (the player before them in clockwise order).
            right = (seat - 1) % len(self.players)
            code = self.board.kind_by_card(arg)
            p["hand"][code] -= 1
            self.add_card(right, code)
            lines.append(msg("{player} gives one rail card to {other}.", player=self.who(seat),
                             other=self.who(right)))
        elif verb == "keep":
            keep = next(i for i in p["route_offer"] if slug(self.board.routes[i].top) == arg)
            p["route"] = keep
            p["route_offer"] = []
            lines.append(msg("{player} keeps one route card.", player=self.who(seat)))
        elif verb == "region":
            step["region"] = arg
            return lines
        elif verb == "back":
            step["region"] = None
            return lines
        else:
            city = next(c for c in self.board.cities if slug(c) == arg)
            point = self.board.city_point(city)
            p["start"] = point
            p["train"] = {"point": point, "space": None}
            lines.append(msg("{player} places their locomotive in {city}.",
                             player=self.who(seat), city=city))
        self._next_setup_step(lines)
        return lines
