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


    # -- parts that other modules of the game provide (so each module may use the others) ---
    def _build_options(self, cid: str) -> list[tuple[str, list[str]]]:
        """Links the company may build now (game.py)."""
        raise NotImplementedError

    def _takeable(self, cid: str) -> list[str]:
        """Cities whose goods cube the company may take (final.py)."""
        raise NotImplementedError

    def risks(self, seat: int, action: str) -> list[str]:
        """What an action ends, in a few words (risks.py)."""
        return []
