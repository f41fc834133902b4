"""Session recordings: one JSON object per line, what a session saw from outside.

Written by ``listen --record`` as the session goes, read by ``demo-source --replay``.
Pure: builds lines and parses lines given to it; opening files is the caller's job.

Lines (``type`` says which)::

    {"type": "recording", "version": 1, "started": EPOCH, "explorer": VERSION}
    {"type": "document", "time": EPOCH, "url": URL, "status": 200, "headers": [[N, V]...],
     "body": TEXT | "body_base64": B64}
    {"type": "delivery", "time": EPOCH, "topic": URL, "status": "notification",
     "headers": [[N, V]...], "body": TEXT | "body_base64": B64}

``time`` of a delivery is its arrival (the store's received time), of a document when
it was fetched. Credential headers are masked before a line is made. Reading is bounded:
each line, the whole text and the number of lines have limits, checked as lines come.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from explorer.core import catalog
from explorer.core.credential_headers import mask_credentials

VERSION = 1
MAX_LINE_CHARS = 96 * 1024 * 1024
"""A delivery of 50 MB (``listen``'s default cap) in base64 and JSON fits."""
MAX_TOTAL_CHARS = 512 * 1024 * 1024
MAX_LINES = 200_000
Headers = list[tuple[str, str]]


class RecordingError(ValueError):
    """The text is not a usable recording; ``line`` is the 1-based line at fault (0: whole).
    The cause is the catalog line ``recording.<cause>``, said in English by ``str`` and in
    any language by ``describe``."""

    def __init__(self, line: int, cause: str, **params: object) -> None:
        self.line = line
        self.cause = cause
        self.params = params
        self.reason = catalog.text(f"recording.{cause}", catalog.ENGLISH, **params)
        super().__init__(self.describe(catalog.ENGLISH))

    def describe(self, lang: str) -> str:
        reason = catalog.text(f"recording.{self.cause}", lang, **self.params)
        if not self.line:
            return reason
        return catalog.text("recording.at-line", lang, line=self.line, reason=reason)


@dataclass(frozen=True, slots=True)
class RecordedDocument:
    time: float
    url: str
    status: int
    headers: Headers
    body: bytes


@dataclass(frozen=True, slots=True)
class RecordedDelivery:
    time: float
    topic: str
    status: str
    headers: Headers
    body: bytes


@dataclass(slots=True)
class Recording:
    started: float
    documents: list[RecordedDocument] = field(default_factory=list)
    deliveries: list[RecordedDelivery] = field(default_factory=list)

    def origins(self) -> list[str]:
        """``scheme://host[:port]`` of every recorded document and topic, first seen first."""
        seen: dict[str, None] = {}
        for url in [doc.url for doc in self.documents] + [d.topic for d in self.deliveries]:
            parts = urlsplit(url)
            seen.setdefault(f"{parts.scheme}://{parts.netloc}", None)
        return list(seen)


def _body_field(body: bytes) -> dict[str, str]:
    try:
        return {"body": body.decode("utf-8")}
    except UnicodeDecodeError:
        return {"body_base64": base64.b64encode(body).decode("ascii")}


def header_line(started: float, explorer_version: str) -> str:
    line = {"type": "recording", "version": VERSION, "started": started}
    return json.dumps({**line, "explorer": explorer_version})


def document_line(time: float, url: str, status: int, headers: Headers, body: bytes) -> str:
    masked = mask_credentials(headers)
    data = {"type": "document", "time": time, "url": url, "status": status, "headers": masked}
    return json.dumps({**data, **_body_field(body)})


def delivery_line(time: float, topic: str, status: str, headers: Headers, body: bytes) -> str:
    masked = mask_credentials(headers)
    data = {"type": "delivery", "time": time, "topic": topic, "status": status}
    return json.dumps({**data, "headers": masked, **_body_field(body)})


def parse_recording(lines: Iterable[str]) -> Recording:
    """The recording in ``lines``; raises ``RecordingError`` naming the first bad line."""
    recording: Recording | None = None
    total = 0
    for number, text in enumerate(lines, 1):
        if number > MAX_LINES:
            raise RecordingError(number, "too-many-lines", limit=MAX_LINES)
        if len(text) > MAX_LINE_CHARS:
            raise RecordingError(number, "line-too-long", limit=MAX_LINE_CHARS)
        total += len(text)
        if total > MAX_TOTAL_CHARS:
            raise RecordingError(number, "too-many-chars", limit=MAX_TOTAL_CHARS)
        if not text.strip():
            continue
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise RecordingError(number, "not-json", detail=exc.args[0][:80]) from None
        if not isinstance(data, dict):
            raise RecordingError(number, "not-object")
        if recording is None:
            recording = _header(number, data)
            continue
        _add(recording, number, data)
    if recording is None:
        raise RecordingError(0, "empty")
    return recording


def _header(number: int, data: dict[str, object]) -> Recording:
    if data.get("type") != "recording":
        raise RecordingError(number, "no-header")
    if data.get("version") != VERSION:
        raise RecordingError(number, "bad-version", found=data.get("version"), version=VERSION)
    return Recording(started=_number(number, data, "started"))


def _add(recording: Recording, number: int, data: dict[str, object]) -> None:
    kind = data.get("type")
    time = _number(number, data, "time")
    headers = _headers(number, data)
    body = _body(number, data)
    if kind == "document":
        status = data.get("status")
        if not isinstance(status, int) or not 100 <= status <= 599:
            raise RecordingError(number, "no-status")
        url = _url(number, data, "url")
        recording.documents.append(RecordedDocument(time, url, status, headers, body))
    elif kind == "delivery":
        topic = _url(number, data, "topic")
        status = str(data.get("status") or "notification")
        recording.deliveries.append(RecordedDelivery(time, topic, status, headers, body))
    # other types: written by a later explorer; skipped so old players still play


def _number(number: int, data: dict[str, object], name: str) -> float:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RecordingError(number, "no-number", name=name)
    return float(value)


def _url(number: int, data: dict[str, object], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or urlsplit(value).scheme not in ("http", "https"):
        raise RecordingError(number, "not-url", name=name)
    return value


def _headers(number: int, data: dict[str, object]) -> Headers:
    value = data.get("headers", [])
    if not isinstance(value, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)
        for pair in value
    ):
        raise RecordingError(number, "bad-headers")
    return [(pair[0], pair[1]) for pair in value]


def _body(number: int, data: dict[str, object]) -> bytes:
    text = data.get("body")
    if isinstance(text, str):
        return text.encode("utf-8")
    encoded = data.get("body_base64")
    if isinstance(encoded, str):
        try:
            return base64.b64decode(encoded, validate=True)
        except ValueError:
            raise RecordingError(number, "bad-base64") from None
    return b""


def rebase(text: bytes, origins: Iterable[str], base: str) -> bytes:
    """``text`` with each recorded origin replaced by ``base`` (no trailing slash), so a
    played-back Source links to itself and not to the host it was recorded from."""
    for origin in origins:
        text = text.replace(origin.encode("utf-8"), base.encode("utf-8"))
    return text
