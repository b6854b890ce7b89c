"""What a Spike player is asked (the prompt) and the ways they may answer (spellings)."""

from __future__ import annotations

from rules.core.lang import term, tr, trn
from rules.core.text import slug
from rules.spike.names import point_id, point_name, space_index, space_name
from rules.spike.risks import last_turn
from rules.spike.said import colour, good, money_list, part, region
from rules.spike.words import WordsMixin


class AskingMixin(WordsMixin):
    """Prompts and accepted spellings of a Spike match."""

    # -- prompts ------------------------------------------------------------------------------
    def prompt(self, seat: int) -> str:
        """What the due seat must decide, with board names (safe to show everyone)."""
        if seat != self.seat_due():
            return ""
        step = self.step()
        name, kind = self.who(seat), step["kind"]
        if kind == "side":
            contract = self.me(seat)["contracts"][step["contract"]]
            card = self.board.contract(contract["good"], contract["card"])
            return tr("{player}: choose the side of your {good} contract: a ({a}) or b ({b}).",
                      player=name, good=good(contract["good"]), a=money_list(card.sides["a"]),
                      b=money_list(card.sides["b"]))
        if kind == "give":
            right = self.who((seat - 1) % len(self.players))
            return tr("{player}: give one rail card to the player on your right ({other}).",
                      player=name, other=right)
        if kind == "route":
            return tr("{player}: keep one of your two route cards (secret, scored at the end).",
                      player=name)
        if kind == "place":
            if self.started_under < 2 and step["region"] is None:
                return tr("{player}: place your locomotive in a city; choose a region first.",
                          player=name)
            if self.started_under < 2:
                return tr("{player}: place your locomotive in a city of the {region}; your "
                          "network starts there.", player=name, region=region(step["region"]))
            return tr("{player}: place your locomotive in a city; your network starts there.",
                      player=name)
        if kind == "build":
            if step["head"] is not None:
                return tr("{player}: lay the next track from {place} toward a new city, or "
                          "undo.", player=name, place=point_name(step["head"]))
            if step["done"]:
                return tr("{player}: choose where your new track starts, a city or junction on "
                          "your track (finish, or start another connection).", player=name)
            return tr("{player}: choose where your new track starts, a city or junction on "
                      "your track (or cancel).", player=name)
        where = self.train_where(seat)
        if kind == "free":
            return trn("{player}: free move: your train is {where}; move it up to {n} space "
                       "along your track, or stop.",
                       "{player}: free move: your train is {where}; move it up to {n} spaces "
                       "along your track, or stop.", step["left"], player=name, where=where)
        if kind == "main":
            # 'Condition spéciale de fin': say so before the last turn is played.
            if last_turn(self, seat):
                return tr("{player}: choose your action: draw, build, restart, extra move or "
                          "upgrade (train {where}, ${money}). Your turn is the game's last.",
                          player=name, where=where, money=self.me(seat)["money"])
            return tr("{player}: choose your action: draw, build, restart, extra move or "
                      "upgrade (train {where}, ${money}).", player=name, where=where,
                      money=self.me(seat)["money"])
        if kind == "draw":
            left = self.level_value(seat, "power") - step["drawn"]
            return tr("{player}: draw another rail card ({n} more at most), or stop.",
                      player=name, n=left)
        if kind == "pay":
            return self.pay_prompt(seat, self.bill(seat))
        if kind == "move":
            if step["mode"] == "restart":
                return tr("{player}: restart: move your train ({n} left); the train is "
                          "{where}.", player=name, n=step["left"], where=where)
            return tr("{player}: move one space ({n} left); the train is {where}.",
                      player=name, n=step["left"], where=where)
        return tr("{player}: you are {where}: load or deliver here, or end your turn.",
                  player=name, where=where)

    # -- typed input --------------------------------------------------------------------------
    def spellings(self, seat: int) -> list[tuple[str, str]]:
        """Canonical actions, board names of places and spaces either way, kind names; the
        verbs and colours in the language spoken (the core asks in every language)."""
        out: list[tuple[str, str]] = []
        names = {k.card: k.name for k in self.board.kinds}
        board = self.board
        for action in self.legal(seat):
            out.append((action, action))
            verb, _, arg = action.partition(" ")
            if verb == "move":
                idx = space_index(arg)
                sp = board.spaces[idx]
                out.append((tr("move {place}", place=f"{board.points[sp.b].label}-"
                                                    f"{board.points[sp.a].label}"), action))
                target, _ = self.move_target(seat, action)
                whole = space_name(board, idx)
                back = " ".join(reversed(whole.split("–")))
                out += [(tr("move {place}", place=whole), action),
                        (tr("move {place}", place=back), action),
                        (tr("move {place}", place=target), action),
                        (tr("toward {place}", place=target), action), (target, action)]
            elif verb == "enter":
                city = point_name(point_id(arg))
                out += [(tr("enter {city}", city=city), action), (city, action)]
            elif verb in ("take", "give", "joker") and arg in names:
                out += [(self._verb(verb, term(names[arg])), action),
                        (self._verb(verb, colour(arg)), action), (colour(arg), action)]
            elif verb == "lay":
                head, _, card = action.rpartition(" ")
                target = point_name(point_id(head[4:]))
                out += [(tr("lay {place} {colour}", place=head[4:], colour=term(names[card])),
                         action),
                        (tr("lay {place} {colour}", place=target, colour=colour(card)), action),
                        (tr("lay {place}", place=target), action),
                        (tr("to {place}", place=target), action), (target, action)]
            elif verb in ("from", "start", "keep"):
                place = (point_name(point_id(arg)) if verb == "from" else
                         next(c for c in board.cities if slug(c) == arg))
                out += [(self._verb(verb, place), action), (place, action)]
            elif verb == "region":
                out.append((region(arg), action))
            elif verb == "upgrade":
                out.append((part(arg), action))
            elif verb in ("pay", "play"):
                out += self.pay_spellings(action)
        return out

    @staticmethod
    def _verb(verb: str, what: str) -> str:
        """A typed verb and its object: "take blue", "keep Boston"."""
        said = {"take": tr("take {it}", it=what), "give": tr("give {it}", it=what),
                "joker": tr("joker {it}", it=what), "from": tr("from {it}", it=what),
                "start": tr("start {it}", it=what), "keep": tr("keep {it}", it=what)}
        return said[verb]
