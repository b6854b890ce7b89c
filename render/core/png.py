"""PNG encoding for the boards: deterministic bytes, row slices deflated side by side."""

from __future__ import annotations

import io
import struct
import zlib
from concurrent.futures import ThreadPoolExecutor

from PIL import Image

PNG_LEVEL = 3


def _chunk(tag: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, tag, data, CRC."""
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(data,
                                                                                 zlib.crc32(tag)))


PNG_SLICES = 4  # row slices deflated side by side (zlib lets go of the GIL while it works)
_ADLER_BASE = 65521
_POOL: list[ThreadPoolExecutor] = []


def _adler32_combine(first: int, second: int, second_len: int) -> int:
    """The Adler-32 of two buffers end to end, from each one's (as zlib's adler32_combine)."""
    rem = second_len % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = rem * sum1 % _ADLER_BASE
    sum1 += (second & 0xFFFF) + _ADLER_BASE - 1
    sum2 += (first >> 16 & 0xFFFF) + (second >> 16 & 0xFFFF) + _ADLER_BASE - rem
    return sum1 % _ADLER_BASE | (sum2 % _ADLER_BASE) << 16


def _deflate_rows(raw: memoryview, stride: int, last: bool) -> tuple[bytes, int, int]:
    """Raw deflate of rows, each behind its filter byte 0 (none); with its Adler-32 and length.

    A slice that is not the last ends on a byte boundary without the final-block bit, so the
    slices join into one valid stream, as pigz does."""
    rows: list[bytes | memoryview] = []
    for i in range(0, len(raw), stride):
        rows += (b"\x00", raw[i : i + stride])
    data = b"".join(rows)
    packer = zlib.compressobj(PNG_LEVEL, zlib.DEFLATED, -15)
    body = packer.compress(data) + packer.flush(zlib.Z_FINISH if last else zlib.Z_FULL_FLUSH)
    return body, zlib.adler32(data), len(data)


def to_png(image: Image.Image) -> bytes:
    """Encode as PNG bytes (deterministic: no timestamps or metadata; the same bytes however
    the slices are scheduled).

    RGB boards are flat colour plus text, where unfiltered rows deflate smaller than Pillow's
    per-row adaptive filters and several times faster, so they are written directly, in row
    slices deflated in parallel."""
    if image.mode != "RGB":
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", compress_level=6)
        return buffer.getvalue()
    width, height = image.size
    raw, stride = memoryview(image.tobytes()), width * 3
    step = -(-height // PNG_SLICES) * stride
    cuts = [(start, start + step >= len(raw)) for start in range(0, len(raw), step)]
    if not _POOL:
        _POOL.append(ThreadPoolExecutor(max_workers=PNG_SLICES, thread_name_prefix="png"))
    done = list(_POOL[0].map(lambda cut: _deflate_rows(raw[cut[0] : cut[0] + step], stride,
                                                       cut[1]), cuts))
    check = 1
    for _, adler, size in done:
        check = _adler32_combine(check, adler, size)
    stream = b"".join([b"\x78\x5e", *(body for body, _, _ in done), struct.pack(">I", check)])
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"".join((b"\x89PNG\r\n\x1a\n", _chunk(b"IHDR", header), _chunk(b"IDAT", stream),
                     _chunk(b"IEND", b"")))
