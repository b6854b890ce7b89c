"""Reading pictures as a person on a phone would: shrunk to chat width, read by an OCR engine."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from PIL import Image

CHAT_WIDTH = 550  # pixels: how wide Discord shows an inline picture on a phone


def ocr(png: bytes, width: int = CHAT_WIDTH) -> str:
    """What tesseract reads on the picture shrunk to `width`, as Discord shows it inline."""
    if shutil.which("tesseract") is None:
        pytest.fail("tesseract is needed for this test: apt-get install tesseract-ocr")
    image = Image.open(io.BytesIO(png))
    small = image.resize((width, round(image.height * width / image.width)),
                         Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    small.save(buffer, format="PNG")
    done = subprocess.run(["tesseract", "stdin", "stdout"], input=buffer.getvalue(),
                          capture_output=True, check=True, timeout=120)
    return done.stdout.decode("utf-8", "replace")
