"""Board PNGs: slices deflated side by side make one valid stream, the same bytes every time."""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image

from render.core.png import _adler32_combine, to_png


def _idat(png: bytes) -> bytes:
    """The zlib stream of a PNG with one IDAT chunk."""
    at = png.index(b"IDAT")
    (length,) = struct.unpack(">I", png[at - 4 : at])
    return png[at + 4 : at + 4 + length]


@pytest.mark.parametrize("size", [(1, 1), (5, 3), (7, 4), (1600, 1100), (1100, 987)])
def test_every_pixel_comes_back_and_the_stream_checks(size: tuple[int, int]) -> None:
    rng = random.Random(size[0] * size[1])
    image = Image.frombytes("RGB", size, rng.randbytes(size[0] * size[1] * 3))
    png = to_png(image)
    with Image.open(io.BytesIO(png)) as back:
        assert back.mode == "RGB" and back.tobytes() == image.tobytes()
    rows = zlib.decompress(_idat(png))  # checks the combined Adler-32 too
    assert len(rows) == size[1] * (size[0] * 3 + 1)
    assert to_png(image) == png


def test_adler32_of_two_parts_combines_like_the_whole() -> None:
    first, second = b"railyard" * 999, bytes(range(256)) * 300
    combined = _adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
    assert combined == zlib.adler32(first + second)
