"""Seeded randomness of our own, stable across Python versions (SHA-256 counter mode)."""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A deterministic stream of numbers derived from (seed, stream, counter)."""

    def __init__(self, seed: int, stream: int = 0) -> None:
        self.seed = seed
        self.stream = stream
        self.counter = 0

    def _next64(self) -> int:
        data = f"{self.seed}:{self.stream}:{self.counter}".encode()
        self.counter += 1
        return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection so there is no modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self._next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return self._next64() / (1 << 64)

    def choice(self, items: Sequence[T]) -> T:
        """One item of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
