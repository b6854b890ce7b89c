"""HTTP wire helpers: exact JSON responses, Discord-style errors, JSON/multipart body parsing."""

from __future__ import annotations

import json
import mimetypes
import re
from dataclasses import dataclass
from typing import Any

from aiohttp import web

FILE_FIELD = re.compile(r"^files?\[?(\d*)\]?$")
# docs resources/message, Create Message: "The maximum request size when sending a message is
# 25 MiB"; Discord answers a larger one 413 with code 40005.
MAX_REQUEST_SIZE = 25 * 1024 * 1024


class ApiError(Exception):
    """An error answered to the bot as Discord would (status + JSON {message, code, errors?})."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        """The JSON body of the error response."""
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data


def form_error(path: str, code: str, message: str) -> ApiError:
    """A 400 Invalid Form Body error (code 50035) for one field path like 'components.0'.

    An empty path is an error of the body as a whole (`{"errors": {"_errors": [...]}}`).
    """
    errors: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for key in reversed(path.split(".") if path else []):
        errors = {key: errors}
    return ApiError(400, 50035, "Invalid Form Body", errors)


def under(prefix: str, exc: ApiError) -> ApiError:
    """The same form error with its field paths moved under `prefix` (e.g. 'data')."""
    if exc.code != 50035 or not exc.errors:
        return exc
    return ApiError(exc.status, exc.code, exc.message, {prefix: exc.errors})


def error_path(errors: dict[str, Any] | None) -> str:
    """The dotted field path of the first error in an `errors` tree ('' at the root)."""
    keys: list[str] = []
    node = errors or {}
    while isinstance(node, dict) and "_errors" not in node and node:
        key = next(iter(node))
        keys.append(key)
        node = node[key]
    return ".".join(keys)


def unknown(what: str, code: int) -> ApiError:
    """A 404 'Unknown X' error."""
    return ApiError(404, code, f"Unknown {what}")


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A JSON response whose Content-Type is exactly 'application/json' (discord.py needs that)."""
    all_headers = {"Content-Type": "application/json"}
    all_headers.update(headers or {})
    return web.Response(body=json.dumps(data).encode(), status=status, headers=all_headers)


def no_content() -> web.Response:
    """An empty 204 response."""
    return web.Response(status=204)


@dataclass
class Upload:
    """A file uploaded in a multipart request (files[N])."""

    index: int
    filename: str
    data: bytes
    content_type: str


def guess_type(filename: str) -> str:
    """Content type Discord would report for a filename."""
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"


async def read_body(request: web.Request) -> tuple[dict[str, Any], dict[int, Upload]]:
    """Parse a JSON or multipart (payload_json + files[N]) request body."""
    uploads: dict[int, Upload] = {}
    if (request.content_length or 0) > MAX_REQUEST_SIZE:
        raise ApiError(413, 40005, "Request entity too large")
    if request.content_type.startswith("multipart/"):
        payload: dict[str, Any] = {}
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            name = getattr(part, "name", None) or ""
            if name == "payload_json":
                payload = json.loads(await part.text())  # type: ignore[union-attr]
                continue
            match = FILE_FIELD.match(name)
            if match is None:
                continue
            index = int(match.group(1) or len(uploads))
            data = bytes(await part.read())  # type: ignore[union-attr]
            filename = getattr(part, "filename", None) or f"file{index}"
            uploads[index] = Upload(index, filename, data, guess_type(filename))
        if sum(len(u.data) for u in uploads.values()) > MAX_REQUEST_SIZE:
            raise ApiError(413, 40005, "Request entity too large")
        return payload, uploads
    raw = await request.read()
    if not raw.strip():
        return {}, uploads
    try:
        payload = json.loads(raw)
    except ValueError:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from None
    if not isinstance(payload, dict):
        raise form_error(
            "_root", "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"
        )
    return payload, uploads


def image_size(data: bytes) -> tuple[int, int] | None:
    """Width and height of a PNG, GIF or JPEG image, or None."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        return int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                return None
            marker, length = data[i + 1], int.from_bytes(data[i + 2 : i + 4], "big")
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                h = int.from_bytes(data[i + 5 : i + 7], "big")
                return int.from_bytes(data[i + 7 : i + 9], "big"), h
            i += 2 + length
    return None
