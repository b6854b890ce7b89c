"""What the parts of Switch & Signal that read a match share: the table over its state.

`SwitchSignal` (game.py) is built on this class; the views take a `SwitchSignalBase`, so they
do not import the game module that imports them.
"""

from __future__ import annotations

from rules.core.match import Match
from rules.switch_signal.table import Table


class SwitchSignalBase(Match):
    """A match of Switch & Signal, as far as the modules that read it need."""

    def table(self) -> Table:
        """A helper over the current state."""
        return Table(self.state, self.players, self.started_under)
