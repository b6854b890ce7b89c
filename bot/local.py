"""Hot-seat play in a terminal: the same action text as on Discord, boards written to a folder."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import rules
from bot.presenters import private_text
from render import render_board

HELP = """Type an action (e.g. `pass`, `bid 3`, `build boston-new-york`), its number from the list,
or: `legal` (list again), `log` (last 15 lines), `status`, `help`, `quit`.
Text is matched leniently: case, spaces, and unique prefixes of names are fine."""


def _load_or_new(game_id: str, names: list[str], seed: int, save: Path | None) -> rules.Match:
    if save is not None and save.exists():
        return rules.load_match(save.read_text())
    return rules.new_match(game_id, names, seed)


def play_local(game_id: str, players: int, *, names: list[str] | None = None,
               seed: int | None = None, out: Path = Path("boards"), save: Path | None = None,
               stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
               render: Callable[[dict[str, object]], bytes] = render_board) -> rules.Match:
    """Run a hot-seat game until it ends or the players quit; return the match."""
    names = names or [f"Player {i + 1}" for i in range(players)]
    match = _load_or_new(game_id, names, random.randrange(2**31) if seed is None else seed, save)
    out.mkdir(parents=True, exist_ok=True)

    def say(text: str = "") -> None:
        print(text, file=stdout, flush=True)

    def draw() -> Path:
        path = out / f"{match.game_id}-{len(match.log):04d}.png"
        path.write_bytes(render(match.view(None)))
        return path

    say(f"{match.info.title}: {', '.join(match.players)}. Boards go to {out}/.")
    say(HELP)
    for line in [t for _, t in match.lines]:
        say(f"  {line}")
    say(f"Board: {draw()}")
    while not match.over:
        seat = match.to_act()[0]
        legal = match.legal(seat)
        say()
        if match.info.hidden_information:  # hot seat: only the player at the screen looks
            private = private_text(match.view(seat), match.view(None)).replace("**", "")
            say(f"  For {match.players[seat]}'s eyes only:")
            for line in private.splitlines():
                say(f"    {line}")
        say(match.prompt(seat))
        say("  " + "  ".join(f"[{i + 1}] {a}" for i, a in enumerate(legal)))
        stdout.write(f"{match.players[seat]}> ")
        stdout.flush()
        typed = stdin.readline()
        if not typed:
            say("\nInput ended; the game is saved." if save else "\nInput ended.")
            return match
        text = typed.strip()
        if text in ("quit", "exit"):
            return match
        if text in ("help", "?"):
            say(HELP)
            continue
        if text == "legal":
            continue
        if text == "log":
            for n, line in match.lines[-15:]:
                say(f"  {n:>4} {line}")
            continue
        if text == "status":
            view = match.view(None)
            say(f"  round {view.get('round')} · {view.get('phase')} · scores {match.scores()}")
            continue
        if text.isdigit() and 1 <= int(text) <= len(legal):
            text = legal[int(text) - 1]
        try:
            lines = match.act(seat, text)
        except rules.IllegalAction as exc:
            say(f"  ✗ {exc}")
            continue
        for line in lines:
            say(f"  {line}")
        if save is not None:
            save.write_text(match.to_json())
        say(f"Board: {draw()}")
    say()
    scores = match.scores()
    for s in sorted(range(len(scores)), key=lambda s: -scores[s]):
        say(f"  {match.players[s]}: {scores[s]:g}{'  (winner)' if s in match.winners() else ''}")
    return match
