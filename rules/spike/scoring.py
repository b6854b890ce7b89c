"""'Fin du jeu': route cards, final money, the winner and its tie-breaks."""

from __future__ import annotations

from typing import Any

from rules.core.journal import Line
from rules.core.lang import Msg, msg, msgn, tr
from rules.spike.board import RouteCard
from rules.spike.said import joined, joined_and
from rules.spike.setup import SetupMixin

BREAKDOWN = ("goods", "deliveries", "upgrades", "route")


def breakdown_label(key: str) -> str:
    """What one part of the score counts, said."""
    return {"goods": tr("Goods connected"), "deliveries": tr("Contracts delivered"),
            "upgrades": tr("Train upgrades"), "route": tr("Route card")}[key]


def route_points(card: RouteCard, touched: set[str]) -> tuple[int, list[str]]:
    """Full value of the best listed city on the network, plus $1 per other listed city.

    Nothing unless the player's track touches the top city ('ont des voies touchant la ville
    de départ').
    """
    if card.top not in touched:
        return 0, []
    reached = [(value, city) for city, value in card.cities if city in touched]
    if not reached:
        return 0, []
    best = max(value for value, _ in reached)
    return best + len(reached) - 1, [city for _, city in reached]


class ScoringMixin(SetupMixin):
    """The end of the game and its results."""

    def route_card(self, seat: int) -> RouteCard | None:
        """The route card a player keeps (None while an expert player is still choosing)."""
        index = self.me(seat)["route"]
        return None if index is None else self.board.routes[index]

    def finish_game(self, reason: Msg | str) -> list[Line]:
        """Stop at once: route cards are revealed and scored, then the winner is named (the
        state keeps the reason's English key: `end_reason` says it)."""
        s = self.state
        s["phase"] = "over"
        s["end_reason"] = reason.text if isinstance(reason, Msg) else reason
        s["step"] = {"kind": "over", "seat": None}
        self.reveal()
        lines: list[Line] = [msg("The game ends: {reason}.", reason=reason)]
        for seat in range(len(self.players)):
            card = self.route_card(seat)
            if card is None:
                continue
            points, reached = route_points(card, set(self.track_cities(seat)))
            self.earn(seat, points, "route")
            listed = joined([msg("{city} {value}", city=c, value=v) for c, v in card.cities])
            if reached:
                lines.append(msg("{player} reveals route card {city} ({cities}) and scores "
                                 "${amount} reaching {reached}.", player=self.who(seat),
                                 city=card.top, cities=listed, amount=points,
                                 reached=joined(reached)))
            else:
                lines.append(msg("{player} reveals route card {city} ({cities}) and scores "
                                 "${amount}.", player=self.who(seat), city=card.top,
                                 cities=listed, amount=points))
        for seat in range(len(self.players)):
            p = self.me(seat)
            lines.append(msgn("{player}: ${money}, {n} cities connected, {tracks} track left.",
                              "{player}: ${money}, {n} cities connected, {tracks} track left.",
                              len(self.track_cities(seat)), player=self.who(seat),
                              money=p["money"], tracks=p["tracks"]))
        lines.append(msg("Winner: {players}.",
                         players=joined_and([self.who(w) for w in self.winners()])))
        return lines

    def end_reason(self) -> str:
        """Why the game ended, said (empty while it goes on)."""
        reason = self.state["end_reason"]
        return Msg(reason).said() if reason else ""

    def rank_key(self, seat: int) -> tuple[int, int, int]:
        """Money, then cities connected, then unplayed track ('En cas d'égalité')."""
        p = self.me(seat)
        return (int(p["money"]), len(self.track_cities(seat)), int(p["tracks"]))

    def winners(self) -> list[int]:
        """The richest player after the tie-breaks; players still level share the win."""
        if self.state["phase"] != "over":
            return []
        keys = [self.rank_key(seat) for seat in range(len(self.players))]
        return [seat for seat, key in enumerate(keys) if key == max(keys)]

    def scores(self) -> list[float]:
        """Money per seat (route cards included once the game is over)."""
        return [float(p["money"]) for p in self.state["players"]]

    def breakdown(self) -> list[list[list[Any]]]:
        """Per seat, [label, dollars] pairs that add up to the score."""
        return [[[breakdown_label(key), p["income"][key]] for key in BREAKDOWN]
                for p in self.state["players"]]
