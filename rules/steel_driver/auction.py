"""Phase 2 of Steel Driver: auctions of the six control markers ("mise aux enchères")."""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.core.journal import Line
from rules.core.lang import msg, msgn, tr
from rules.steel_driver.base import SteelDriverBase


class Auctions(SteelDriverBase):
    """Opening auctions, bidding, forced passes and the end of the auction phase."""

    def _unsold(self) -> list[str]:
        """Companies whose control marker is still in its box this round."""
        s = self.state
        return [c.id for c in self.board.companies if s["companies"][c.id]["controller"] is None]

    def _auction_options(self) -> list[tuple[str, list[str]]]:
        s = self.state
        a = s["auction"]
        if a is None:
            cubes = s["players"][s["active"]]["cubes"]
            opens = [(f"auction {cid}", [f"auction {self._name(cid)}"])
                     for cid in self._unsold()] if cubes >= 1 else []
            return opens + [("pass", [])]
        cubes = s["players"][a["turn"]]["cubes"]
        bids: list[tuple[str, list[str]]] = [
            (f"bid {n}", []) for n in range(a["high_bid"] + 1, cubes + 1)
        ]
        # The opener must make the first bid of at least 1 cube; others may pass.
        return bids if a["high_bidder"] is None else bids + [("pass", [])]

    def _auction_step(self) -> list[Line] | None:
        """Forced passes in the auction, and the end of the auction phase."""
        s = self.state
        n = len(self.players)
        if s["auction"] is None:
            if not self._unsold() or s["passes"] >= n:
                return self._end_auctions()
            if s["players"][s["active"]]["cubes"] == 0:
                return self._pass_active(forced=True)
            return None
        a = s["auction"]
        if a["high_bidder"] is not None and s["players"][a["turn"]]["cubes"] <= a["high_bid"]:
            return self._pass_bid(a["turn"], forced=True)
        return None

    def _apply_auction(self, seat: int, verb: str, arg: str) -> list[Line]:
        s = self.state
        a = s["auction"]
        if a is None and verb == "auction":
            s["auction"] = {"company": arg, "opener": seat, "high_bid": 0, "high_bidder": None,
                            "in": list(range(len(self.players))), "turn": seat}
            s["last_action"] = {"seat": seat, "text": f"auction {arg}", "links": [], "cities": []}
            return [msg("{player} puts {company} up for auction.", player=self.players[seat],
                        company=self._name(arg))]
        if a is None and verb == "pass":
            return self._pass_active(forced=False)
        if a is not None and verb == "bid":
            a["high_bid"] = int(arg)
            a["high_bidder"] = seat
            s["last_action"] = {"seat": seat, "text": f"bid {arg}", "links": [], "cities": []}
            line = msg("{player} bids {bid} for {company}.", player=self.players[seat],
                       bid=int(arg), company=self._name(a["company"]))
            return [line] + self._next_bidder()
        if a is not None and verb == "pass":
            return self._pass_bid(seat, forced=False)
        raise IllegalAction(tr("That is not possible in the auction now."))

    def _pass_active(self, forced: bool) -> list[Line]:
        """The active player passes the marker to the left neighbour."""
        s = self.state
        seat = s["active"]
        s["passes"] += 1
        s["active"] = (seat + 1) % len(self.players)
        if forced:
            return [msg("{player} passes (no cubes).", player=self.players[seat])]
        return [msg("{player} passes.", player=self.players[seat])]

    def _pass_bid(self, seat: int, forced: bool) -> list[Line]:
        """A bidder drops out of this auction for good."""
        a = self.state["auction"]
        a["in"].remove(seat)
        line = (msg("{player} passes on {company} (not enough cubes).", player=self.players[seat],
                    company=self._name(a["company"])) if forced
                else msg("{player} passes on {company}.", player=self.players[seat],
                         company=self._name(a["company"])))
        a["turn"] = seat
        return [line] + self._next_bidder()

    def _next_bidder(self) -> list[Line]:
        """Ask the next remaining player to the left; with one left, that player wins."""
        a = self.state["auction"]
        if len(a["in"]) == 1:
            return self._win_auction()
        n = len(self.players)
        seat = a["turn"]
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if nxt in a["in"] and nxt != a["high_bidder"]:
                a["turn"] = nxt
                return []
        return self._win_auction()

    def _win_auction(self) -> list[Line]:
        """Winner pays the bid into the company box and takes control and one share."""
        s = self.state
        a = s["auction"]
        seat, cid, bid = a["high_bidder"], a["company"], a["high_bid"]
        player, company = s["players"][seat], s["companies"][cid]
        player["cubes"] -= bid
        player["shares"][cid] += 1
        company["cubes"] += bid
        company["controller"] = seat
        company["last_controller"] = seat
        company["shares_left"] -= 1
        s["auction"] = None
        s["passes"] = 0
        s["last_opener"] = a["opener"]
        # The active marker goes to the left of the player who held it (the opener).
        s["active"] = (a["opener"] + 1) % len(self.players)
        return [msgn("{player} wins {company} for {n} cube and takes a share.",
                     "{player} wins {company} for {n} cubes and takes a share.", bid,
                     player=self.players[seat], company=self._name(cid))]

    def _end_auctions(self) -> list[Line]:
        """All passed or all sold: marker to the left of the last opener; build phase starts."""
        s = self.state
        if s["last_opener"] is not None:
            s["active"] = (s["last_opener"] + 1) % len(self.players)
        s["phase"] = "build"
        s["pass_row"] = []
        s["turn"] = 0
        order = ", ".join(self._name(c) for c in s["order"])
        return [msg("Auctions are over. Build order: {order}.", order=order)]

