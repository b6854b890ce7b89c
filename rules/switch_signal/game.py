"""Switch & Signal (David Thompson, KOSMOS 2020; French "Convoi Express"): the match contract.

Rulebook sections are cited by their French titles ("Deroulement d'un tour", "Regles de
deplacement", "Les jetons Temps", ...). Cooperative: every seat shares one result.
"""

from __future__ import annotations

from typing import Any

from rules.core.choices import Choice as Labelled
from rules.core.choices import clip_label
from rules.core.errors import IllegalAction
from rules.core.lang import Msg, msg, msgn, tr
from rules.core.match import GameInfo, Option
from rules.core.rng import Rng
from rules.core.standing import Standing
from rules.core.text import echo, normalize
from rules.switch_signal import actions, cards, departure, movement, refusals, setup, words
from rules.switch_signal.base import SwitchSignalBase
from rules.switch_signal.movement import Choice, agent_ready
from rules.switch_signal.said import command
from rules.switch_signal.table import Table
from rules.switch_signal.views import public_view, seat_view, standing, table_result

INFO = GameInfo(
    id="switch-and-signal",
    title="Switch & Signal",
    min_players=1,
    max_players=4,
    options=(
        Option("board", "Board side: Central Europe (first game) or North America (two ports, "
               "trains may pass through cities).", ("central-europe", "north-america"),
               "central-europe"),
        Option("layout", "Green discs and switches: the first-game layout, arranged by the "
               "first player (later games), or at random.", ("first-game", "arrange", "random"),
               "first-game"),
        Option("time_tokens", "Time tokens on the station clock (8-10: easier).",
               ("7", "8", "9", "10"), "7"),
        Option("removed_cards", "Departure cards removed unseen at set-up (0-1: easier, "
               "3+: harder).", ("0", "1", "2", "3", "4", "5", "6"), "2"),
        Option("extra_green", "One extra green disc on the board (easier).", ("no", "yes"),
               "no"),
        Option("goods", "Goods to deliver: 8, or 10 (harder: 3 cubes per city).", ("8", "10"),
               "8"),
        Option("location_tokens", "Variant: location tokens shuffled onto the start spaces, "
               "or drawn instead of rolling the start dice.",
               ("off", "shuffled-spaces", "no-start-dice"), "off"),
    ),
    summary="Cooperative train dispatching: set signals and switches, move trains by dice and "
    "bring the goods to the port before the departure cards run out. 1-4 players (1 = solo).",
    hidden_information=True,
)


