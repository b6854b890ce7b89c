"""A whole game through the local Discord server, written down as the players saw it.

    python -m tests.e2e.transcript trains --language fr --out /tmp/trains-fr

Three people (alice, bob, carol) whose Discord speaks `--language` play a game in a server of
that language; each move is picked from the `/play` autocomplete as a person would (the
computer's choice when it is listed, so the game reads like a real one). The transcript
(`transcript.md`) holds every public message as it was posted or edited (text, buttons, menus,
pictures' alt text, the pictures saved beside it) and every private answer, in order: read it
as a newcomer would, and look at the pictures.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path
from typing import Any

import rules
from rules.core.computer import computer_action
from tests.e2e.conftest import Table, private_text
from tests.e2e.reading import due_now, said_in
from tests.fakediscord import FakeDiscord

PLAYERS = ("alice", "bob", "carol")


class Transcript:
    """What the players saw, in order, and the pictures."""

    def __init__(self, out: Path) -> None:
        self.out, self.lines, self.seen = out, [], {}  # type: ignore[var-annotated]
        self.pictures = 0
        out.mkdir(parents=True, exist_ok=True)

    def note(self, text: str) -> None:
        self.lines.append(text)

    def public(self, table: Table) -> None:
        """Every public message new or edited since the last look."""
        for message in table.messages():
            if self.seen.get(message.id) == message.edits:
                continue
            kind = "edited" if message.id in self.seen else "posted"
            self.seen[message.id] = message.edits
            self.lines.append(f"\n### public message {message.id} ({kind})")
            self.lines += [f"> {line}" for line in said_in(message)]
            for attachment in message.attachments:
                data = table.fake.state.blobs.get(int(attachment["id"]))
                if data:
                    self.pictures += 1
                    name = f"{self.pictures:03d}-{attachment['filename']}"
                    (self.out / name).write_bytes(data)
                    self.lines.append(f"[picture {name}]")

    def save(self) -> Path:
        path = self.out / "transcript.md"
        path.write_text("\n".join(self.lines) + "\n", encoding="utf-8")
        return path


async def play(game: str, language: str, options: str, out: Path, seed: int) -> Path:
    """Play one game and write its transcript; the transcript's path."""
    fake = FakeDiscord(token="transcript-token")
    await fake.start()
    with tempfile.TemporaryDirectory() as folder:
        table = Table(fake, Path(folder) / "railyard.sqlite3")
        fake.state.guilds[table.guild].locale = language
        for name in PLAYERS:
            fake.state.users[table.users[name]].locale = language
        await table.start_bot()
        said = Transcript(out)
        try:
            await _game(table, said, game, options, seed)
        finally:
            await table.stop_bot()
            await fake.stop()
    return said.save()


async def _game(table: Table, said: Transcript, game: str, options: str, seed: int) -> None:
    async def slash(user: str, command: str, args: dict[str, Any] | None = None) -> None:
        said.note(f"\n**{user}** `/{command} {args or ''}`")
        answer = private_text(await table.slash(user, command, args))
        if answer:
            said.note(f"(private to {user}) {answer}")
        said.public(table)

    await slash(PLAYERS[0], "game new", {"game": game, **({"options": options}
                                                         if options else {})})
    for name in PLAYERS[1:]:
        await slash(name, "game join")
    before = table.ids()
    await slash(PLAYERS[0], "game start")
    await table.wait_record(before)
    assert table.bot is not None
    for _ in range(3000):
        if await table.bot.service.store.open_game(table.channel) is None:
            break
        name, match = await due_now(table)
        seat = match.to_act()[0]
        choices = await table.fake.autocomplete(table.users[name], table.channel, "play",
                                                {"action": ""}, focused="action")
        wanted = computer_action(match, seat)
        pick = next((c for c in choices if c["value"] == wanted),
                    next(c for c in choices if c["value"] in match.legal(seat)))
        said.note(f"\n**{name}** sees {len(choices)} choices: "
                  + " | ".join(c["name"] for c in choices[:8]))
        before = table.ids()
        await slash(name, "play", {"action": pick["value"]})
        await table.wait_record(before, settle=False)
    await table.fake.settle()
    said.public(table)
    del seed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=[g["id"] for g in rules.catalog()])
    parser.add_argument("--language", default="en")
    parser.add_argument("--options", default="")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix=f"{args.game}-{args.language}-"))
    print(asyncio.run(play(args.game, args.language, args.options, out, args.seed)))


if __name__ == "__main__":
    main()
