"""Hot-seat play in a terminal: the same words and action text as on Discord, boards to a folder."""

from __future__ import annotations

import random
import re
import shutil
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import rules
from bot.tables.computers import computer_name
from bot.tables.guide_pages import guide_pages, rules_pages
from bot.tables.presenters import (
    explain_text,
    final_summary,
    private_words,
    standing_lines,
    turn_card,
)
from render import render_board
from render.core.results import figure
from render.core.turn_card import render_turn_card
from rules.core.lang import ENGLISH, language, speaking, tr
from rules.core.levels import level_action

CLEAR = "\033[2J\033[H"  # clear the terminal: the next player must not see the last hand
# Other spellings of the terminal's commands, in any language.
ALIASES = {"?": "help", "legal": "moves", "exit": "quit"}


def command_words() -> dict[str, str]:
    """The terminal's commands (English) and their words in the language spoken: English
    words always work, the language's own too (`règles` for `rules` in French)."""
    return {"moves": tr("moves"), "hand": tr("hand"), "status": tr("status"), "log": tr("log"),
            "rules": tr("rules"), "explain": tr("explain"), "help": tr("help"),
            "quit": tr("quit"), "all": tr("all")}


def _folded(text: str) -> str:
    """Lower case without accents: `Règles` and `regles` are the same word."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower())
                   if not unicodedata.combining(c))


def command_of(typed: str) -> str | None:
    """The English command a typed word names (`rules` for `rules` or, in French, `règles`),
    or None when it names none."""
    word = typed.lower()
    if word in ALIASES:
        return ALIASES[word]
    words = command_words()
    if word in words:
        return word
    if language() != ENGLISH:
        for command, said in words.items():
            if _folded(typed) == _folded(said):
                return command
    return None


def help_text() -> str:
    """How to play in the terminal: moves, and the commands in the language spoken."""
    return tr("Type a move's number from the list (`#3` is always the list's 3rd), its words "
              "(`pass`,\n`bid 3`, a city name, or a choice's first words as shown), or:\n"
              "  `{moves}` (list again), `{hand}` (your hand and what only you see), `{status}` "
              "(who leads),\n  `{log}` (last 15 lines), `{rules}` (how to play; `{rules} 2` "
              "shows page 2), `{explain} <topic>`\n  (a card, tile or term), `{help}`, `{quit}` "
              "(Ctrl-D or Ctrl-C work too).\nCase, accents and unique beginnings of names are "
              "fine.", **command_words())


def _load_or_new(game_id: str, names: list[str], seed: int, options: dict[str, str] | None,
                 save: Path | None) -> rules.Match:
    if save is not None and save.exists():
        return rules.load_match(save.read_text())
    return rules.new_match(game_id, names, seed, options)


ITALIC = re.compile(r"(?<![\w*])\*([^*\n]+)\*(?![\w*])")


def _plain(text: str) -> str:
    """Discord markdown as terminal text."""
    return ITALIC.sub(r"\1", text.replace("**", "").replace("`", ""))


def default_names(people: int) -> list[str]:
    """Names for people nobody named: "You" alone, else Player A, Player B… (no digits:
    "shares Player 2 1" would read as numbers); French « Joueur », « Joueur A »… (« Vous »
    would not agree with the verbs written for a name)."""
    if people == 1:
        return [tr("You")]
    return [tr("Player {letter}", letter=chr(ord("A") + n)) for n in range(people)]


def with_computers(names: list[str], computers: int, level: str = "normal") -> list[str]:
    """The people's names, then one distinct computer name per computer seat."""
    out = list(names)
    for _ in range(computers):
        out.append(computer_name(out, level))
    return out


def status_lines(match: rules.Match) -> list[str]:
    """Where the game stands, by name: round or phase, who leads in the game's own measure
    (a cooperative game: the table's goods, clock and cards left), who is due."""
    where = match.standing().where
    lines = [f"{match.info.title}{' · ' + where if where else ''}"]
    lines += [f"  {_plain(line)}" for line in standing_lines(match)]
    if not match.over:
        waiting = ", ".join(match.players[s] for s in match.to_act())
        lines.append("  " + tr("Waiting for: {players}", players=waiting))
    return lines


def _says_why(match: rules.Match, seat: int, typed: str) -> bool:
    """Whether the game refuses `typed` with its own reason ("you have 10 cubes"), rather than
    not reading it as a move (asked in English: the words differ from language to language)."""
    with speaking(ENGLISH):
        try:
            match.parse(seat, typed)
        except rules.IllegalAction as exc:
            return "can't be played" in str(exc)
    return False


