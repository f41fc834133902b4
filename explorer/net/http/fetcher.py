"""The shared HTTP fetcher: one ``httpx.AsyncClient`` for discovery, crawl and checks.

Why one client: connection reuse and a single place for politeness (a bounded pool per
host), robustness (timeouts, retries with backoff), transparency (every redirect hop is
recorded, every exchange can be logged) and economy (a conditional-request cache, so a
refresh of an unchanged document costs a 304 and no body).

``Fetcher.fetch`` never raises for network trouble: it returns a ``FetchResult`` whose
``error`` says what went wrong, so callers turn it into findings instead of crashing.

Usage::

    async with Fetcher(timeout=Timeouts(connect=5, read=10)) as fetcher:
        result = await fetcher.fetch("https://example.org/.well-known/resourcesync")
        if result.ok:
            parse(result.body)
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from urllib.parse import urljoin, urlsplit

import httpx

from explorer.core.auth import mask_headers
from explorer.core.inflate import ACCEPT_ENCODING
from explorer.core.link_header import parse_link_header
from explorer.core.words.messages import Phrase, said, verbatim
from explorer.net.http.asyncio_transport import AsyncioTransport
from explorer.net.http.bounded_body import (
    USER_AGENT,
    BodyError,
    BodyTooLarge,
    exception_words,
    read_body,
)
from explorer.net.http.network_access import NetworkAccess
from explorer.net.http.retry_policy import RetryPolicy
from explorer.net.http.spool import BodySpool, SpooledBody

DEFAULT_MAX_BYTES = 64 * 1024 * 1024
"""Default cap on a decoded body: above the parser's 50 MB document limit, far below RAM."""

DEFAULT_PER_HOST = 6
DEFAULT_MAX_REDIRECTS = 10
RETRY_STATUSES = frozenset({500, 502, 503, 504})
MAX_RETRY_AFTER = 10.0
"""Longest Retry-After (seconds) honoured; a longer one is treated as final."""

ACCEPT = "application/xml, text/xml;q=0.9, text/html;q=0.5, */*;q=0.1"

SPOOL_BODY_BYTES = 1024 * 1024
"""Bodies above this are kept on disk rather than in memory, by the cache and by the crawl
(twenty 9 MB component lists held twice cost 300 MB of a 1 GB budget)."""


class FetchError(StrEnum):
    """Why a fetch has no usable response (``FetchResult.error``)."""

    TIMEOUT = "timeout"
    CONNECT = "connect"
    PROTOCOL = "protocol"
    REDIRECT_LOOP = "redirect-loop"
    TOO_MANY_REDIRECTS = "too-many-redirects"
    TOO_LARGE = "too-large"
    INVALID_URL = "invalid-url"


@dataclass(frozen=True, slots=True)
class Timeouts:
    """Connect and read timeouts (seconds); ``total`` bounds one request from connecting
    through the headers to the body's last byte, so a server trickling a byte at a time
    (which never trips a read timeout) cannot hold a crawl forever."""

    connect: float = 10.0
    read: float = 30.0
    total: float = 120.0

    @classmethod
    def uniform(cls, seconds: float) -> Timeouts:
        """One number for everything, as the CLI's ``--timeout`` gives it."""
        return cls(connect=seconds, read=seconds, total=max(seconds * 4, seconds))


@dataclass(frozen=True, slots=True)
class Redirect:
    """One hop of a redirect chain: ``url`` answered ``status`` pointing at ``location``."""

    url: str
    status: int
    location: str


@dataclass(slots=True)
class Exchange:
    """One HTTP request actually sent and what came back, for the exchange log.

    Reported for every hop of a redirect chain and every retry attempt. ``body`` is
    what was read (possibly capped); ``error`` is set when no complete response came.
    Credential headers in ``request_headers`` are already masked: an exchange never
    carries a secret to a log, a store or a view.
    """

    method: str
    url: str
    request_headers: dict[str, str]
    status: int | None
    response_headers: list[tuple[str, str]]
    body: bytes
    started: float
    elapsed: float
    error: FetchError | None = None
    detail: str = ""


ExchangeHook = Callable[[Exchange], None]


