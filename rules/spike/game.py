"""Spike (Stephen Glenn, R&R Games 2014): build track in the eastern US, deliver goods.

Rulebook sections are cited by their French titles ("Préparation", "Jouer", "Fin du jeu", ...).
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import IllegalAction
from rules.core.match import GameInfo, Option
from rules.core.rng import Rng
from rules.spike.scoring import ScoringMixin
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

PROMPTS = {
    "give": "give one rail card to the player on your right",
    "route": "keep one of your two route cards",
    "free": "free move: move your train along your track, or stop",
    "main": "choose your action: draw, build, restart, extra move or upgrade",
    "draw": "draw another rail card, or stop",
    "pay": "choose the kind of cards to play as a joker",
    "city": "load or deliver in this city, or end your turn",
}


class Spike(ScoringMixin):
    """A match of Spike."""

    info = INFO

    # -- set-up ('Préparation') ---------------------------------------------------------------
    def setup(self, rng: Rng) -> list[str]:
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

    def spellings(self, seat: int) -> list[tuple[str, str]]:
        """Canonical actions, plus track spaces named end to end either way, kind names."""
        out: list[tuple[str, str]] = []
        names = {k.card: k.name for k in self.board.kinds}
        for action in self.legal(seat):
            out.append((action, action))
            verb, _, arg = action.partition(" ")
            if verb == "move":
                idx = self.board.space_by_label(arg)
                sp = self.board.spaces[idx]
                back = f"{self.board.points[sp.b].label}-{self.board.points[sp.a].label}"
                out.append((f"move {back}", action))
            elif verb in ("take", "give", "joker") and arg in names:
                out.append((f"{verb} {names[arg]}", action))
            elif verb == "lay":
                head, _, word = action.rpartition(" ")
                out.append((f"{head} {names[word]}", action))
        return out

    def apply(self, seat: int, action: str, rng: Rng) -> list[str]:
        """Apply one legal action of the seat due, then any automatic steps."""
        if action not in self.legal(seat):
            raise IllegalAction(f"`{action}` is not a legal action now.")
        self._rng = rng
        try:
            return self._dispatch(seat, action)
        finally:
            self._rng = None

    def _dispatch(self, seat: int, action: str) -> list[str]:
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

    def prompt(self, seat: int) -> str:
        """What the due seat must decide (safe to show everyone)."""
        if seat != self.seat_due():
            return ""
        step = self.step()
        name, kind = self.who(seat), step["kind"]
        if kind == "side":
            contract = self.me(seat)["contracts"][step["contract"]]
            card = self.board.contract(contract["good"], contract["card"])
            sides = "; ".join(f"side {s}: " + ", ".join(f"{c} ${v}" for c, v in card.sides[s])
                              for s in ("a", "b"))
            return f"{name}: choose the side of your {contract['good']} contract ({sides})."
        if kind == "place":
            if step["region"] is None:
                return f"{name}: place your locomotive in a city; choose a region first."
            return f"{name}: place your locomotive in a city of the {step['region']}."
        if kind == "build":
            if step["head"] is not None:
                here = self.board.points[step["head"]]
                return (f"{name}: lay the next track from {here.city or here.id} "
                        "toward a new city, or undo.")
            more = "finish, or start another connection" if step["done"] else "or cancel"
            return f"{name}: choose where your new track starts ({more})."
        if kind == "move":
            what = "restart: move your train" if step["mode"] == "restart" else "move one space"
            return f"{name}: {what} ({step['left']} left)."
        return f"{name}: {PROMPTS[kind]}."