def pick_number(match: rules.Match, seat: int, choices: list[rules.Choice],
                typed: str) -> tuple[str | None, str | None]:
    """A typed number read as a place in the list: (action, None), (None, why not), or
    (None, None) when the text is no number and goes to the game as it is.

    Numbers stay the list's places, what a newcomer tries first. But a bare number the game
    also reads as a move (an amount: in "[1] Bid 3 … [3] Bid 5", `3` is also "bid 3") is
    never guessed either way: both choices are shown, and `#3` always means the 3rd. A number
    the game reads only as a label's words (Trains' "+1 coin" for `1`) stays the place.
    """
    place = typed[1:].strip() if typed.startswith("#") else typed
    if not (place.isdigit() and len(place) < 4):
        return None, None
    n = int(place)
    here = 1 <= n <= len(choices)
    pick = tr("Pick a number from 1 to {last}, or type the move.", last=len(choices))
    if typed.startswith("#"):
        return (choices[n - 1].action, None) if here else (None, pick)
    why = ""
    try:
        amount: str | None = match.parse(seat, typed)
    except rules.IllegalAction as exc:
        amount, why = None, str(exc)
    if amount is not None and place not in amount.split():
        amount = None  # the game matched a label's words ("+1 coin"), not an amount: the place
    if amount is None:
        if here:
            return choices[n - 1].action, None
        # Past the list's end: an amount the game refuses says why ("you have 10 cubes").
        return None, why if why and _says_why(match, seat, typed) else pick
    if not here or choices[n - 1].action == amount:
        return amount, None
    named = next((f"[{i}] {c.label}" for i, c in enumerate(choices, start=1)
                  if c.action == amount), amount)
    return None, tr("`{typed}` could mean [{n}] {label}, or {other}. Type `#{n}` for [{n}], or "
                    "the move's words (`{move}`).", typed=typed, n=str(n),
                    label=choices[n - 1].label, other=named, move=amount)


