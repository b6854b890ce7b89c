"""Hot-seat play in a terminal: the same words and action text as on Discord, boards to a folder."""

from __future__ import annotations

import random
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import rules
from bot.tables.presenters import (
    explain_text,
    final_summary,
    private_words,
    rules_pages,
    turn_card,
)
from render import render_board
from render.core.turn_card import render_turn_card
from rules.core.computer import computer_action

HELP = """Type a move's number from the list, its words (`pass`, `bid 3`, a city name…), or:
  `moves` (list again), `log` (last 15 lines), `status`, `rules` (how to play),
  `explain <topic>` (a card, tile or term), `help`, `quit` (Ctrl-D or Ctrl-C work too).
Case, accents and unique beginnings of names are fine."""
CLEAR = "\033[2J\033[H"  # clear the terminal: the next player must not see the last hand
PAGE_BREAK = "\n(press Enter when {name} alone looks at the screen)"


def _load_or_new(game_id: str, names: list[str], seed: int, options: dict[str, str] | None,
                 save: Path | None) -> rules.Match:
    if save is not None and save.exists():
        return rules.load_match(save.read_text())
    return rules.new_match(game_id, names, seed, options)


def _plain(text: str) -> str:
    """Discord markdown as terminal text."""
    return text.replace("**", "").replace("`", "")


def status_lines(match: rules.Match) -> list[str]:
    """Where the game stands, by name: round or phase, scores, who is due."""
    view = match.view(None)
    where = " · ".join(str(view[k]) for k in ("round", "phase") if view.get(k) is not None)
    scores = match.scores()
    lines = [f"{match.info.title}{' · ' + where if where else ''}"]
    lines += [f"  {name}: {scores[s]:g}" for s, name in enumerate(match.players)]
    if not match.over:
        lines.append("  Waiting for: " + ", ".join(match.players[s] for s in match.to_act()))
    return lines


