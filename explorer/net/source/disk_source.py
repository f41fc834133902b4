"""A Source on disk: a folder read as if it were served at a base URL, before upload.

``DiskTransport`` answers the shared ``Fetcher``'s requests from files, so discovery, the
crawl, the link checks and the resource spot checks run unchanged: every URL under the
base URL maps to the file at the same relative path under the folder, and
``/.well-known/resourcesync`` of the base URL's origin maps to
``.well-known/resourcesync`` under the folder (core 1.1 §6.3.2), even when the base URL
has a path. Reads are bounded like HTTP bodies: the file is streamed in chunks, so the
fetcher's byte cap and the crawl's document and byte budgets stop it while it is read.

What a file cannot say is left out rather than failed: media types, redirects, retries,
credentials and the topic URI's Link headers are HTTP matters (``HTTP_ONLY_CODES``), and a
URL outside the base URL is not on disk at all. ``set_aside`` takes such findings out of a
crawl's result and returns them as ``NotApplicable`` records, which the report and the JSON
show as "not applicable on disk".

A path that leaves the folder (``..``, a symbolic link pointing outside it) is refused, and
so is anything but a regular file (a FIFO would block the read, a device never ends).

Usage (what ``inspect DIR --base-url URL`` does; a window service does the same)::

    source = open_disk_source("/srv/site/rs", "https://example.org/rs/")
    async with Fetcher(transport=DiskTransport(source)) as fetcher:
        crawler = Crawler(fetcher, check_topics=False)
        discovery = await discover_source(source.start_url, fetcher, budget=crawler.budget)
        result = await crawler.crawl(source.start_url, discovery=discovery)
    not_applicable = set_aside(result, source)
"""

from __future__ import annotations

import asyncio
import os
import stat
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import SplitResult, quote, unquote, urlsplit
from urllib.request import url2pathname

import httpx

from explorer.core import catalog
from explorer.core.findings import Finding, finding
from explorer.core.said_error import SaidError
from explorer.core.words.messages import said
from explorer.net.source.crawl_tree import CrawlResult, DocumentNode

WELL_KNOWN_PATH = "/.well-known/resourcesync"
# One read per MiB, not per 64 KiB: each read is a hand-off to a worker thread and back to
# the event loop, and a 1,000,000-entry Source (194 MB) took about 3,100 of them.
CHUNK_BYTES = 1024 * 1024

HTTP_ONLY_CODES = frozenset(
    {
        "http.content-type",
        "http.redirect",
        "http.retried",
        "http.auth-required",
        "http.forbidden",
        "http.tls-unverified",
        "http.topic-status",
        "http.topic-content-type",
        "http.topic-link-self",
        "http.topic-link-hub",
        "http.topic-hub-mismatch",
        "http.resource-type",
        "http.resource-lastmod",
        "http.resource-last-modified-invalid",
    }
)
"""Checks of what only an HTTP server says: headers, status codes other than found/not
found, redirects, retries, TLS. A folder has none of it."""

REACH_CODES = frozenset(
    {"http.unreachable", "http.link-broken", "http.resource-status", "http.status"}
)
"""Findings that a URL could not be read: not applicable when that URL is outside the base
URL (it is not in the folder, and a check before upload does not go to the network)."""

REASON_HTTP = "http"
REASON_OUTSIDE = "outside"


class DiskSourceError(SaidError, ValueError):
    """The folder or base URL cannot be used; the message names the cause and the fix."""


class NotOnDisk(httpx.UnsupportedProtocol):
    """A request the folder cannot answer: outside the base URL, escaping the folder, or not
    a regular file. An ``UnsupportedProtocol`` so the fetcher reports it at once, with no
    retry. ``said`` is the reason as a phrase, so each reader gets it in their language
    (the exception's own text is the English)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(catalog.text(key, **params))
        self.said = said(key, **params)


@dataclass(frozen=True, slots=True)
class DiskSource:
    """A folder and the base URL it will be served at; ``start_url`` is where discovery
    starts (the base URL, or the URL of the top document given)."""

    folder: Path
    base_url: str
    start_url: str

    def relative_path(self, url: str) -> str | None:
        """The path under the folder that ``url`` maps to, '/'-separated and still
        percent-encoded; None when the URL is not under the base URL."""
        base, target = urlsplit(self.base_url), urlsplit(url)
        try:
            if _origin(target) != _origin(base):
                return None
        except ValueError:  # a port outside 0-65535
            return None
        path = target.path or "/"
        if path == WELL_KNOWN_PATH:
            return WELL_KNOWN_PATH.lstrip("/")
        if not path.startswith(base.path):
            return None
        return path[len(base.path) :]

    def is_under_base(self, url: str) -> bool:
        return self.relative_path(url) is not None

    def to_json(self) -> dict[str, Any]:
        return {"folder": str(self.folder), "base_url": self.base_url, "start": self.start_url}


def _origin(parts: SplitResult) -> tuple[str, str, int | None]:
    """Scheme, host and port as a server sees them: ``HTTPS://Example.org:443`` is
    ``https://example.org``."""
    scheme = parts.scheme.lower()
    return scheme, (parts.hostname or "").lower(), parts.port or _DEFAULT_PORTS.get(scheme)


