"""What each worker does on each action, in plain words (the labels of `words.py`).

Names follow the board: cities by name, rail spaces by route and the number drawn on them
("Washington–Chicago 1"), telegraph sections by their number, milestones by pile and VP.
"""

from __future__ import annotations

import math

from rules.core.lang import Msg, msg, tr, trn
from rules.railroad_revolution.base import Frame
from rules.railroad_revolution.data import Reward
from rules.railroad_revolution.lexicon import (
    cash,
)
from rules.railroad_revolution.names import (
    short_reward,
)
from rules.railroad_revolution.turns import Turns


class Abilities(Turns):
    """The words of the workers' abilities, and of prices."""

    # -- money -----------------------------------------------------------------------------------
    def price(self, seat: int, cost: int) -> str:
        """'$600 of your $900', or '$600 of your $400, selling 2 shares', or 'free'."""
        if cost <= 0:
            return tr("free")
        money = int(self.p(seat)["money"])
        if cost <= money:
            return tr("${cost} of your ${money}", cost=cash(cost), money=cash(money))
        sold = math.ceil((cost - money) / self.k("share_sale_value"))
        return trn("${cost} of your ${money}, selling {n} share",
                   "${cost} of your ${money}, selling {n} shares", sold, cost=cash(cost),
                   money=cash(money))

    def reward_words(self, seat: int, reward: Reward) -> str:
        """A printed reward; its printed cost against the seat's money."""
        text = short_reward([{**e, "cost": 0} for e in reward.effects])
        if reward.cost:
            return tr("{reward} for {price}", reward=text, price=self.price(seat, reward.cost))
        return str(text)

    def leftmost_money(self, seat: int) -> int:
        """What Trade pays now: the money printed over the leftmost section holding a piece."""
        for i, (b, r) in enumerate(self.p(seat)["sections"]):
            if b or r:
                return self.data.board_sections[i][0]
        return 0

    def ability_words(self, seat: int, action: str, colour: str) -> Msg:
        """What an action does with a worker of that colour."""
        c = self.data.constants
        base, per = self.rail_prices(False)
        rails = msg("2 rails, ${base} + ${per} per ▲", base=cash(base), per=cash(per))
        sell = msg("sell your leftmost piece for ${money}", money=cash(self.leftmost_money(seat)))
        if action == "station":
            return {
                "white": msg("a station in a city you reach, pay its cost"),
                "orange": msg("a station in a city you reach, at no cost"),
                "purple": msg("a station; may pay ${cost} to flip a train",
                              cost=cash(int(c["station"]["purple_flip_cost"]))),
                "grey": msg("a station, and its 1st station bonus even if taken"),
                "turquoise": msg("a station; may pay ${cost} for its reward again",
                                 cost=cash(int(c["station"]["turquoise_main_again_cost"]))),
            }[colour]
        if action == "railroad":
            if colour == "orange":
                low, low_per = self.rail_prices(True)
                return msg("2 rails, ${base} + ${per} per ▲", base=cash(low), per=cash(low_per))
            return {
                "white": rails,
                "grey": msg("{rails}; +2 shares", rails=rails),
                "purple": msg("{rails}; may pay ${cost} for a train", rails=rails,
                              cost=cash(int(c["railroad"]["purple_train_cost"]))),
                "turquoise": msg("{rails}; a 3rd rail at ${per} per ▲", rails=rails, per=cash(per)),
            }[colour]
        if action == "telegraph":
            return {
                "white": msg("an office, gain its shares"),
                "orange": msg("an office, its shares + ${money} per share",
                              money=cash(int(c["telegraph"]["orange_per_share"]))),
                "grey": msg("an office, its shares + the 1st office bonus"),
                "purple": msg("an office, its shares; may swap a worker"),
                "turquoise": msg("an office; its tile bonus for ${cost}, not a worker",
                                 cost=cash(int(c["telegraph"]["turquoise_tile_bonus_cost"]))),
            }[colour]
        return {
            "white": sell,
            "orange": msg("{sell}; +${money} per train", sell=sell,
                          money=cash(int(c["trade"]["orange_per_train"]))),
            "grey": msg("{sell}; a market alone, 1 share off", sell=sell),
            "purple": msg("{sell}; +{n} track steps", sell=sell,
                          n=int(c["trade"]["purple_advance"])),
            "turquoise": msg("{sell}; flip a train", sell=sell),
        }[colour]

    def use_words(self, seat: int, f: Frame) -> str:
        """The worker's ability in this action, at this point."""
        colour, action, c = f["worker"], f["action"], self.data.constants
        if action == "station":
            if colour == "orange":
                return tr("get the ${money} station cost back",
                          money=cash(f["paid"])) if f["main"] \
                    else tr("build this station at no cost")
            if colour == "purple":
                cost = int(c["station"]["purple_flip_cost"])
                if not f["main"] and self.funds(seat) - cost < self.main_min(f, True):
                    # the flip's bonus pays for the station ('Résolution des effets')
                    return tr("pay ${cost} to flip a train first; its bonus (up to +${money}) "
                              "pays the station", cost=cash(cost),
                              money=cash(self.flip_money(seat)))
                return tr("pay ${cost} to flip a train", cost=cash(cost))
            tile = self.city_tile(f["city"])
            if colour == "grey":
                return tr("take the 1st station bonus: {reward}",
                          reward=self.reward_words(seat, tile.first))
            cost = int(c["station"]["turquoise_main_again_cost"]) + tile.main.cost
            return tr("the main reward again, {price}: {reward}",
                      price=self.price(seat, cost), reward=short_reward(tile.main.effects))
        if action == "railroad":
            if colour == "orange":
                base, per = self.rail_prices(True)
                if f["placed"]:
                    return tr("rails at ${base} + ${per} per ▲ (the difference is paid back)",
                              base=cash(base), per=cash(per))
                return tr("rails at ${base} + ${per} per ▲", base=cash(base), per=cash(per))
            if colour == "grey":
                return tr("gain 2 shares")
            if colour == "purple":
                return tr("a train tile, {price}",
                          price=self.price(seat, self.k("railroad", "purple_train_cost")))
            return tr("place a 3rd rail, ${per} per ▲",
                      per=cash(self.k("railroad", "per_triangle")))
        if action == "telegraph":
            if colour == "purple":
                return tr("exchange one of your workers for one from the supply")
            if colour == "grey":
                bonus = self.data.sections[f["section"]].first_bonus
                return trn("the 1st office bonus again: +{n} share",
                           "the 1st office bonus again: +{n} shares", bonus)
            if colour == "orange":
                each = self.k("telegraph", "orange_per_share")
                return tr("+${money} (${each} per share taken)", money=cash(each * f["shares"]),
                          each=cash(each))
            section_tile = self.section_tile(f)
            label = short_reward(self.data.telegraph_tiles[section_tile].effects) \
                if section_tile else "?"
            cost = self.k("telegraph", "turquoise_tile_bonus_cost")
            return tr("tile bonus, {price}: {reward}", price=self.price(seat, cost),
                      reward=label)
        if colour == "purple":
            return tr("advance up to {n} steps on the tracks", n=self.k("trade", "purple_advance"))
        if colour == "grey":
            return tr("accept one market alone, 1 share cheaper")
        if colour == "orange":
            n, each = len(self.p(seat)["trains"]), self.k("trade", "orange_per_train")
            return tr("+${money} (${each} per train, you have {n})", money=cash(each * n),
                      each=cash(each),
                      n=n)
        return tr("flip a train")
