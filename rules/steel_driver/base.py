"""What every part of Steel Driver's rules shares: the board and company names."""

from __future__ import annotations

from rules.core.match import Match
from rules.steel_driver.board import Board, load_board


class SteelDriverBase(Match):
    """The parts of a Steel Driver match that every phase uses."""

    @property
    def board(self) -> Board:
        """The fixed map and tables."""
        return load_board()

    def _name(self, cid: str) -> str:
        """A company's display name."""
        return self.board.company(cid).name