class _Once:
    """A ``Sent`` callback awaited at most once: when httpcore's trace (a documented
    request extension) says the request body was written, else when the hop ends."""

    def __init__(self, sent: Callable[[], Awaitable[None]]) -> None:
        self._sent: Callable[[], Awaitable[None]] | None = sent

    async def call(self) -> None:
        sent, self._sent = self._sent, None
        if sent is not None:
            await sent()

    async def trace(self, event: str, info: dict[str, object]) -> None:
        if event.endswith("send_request_body.complete"):
            await self.call()


Sent = Callable[[], Awaitable[None]]
BeforeSend = Callable[[str], Awaitable[Sent | None]]
"""Awaited with a request's URL just before it is sent (each hop and each retry): a caller
that must pace or meter requests it does not make itself (the fleet's per-host rate across
workers) waits here, inside the per-host bound, so the time waited is the request's own.
It may return a ``Sent`` callback, awaited once the request has left (its body written),
or once the hop ended without it leaving: a pacer then spaces requests by when they left,
not by when they were allowed to (on a loaded machine the two differ by tenths of a
second)."""


@dataclass(slots=True)
class FetchResult:
    """The outcome of ``Fetcher.fetch``: the last response after redirects, and how we got there.

    ``status`` is None when no response arrived (see ``error``/``detail``). When the
    cache revalidated the body, ``status`` is the cached 200 and ``not_modified`` is True.
    ``elapsed`` covers all hops and attempts. ``credentials_sent`` says whether the last
    hop carried credentials (its origin has some), so a 401 can say "refused" or "missing".
    """

    url: str
    method: str
    status: int | None
    headers: httpx.Headers
    final_url: str
    redirects: list[Redirect]
    body: bytes
    elapsed: float
    attempts: int = 1
    error: FetchError | None = None
    detail: str = ""
    not_modified: bool = False
    truncated: bool = False
    spooled: SpooledBody | None = None  # the cache's copy of ``body`` on disk, if it made one
    credentials_sent: bool = False
    said: Phrase | None = None
    """``detail`` in words every language can say; None for the network library's own."""

    @property
    def ok(self) -> bool:
        """A complete 2xx response."""
        return self.error is None and self.status is not None and 200 <= self.status < 300

    @property
    def content_type(self) -> str | None:
        """The media type without parameters, lower-cased (None when absent)."""
        value = self.headers.get("content-type")
        if not value:
            return None
        return value.split(";", 1)[0].strip().lower() or None

    @property
    def content_length(self) -> int | None:
        value = self.headers.get("content-length")
        try:
            return int(value) if value is not None else None
        except ValueError:
            return None

    @property
    def last_modified(self) -> str | None:
        value: str | None = self.headers.get("last-modified")
        return value

    def links(self) -> list[tuple[str, str]]:
        """(href, rel) pairs from every ``Link`` header, hrefs resolved against the final URL."""
        return parse_link_header(self.headers.get_list("link"), self.final_url)

    def link_hrefs(self, rel: str) -> list[str]:
        """Targets of the ``Link`` header links with this relation type, in order."""
        rel = rel.lower()
        return [href for href, link_rel in self.links() if link_rel == rel]

    def describe_error(self) -> str:
        """One line for a failed fetch, in English (``problem`` says it in any language)."""
        return str(self.problem())

    def problem(self) -> Phrase:
        """Why the fetch failed: the error's code and its detail, or the HTTP status."""
        if self.error is not None:
            if not self.detail:
                return verbatim(str(self.error))
            detail = self.said or verbatim(self.detail)
            return said("http.fetch-error", error=str(self.error), detail=detail)
        if self.status is not None and not self.ok:
            return said("http.fetch-status", status=self.status)
        return said("http.fetch-ok")


Detail = str | Phrase
"""Why a fetch has no usable response: our own words as a ``Phrase``, the network
library's as the ``str`` it gave."""


def detail_fields(detail: Detail) -> tuple[str, Phrase | None]:
    """A ``Detail`` as ``FetchResult`` keeps it: its English and its phrase, if any."""
    return str(detail), detail if isinstance(detail, Phrase) else None