class LocalGame:
    """One hot-seat game on a terminal."""

    def __init__(self, match: rules.Match, out: Path, save: Path | None, stdin: TextIO,
                 stdout: TextIO, render: Callable[[dict[str, object]], bytes],
                 computers: frozenset[int] = frozenset(), level: str = "normal") -> None:
        self.match, self.out, self.save = match, out, save
        self.computers = computers  # seats the computer plays, from their own view
        self.level = level  # how well they play (rules.core.levels)
        self.stdin, self.stdout, self.render = stdin, stdout, render
        self.last_private: int | None = None  # the seat whose hand is on the screen
        self.hand_words = ""  # that hand as last shown: shown again when it changes
        self.others_moved = False  # another seat moved since: a new turn shows the hand again
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
        if match.info.hidden_information:
            words = _plain(private_words(match, seat))
            if self.last_private is not None and self.last_private != seat:
                # someone else's hand is on the screen
                wait = tr("(press Enter when {player} alone looks at the screen)",
                          player=match.players[seat])
                if self.ask("\n" + wait) is None:
                    raise EOFError
                self.stdout.write(CLEAR)
                self.show_hand(seat)
            elif self.last_private is None or self.others_moved or words != self.hand_words:
                self.show_hand(seat)  # each of your turns, and whenever the hand changed
        self.say(_plain(match.prompt(seat)))
        choices = match.choices(seat)
        for i, choice in enumerate(choices, start=1):
            self.say(f"  [{i}] {choice.label}")
        return choices

    def show_hand(self, seat: int) -> None:
        """The seat's private side: its hand, own cards, what only it was shown."""
        words = _plain(private_words(self.match, seat))
        alone = len(self.match.players) - len(self.computers) == 1  # nobody else looks
        self.say(tr("Only you see this:") if alone else
                 tr("For {player}'s eyes only:", player=self.match.players[seat]))
        for line in words.splitlines():
            self.say(f"  {line}")
        self.last_private, self.hand_words, self.others_moved = seat, words, False

    def show_rules(self, which: str) -> None:
        """`rules`: the first page and the list; `rules 3` page 3; `rules all` every page."""
        pages = rules_pages(self.match.game_id, "terminal")
        which = which.strip().lower()
        words = command_words()
        every = which == "all" or (which != "" and _folded(which) == _folded(words["all"]))
        if every:
            shown = pages
        elif which.isdigit() and 1 <= int(which) <= len(pages):
            shown = [pages[int(which) - 1]]
        elif which:
            self.say("  ✗ " + tr("The rules have pages 1 to {last}: `{rules} 2` shows page 2, "
                                 "`{rules} {all}` every page.", last=len(pages), **words))
            return
        else:
            shown = pages[:1]
        for page in shown:
            self.say(_plain(page) + "\n")
        if not every:
            titles = " · ".join(f"{n} {heading}" for n, (heading, _) in
                                enumerate(guide_pages(self.match.game_id, "terminal"), start=1))
            self.say(tr("Pages: {titles}. Type {rules} 2 for page 2, {rules} {all} for every "
                        "page.", titles=titles, **words))

    def command(self, text: str, seat: int) -> bool:
        """Answer a terminal command; False when the text is a move instead."""
        typed, _, rest = text.partition(" ")
        word = command_of(typed)
        if word == "help":
            self.say(help_text())
        elif word == "hand" and not rest:
            self.show_hand(seat)
        elif word == "moves":
            pass  # the list is shown again before the next prompt
        elif word == "log":
            for n, line in self.match.lines[-15:]:
                self.say(f"  {n:>4} {line}")
        elif word == "status":
            for line in status_lines(self.match):
                self.say(line)
        elif word == "rules":
            self.show_rules(rest)
        elif word == "explain":
            self.say(_plain(explain_text(self.match.game_id, rest or "?")))
        else:
            return False
        return True

    def play(self) -> None:
        """Take moves until the game ends or the players stop."""
        match = self.match
        choices: list[rules.Choice] = []
        # After a command's answer (rules, hand…) the prompt comes alone: the list is just
        # above it, and listing it again would push the answer off the screen.
        listed = False
        while not match.over:
            seat = match.to_act()[0]
            computer = seat in self.computers
            if computer:
                text = level_action(match, seat, self.level)
            else:
                if not listed:
                    self.say()
                    choices = self.show_turn(seat)
                typed = self.ask(f"{match.players[seat]}> ")
                if typed is None or typed in ("quit", "exit") or (
                        language() != ENGLISH and command_of(typed) == "quit"):
                    raise EOFError
                if self.command(typed, seat):
                    listed = command_of(typed.split(" ")[0]) != "moves"
                    continue
                listed = False
                picked, problem = pick_number(match, seat, choices, typed)
                if problem:
                    self.say(f"  ✗ {problem}")
                    continue
                text = picked or typed
            due = set(match.to_act())
            try:
                lines = match.act(seat, text)
            except rules.IllegalAction as exc:
                self.say(f"  ✗ {_plain(str(exc))}")
                continue
            if self.save is not None:
                self.save.write_text(match.to_json())
            self.others_moved |= seat != self.last_private
            if computer:
                if not lines:  # a step of a longer choice (a menu, a junction): nothing to show
                    continue
                # Only the public log lines follow: a label may speak of the seat's own hand.
                self.say()
                # the name says it is a computer
                self.say(tr("{player} plays:", player=match.players[seat]))
            for line in lines:
                self.say(f"  {line}")
            self.say(tr("Board: {path}", path=str(self.draw())))
            if set(match.to_act()) != due:
                card = self.draw_turn_card()
                if card is not None:
                    self.say(tr("Turn card: {path}", path=str(card)))
        self.say()
        self.say(final_summary(match).split("**")[1])  # the headline: who won, or the table lost
        scores = match.scores()
        for s in sorted(range(len(scores)), key=lambda s: -scores[s]):
            said = {"player": match.players[s], "score": figure(scores[s])}
            self.say("  " + (tr("{player}: {score}  (winner)", **said) if s in match.winners()
                             else tr("{player}: {score}", **said)))


def play_local(game_id: str, players: int, *, names: list[str] | None = None,
               computers: int = 0, level: str = "normal", seed: int | None = None,
               options: dict[str, str] | None = None,
               out: Path = Path("boards"), save: Path | None = None,
               stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
               render: Callable[[dict[str, object]], bytes] = render_board) -> rules.Match:
    """Run a hot-seat game until it ends or the players quit; return the match.

    The last `computers` seats are computer players (named Computer Ada, Computer Ben, …) at
    `level` (gentle, normal or strong)."""
    names = with_computers(names or default_names(players - computers), computers, level)
    match = _load_or_new(game_id, names, random.randrange(2**31) if seed is None else seed,
                         options, save)
    out.mkdir(parents=True, exist_ok=True)
    seats = frozenset(range(len(match.players) - computers, len(match.players)))
    game = LocalGame(match, out, save, stdin, stdout, render, seats, level)
    game.say(tr("{title}: {players}. Boards go to {out}/ ({out}/latest.png is always the "
                "newest).", title=match.info.title, players=", ".join(match.players),
                out=str(out)))
    game.say(help_text())
    for line in [t for _, t in match.lines]:
        game.say(f"  {line}")
    game.say(tr("Board: {path}", path=str(game.draw())))
    try:
        game.play()
    except (EOFError, KeyboardInterrupt):
        game.say("\n" + (tr("Stopped. It is saved in {save}: run the same command to go on.",
                            save=str(save)) if save else tr("Stopped.")))
    return match
