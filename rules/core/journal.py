"""A match's log lines: recent ones as they are, older ones compressed, read like a list.

A line is kept unsaid (a `Msg`, or a plain string written before there were languages) and said
in the reader's language when it is read; `raw()` gives the lines as kept, for saving.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from rules.core.lang import Msg, say

Line = Msg | str
Entry = tuple[int, str]  # (action number, line said)
RawEntry = tuple[int, Line]  # (action number, line as kept)

CHUNK = 64  # lines per compressed chunk; at most 2 * CHUNK stay uncompressed


class Journal(Sequence[Entry]):
    """Lines in order; a long game's old lines cost ~15 bytes each instead of ~180."""

    def __init__(self, entries: Iterable[RawEntry] = ()) -> None:
        self._chunks: list[bytes] = []  # zlib-compressed JSON, CHUNK entries each
        self._tail: list[RawEntry] = []
        self._last: tuple[int, list[RawEntry]] | None = None  # the chunk read last, unpacked
        self.extend(entries)

    @staticmethod
    def loaded(entries: Iterable[tuple[Any, Any]]) -> Journal:
        """A journal from saved JSON entries (`to_json` of each line, or an old plain string)."""
        return Journal((int(n), Msg.from_json(t)) for n, t in entries)

    def saved(self) -> list[list[Any]]:
        """Every entry as JSON: the inverse of `loaded`."""
        return [[n, t.to_json() if isinstance(t, Msg) else t] for n, t in self.raw()]

    def raw(self) -> Iterator[RawEntry]:
        """The lines as kept, unsaid."""
        for k in range(len(self._chunks)):
            yield from self._unpack(k)
        yield from list(self._tail)

    def append(self, entry: RawEntry) -> None:
        """Add one line at the end."""
        self._tail.append(entry)
        self._pack()

    def extend(self, entries: Iterable[RawEntry]) -> None:
        """Add lines at the end."""
        self._tail.extend(entries)
        self._pack()

    def copy(self) -> Journal:
        """An independent journal; the compressed chunks never change, so they are shared."""
        twin = Journal()
        twin._chunks, twin._tail = list(self._chunks), list(self._tail)
        return twin

    def _pack(self) -> None:
        while len(self._tail) >= 2 * CHUNK:
            head, self._tail = self._tail[:CHUNK], self._tail[CHUNK:]
            packed = [[n, t.to_json() if isinstance(t, Msg) else t] for n, t in head]
            text = json.dumps(packed, separators=(",", ":"), ensure_ascii=False)
            self._chunks.append(zlib.compress(text.encode(), 6))

    def _unpack(self, k: int) -> list[RawEntry]:
        return [(int(n), Msg.from_json(t)) for n, t in json.loads(zlib.decompress(self._chunks[k]))]

    def _chunk(self, k: int) -> list[RawEntry]:
        """One chunk unpacked, remembered for the next random access near it."""
        if self._last is None or self._last[0] != k:
            self._last = (k, self._unpack(k))
        return self._last[1]

    def __len__(self) -> int:
        return len(self._chunks) * CHUNK + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> Entry: ...
    @overload
    def __getitem__(self, index: slice) -> list[Entry]: ...
    def __getitem__(self, index: int | slice) -> Entry | list[Entry]:
        base = len(self._chunks) * CHUNK
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step == 1 and start >= base:  # recent: no unpacking
                return [(n, say(t)) for n, t in self._tail[start - base:max(stop, start) - base]]
            return [self[i] for i in range(start, stop, step)]
        i = index + len(self) if index < 0 else index
        if not 0 <= i < len(self):
            raise IndexError("journal index out of range")
        n, line = self._tail[i - base] if i >= base else self._chunk(i // CHUNK)[i % CHUNK]
        return n, say(line)

    def __iter__(self) -> Iterator[Entry]:
        for n, line in self.raw():
            yield n, say(line)

    def __reversed__(self) -> Iterator[Entry]:
        for n, line in reversed(list(self._tail)):
            yield n, say(line)
        for k in reversed(range(len(self._chunks))):
            for n, line in reversed(self._unpack(k)):
                yield n, say(line)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Journal | list | tuple):
            theirs = other.raw() if isinstance(other, Journal) else iter(other)
            return len(self) == len(other) and all(a == b for a, b in zip(self.raw(), theirs))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __repr__(self) -> str:
        return f"Journal({len(self)} lines)"
