"""`railyard bench --busy`: busy tables through the local Discord server, end to end."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path


async def test_the_busy_bench_plays_a_table_and_prints_its_figures(tmp_path: Path) -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "bench", "--busy", "1", "--seconds", "3", cwd=tmp_path,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 300)
    text = out.decode()
    assert proc.returncode == 0, err.decode()[-2000:]
    assert re.search(r"render floor \(board \+ turn card\) \d+ ms", text), text
    row = next(line for line in text.splitlines() if line.startswith("| 1 |"))
    moves = float(row.split("|")[2].split()[0])
    assert moves > 0, row  # the table moved: clicks reached the bot and were confirmed
    assert re.search(r"\| \d+ / \d+ ms \| \d+ / \d+ ms \(", row), row