class SwitchSignal(SwitchSignalBase):
    """A match of Switch & Signal."""

    info = INFO
    # Log lines now name trains, lights and switches as the board shows them: snapshots whose
    # lines were written with the old ids are replayed instead of restored.
    state_format = 3
    # Version 2: the red light to turn green is one decision (version 1 asked first whether it
    # stood at a city entrance or on open track, only to keep menus short).
    # Version 3: the active player shows their hand only among their own choices, in the
    # steps that offer it (before, "show hand" was also a free action for them at any step).
    # Version 4: retuned board and departure-card data (data/NOTES.md); games started under
    # 1-3 keep the old data files.
    # Version 5: shorter goods routes on both boards (data/NOTES.md, "Rules version 5"); games
    # started under 4 keep the version-4 boards. The cards are those of version 4.
    # Version 6: the open-track red-light spots moved off the goods routes (data/NOTES.md,
    # "Rules version 6"); games started under 5 keep the version-5 boards.
    # Version 7: a first-game layout set for the goods routes, with a green on each city
    # entrance that faces a start space (data/NOTES.md, "Rules version 7"); games started under
    # 6 keep theirs.
    # Version 8: North America only, a way from each goods city to each port that crosses no
    # other goods city (data/NOTES.md, "Rules version 8"); Central Europe keeps its version-7
    # board, and games started under 7 keep theirs.
    # Version 9: the Dispatcher at any moment of the turn, after a roll included: a train that
    # reaches a goods city with points left pauses there while she is unused (movement.py).
    rules_version = 9

    # -- the contract ------------------------------------------------------------------------
    def setup(self, rng: Rng) -> list[Msg]:
        """Mise en place (see setup.py)."""
        self.state, lines = setup.build(self.players, self.options, rng, self.started_under)
        return lines

    def to_act(self) -> list[int]:
        """The active player decides everything (the table may discuss)."""
        return [] if self.state["outcome"] is not None else [int(self.state["active"])]

    def legal(self, seat: int) -> list[str]:
        """Canonical texts of the active player's next small decision."""
        return [c for c, _ in self._choices(seat)]

    def spellings(self, seat: int) -> list[tuple[str, str]]:
        """Canonical texts plus names and other accepted spellings."""
        out: list[tuple[str, str]] = []
        for canonical, aliases in self._choices(seat):
            out.append((canonical, canonical))
            out.extend((alias, canonical) for alias in aliases)
        return out

    def free_actions(self, seat: int) -> list[str]:
        """Players may talk about their cards: the others may show their hand to the table.

        The active player shows it as one of their own choices (`legal`), in the steps
        where the turn allows it: offered once, and only where it is accepted.
        """
        s = self.state
        active = seat == int(s["active"]) and self.started_under >= 3
        if s["outcome"] is not None or active or s["shown"][seat] \
                or not cards.hand_total(s["hands"][seat]):
            return []
        return ["show hand"]

    def apply(self, seat: int, action: str, rng: Rng) -> list[Msg]:
        """Apply one decision, then every automatic step that follows."""
        t = self.table()
        before = self._hidden_marks()
        if action == "show hand" and seat != t.active:
            self.state["shown"][seat] = True
            self.reveal()
            hand = cards.hand_said(self.state["hands"][seat])
            return [msg("{player} shows their hand: {hand}.", player=self.players[seat],
                        hand=hand)]
        lines = self._dispatch(t, action, rng)
        if self._hidden_marks() != before:
            self.reveal()
        return lines

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Public view; a seat also sees its own hand."""
        return public_view(self) if seat is None else seat_view(self, seat)

    def scores(self) -> list[float]:
        """Cooperative: every seat scores the goods delivered (a win delivers them all)."""
        done = float(self.table().delivered_total())
        return [done for _ in self.players]

    def winners(self) -> list[int]:
        """Every seat on a win; nobody on a loss or while the game goes on."""
        if self.state["outcome"] == "won":
            return list(range(len(self.players)))
        return []

    def table_result(self) -> tuple[bool, str] | None:
        """Won or lost together: the goods delivered of the goal, and what ended the game."""
        return table_result(self)

    def standing(self) -> Standing:
        """Cooperative: the table's goods of the goal, time tokens and departure cards left."""
        return standing(self)

    def prompt(self, seat: int) -> str:
        """What the active player must decide."""
        return words.prompt(self.table())

    def label(self, seat: int, action: str) -> str:
        """One legal action in plain words."""
        return words.label(self.table(), action)

    def choices(self, seat: int) -> list[Labelled]:
        """Every legal action with its label, computed over one table helper."""
        t = self.table()
        return [Labelled(a, clip_label(words.label(t, a)), words.group(t, a))
                for a, _ in self._choices(seat)]

    def parse(self, seat: int, text: str) -> str:
        """As the contract does, but a light code must name a light offered now exactly.

        The core also accepts a unique prefix, and `L2` would then pick `L22`.
        """
        typed = normalize(text)
        code = refusals.CODE.fullmatch(typed)
        if code and seat in self.to_act():
            exact = {a for s, a in self.spellings(seat) if normalize(s) == typed}
            if len(exact) != 1:
                reason = self.refusal(seat, typed) or tr("no light {code} can be chosen now.",
                                                         code=code.group(2).upper())
                raise IllegalAction(tr("`{typed}` can't be played: {reason}", typed=echo(text),
                                       reason=reason))
        return super().parse(seat, text)

    def refusal(self, seat: int, typed: str) -> str | None:
        """Why a due seat's text names no legal action, when the game can tell."""
        return refusals.refusal(self.table(), typed)

    def private_lines(self, seat: int) -> list[str]:
        """That seat's own hand, in words."""
        if not 0 <= seat < len(self.players):
            return []
        return words.private_lines(self.table(), seat)

    # -- internals ---------------------------------------------------------------------------
    def _hidden_marks(self) -> tuple[int, ...]:
        """Counters that change when hidden information is shown (cards, tokens, hands)."""
        s = self.state
        return (len(s["revealed"]), len(s["action_deck"]), len(s["tokens"]["pile"]),
                len(s["tokens"]["opening"]), sum(s["shown"]))

    def _choices(self, seat: int) -> list[Choice]:
        s = self.state
        if s["outcome"] is not None or seat != s["active"]:
            return []
        t = self.table()
        phase = s["phase"]
        if s["motion"] is not None:
            out = movement.options(t)
            if s["motion"]["await"] == "roll" or t.version >= 9:  # any pause of a move (v9)
                out += _dispatcher(t)
            return out
        if phase == "arrange":
            return actions.options(t, free=True)
        if phase == "reveal":
            return [("reveal", ["flip", "next card", command("reveal")])] + _dispatcher(t) \
                + _show(t)
        if phase == "depart":
            return departure.options(t) + _show(t)
        if s["pending"] is not None:
            return actions.options(t, free=False)
        return actions.options(t, free=False) + _dispatcher(t) + _show(t) \
            + [("done", ["end turn", "end", "pass", command("done"), tr("end turn"),
                       tr("end my turn")])]

    def _dispatch(self, t: Table, action: str, rng: Rng) -> list[Msg]:
        s = self.state
        if action == "show hand":
            s["shown"][t.active] = True
            return [msg("{player} shows their hand: {hand}.", player=t.name,
                        hand=cards.hand_said(s["hands"][t.active]))]
        if action == "agent dispatcher":
            s["agents"]["dispatcher"] = True
            s["dispatcher"] = True
            lines = [msg("{player} calls the Dispatcher: this turn trains may pass through goods "
                         "cities with green lights.", player=t.name)]
            if s["motion"] is None or s["motion"]["await"] != "dispatcher":
                return lines
            s["motion"]["await"] = None  # the train waiting in a goods city may go on now
            lines += movement.run(t)
        elif s["motion"] is not None:
            lines = movement.apply(t, action, rng)
        elif s["phase"] == "reveal":
            lines = departure.reveal(t)
        elif s["phase"] == "depart":
            return departure.apply(t, action, rng)
        elif action == "start":
            s["phase"] = "reveal"
            return [msg("The layout is set. Turn 1: {player} reveals the first departure card.",
                        player=t.name)]
        elif action == "done":
            return self._end_turn(t, rng)
        else:
            lines = actions.apply(t, action, rng, free=s["phase"] == "arrange")
        if s["phase"] == "depart" and s["motion"] is None and not t.over:
            lines += departure.advance(t, rng)
        return lines

    def _end_turn(self, t: Table, rng: Rng) -> list[Msg]:
        """3. Piocher: draw up to 5 (hand limit 10); the last card's turn ends the game."""
        s = self.state
        seat = t.active
        hand = s["hands"][seat]
        drawn = cards.draw_cards(s, seat, cards.refill_count(hand), rng)
        if drawn:
            s["shown"][seat] = False
        lines = [msgn("{player} draws {n} action card ({held} in hand).",
                      "{player} draws {n} action cards ({held} in hand).", drawn, player=t.name,
                      held=cards.hand_total(hand))]
        if not s["deck"]:  # Fin de la partie: the last departure card's turn is over
            s["outcome"] = "lost"
            s["reason"] = "the last departure card's turn ended before every cube was delivered"
            s["phase"] = "over"
            return lines + [msg("The last departure card's turn is over and goods are still "
                                "missing: the players lose.")]
        s["active"] = (seat + 1) % len(self.players)
        s["turn"] += 1
        s["phase"] = "reveal"
        s["dispatcher"] = False
        s["current"] = None
        return lines + [msg("Turn {turn}: {player} is the active player.", turn=s["turn"],
                            player=self.players[s["active"]])]


def _dispatcher(t: Table) -> list[Choice]:
    """La gestionnaire may be called at any time during the turn."""
    if agent_ready(t, "dispatcher") and not t.state["dispatcher"]:
        return [("agent dispatcher", ["dispatcher", tr("dispatcher")])]
    return []


def _show(t: Table) -> list[Choice]:
    """Players may talk about their cards: the active player may show the hand to the table."""
    hand = t.state["hands"][t.active]
    if t.state["shown"][t.active] or not cards.hand_total(hand):
        return []
    return [("show hand", ["show cards", "show", command("show")])]
