"""The README's first command on a terminal without a token: the offer, then a game against
the computer (and a hot seat), typed at a real pseudo-terminal."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.tools.first_run import boards_folder

ROOT = Path(__file__).resolve().parents[2]


def readme_run_command() -> str:
    """The first command of the README (set up and run the bot): its last step."""
    text = (ROOT / "README.md").read_text()
    block = re.search(r"```sh\n(.+?)\n```", text, re.S)
    assert block, "the README starts with a command"
    steps = [s.strip() for s in block.group(1).split("&&")]
    assert steps[-1].endswith("railyard run"), steps
    return steps[-1]


class Terminal:
    """A program on a pseudo-terminal: read what it shows, type answers at its prompts."""

    def __init__(self, argv: list[str], cwd: Path, env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=slave, stdout=slave,
                                     stderr=slave, close_fds=True)
        os.close(slave)
        self.screen = ""

    def expect(self, pattern: str, timeout: float = 120.0) -> re.Match[str]:
        """Read until `pattern` shows after what was already matched (the bound is a failure)."""
        deadline = time.monotonic() + timeout
        while True:
            found = re.search(pattern, self.screen)
            if found:
                self.screen = self.screen[found.end():]
                return found
            left = deadline - time.monotonic()
            assert left > 0, f"never saw {pattern!r}; the screen ends with {self.screen[-800:]}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the program ended
                    chunk = b""
                assert chunk, f"the program ended before {pattern!r}: {self.screen[-800:]}"
                self.screen += chunk.decode(errors="replace")

    def type(self, line: str) -> None:
        """Type a line and press Enter."""
        os.write(self.master, line.encode() + b"\r")

    def close(self) -> int:
        """Wait for the program to end (killed if it hangs); its exit code."""
        try:
            code = self.proc.wait(timeout=60)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
            os.close(self.master)
        return code


def _terminal(tmp_path: Path, lang: str = "C.UTF-8") -> Terminal:
    command = readme_run_command()
    script = Path(sys.executable).parent / "railyard"
    assert script.exists(), "the README's install gives a `railyard` command"
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "RAILYARD_BOARDS")}
    env["RAILYARD_DB"] = str(tmp_path / "data" / "railyard.sqlite3")
    env["LANG"] = lang  # English by default, whatever the machine's language
    return Terminal([str(script), *command.split()[1:]], tmp_path, env)


def test_the_first_command_offers_a_game_against_the_computer(tmp_path: Path) -> None:
    term = _terminal(tmp_path)
    term.expect("DISCORD_TOKEN")
    term.expect(r"1\. Steel Driver")
    term.expect(r"Which game\?.*\] ")
    term.type("1")
    term.expect(r"How many computer players\?.*\] ")
    term.type("")  # the usual: two computers
    term.expect(r"Steel Driver: You, Computer Ada, Computer Ben\. Boards go to boards/")
    for _ in range(3):  # three moves, each the first on the list
        term.expect(r"\[1\] ")
        term.expect(r"\nYou> ")
        term.type("1")
    term.expect(r"\nYou> ")
    term.type("quit")
    term.expect("Stopped.")
    assert term.close() == 0
    boards = sorted((tmp_path / "boards").glob("steel-driver-*.png"))
    assert len(boards) >= 4  # the start and at least the three moves typed
    assert (tmp_path / "boards" / "latest.png").read_bytes()[:4] == b"\x89PNG"


def test_a_french_terminal_is_offered_a_game_in_french(tmp_path: Path) -> None:
    term = _terminal(tmp_path, "fr_FR.UTF-8")
    term.expect("DISCORD_TOKEN n’est pas défini")
    term.expect(r"Ou jouez ici, dans ce terminal")
    term.expect(r"Quel jeu\s\?.*\] ")
    term.type("1")
    term.expect(r"Combien de joueurs ordinateur\s\?.*\] ")
    term.type("")
    term.expect(r"Steel Driver\s: Joueur, \w+ Ada, \w+ Ben\. Les plateaux vont dans boards/")
    term.expect(r"Tapez le numéro d’un coup")
    term.expect(r"\[1\] ")
    term.expect(r"\nJoueur> ")
    term.type("aide")
    term.expect(r"Majuscules, accents")
    term.expect(r"\nJoueur> ")
    term.type("1")
    term.expect(r"Plateau\s: boards/steel-driver-")
    term.expect(r"\nJoueur> ")
    term.type("quitter")
    term.expect("Partie arrêtée.")
    assert term.close() == 0


def test_the_offer_also_seats_friends_at_one_keyboard(tmp_path: Path) -> None:
    (tmp_path / "boards").write_text("not a folder")  # boards/ here can't be used
    (tmp_path / "data").mkdir()  # the data volume, as in the image
    term = _terminal(tmp_path)
    term.expect(r"Which game\?.*\] ")
    term.type("2")  # Trains
    term.expect(r"How many computer players\?.*\] ")
    term.type("0")
    term.expect(r"How many people at this keyboard\?.*\] ")
    term.type("3")
    found = term.expect(r"Trains: Player A, Player B, Player C\. Boards go to (\S+)/ ")
    first = term.expect(r"\n(Player [A-C])> ").group(1)  # the seed picks who starts
    term.type("1")
    # The next player's hand is hidden until they alone look.
    second = term.expect(r"press Enter when (Player [A-C]) alone looks at the screen").group(1)
    assert second != first
    term.type("")
    term.expect(rf"\n{second}> ")
    term.type("quit")
    assert term.close() == 0
    where = Path(found.group(1))  # beside the database, said in full
    assert where == tmp_path / "data" / "boards"
    assert list(where.glob("trains-*.png"))


def test_play_writes_where_the_image_says_then_here_then_beside_the_database(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RAILYARD_BOARDS", raising=False)
    data = tmp_path / "data"
    data.mkdir()
    assert boards_folder(None, data) == Path("boards")
    assert boards_folder("mine", data) == Path("mine")  # --out wins
    (tmp_path / "boards").write_text("a file, not a folder")
    assert boards_folder(None, data) == data / "boards"
    monkeypatch.setenv("RAILYARD_BOARDS", str(tmp_path / "volume" / "boards"))
    assert boards_folder(None, data) == data / "boards"  # its folder does not exist
    (tmp_path / "volume").mkdir()
    assert boards_folder(None, data) == tmp_path / "volume" / "boards"
