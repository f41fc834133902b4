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
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from explorer.core import catalog
from explorer.core.credential_headers import mask_credentials

VERSION = 1
MAX_LINE_CHARS = 96 * 1024 * 1024
"""A delivery of 50 MB (``listen``'s default cap) in base64 and JSON fits."""
MAX_TOTAL_CHARS = 512 * 1024 * 1024
MAX_LINES = 200_000
MAX_HOSTS = 100
"""Distinct origins (documents' and topics' ``scheme://host[:port]``) a recording may
name: a session watches a few Sources and hubs; every origin is rewritten in every body
when played back, so thousands of them are an attack on the player, not a session."""
MAX_DOCUMENTS = 50_000
"""Recorded document versions served by a playback (a crawl's 5,000 requests, ten times)."""
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
    _origins: dict[str, None] = field(default_factory=dict)

    def origins(self) -> list[str]:
        """``scheme://host[:port]`` of every recorded document and topic, first seen first
        (counted as the lines are read, against ``MAX_HOSTS``)."""
        return list(self._origins)

    def note_origin(self, url: str) -> int:
        """Count ``url``'s origin; returns how many distinct origins there are now."""
        parts = urlsplit(url)
        self._origins.setdefault(f"{parts.scheme}://{parts.netloc}", None)
        return len(self._origins)


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
        except RecursionError:  # arrays or objects nested past the interpreter's stack
            raise RecordingError(number, "too-deep") from None
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
        if len(recording.documents) >= MAX_DOCUMENTS:
            raise RecordingError(number, "too-many-documents", limit=MAX_DOCUMENTS)
        _count_origin(recording, number, url)
        recording.documents.append(RecordedDocument(time, url, status, headers, body))
    elif kind == "delivery":
        topic = _url(number, data, "topic")
        _count_origin(recording, number, topic)
        status = str(data.get("status") or "notification")
        recording.deliveries.append(RecordedDelivery(time, topic, status, headers, body))
    # other types: written by a later explorer; skipped so old players still play


def _count_origin(recording: Recording, number: int, url: str) -> None:
    if recording.note_origin(url) > MAX_HOSTS:
        raise RecordingError(number, "too-many-hosts", limit=MAX_HOSTS)


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


class Rebaser:
    """Rewrites recorded URLs in one pass over a text: each of ``moves`` (recorded prefix
    to its replacement) found, longest first, and replaced, so the cost is the text's
    length and not its length times the number of origins."""

    def __init__(self, moves: Mapping[str, str]) -> None:
        self._to = {old.encode("utf-8"): new.encode("utf-8") for old, new in moves.items()}
        longest_first = sorted(self._to, key=len, reverse=True)
        self._pattern = re.compile(b"|".join(map(re.escape, longest_first))) if moves else None

    def __call__(self, text: bytes) -> bytes:
        if self._pattern is None:
            return text
        return self._pattern.sub(lambda match: self._to[match.group()], text)


def rebase(text: bytes, origins: Iterable[str], base: str) -> bytes:
    """``text`` with each recorded origin replaced by ``base`` (no trailing slash), so a
    played-back Source links to itself and not to the host it was recorded from."""
    return Rebaser(dict.fromkeys(origins, base))(text)
