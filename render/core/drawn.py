"""Which words `canvas.draw_text` draws: their boxes recorded (where a map's words are, for the
turn card's zoom), or, inside `leaving_out`, those the zoom's edge would cut left out.

Context variables, so renders in other threads are not affected.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Box = tuple[float, float, float, float]

_SEEN: ContextVar[list[Box] | None] = ContextVar("_SEEN", default=None)
_LEFT_OUT: ContextVar[dict[tuple[int, int], Box] | None] = ContextVar("_LEFT_OUT", default=None)


def _crosses(box: Box, frame: Box | None) -> bool:
    """True when `box` reaches over an edge of `frame` (partly in, partly out)."""
    if frame is None or not (box[0] < frame[2] and frame[0] < box[2] and box[1] < frame[3]
                             and frame[1] < box[3]):
        return False
    return not (box[0] >= frame[0] and box[1] >= frame[1] and box[2] <= frame[2]
                and box[3] <= frame[3])


def drawn(box: Callable[[], Box], size: tuple[int, int]) -> bool:
    """Whether a text whose box `box()` gives is drawn on an image of `size` (and its box
    recorded); the box is measured only while recording or leaving words out."""
    seen, frames = _SEEN.get(), _LEFT_OUT.get()
    if seen is None and frames is None:
        return True
    where = box()
    if frames is not None and _crosses(where, frames.get(size)):
        return False
    if seen is not None:
        seen.append(where)
    return True


def cut_at_edge(box: Box, size: tuple[int, int]) -> bool:
    """True inside `leaving_out` when `box`, a label of several parts (words and a swatch) on an
    image of `size`, crosses the zoom's edge: none of it is drawn, not only its cut words."""
    frames = _LEFT_OUT.get()
    return frames is not None and _crosses(box, frames.get(size))


@contextmanager
def leaving_out(frames: dict[tuple[int, int], Box]) -> Iterator[None]:
    """Inside the block `draw_text` draws no text that crosses an edge of the frame given for
    the size of the image it draws on (the turn card's zoom, in the board's pixels and in the
    map's), and cached layers holding words are drawn afresh: no word is cut at the zoom's
    edge."""
    token = _LEFT_OUT.set(frames)
    try:
        yield
    finally:
        _LEFT_OUT.reset(token)


def leaving_words_out() -> bool:
    """True inside `leaving_out` (a cached layer of words must not be used, nor kept)."""
    return _LEFT_OUT.get() is not None


@contextmanager
def recording() -> Iterator[list[Box]]:
    """Collect the box of every text `draw_text` draws inside the block (in the coordinates of
    the image it draws on): where a map's words are, so the turn card's zoom cuts none."""
    seen: list[Box] = []
    token = _SEEN.set(seen)
    try:
        yield seen
    finally:
        _SEEN.reset(token)