class LocalGame:
    """One hot-seat game on a terminal."""

    def __init__(self, match: rules.Match, out: Path, save: Path | None, stdin: TextIO,
                 stdout: TextIO, render: Callable[[dict[str, object]], bytes],
                 computers: frozenset[int] = frozenset()) -> None:
        self.match, self.out, self.save = match, out, save
        self.computers = computers  # seats the computer plays, from their own view
        self.stdin, self.stdout, self.render = stdin, stdout, render
        self.last_private: int | None = None  # the seat whose hand is on the screen
        self.turn_cards = render is render_board  # fake renderers in tests draw no card
        self.turn_from = len(match.lines)  # where the current turn's log lines start

    def say(self, text: str = "") -> None:
        """Print a line at once."""
        print(text, file=self.stdout, flush=True)

    def ask(self, prompt: str) -> str | None:
        """A line typed by the player, or None when input ended."""
        self.stdout.write(prompt)
        self.stdout.flush()
        typed = self.stdin.readline()
        return None if not typed else typed.strip()

    def draw(self) -> Path:
        """Write the public board (numbered, and as latest.png) and return its path."""
        path = self.out / f"{self.match.game_id}-{len(self.match.log):04d}.png"
        path.write_bytes(self.render(self.match.view(None)))
        shutil.copyfile(path, self.out / "latest.png")
        return path

    def draw_turn_card(self) -> Path | None:
        """On a handover, write the turn card (as in the channel) to turn.png and return it."""
        match = self.match
        turn = [t for _, t in match.lines[self.turn_from:]]
        self.turn_from = len(match.lines)
        if not self.turn_cards or match.over:
            return None
        view = match.view(None)
        path = self.out / "turn.png"
        path.write_bytes(render_turn_card(view, turn_card(match, turn), render_board(view)))
        return path

    def show_turn(self, seat: int) -> list[rules.Choice]:
        """The due player's private side (screen cleared first) and choices; return those."""
        match = self.match
        if match.info.hidden_information and self.last_private != seat:
            if self.last_private is not None:  # someone else's hand is on the screen
                if self.ask(PAGE_BREAK.format(name=match.players[seat])) is None:
                    raise EOFError
                self.stdout.write(CLEAR)
            self.say(f"For {match.players[seat]}'s eyes only:")
            for line in _plain(private_words(match, seat)).splitlines():
                self.say(f"  {line}")
            self.last_private = seat
        self.say(_plain(match.prompt(seat)))
        choices = match.choices(seat)
        for i, choice in enumerate(choices, start=1):
            self.say(f"  [{i}] {choice.label}")
        return choices

    def command(self, text: str) -> bool:
        """Answer a terminal command; False when the text is a move instead."""
        word, _, rest = text.partition(" ")
        if word in ("help", "?"):
            self.say(HELP)
        elif word in ("moves", "legal"):
            pass  # the list is shown again before the next prompt
        elif word == "log":
            for n, line in self.match.lines[-15:]:
                self.say(f"  {n:>4} {line}")
        elif word == "status":
            for line in status_lines(self.match):
                self.say(line)
        elif word == "rules":
            for page in rules_pages(self.match.game_id):
                self.say(_plain(page) + "\n")
        elif word == "explain":
            self.say(_plain(explain_text(self.match.game_id, rest or "?")))
        else:
            return False
        return True

    def play(self) -> None:
        """Take moves until the game ends or the players stop."""
        match = self.match
        while not match.over:
            seat = match.to_act()[0]
            computer = seat in self.computers
            if computer:
                text = computer_action(match, seat)
            else:
                self.say()
                choices = self.show_turn(seat)
                typed = self.ask(f"{match.players[seat]}> ")
                if typed is None or typed in ("quit", "exit"):
                    raise EOFError
                if self.command(typed):
                    continue
                if typed.isdigit() and len(typed) < 4:
                    if not 1 <= int(typed) <= len(choices):
                        self.say(f"  ✗ Pick a number from 1 to {len(choices)}, "
                                 "or type the move.")
                        continue
                    typed = choices[int(typed) - 1].action
                text = typed
            due = set(match.to_act())
            try:
                lines = match.act(seat, text)
            except rules.IllegalAction as exc:
                self.say(f"  ✗ {_plain(str(exc))}")
                continue
            if self.save is not None:
                self.save.write_text(match.to_json())
            if computer:
                if not lines:  # a step of a longer choice (a menu, a junction): nothing to show
                    continue
                # Only the public log lines follow: a label may speak of the seat's own hand.
                self.say()
                self.say(f"{match.players[seat]} (computer) plays:")
            for line in lines:
                self.say(f"  {line}")
            self.say(f"Board: {self.draw()}")
            if set(match.to_act()) != due:
                card = self.draw_turn_card()
                if card is not None:
                    self.say(f"Turn card: {card}")
        self.say()
        self.say(final_summary(match).split("**")[1])  # the headline: who won, or the table lost
        scores = match.scores()
        for s in sorted(range(len(scores)), key=lambda s: -scores[s]):
            won = "  (winner)" if s in match.winners() else ""
            self.say(f"  {match.players[s]}: {scores[s]:g}{won}")


def play_local(game_id: str, players: int, *, names: list[str] | None = None,
               computers: int = 0, seed: int | None = None,
               options: dict[str, str] | None = None,
               out: Path = Path("boards"), save: Path | None = None,
               stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
               render: Callable[[dict[str, object]], bytes] = render_board) -> rules.Match:
    """Run a hot-seat game until it ends or the players quit; return the match.

    The last `computers` seats are computer players (named Computer, Computer 2, …)."""
    names = names or [f"Player {i + 1}" for i in range(players - computers)]
    names = names + [f"Computer {n}" if n > 1 else "Computer" for n in range(1, computers + 1)]
    match = _load_or_new(game_id, names, random.randrange(2**31) if seed is None else seed,
                         options, save)
    out.mkdir(parents=True, exist_ok=True)
    seats = frozenset(range(len(match.players) - computers, len(match.players)))
    game = LocalGame(match, out, save, stdin, stdout, render, seats)
    game.say(f"{match.info.title}: {', '.join(match.players)}. Boards go to {out}/ "
             f"({out}/latest.png is always the newest).")
    game.say(HELP)
    for line in [t for _, t in match.lines]:
        game.say(f"  {line}")
    game.say(f"Board: {game.draw()}")
    try:
        game.play()
    except (EOFError, KeyboardInterrupt):
        kept = f" It is saved in {save}: run the same command to go on." if save else ""
        game.say(f"\nStopped.{kept}")
    return match
