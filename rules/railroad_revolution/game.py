"""Railroad Revolution (What's Your Game, 2016): workers, rails, stations and the telegraph.

Rulebook sections are cited by their French titles ('Déroulement du Jeu', 'Gare (Station)', ...).
The board, tiles and tracks are the adaptation in `data/` (see its `_notes`).
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import IllegalAction
from rules.core.lang import Msg, msg, tr
from rules.core.match import GameInfo, Option
from rules.core.rng import Rng
from rules.core.standing import Standing
from rules.railroad_revolution import scoring, standing
from rules.railroad_revolution.lexicon import cash
from rules.railroad_revolution.refusals import Refusals
from rules.railroad_revolution.views import private_view, public_view

INFO = GameInfo(
    id="railroad-revolution",
    title="Railroad Revolution",
    min_players=2,
    max_players=4,
    options=(
        Option("milestone_draw", "Replacement milestones: draw 3 and keep 1 (rules), or choose "
               "from the whole pile (variant, more strategic).", ("draw-3", "whole-pile"),
               "draw-3"),
        Option("performance_costs", "Money icons of the performance tracks: $50, $50, $100 "
               "(rules) or $500, $500, $1000 (harder variant).", ("normal", "hard"), "normal"),
    ),
    summary="Place specialised workers to build rails and stations across America, open "
    "telegraph offices, trade assets, meet company milestones and score the most VP.",
    hidden_information=True,
)

class RailroadRevolution(Refusals):
    """A match of Railroad Revolution."""

    info = INFO
    # Version 2: a rail space is one decision (version 1 asked for the route first when more
    # than 20 spaces were open, only to keep menus short).
    # Version 3 ('Règles générales'): more of an action's effects may pay for its cost (First
    # Station bonus, Grey's copy of it, Purple's flip on Station; `funding.py`), and the
    # 4-worker minimum holds at the end of the turn, after the market (`order.py`).
    rules_version = 3

    # -- the contract ----------------------------------------------------------------------------
    def setup(self, rng: Rng) -> list[Msg | str]:
        """'Préparation Initiale': deal the board and tiles, then the setup-tile choices."""
        self._out, self._rng = [], rng
        lines = self.build_state(rng, self.options["performance_costs"] == "hard",
                                 self.options["milestone_draw"] == "whole-pile")
        self.flow()
        return lines + self._out

    def to_act(self) -> list[int]:
        """The seat of the decision on top of the stack."""
        top = self.top()
        return [] if top is None or self.state["stage"] == "over" else [int(top["seat"])]

    def legal(self, seat: int) -> list[str]:
        """The seat's next decision; selling a share and hiring are offered at every step."""
        if seat not in self.to_act():
            return []
        f = self.top()
        assert f is not None
        out = self.core_options(f)
        if f["kind"] != "hire":
            if self.p(seat)["shares"] > 0 and self.may_sell_share(seat):
                out.append("sell share")
            if self.can_hire(seat):
                out.append("hire")
        return out

    def apply(self, seat: int, action: str, rng: Rng) -> list[Msg | str]:
        """Apply one legal action, then every automatic step that follows."""
        self._out, self._rng = [], rng
        f = self.top()
        if f is None or seat != f["seat"]:
            raise IllegalAction(tr("It is not your turn."))
        if action == "sell share":
            value = self.k("share_sale_value")
            self.gain(seat, money=value, shares=-1)
            self.say(msg("{player} sells a share for ${money}.", player=self.who(seat),
                         money=cash(value)))
        elif action == "hire":
            self.push({"kind": "hire", "seat": seat})
        else:
            getattr(self, f"_do_{f['kind']}")(f, action)
        self.flow()
        return self._out

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Public view; a seat also sees its legal actions and the milestones it drew."""
        return public_view(self) if seat is None else private_view(self, seat)

    def scores(self) -> list[float]:
        """VP per seat (live during the game, final at the end)."""
        return [float(scoring.score(self, seat)) for seat in range(self.n())]

    def standing(self) -> Standing:
        """VP now, the money tie-break and how near the end is (all public)."""
        return standing.standing(self)

    def winners(self) -> list[int]:
        """Most VP; tie: most money with shares at $150; still tied: shared victory."""
        if self.state["stage"] != "over":
            return []
        keys = [(scoring.score(self, s), scoring.tie_money(self, s)) for s in range(self.n())]
        best = max(keys)
        return [s for s in range(self.n()) if keys[s] == best]
