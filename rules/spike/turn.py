"""'Jouer': the free move, then exactly one of actions A-E; turn order and the special end."""

from __future__ import annotations

from rules.core.journal import Line
from rules.core.lang import msg
from rules.spike.board import PART_NAMES
from rules.spike.movement import MovementMixin
from rules.spike.said import part_msg


class TurnMixin(MovementMixin):
    """A player's turn: free move, one action (draw, build, restart, extra move, upgrade)."""

    # -- turn order ---------------------------------------------------------------------------
    def start_turn(self, seat: int) -> None:
        """A train in motion may make its free move first; otherwise straight to the action."""
        s = self.state
        s["current"] = seat
        s["turn"] = {"arrived": False}
        s["turn_number"] += 1
        if self.train_space(seat) is not None:
            s["step"] = {"kind": "free", "seat": seat, "left": self.level_value(seat, "speed"),
                         "moved": 0, "from": dict(self.me(seat)["train"])}
        else:
            s["step"] = {"kind": "main", "seat": seat}

    def end_turn(self, lines: list[Line]) -> None:
        """Check the special end, then hand the turn to the next player clockwise."""
        s = self.state
        if s["phase"] == "over":
            return
        seat = int(s["current"])
        if s["final_turns"] is None:
            # 'Condition spéciale de fin': all track placed and every delivery option gone.
            if self.me(seat)["tracks"] == 0 and self.deliveries_exhausted(seat):
                s["final_turns"] = self.clockwise(seat)[1:]
                lines.append(msg("{player} has placed all their track and can deliver no "
                                 "more: every other player has one last turn.",
                                 player=self.who(seat)))
        elif seat in s["final_turns"]:
            s["final_turns"].remove(seat)
        if s["final_turns"] is not None and not s["final_turns"]:
            lines += self.finish_game(
                msg("a player placed all their track and could deliver no more"))
            return
        self.start_turn((seat + 1) % len(self.players))

    # -- the action menu ----------------------------------------------------------------------
    def upgrade_cost(self, seat: int, part: str) -> int | None:
        """Cost of the next level of a part ($3, then $5), None when at the top."""
        level = self.me(seat)["levels"][part]
        costs = self.board.rules["upgrade_costs"]
        return int(costs[level]) if level < len(costs) else None

    def main_options(self, seat: int) -> list[str]:
        """City actions, then actions A-E that are possible now (else 'pass')."""
        out = self.city_actions(seat)
        actions: list[str] = []
        if self.can_draw():
            actions += self.draw_choices()
        if self.can_build(seat):
            actions.append("build")
        if self.train_point(seat) is not None:
            if not self.state["turn"]["arrived"] and self.move_choices(seat):
                actions.append("restart")
        elif self.move_choices(seat):
            actions.append("extra move")
        for part in PART_NAMES:
            cost = self.upgrade_cost(seat, part)
            if cost is not None and self.me(seat)["money"] >= cost:
                actions.append(f"upgrade {part}")
        return out + (actions or ["pass"])

    def apply_main(self, seat: int, action: str) -> list[Line]:
        """Run the chosen action or city action."""
        verb = action.split(" ")[0]
        lines: list[Line] = []
        if verb in ("load", "deliver", "drop"):
            return self.apply_city_action(seat, action)
        if verb in ("draw", "take"):
            self.state["step"] = {"kind": "draw", "seat": seat, "drawn": 0}
            return self.apply_draw(seat, action)
        if action == "build":
            self.start_build(seat)
        elif action == "restart":
            self.start_move(seat, "restart")
        elif action == "extra move":
            self.start_move(seat, "extra")
        elif verb == "upgrade":
            lines += self._upgrade(seat, action.split(" ")[1])
            self.end_turn(lines)
        elif action == "pass":
            lines.append(msg("{player} can do nothing and passes.", player=self.who(seat)))
            self.end_turn(lines)
        return lines

    # -- A. draw rail cards ('Piocher des cartes rails') -----------------------------------
    def draw_options(self, seat: int) -> list[str]:
        """Another card from the deck or display, or stop (at least one card was drawn)."""
        return self.draw_choices() + (["stop"] if self.step()["drawn"] else [])

    def apply_draw(self, seat: int, action: str) -> list[Line]:
        """Draw one card; the display refills once the player stops or reaches their power."""
        step = self.step()
        lines: list[Line] = []
        if action == "draw deck":
            if self.draw_from_deck(seat, lines):
                step["drawn"] += 1
        elif action.startswith("take "):
            self.take_display(seat, self.board.kind_by_card(action[5:]), lines)
            step["drawn"] += 1
        if self.state["phase"] == "over":
            return lines
        done = (action == "stop" or step["drawn"] >= self.level_value(seat, "power")
                or not self.draw_choices())
        if done:
            self.refill_display(lines)
            self.end_turn(lines)
        return lines

    # -- E. upgrade ('Améliorer son train') ---------------------------------------------------
    def _upgrade(self, seat: int, part: str) -> list[Line]:
        cost = self.upgrade_cost(seat, part)
        assert cost is not None
        self.earn(seat, -cost, "upgrades")
        self.me(seat)["levels"][part] += 1
        value = self.level_value(seat, part)
        return [msg("{player} upgrades {part} to {value} for ${cost}.", player=self.who(seat),
                    part=part_msg(part), value=value, cost=cost)]
