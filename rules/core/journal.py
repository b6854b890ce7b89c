"""A match's log lines: recent ones as they are, older ones compressed, read like a list."""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Iterator, Sequence
from typing import overload

Entry = tuple[int, str]  # (action number, line)

CHUNK = 64  # lines per compressed chunk; at most 2 * CHUNK stay uncompressed


class Journal(Sequence[Entry]):
    """Lines in order; a long game's old lines cost ~15 bytes each instead of ~180."""

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self._chunks: list[bytes] = []  # zlib-compressed JSON, CHUNK entries each
        self._tail: list[Entry] = []
        self._last: tuple[int, list[Entry]] | None = None  # the chunk read last, unpacked
        self.extend(entries)

    def append(self, entry: Entry) -> None:
        """Add one line at the end."""
        self._tail.append(entry)
        self._pack()

    def extend(self, entries: Iterable[Entry]) -> None:
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
            text = json.dumps(head, separators=(",", ":"), ensure_ascii=False)
            self._chunks.append(zlib.compress(text.encode(), 6))

    def _unpack(self, k: int) -> list[Entry]:
        return [(int(n), str(t)) for n, t in json.loads(zlib.decompress(self._chunks[k]))]

    def _chunk(self, k: int) -> list[Entry]:
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
            if step == 1 and start >= base:
                return self._tail[start - base:max(stop, start) - base]  # recent: no unpacking
            return [self[i] for i in range(start, stop, step)]
        i = index + len(self) if index < 0 else index
        if not 0 <= i < len(self):
            raise IndexError("journal index out of range")
        if i >= base:
            return self._tail[i - base]
        return self._chunk(i // CHUNK)[i % CHUNK]

    def __iter__(self) -> Iterator[Entry]:
        for k in range(len(self._chunks)):
            yield from self._unpack(k)
        yield from list(self._tail)

    def __reversed__(self) -> Iterator[Entry]:
        yield from reversed(list(self._tail))
        for k in reversed(range(len(self._chunks))):
            yield from reversed(self._unpack(k))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Journal | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __repr__(self) -> str:
        return f"Journal({len(self)} lines)"