@dataclass(slots=True)
class _CacheEntry:
    etag: str | None
    last_modified: str | None
    headers: httpx.Headers
    body: bytes | SpooledBody

    @property
    def memory(self) -> int:
        return len(self.body) if isinstance(self.body, bytes) else 0

    @property
    def spooled(self) -> int:
        return self.body.size if isinstance(self.body, SpooledBody) else 0

    def read(self) -> bytes | None:
        """The cached body (read back from disk when spooled; None if that file is gone)."""
        return self.body if isinstance(self.body, bytes) else self.body.read()


class ResponseCache:
    """Validators and bodies of earlier 200 responses, least recently used evicted first.

    Only responses carrying an ETag or Last-Modified are kept: without a validator a
    refresh could not be conditional anyway. With a ``spool``, bodies above
    ``spool_above`` bytes are written to disk (at most ``max_spooled_bytes`` of them)
    and only small ones count against ``max_bytes`` of memory.
    """

    def __init__(
        self,
        max_bytes: int = 128 * 1024 * 1024,
        *,
        spool: BodySpool | None = None,
        spool_above: int = SPOOL_BODY_BYTES,
        max_spooled_bytes: int = 1024 * 1024 * 1024,
    ) -> None:
        self.max_bytes = max_bytes
        self.spool = spool
        self.spool_above = spool_above
        self.max_spooled_bytes = max_spooled_bytes
        self._entries: OrderedDict[str, _CacheEntry] = OrderedDict()
        self._size = 0  # bytes of bodies held in memory
        self._spooled = 0  # bytes of bodies held on disk

    def get(self, url: str) -> _CacheEntry | None:
        entry = self._entries.get(url)
        if entry is not None:
            self._entries.move_to_end(url)
        return entry

    def store(self, url: str, headers: httpx.Headers, body: bytes) -> SpooledBody | None:
        """Remember a 200 response; returns the body's copy on disk when it was spooled."""
        etag, last_modified = headers.get("etag"), headers.get("last-modified")
        self.discard(url)
        if not etag and not last_modified:
            return None
        kept: bytes | SpooledBody = body
        if self.spool is not None and len(body) > self.spool_above:
            if len(body) > self.max_spooled_bytes // 4:
                return None
            try:
                kept = self.spool.keep(body)
            except OSError:
                return None  # no room on disk: the next fetch is simply unconditional
        elif len(body) > self.max_bytes // 4:
            return None
        entry = self._entries[url] = _CacheEntry(etag, last_modified, headers, kept)
        self._size += entry.memory
        self._spooled += entry.spooled
        while (
            self._size > self.max_bytes or self._spooled > self.max_spooled_bytes
        ) and self._entries:
            self._forget(self._entries.popitem(last=False)[1])
        return kept if isinstance(kept, SpooledBody) else None

    def discard(self, url: str) -> None:
        old = self._entries.pop(url, None)
        if old is not None:
            self._forget(old)

    def _forget(self, entry: _CacheEntry) -> None:
        self._size -= entry.memory
        self._spooled -= entry.spooled


Widen = Callable[[int], int]
"""Asked, when an uncoded body declares more bytes than its cap, for room for all of them
now; returns the cap to read under (the declared size if granted, else the old cap). It must
not wait: the response stays open meanwhile. A caller that reserves memory per fetch so
reads a large body once, instead of asking for it again under a larger reservation."""


@dataclass(frozen=True, slots=True)
class _BodyCap:
    limit: int
    widen: Widen | None = None

    def widened(self, declared: int) -> int:
        return self.limit if self.widen is None else max(self.limit, self.widen(declared))


@dataclass(slots=True)
class _Hop:
    status: int | None
    headers: httpx.Headers
    body: bytes
    error: FetchError | None = None
    detail: Detail = ""
    truncated: bool = False
    spooled: SpooledBody | None = None
    credentials_sent: bool = False  # what the request carried, not what is kept now


def carries_credentials(request: httpx.Request, access: NetworkAccess) -> bool:
    """Whether ``request`` went out with a credential header (as sent, after the hooks)."""
    return any(name in request.headers for name in access.credentials.managed_names())