_DEFAULT_PORTS = {"http": 80, "https": 443}


def open_disk_source(location: str, base_url: str | None) -> DiskSource:
    """A ``DiskSource`` from a folder, a file in it (the top document) or a ``file://`` URL
    of either, and the base URL the folder will be served at."""
    if not base_url:
        raise DiskSourceError("disk.need-base-url", location=location)
    base = urlsplit(base_url)
    if base.scheme.lower() not in ("http", "https") or not base.netloc:
        raise DiskSourceError("disk.bad-base-url", base_url=base_url)
    if base.query or base.fragment:
        raise DiskSourceError("disk.bad-base-url", base_url=base_url)
    base_url = base._replace(
        path=base.path if base.path.endswith("/") else base.path + "/"
    ).geturl()
    path = Path(url2pathname(urlsplit(location).path)) if _is_file_url(location) else Path(location)
    if not path.exists():
        raise DiskSourceError("disk.no-such-path", path=str(path))
    if path.is_dir():
        return DiskSource(Path(os.path.realpath(path)), base_url, base_url)
    if not path.is_file():
        raise DiskSourceError("disk.not-a-file", path=str(path))
    folder = Path(os.path.realpath(path.parent))
    return DiskSource(folder, base_url, base_url + quote(path.name))


def is_disk_location(location: str) -> bool:
    """Whether ``inspect``'s argument names a file or folder rather than an http(s) URL."""
    if _is_file_url(location):
        return True
    return not location.lower().startswith(("http://", "https://")) and os.path.exists(location)


def _is_file_url(location: str) -> bool:
    return location.lower().startswith("file:")


class _FileStream(httpx.AsyncByteStream):
    """A regular file read in chunks off the event loop; the reader stops when its cap is
    reached, so a huge file costs one chunk past the cap, not its size."""

    def __init__(self, descriptor: int) -> None:
        self._file = os.fdopen(descriptor, "rb", buffering=0)

    async def __aiter__(self) -> AsyncIterator[bytes]:
        while True:
            chunk = await asyncio.to_thread(self._file.read, CHUNK_BYTES)
            if not chunk:
                return
            yield chunk

    async def aclose(self) -> None:
        self._file.close()


class DiskTransport(httpx.AsyncBaseTransport):
    """Answers GET and HEAD from the folder of a ``DiskSource``: 200 with Content-Length
    for a regular file, 404 for a missing one, ``NotOnDisk`` for everything refused."""

    reads_network = False  # NetworkAccess.client_options: no hooks, no DNS

    def __init__(self, source: DiskSource) -> None:
        self.source = source
        self._root = os.path.realpath(source.folder)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        url = str(request.url)
        relative = self.source.relative_path(url)
        if relative is None:
            raise NotOnDisk("disk.outside-base", url=url, base=self.source.base_url)
        descriptor = await asyncio.to_thread(self._open, relative, url)
        if descriptor is None:
            return httpx.Response(404, stream=httpx.ByteStream(b""), request=request)
        size = os.fstat(descriptor).st_size
        headers = {"Content-Length": str(size)}
        if request.method == "HEAD":
            os.close(descriptor)
            return httpx.Response(
                200, headers=headers, stream=httpx.ByteStream(b""), request=request
            )
        return httpx.Response(200, headers=headers, stream=_FileStream(descriptor), request=request)

    def _open(self, relative: str, url: str) -> int | None:
        """An open descriptor of the regular file ``relative`` names, None when there is no
        such file; raises ``NotOnDisk`` for paths that leave the folder or special files."""
        segments = [unquote(part) for part in relative.split("/")]
        if any(part in (".", "..") or "\x00" in part or os.sep in part for part in segments):
            raise NotOnDisk("disk.escapes", url=url)
        path = os.path.join(self._root, *[part for part in segments if part])
        real = os.path.realpath(path)
        if os.path.commonpath([self._root, real]) != self._root:
            raise NotOnDisk("disk.escapes", url=url)
        try:
            descriptor = os.open(real, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            return None
        except OSError as exc:
            raise NotOnDisk("disk.unreadable", url=url, reason=exc.strerror) from exc
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            os.close(descriptor)
            return None
        if not stat.S_ISREG(mode):
            os.close(descriptor)
            raise NotOnDisk("disk.not-regular", url=url)
        os.set_blocking(descriptor, True)
        return descriptor


@dataclass(frozen=True, slots=True)
class NotApplicable:
    """One kind of check that a folder cannot answer, and how many findings it would have
    made: ``reason`` is ``REASON_HTTP`` (needs an HTTP server) or ``REASON_OUTSIDE`` (the
    URL is not under the base URL)."""

    code: str
    reason: str
    count: int

    def describe(self, lang: str) -> str:
        return catalog.text(f"disk.not-applicable-{self.reason}", lang, code=self.code)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "reason": self.reason,
            "status": catalog.text("disk.status-not-applicable"),
            "count": self.count,
            "detail": self.describe("en"),
        }


