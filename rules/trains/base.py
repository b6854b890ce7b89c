"""What the parts of Trains that read a match share: the cards, the board side and the table.

`Trains` (game.py) is built on this class; the views, words, names, panel, scoring and refusals
take a `TrainsBase`, so none of them imports the game module that imports them.
"""

from __future__ import annotations

from rules.core.match import Match
from rules.core.rng import Rng
from rules.trains.board import Board, load_board
from rules.trains.cards import CardSet, load_cards
from rules.trains.table import Table


class TrainsBase(Match):
    """A match of Trains, as far as the modules that read it need."""

    @property
    def cards(self) -> CardSet:
        """Every card of the game."""
        return load_cards()

    @property
    def board(self) -> Board:
        """The chosen side of the board."""
        return load_board(self.state["map"])

    def table(self, rng: Rng | None = None) -> Table:
        """The state with the operations effects use."""
        return Table(self.state, self.cards, self.board, self.players, rng, self.reveal,
                     rows_menu=self.started_under < 2)