class Fetcher:
    """Polite, bounded, cached HTTP GET/HEAD over one shared ``httpx.AsyncClient``.

    ``per_host`` requests run at a time per host (others wait); 5xx answers and
    connection errors are retried ``retries`` times with exponential backoff starting at
    ``backoff`` seconds (Retry-After honoured up to 10 s); redirects are followed by
    hand so that loops are caught and the chain is reported. Bodies are streamed, decoded
    by ``read_body`` (every coding layer charged to one budget) and capped at
    ``max_bytes``. ``on_exchange`` sees every request sent; ``before_send`` is awaited
    before each one goes out.
    ``spool`` keeps large cached bodies on disk; it is closed with the fetcher, and the
    crawl uses it for the bodies of the documents it has parsed.
    ``access`` brings credentials (added per hop, by that hop's own origin), the proxy
    and TLS trust.
    ``transport`` replaces the network: a folder's ``DiskTransport``, or a test's mock.
    """

    def __init__(
        self,
        *,
        timeout: Timeouts | float = Timeouts(),
        per_host: int = DEFAULT_PER_HOST,
        retries: int = 2,
        backoff: float = 0.25,
        max_bytes: int = DEFAULT_MAX_BYTES,
        max_redirects: int = DEFAULT_MAX_REDIRECTS,
        cache: ResponseCache | None = None,
        on_exchange: ExchangeHook | None = None,
        before_send: BeforeSend | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        access: NetworkAccess | None = None,
    ) -> None:
        self.access = access if access is not None else NetworkAccess()
        self.timeouts = timeout if isinstance(timeout, Timeouts) else Timeouts.uniform(timeout)
        self.per_host = per_host
        self.retries = retries
        self.backoff = backoff
        self.max_bytes = max_bytes
        self.max_redirects = max_redirects
        self.spool = BodySpool()
        self.cache = cache if cache is not None else ResponseCache(spool=self.spool)
        self.on_exchange = on_exchange
        self.before_send = before_send
        self.transport = transport  # a folder's DiskTransport: downloads use it too
        self._semaphores: dict[str, asyncio.Semaphore] = {}
        options = self.access.client_options(transport)  # a folder's: no hooks, no DNS
        limits = httpx.Limits(max_connections=None, max_keepalive_connections=32)
        if transport is None:  # cheaper streams beneath: see explorer.net.http.asyncio_transport
            transport = AsyncioTransport(options["verify"], limits)
        self._client = httpx.AsyncClient(
            headers=self._default_headers(),
            timeout=httpx.Timeout(
                self.timeouts.read, connect=self.timeouts.connect, pool=self.timeouts.total
            ),
            limits=limits,
            follow_redirects=False,
            transport=transport,
            **options,
        )

    @staticmethod
    def _default_headers() -> dict[str, str]:
        # Only the codings read_body can bound (docs/reliability.md); httpx would add br and zstd.
        return {"User-Agent": USER_AGENT, "Accept": ACCEPT, "Accept-Encoding": ACCEPT_ENCODING}

    async def __aenter__(self) -> Fetcher:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        try:
            await self._client.aclose()
        finally:
            self.spool.close()

    async def fetch(
        self,
        url: str,
        *,
        method: str = "GET",
        headers: dict[str, str] | None = None,
        max_bytes: int | None = None,
        use_cache: bool = True,
        widen: Widen | None = None,
    ) -> FetchResult:
        """Fetch ``url`` following redirects; never raises for network or HTTP problems.
        ``widen`` may raise ``max_bytes`` for a body that declares its size (see ``Widen``)."""
        started = time.perf_counter()
        method = method.upper()
        cap = self.max_bytes if max_bytes is None else max_bytes
        redirects: list[Redirect] = []
        seen = {url}
        current = url
        attempts = 0
        while True:
            if urlsplit(current).scheme not in ("http", "https"):
                return self._result(
                    url,
                    method,
                    current,
                    redirects,
                    started,
                    attempts,
                    _Hop(
                        None,
                        httpx.Headers(),
                        b"",
                        FetchError.INVALID_URL,
                        said("http.detail-not-http", url=current),
                    ),
                )
            hop, tries, not_modified = await self._request_with_retries(
                method, current, headers or {}, _BodyCap(cap, widen), use_cache
            )
            attempts += tries
            location = hop.headers.get("location")
            if hop.error is None and hop.status in (301, 302, 303, 307, 308) and location:
                target = urljoin(current, location.strip())
                redirects.append(Redirect(current, hop.status, target))
                if target in seen:
                    hop = _Hop(
                        hop.status,
                        hop.headers,
                        b"",
                        FetchError.REDIRECT_LOOP,
                        said("http.detail-redirect-visited", url=target),
                    )
                    return self._result(url, method, current, redirects, started, attempts, hop)
                if len(redirects) > self.max_redirects:
                    hop = _Hop(
                        hop.status,
                        hop.headers,
                        b"",
                        FetchError.TOO_MANY_REDIRECTS,
                        said("http.detail-too-many-redirects", count=self.max_redirects),
                    )
                    return self._result(url, method, current, redirects, started, attempts, hop)
                seen.add(target)
                current = target
                continue
            result = self._result(url, method, current, redirects, started, attempts, hop)
            result.not_modified = not_modified
            return result

    def _result(
        self,
        url: str,
        method: str,
        final_url: str,
        redirects: list[Redirect],
        started: float,
        attempts: int,
        hop: _Hop,
    ) -> FetchResult:
        detail, phrase = detail_fields(hop.detail)
        return FetchResult(
            url=url,
            method=method,
            status=hop.status,
            headers=hop.headers,
            final_url=final_url,
            redirects=redirects,
            body=hop.body,
            elapsed=time.perf_counter() - started,
            attempts=attempts,
            error=hop.error,
            detail=detail,
            truncated=hop.truncated,
            spooled=hop.spooled,
            credentials_sent=hop.credentials_sent,
            said=phrase,
        )

    async def _request_with_retries(
        self, method: str, url: str, headers: dict[str, str], cap: _BodyCap, use_cache: bool
    ) -> tuple[_Hop, int, bool]:
        attempt = 0
        while True:
            attempt += 1
            request_headers = dict(headers)
            cached = self.cache.get(url) if use_cache and method == "GET" else None
            if cached is not None:
                if cached.etag:
                    request_headers["If-None-Match"] = cached.etag
                if cached.last_modified:
                    request_headers["If-Modified-Since"] = cached.last_modified
            hop = await self._request_once(method, url, request_headers, cap)
            retryable = hop.error in (FetchError.CONNECT, FetchError.PROTOCOL) or (
                hop.error is None and hop.status in RETRY_STATUSES
            )
            if retryable:
                delay = self._retry_delay(hop, attempt)
                if delay is not None:
                    await asyncio.sleep(delay)
                    continue
            if cached is not None and hop.error is None and hop.status == 304:
                body = (
                    cached.read()
                    if isinstance(cached.body, bytes)
                    else await asyncio.to_thread(cached.read)
                )
                if body is not None:
                    on_disk = cached.body if isinstance(cached.body, SpooledBody) else None
                    return _Hop(200, cached.headers, body, spooled=on_disk), attempt, True
                self.cache.discard(url)  # its spooled copy is gone: ask again, unconditionally
                attempt -= 1
                continue
            if use_cache and method == "GET" and hop.error is None and hop.status == 200:
                hop.spooled = self.cache.store(url, hop.headers, hop.body)
            return hop, attempt, False

    def _retry_delay(self, hop: _Hop, attempt: int) -> float | None:
        policy = RetryPolicy(self.retries, self.backoff, max_retry_after=MAX_RETRY_AFTER)
        return policy.delay(attempt, hop.headers.get("retry-after") if hop.error is None else None)

    def _semaphore(self, url: str) -> asyncio.Semaphore:
        host = urlsplit(url).netloc.lower()
        semaphore = self._semaphores.get(host)
        if semaphore is None:
            semaphore = self._semaphores[host] = asyncio.Semaphore(self.per_host)
        return semaphore

    async def _request_once(
        self, method: str, url: str, headers: dict[str, str], cap: _BodyCap
    ) -> _Hop:
        async with self._semaphore(url):
            left = await self.before_send(url) if self.before_send is not None else None
            once = _Once(left) if left is not None else None
            started_wall, started = time.time(), time.perf_counter()
            try:
                hop = await self._exchange(method, url, headers, cap, once)
            finally:
                if once is not None:
                    await once.call()
            if self.on_exchange is not None:
                secret = self.access.headers_for(url)
                sent = {**self._default_headers(), **headers, **secret}
                self.on_exchange(
                    Exchange(
                        method=method,
                        url=url,
                        request_headers=dict(mask_headers(sent, secret)),
                        status=hop.status,
                        response_headers=list(hop.headers.multi_items()),
                        body=hop.body,
                        started=started_wall,
                        elapsed=time.perf_counter() - started,
                        error=hop.error,
                        detail=str(hop.detail),
                    )
                )
            return hop

    async def _exchange(
        self,
        method: str,
        url: str,
        headers: dict[str, str],
        cap: _BodyCap,
        sent: _Once | None = None,
    ) -> _Hop:
        response: httpx.Response | None = None
        extensions = {"trace": sent.trace} if sent is not None else None
        try:
            async with asyncio.timeout(self.timeouts.total):
                async with self._client.stream(
                    method, url, headers=headers, extensions=extensions
                ) as response:
                    hop = await self._read_body(response, cap)
                    hop.credentials_sent = carries_credentials(response.request, self.access)
                    return hop
        except httpx.ConnectTimeout as exc:  # no connection at all: retried like a refusal
            return self._failed(response, FetchError.CONNECT, _describe(exc, "connect-timed-out"))
        except (httpx.TimeoutException, TimeoutError) as exc:
            return self._failed(response, FetchError.TIMEOUT, _describe(exc, "timed-out"))
        except httpx.ConnectError as exc:
            return self._failed(response, FetchError.CONNECT, _describe(exc, "connection-failed"))
        except httpx.InvalidURL as exc:
            return self._failed(response, FetchError.INVALID_URL, _describe(exc, "invalid-url"))
        except httpx.UnsupportedProtocol as exc:
            return self._failed(response, FetchError.INVALID_URL, _describe(exc, "unsupported"))
        except (httpx.TransportError, httpx.DecodingError) as exc:
            return self._failed(
                response, FetchError.PROTOCOL, _describe(exc, "reset", name=type(exc).__name__)
            )

    @staticmethod
    def _failed(response: httpx.Response | None, error: FetchError, detail: Detail) -> _Hop:
        if response is None:
            return _Hop(None, httpx.Headers(), b"", error, detail)
        return _Hop(response.status_code, response.headers, b"", error, detail)

    @staticmethod
    async def _read_body(response: httpx.Response, body_cap: _BodyCap) -> _Hop:
        if response.request.method == "HEAD":
            # A HEAD answer has no body (RFC 9110 §9.3.2), but its end must still be read:
            # a response closed unread closes its connection, and each HEAD of a crawl's
            # describedby checks cost a new connection (200 of them on a large index).
            await response.aread()
            return _Hop(response.status_code, response.headers, b"")
        declared = response.headers.get("content-length")
        encoded = response.headers.get("content-encoding", "identity").lower()
        cap = body_cap.limit
        if declared and declared.isdigit() and encoded == "identity" and int(declared) > cap:
            cap = body_cap.widened(int(declared))
        if declared and declared.isdigit() and encoded == "identity" and int(declared) > cap:
            return _Hop(
                response.status_code,
                response.headers,
                b"",
                FetchError.TOO_LARGE,
                said("http.detail-content-length", declared=declared, cap=cap),
                truncated=True,
            )
        try:
            body = await read_body(response, cap)
        except BodyTooLarge as exc:
            return _Hop(
                response.status_code,
                response.headers,
                exc.partial,
                FetchError.TOO_LARGE,
                exc.said,
                truncated=True,
            )
        except BodyError as exc:
            return _Hop(response.status_code, response.headers, b"", FetchError.PROTOCOL, exc.said)
        return _Hop(response.status_code, response.headers, body)


def _describe(exc: Exception, fallback: str, **params: object) -> Detail:
    """Our words when ``exc`` carries them as a phrase (a folder's refusal, ``said``), else
    the library's own words for ``exc``; without any, ours: ``http.detail-<fallback>``."""
    own = getattr(exc, "said", None)
    if isinstance(own, Phrase):
        return own
    return exception_words(exc) or said(f"http.detail-{fallback}", **params)
