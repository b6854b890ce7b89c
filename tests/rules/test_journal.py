"""The journal of log lines reads exactly like the list it replaces, however long it grows."""

from __future__ import annotations

import random

import rules
from rules.core.journal import CHUNK, Journal


def test_a_journal_reads_like_a_list() -> None:
    rng = random.Random(4)
    journal, plain = Journal(), list[tuple[int, str]]()
    for n in range(12 * CHUNK):
        batch = [(n, f"Line {n}.{k} — {'é' * rng.randrange(5)} café")
                 for k in range(rng.randrange(4))]
        journal.extend(batch)
        plain.extend(batch)
        if n % 97 == 0:
            twin = journal.copy()
            twin.append((-1, "only in the copy"))
            assert len(twin) == len(journal) + 1 and journal == plain
    assert len(journal) == len(plain) and list(journal) == plain
    assert list(reversed(journal)) == plain[::-1]
    for _ in range(300):
        i = rng.randrange(-len(plain), len(plain))
        j = rng.randrange(-len(plain), len(plain))
        assert journal[i] == plain[i]
        assert journal[i:j] == plain[i:j] and journal[i:] == plain[i:]
    assert journal[::7] == plain[::7]
    assert journal == plain and journal != plain[:-1]


def test_a_long_match_keeps_its_lines_through_a_snapshot() -> None:
    match = rules.new_match("trains", 4, 9)
    rng = random.Random(9)
    while len(match.lines) < 5 * CHUNK:
        seat = match.to_act()[0]
        match.act(seat, rng.choice(match.legal(seat)))
    again = rules.load_match(match.to_json())
    assert list(again.lines) == list(match.lines)
    assert again.lines[-3:] == match.lines[-3:]
