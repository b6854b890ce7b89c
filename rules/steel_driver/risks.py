"""What a Steel Driver choice ends, said before it is made: the auctions, a round, the game.

Everything in Steel Driver is open and nothing after set-up is drawn at random, so a choice
that may end something is simply tried on a copy of the match.
"""

from __future__ import annotations

from rules.core.lang import ENGLISH, and_list, language, tr, trn
from rules.steel_driver.base import SteelDriverBase


class Risks(SteelDriverBase):
    """`risks(seat, action)`: what a choice ends, in a few words."""

    def _may_end(self, action: str) -> bool:
        """A quick look first: only a pass, or the move of the last company still able to
        move, can end a phase (Phase 2 ends when all pass; Phase 3 and 6 when all companies
        have passed)."""
        s = self.state
        verb = action.partition(" ")[0]
        if verb == "pass":
            return True
        if verb not in ("build", "take") or s["phase"] not in ("build", "final"):
            return False
        acting = s["order"][s["turn"]]
        others = [cid for cid in s["order"] if cid != acting and cid not in s["pass_row"]]
        if s["phase"] == "build":
            return not any(self._build_options(cid) for cid in others)
        return not any(self._takeable(cid) for cid in others)

    def risks(self, seat: int, action: str) -> list[str]:
        """What this action ends, tried on a copy of the match (empty when nothing ends)."""
        if not self._may_end(action):
            return []
        s = self.state
        twin = self.copy()
        twin.act(seat, action)
        t = twin.state
        if t["phase"] == "over":
            winners = twin.winners()
            if winners == [seat]:
                return [tr("ends the game: you win")]
            names = [tr("you") if w == seat else self.players[w] for w in winners]
            # English as the labels always said it ("A and B and C"); others their own way
            won = " and ".join(names) if language() == ENGLISH else and_list(names)
            return [trn("ends the game: {players} wins", "ends the game: {players} win",
                        len(winners), players=won)]
        if t["phase"] == "final" and s["phase"] != "final":
            return [tr("ends the last round")]
        if t["round"] != s["round"]:
            return [tr("ends round {round}", round=s["round"])]
        if s["phase"] == "auction" and t["phase"] != "auction" and s["auction"] is not None:
            return [tr("ends the auctions")]
        return []
