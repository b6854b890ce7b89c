"""Markets ('Marchés'): after an action that built on a market icon, the face-up tile is offered.

The player who built may accept one or both markets, then every other player clockwise may
accept one. Grey on Trade accepts one market alone, with a share of discount.
"""

from __future__ import annotations

from rules.core.lang import Msg, msg, msgn, word
from rules.core.rng import Rng
from rules.railroad_revolution.base import Frame
from rules.railroad_revolution.data import MarketSide, MarketTile
from rules.railroad_revolution.effects import Effects
from rules.railroad_revolution.lexicon import SIDE, THE_SIDE, cash, semicolons
from rules.railroad_revolution.names import short_reward

SIDES = ("top", "bottom")


class Markets(Effects):
    """The market pile and market decisions."""

    _rng: Rng | None

    def market_tile(self) -> MarketTile | None:
        """The face-up market tile."""
        up = self.state["market"]["up"]
        return None if up is None else self.data.markets[up]

    def side(self, name: str) -> MarketSide:
        """The top or bottom market of the face-up tile."""
        tile = self.market_tile()
        assert tile is not None
        return tile.top if name == "top" else tile.bottom

    def side_ok(self, seat: int, name: str, discount: int = 0) -> bool:
        """The seat can pay this market's shares (less `discount`) and money."""
        m = self.side(name)
        return self.can_pay(seat, m.money, max(0, m.shares - discount))

    def market_text(self) -> Msg | str:
        """'top: cost -> reward; bottom: ...' for the log and prompts (unsaid)."""
        parts: list[Msg | str] = []
        for name in SIDES:
            m = self.side(name)
            reward = short_reward(m.reward.effects)
            parts.append(msgn("{side} ({n} share + ${money}): {reward}",
                              "{side} ({n} shares + ${money}): {reward}", m.shares,
                              side=SIDE[name], money=cash(m.money), reward=reward) if m.money else
                         msgn("{side} ({n} share): {reward}", "{side} ({n} shares): {reward}",
                              m.shares, side=SIDE[name], reward=reward))
        return semicolons(parts)

    def start_market(self, active: int) -> None:
        """'Marchés': offer the face-up tile to the builder, then clockwise to the others."""
        self.state["market_flag"] = False
        if self.market_tile() is None:
            return
        n = self.n()
        order = [(active + i) % n for i in range(n)]
        for seat in reversed(order):
            self.push({"kind": "market", "seat": seat, "active": seat == active, "taken": [],
                       "private": False})
        tile = self.market_tile()
        assert tile is not None
        self.say(msg("The market is open — {market}.", market=self.market_text()))

    def finish_market(self) -> None:
        """Discard the resolved tile face down and turn the next one (reshuffling if needed)."""
        m = self.state["market"]
        if m["up"] is not None:
            m["discard"].append(m["up"])
            m["up"] = None
        if not m["pile"]:
            pile = list(m["discard"])
            assert self._rng is not None, "reshuffling needs the action's randomness"
            self._rng.shuffle(pile)
            m["pile"], m["discard"] = pile, []
            self.say(msg("The market discard pile is shuffled into a new pile."))
        if m["pile"]:
            m["up"] = m["pile"].pop(0)
            self.say(msg("A new market tile is turned face up — {market}.",
                         market=self.market_text()))

    def _opt_market(self, f: Frame) -> list[str]:
        seat = f["seat"]
        if self.market_tile() is None:
            return []
        if f["private"]:
            return [f"accept {s}" for s in SIDES if self.side_ok(seat, s, 1)]
        if f["taken"] and not f["active"]:
            return []
        out = [f"accept {s}" for s in SIDES if s not in f["taken"] and self.side_ok(seat, s)]
        return out + ["pass"] if out else []  # nothing payable: the seat is skipped

    def _do_market(self, f: Frame, action: str) -> None:
        seat, who = f["seat"], self.who(f["seat"])
        if action == "pass":
            self.pop()
            if not f["taken"]:
                self.say(msg("{player} accepts no market.", player=who))
            return
        name = action.removeprefix("accept ")
        m = self.side(name)
        shares = m.shares
        if f["private"]:
            self.gain(seat, shares=1)
            self.say(msg("{player} (grey) gains 1 share for the private market.", player=who))
        self.pay(seat, m.money, shares)
        reward = word(m.reward.label)
        self.say(msgn("{player} accepts {market} ({n} share and ${money}): {reward}.",
                      "{player} accepts {market} ({n} shares and ${money}): {reward}.", shares,
                      player=who, market=THE_SIDE[name], money=cash(m.money), reward=reward)
                 if m.money else
                 msgn("{player} accepts {market} ({n} share): {reward}.",
                      "{player} accepts {market} ({n} shares): {reward}.", shares, player=who,
                      market=THE_SIDE[name], reward=reward))
        f["taken"].append(name)
        if f["private"] or not f["active"] or len(f["taken"]) == len(SIDES):
            self.pop()
        if f["private"]:
            self.finish_market()
        self.run(seat, m.reward.effects)
