"""The shared table: trains, goods, greens, switches, the station clock and the end of the game."""

from __future__ import annotations

from typing import Any

from rules.core.lang import Msg, msg, msgn
from rules.switch_signal.board import GOODS, Board, load_board
from rules.switch_signal.cards import COLOURS, Cards, load_cards
from rules.switch_signal.names import node_said, space_said, train_said
from rules.switch_signal.said import cube


def split_space(at: str) -> tuple[str, int]:
    """`PAR-J_DIJ:2` -> ("PAR-J_DIJ", 2)."""
    seg, _, index = at.partition(":")
    return seg, int(index)


class Table:
    """A thin helper over the plain JSON state of one match."""

    def __init__(self, state: dict[str, Any], players: list[str], version: int = 2) -> None:
        self.state = state
        self.players = players
        self.version = version  # the rules version the game started under
        self.board: Board = load_board(state["board"], version)
        self.cards: Cards = load_cards(version)

    # -- basics --------------------------------------------------------------------------------
    @property
    def trains(self) -> dict[str, dict[str, Any]]:
        """Train id -> {colour, at, heading, cargo}; `at` None means in the depot."""
        trains: dict[str, dict[str, Any]] = self.state["trains"]
        return trains

    @property
    def over(self) -> bool:
        """True once the game is won or lost."""
        return self.state["outcome"] is not None

    @property
    def active(self) -> int:
        """The active player's seat."""
        return int(self.state["active"])

    @property
    def name(self) -> str:
        """The active player's name."""
        return self.players[self.active]

    def place(self, at: str | None) -> str:
        """Readable name of a position, in the language spoken."""
        return self.place_said(at).said()

    def place_said(self, at: str | None) -> Msg:
        """Readable name of a position, kept unsaid."""
        if at is None:
            return msg("the depot")
        if ":" not in at:
            return node_said(self.board, at)
        seg_id, index = split_space(at)
        return space_said(self.board, seg_id, index)

    def train_at(self, at: str) -> str | None:
        """The train on a space, city, port or start space, if any."""
        for tid, train in self.trains.items():
            if train["at"] == at:
                return tid
        return None

    def on_network(self, colour: str | None = None) -> list[str]:
        """Trains on the network (not in the depot), optionally of one colour."""
        return [tid for tid, t in self.trains.items()
                if t["at"] is not None and (colour is None or t["colour"] == colour)]

    def in_depot(self, colour: str) -> list[str]:
        """Trains of a colour still in the depot."""
        return [tid for tid, t in self.trains.items() if t["at"] is None and t["colour"] == colour]

    def depot_colours(self) -> list[str]:
        """Colours with a train in the depot."""
        return [c for c in COLOURS if self.in_depot(c)]

    # -- signals and switches ---------------------------------------------------------------------
    def is_green(self, signal: str | None) -> bool:
        """No signal, or a green disc on it."""
        return signal is None or signal in self.state["greens"]

    def green_exits(self, node: str, exclude: str | None = None) -> list[str]:
        """Segments a train may leave a city or port by: the entrance light there is green."""
        out = []
        for seg in self.board.at_node(node):
            if seg.id != exclude and self.is_green(self.board.signal_in(seg.id, seg.gap_at(node))):
                out.append(seg.id)
        return out

    def city_greens(self, city: str) -> list[str]:
        """Green discs on the entrances of one city or port."""
        return [g for g in self.state["greens"] if self.board.signals[g].city == city]

    def can_pass_through(self, node: str) -> bool:
        """North America: every city and port; the dispatcher's turn in Europe: goods cities."""
        kind = self.board.nodes[node].kind
        if self.board.pass_through:
            return kind in ("city", "port")
        return kind == "city" and bool(self.state["dispatcher"])

    # -- goods -----------------------------------------------------------------------------------
    def port_accepts(self, port: str, colour: str | None) -> bool:
        """Whether a cube of that colour counts at that port (see the board's _notes)."""
        if colour is None:
            return False
        if not self.board.pass_through:
            return True
        have = self.state["delivered"][port]
        if have[colour] == 0:
            return True
        extras = sum(max(0, n - 1) for n in have.values())
        return bool(self.state["ten_goods"]) and extras < 1

    def goal_met(self) -> bool:
        """Fin de la partie: every required cube is in the port(s)."""
        delivered = self.state["delivered"]
        if not self.board.pass_through:
            have = delivered[self.board.of_kind("port")[0]]
            need_total = 10 if self.state["ten_goods"] else 8
            return all(have[c] >= 2 for c in GOODS) and sum(have.values()) >= need_total
        per_port = 5 if self.state["ten_goods"] else 4
        return all(all(have[c] >= 1 for c in GOODS) and sum(have.values()) >= per_port
                   for have in delivered.values())

    def delivered_total(self) -> int:
        """Cubes delivered to every port so far."""
        return sum(sum(p.values()) for p in self.state["delivered"].values())

    def to_depot(self, tid: str) -> list[Msg]:
        """A train goes back to the depot; a cube it carries goes back to its city."""
        train = self.trains[tid]
        lines = []
        if train["cargo"] is not None:
            city = self.board.goods_city(train["cargo"])
            self.state["goods"][city] += 1
            lines.append(msg("Its {cube} goes back to {city}.", cube=cube(train["cargo"]),
                             city=node_said(self.board, city)))
        train.update(at=None, heading=None, cargo=None)
        return lines

    def deliver(self, tid: str, port: str) -> list[Msg]:
        """Regle 10: unload the cube into the port, send the train to the depot, check the win."""
        train = self.trains[tid]
        colour = train["cargo"]
        self.state["delivered"][port][colour] += 1
        train.update(at=None, heading=None, cargo=None)
        lines = [msg("{train} delivers a {cube} to {port} and returns to the depot "
                     "({n} delivered).", train=train_said(tid, capital=True), cube=cube(colour),
                     port=node_said(self.board, port), n=self.delivered_total())]
        if self.goal_met():
            self.state["outcome"] = "won"
            self.state["reason"] = "every goods cube has been delivered"
            self.state["phase"] = "over"
            self.state["pending"] = None
            lines.append(msg("Every goods cube is delivered: the players win together!"))
        return lines

    # -- the station clock -------------------------------------------------------------------------
    def lose_time(self, count: int, why: Msg) -> list[Msg]:
        """Remove time tokens; an empty clock sets aside a departure card and refills.

        Rulebook, "Les jetons Temps": tokens still owed when the clock empties are removed
        from the refilled clock (2 left, 3 owed: set a card aside, put back only 6).
        """
        if count <= 0 or self.over:
            return []
        s = self.state
        lines = [msgn("{why}: lose {n} time token.", "{why}: lose {n} time tokens.", count,
                      why=why)]
        owed = count
        while owed > 0:
            take = min(owed, s["clock"])
            s["clock"] -= take
            owed -= take
            if s["clock"] > 0:
                break
            if not s["deck"]:
                s["outcome"] = "lost"
                s["reason"] = "the clock ran out during the last departure card's turn"
                s["phase"] = "over"
                s["pending"] = None
                s["motion"] = None
                lines.append(msg("The clock is empty and no departure card is left to set "
                                 "aside: the players lose."))
                return lines
            s["deck"].pop(0)
            s["set_aside"] += 1
            s["clock"] = s["clock_size"]
            lines.append(msg("The clock is empty: the top departure card is set aside unseen "
                             "and the clock is refilled ({n} departure cards left).",
                             n=len(s["deck"])))
            if not s["deck"]:
                lines.append(msg("No departure card is left: this is the last turn."))
        lines.append(msg("Time tokens left: {n}.", n=s["clock"]))
        return lines
