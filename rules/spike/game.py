"""Spike (Stephen Glenn, R&R Games 2014): build track in the eastern US, deliver goods.

Rulebook sections are cited by their French titles ("Préparation", "Jouer", "Fin du jeu", ...).
"""

from __future__ import annotations

from typing import Any

from rules.core.journal import Line
from rules.core.match import GameInfo, Option
from rules.core.rng import Rng
from rules.core.standing import Standing
from rules.spike import standing
from rules.spike.refusals import RefusalMixin
from rules.spike.views import private_view, public_view

INFO = GameInfo(
    id="spike",
    title="Spike",
    min_players=2,
    max_players=4,
    options=(
        Option("expert_contracts", "Jeu expert: each player chooses which side of each of "
               "their contract cards to use.", ("no", "yes"), "no"),
        Option("expert_routes", "Jeu expert: deal two route cards to each player, who keeps "
               "one.", ("no", "yes"), "no"),
    ),
    summary="Build track across the eastern US, score goods as you reach new cities, upgrade "
    "your train and deliver contracts. The richest rail baron after three rounds wins.",
    hidden_information=True,
)

class Spike(RefusalMixin):
    """A match of Spike."""

    info = INFO
    # Version 2 offers every start city in one decision (version 1 asked for a region first)
    # and every build start point at once (version 1 split long lists by lattice rows).
    # Version 3 lets the player choose which cards pay (a matching card kept, a joker set
    # played instead: 'finish' may now ask) and offers no track space that leads only to a
    # dead end (version 2 offered some, so their games keep those spaces).
    # Version 4 ends round 1 or 2 at once when the new deck is empty after the display is dealt
    # ('Quand le deck de cartes rails est épuisé, une manche est terminée'; `cards.py`).
    rules_version = 4

    # -- set-up ('Préparation') ---------------------------------------------------------------
    def setup(self, rng: Rng) -> list[Line]:
        """Market, contracts, rail cards, route cards; then the players' set-up decisions."""
        self._rng = rng
        try:
            return self.build_state(rng)
        finally:
            self._rng = None

    # -- the contract -------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        """Only one player ever decides at a time."""
        seat = self.seat_due()
        return [] if seat is None else [seat]

    def legal(self, seat: int) -> list[str]:
        """The seat's next small decision, canonical texts in a fixed order."""
        if seat != self.seat_due():
            return []
        kind = self.step()["kind"]
        if kind in ("side", "give", "route", "place"):
            return self.setup_options(seat)
        if kind == "free":
            return self.free_options(seat)
        if kind == "main":
            return self.main_options(seat)
        if kind == "draw":
            return self.draw_options(seat)
        if kind == "build":
            return self.build_options(seat)
        if kind == "pay":
            return self.pay_options(seat)
        if kind == "move":
            return self.moving_options(seat)
        if kind == "city":
            return self.city_actions(seat) + ["end turn"]
        return []

    def apply(self, seat: int, action: str, rng: Rng) -> list[Line]:
        """Apply one legal action of the seat due, then any automatic steps.

        `Match.act` has parsed it against `legal` already: no second look.
        """
        self._rng = rng
        try:
            return self._dispatch(seat, action)
        finally:
            self._rng = None

    def _dispatch(self, seat: int, action: str) -> list[Line]:
        kind = self.step()["kind"]
        if kind in ("side", "give", "route", "place"):
            return self.apply_setup(seat, action)
        if kind == "free":
            return self.apply_free(seat, action)
        if kind == "main":
            return self.apply_main(seat, action)
        if kind == "draw":
            return self.apply_draw(seat, action)
        if kind == "build":
            return self.apply_build(seat, action)
        if kind == "pay":
            return self.apply_pay(seat, action)
        if kind == "move":
            return self.apply_moving(seat, action)
        return self.apply_city(seat, action)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Public view; a seat also sees its rail cards and route card."""
        return public_view(self) if seat is None else private_view(self, seat)

    def standing(self) -> Standing:
        """Money now with the rulebook's tie-breaks, and what ends the round and the game."""
        return standing.standing(self)