class SetAside:
    """Takes the findings a folder cannot answer out of finding lists (in place) and counts
    them by code and reason, as documents are read: the window sets each node's aside
    when the crawl reports it, so no HTTP-only finding is ever shown for a Source on disk.
    Every HTTP-only code is counted, even with no finding: on disk those checks did not
    run, which is not the same as passing."""

    def __init__(self, source: DiskSource) -> None:
        self.source = source
        self._counts: dict[tuple[str, str], int] = {
            (code, REASON_HTTP): 0 for code in HTTP_ONLY_CODES
        }

    def take(self, findings: list[Finding]) -> None:
        kept: list[Finding] = []
        for item in findings:
            reason = _not_applicable(item, self.source)
            if reason is None:
                kept.append(_in_folder_words(item, self.source))
            else:
                key = (item.code, reason)
                self._counts[key] = self._counts.get(key, 0) + 1
        findings[:] = kept

    def take_node(self, node: DocumentNode) -> None:
        self.take(node.findings)
        for channel in node.channels:
            self.take(channel.findings)

    def records(self) -> list[NotApplicable]:
        return [
            NotApplicable(code, reason, count)
            for (code, reason), count in sorted(self._counts.items())
        ]


def set_aside(result: CrawlResult, source: DiskSource) -> list[NotApplicable]:
    """Take the findings a folder cannot answer out of ``result`` (in place) and count them
    by code and reason (``SetAside``)."""
    aside = SetAside(source)
    aside.take(result.findings)
    for node in result.nodes():
        aside.take_node(node)
    return aside.records()


_STATUS_CODES = frozenset({"http.resource-status", "http.status"})
"""Findings that say an HTTP status: on disk, a 404 is a file that is not in the folder."""


def _in_folder_words(item: Finding, source: DiskSource) -> Finding:
    """ "HEAD … gave HTTP 404" (a resource check) or "answered HTTP 404" (a document, a
    dump's package) is the folder's answer for a file that is not there: said as the
    missing file, by its path in the folder."""
    if item.code not in _STATUS_CODES or item.url is None:
        return item
    relative = source.relative_path(item.url)
    if relative is None:
        return item
    path = source.folder.joinpath(*(unquote(part) for part in relative.split("/") if part))
    if path.exists():
        return item
    return finding(
        item.code,
        line=item.line,
        url=item.url,
        params={**(item.params or {}), "path": str(path)},
        variant="disk-missing",
    )


def _not_applicable(item: Finding, source: DiskSource) -> str | None:
    if item.code in HTTP_ONLY_CODES:
        return REASON_HTTP
    if item.code in REACH_CODES and any(not source.is_under_base(url) for url in _urls_of(item)):
        return REASON_OUTSIDE
    return None


def _urls_of(item: Finding) -> Iterable[str]:
    """The URL a reach finding is about: its target when it names one, else its own."""
    params = item.params or {}
    for key in ("target", "url", "topic"):
        value = params.get(key)
        if isinstance(value, str):
            return [value]
    return [item.url] if item.url else []


def disk_json(source: DiskSource, not_applicable: list[NotApplicable]) -> dict[str, Any]:
    """What ``inspect --json`` adds for a Source on disk."""
    return {
        "disk": source.to_json(),
        "not_applicable": [record.to_json() for record in not_applicable],
    }
