"""Discord's REST wire format, as the stand-in reads and answers it: request bodies (JSON, or multipart with files),
JSON answers, and the refusal (`DiscordError`: status, numeric `code`, `message`, for form errors the nested
`errors` object) that any part may raise and the REST middleware turns into Discord's answer.
"""

from __future__ import annotations

import json
import mimetypes
import re
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from . import limits
from .limits import FieldError
from .records import Json


class DiscordError(Exception):
    """An error answer: raised by handlers, turned into a response by the middleware."""

    def __init__(self, status: int, code: int, message: str, errors: list[FieldError] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors or []

    def response(self) -> web.Response:
        body: Json = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = limits.form_errors(self.errors)
        return json_response(body, status=self.status)

    def describe(self) -> str:
        if not self.errors:
            return f"{self.message} (code {self.code})"
        return f"{self.message} (code {self.code}): " + "; ".join(str(e) for e in self.errors)


def json_response(body: Any, status: int = 200) -> web.Response:
    # discord.py only parses JSON when Content-Type is exactly 'application/json' (no charset).
    return web.Response(body=json.dumps(body).encode(), status=status, content_type="application/json")


def no_content() -> web.Response:
    return web.Response(status=204)


@dataclass
class Upload:
    """A file part of a multipart request (`files[n]`)."""

    index: int
    filename: str
    data: bytes
    content_type: str


_BODY: web.RequestKey[tuple[Any, list[Upload]]] = web.RequestKey("standin.body", tuple)


async def parse_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """The JSON body as sent (a multipart body's payload_json; None when empty) and the uploaded files, parsed once
    per request (the middleware's schema check and the handler share it)."""
    cached = request.get(_BODY)
    if cached is None:
        cached = request[_BODY] = await _parse(request)
    return cached


async def _parse(request: web.Request) -> tuple[Any, list[Upload]]:
    content_type = request.headers.get("Content-Type", "")
    raw = await request.read()
    if content_type.startswith("multipart/"):
        return _multipart(content_type, raw)
    if not raw:
        return None, []
    try:
        return json.loads(raw), []
    except ValueError as exc:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.") from exc


async def read_body(request: web.Request) -> tuple[Json, list[Upload]]:
    body, uploads = await parse_body(request)
    if body is None:
        return {}, uploads
    return (body if isinstance(body, dict) else {"_": body}), uploads


_PARAMETER = re.compile(r'(\w+)="([^"]*)"')  # name="payload_json", filename="board.png"


def _multipart(content_type: str, raw: bytes) -> tuple[Any, list[Upload]]:
    """A multipart/form-data body, split by hand: aiohttp's reader parses every part's headers with the
    email package, which took a third of the load benchmark's stand-in time."""
    boundary = content_type.partition("boundary=")[2].split(";")[0].strip('"')
    if not boundary:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.")
    payload: Any = None
    uploads: list[Upload] = []
    for chunk in raw.split(b"--" + boundary.encode())[1:]:
        if chunk.startswith(b"--"):  # the closing delimiter
            break
        head, _, data = chunk.partition(b"\r\n\r\n")
        parameters = dict(_PARAMETER.findall(head.decode("utf-8", "replace")))
        data = data.removesuffix(b"\r\n")
        name = parameters.get("name", "")
        if name == "payload_json":
            try:
                payload = json.loads(data)
            except ValueError as exc:
                raise DiscordError(400, 50109, "The request body contains invalid JSON.") from exc
        elif name.startswith("files[") and name.endswith("]"):
            filename = parameters.get("filename") or f"file{len(uploads)}"
            guessed = mimetypes.guess_type(filename)[0] or "application/octet-stream"
            uploads.append(Upload(int(name[6:-1]), filename, data, guessed))
    return payload, uploads
