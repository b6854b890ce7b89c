"""A throwaway PostgreSQL server for the tests: its own folder, a free port, a non-root user."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

USER = "railyard-pg"  # PostgreSQL refuses to run as root: the server runs as this user


def bin_dir() -> Path | None:
    """The folder of PostgreSQL's server programs, if this machine has them."""
    found = shutil.which("initdb")
    if found:
        return Path(os.path.realpath(found)).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(versions[-1]).parent if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class PostgresServer:
    """initdb into a temporary folder, start on 127.0.0.1, stop and remove on `stop()`."""

    def __init__(self, bins: Path) -> None:
        self.bins = bins
        self.folder = Path(tempfile.mkdtemp(prefix="railyard-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.url = f"postgresql://railyard@127.0.0.1:{self.port}/postgres"
        self._as: list[str] = []

    def _run(self, *args: str) -> None:
        subprocess.run([*self._as, *args], check=True, capture_output=True, timeout=120)

    def start(self) -> PostgresServer:
        """Create the cluster and start the server; raise with its log if it does not come up."""
        if os.geteuid() == 0:
            try:
                pwd.getpwnam(USER)
            except KeyError:  # another test process may be adding it at this very moment
                subprocess.run(["useradd", "--system", "--no-create-home", "--shell",
                                "/usr/sbin/nologin", USER], capture_output=True)
                pwd.getpwnam(USER)
            self._as = ["runuser", "-u", USER, "--"]
            os.chmod(self.folder, 0o755)
            self.data.mkdir(mode=0o700)
            shutil.chown(self.data, USER, USER)
            (self.folder / "log").touch()
            shutil.chown(self.folder / "log", USER, USER)
        self._run(str(self.bins / "initdb"), "-D", str(self.data), "-U", "railyard", "-A",
                  "trust", "-E", "UTF8", "--no-sync")
        try:
            self._run(str(self.bins / "pg_ctl"), "-D", str(self.data), "-l",
                      str(self.folder / "log"), "-w", "-t", "60", "-o",
                      f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1", "start")
        except subprocess.CalledProcessError as exc:
            log = (self.folder / "log").read_text(errors="replace")[-2000:]
            raise RuntimeError(f"PostgreSQL did not start: {exc.stderr!r}\n{log}") from exc
        return self

    def stop(self) -> None:
        """Stop the server at once and remove its folder."""
        try:
            self._run(str(self.bins / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                      "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
