"""The forwarder's HTTP client: aiohttp's, one kept-alive connection, one POST at a time.

A well-kept client through its public API rather than a parser of our own: aiohttp parses
answers in C (llhttp), keeps the connection alive and reads chunked and close-delimited
bodies. It is set up for one target and nothing else: one connection (``limit=1``), no
cookie jar, no decompression (only the first ``keep`` bytes of a body are kept, as the
target said them), no redirects (the target is the user's own application: a redirect is
its answer). The rest of an answer is read out up to ``DRAIN_LIMIT`` so the connection
can be used again; past it the connection is closed instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

import aiohttp
import yarl

from explorer.core.words.messages import Phrase, said, verbatim

DRAIN_LIMIT = 1024 * 1024
"""Answer bytes read past the kept ones before the connection is given up instead."""


class ForwardHTTPError(Exception):
    """The target could not be reached or gave no readable HTTP answer: ``said`` in the
    explorer's words (a catalog line) or the system's, verbatim."""

    def __init__(self, said: Phrase) -> None:
        super().__init__(str(said))
        self.said = said


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    retry_after: str | None
    body: bytes


class OneConnection:
    """POSTs to one URL over one kept-alive connection, opened again when it is lost."""

    def __init__(self, url: str, timeout: float) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not an http(s) URL: {url!r}")
        self.url = url
        self._url = yarl.URL(url)  # parsed once, not on every POST
        self.timeout = timeout
        self._session: aiohttp.ClientSession | None = None

    def _client(self) -> aiohttp.ClientSession:
        """Made on first use: a session belongs to the loop it was made on."""
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(limit=1),
                cookie_jar=aiohttp.DummyCookieJar(),
                auto_decompress=False,
                skip_auto_headers=("User-Agent", "Accept", "Accept-Encoding"),
                timeout=aiohttp.ClientTimeout(total=self.timeout),
            )
        return self._session

    async def post(self, headers: list[tuple[str, str]], body: bytes, keep: int) -> Answer:
        """Send one POST; the answer with at most ``keep`` bytes of its body. A kept-alive
        connection the target closed just as it was reused is replaced once, at once."""
        try:
            return await self._exchange(headers, body, keep)
        except aiohttp.ServerDisconnectedError:
            pass  # the idle connection was closed under us: one new connection, once
        except aiohttp.ClientError as exc:
            raise ForwardHTTPError(_reason(exc)) from exc
        except TimeoutError as exc:
            raise ForwardHTTPError(_timed_out()) from exc
        try:
            return await self._exchange(headers, body, keep)
        except aiohttp.ClientError as exc:
            raise ForwardHTTPError(_reason(exc)) from exc
        except TimeoutError as exc:
            raise ForwardHTTPError(_timed_out()) from exc

    async def _exchange(self, headers: list[tuple[str, str]], body: bytes, keep: int) -> Answer:
        async with self._client().post(
            self._url, data=body, headers=headers, allow_redirects=False
        ) as response:
            size = response.content_length
            if size is not None and size <= DRAIN_LIMIT:  # the usual small answer: one read
                whole = await response.read()
                return Answer(response.status, response.headers.get("Retry-After"), whole[:keep])
            kept = bytearray()
            while len(kept) < keep and (chunk := await response.content.read(keep - len(kept))):
                kept += chunk
            drained = 0
            while drained <= DRAIN_LIMIT and (chunk := await response.content.readany()):
                drained += len(chunk)
            if drained > DRAIN_LIMIT:
                response.close()  # not worth reading out: the next POST opens a new one
            return Answer(response.status, response.headers.get("Retry-After"), bytes(kept))

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()
        self._session = None


def _timed_out() -> Phrase:
    return said("forwarding.failed-no-answer-in-time")


def _reason(exc: aiohttp.ClientError) -> Phrase:
    """Why, in the outbox's words: the explorer's own reasons from the catalog, the
    system's (a refused connection, a TLS failure) as they came."""
    if isinstance(exc, aiohttp.ServerDisconnectedError):
        return said("forwarding.failed-target-closed")
    if isinstance(exc, aiohttp.ClientPayloadError):
        return said("forwarding.failed-short-body")
    if isinstance(exc, aiohttp.ClientResponseError):  # the answer could not be parsed
        return said("forwarding.failed-not-http", line=repr(exc.message[:80]))
    return verbatim(f"{type(exc).__name__}: {exc}")
