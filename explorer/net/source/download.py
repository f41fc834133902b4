"""Downloading a large body straight into a file, decoded and capped while it arrives.

``Fetcher.fetch`` returns the body in memory, which suits documents; a dump package may be
hundreds of megabytes and is only read member by member, so it goes to an anonymous
temporary file instead (removed when closed). A package is already compressed, so only
``identity`` is asked for; a coding applied anyway is decoded through ``BoundedDecoder``,
every layer charged to the same cap (docs/reliability.md), fed in small slices so that one network
chunk cannot inflate into memory at once. The whole request is bounded in time like the
fetcher's.

Usage::

    async with Downloader(fetcher.timeouts) as downloader:
        with tempfile.TemporaryFile() as file:
            result = await downloader.download(url, file, max_bytes=256 * 1024 * 1024)
            if result.ok: ...  # the decoded body is in file
"""

from __future__ import annotations

import asyncio
import time
from typing import BinaryIO

import httpx

from explorer.core.inflate import (
    BoundedDecoder,
    InflateError,
    InflateLimit,
    parse_content_encoding,
)
from explorer.core.words.messages import said
from explorer.net.http.bounded_body import USER_AGENT, undecodable
from explorer.net.http.fetcher import (
    DEFAULT_MAX_REDIRECTS,
    Detail,
    FetchError,
    FetchResult,
    Redirect,
    Timeouts,
    carries_credentials,
    detail_fields,
)
from explorer.net.http.network_access import NetworkAccess

FEED_SLICE = 512
"""Encoded bytes decoded per step: one deflate layer turns them into at most ~0.5 MB."""


class Downloader:
    """One ``httpx.AsyncClient`` for a series of downloads; close it (or use ``async with``).

    ``access`` should be the fetcher's: a closed Source's packages need its credentials,
    proxy and CA bundle as much as its lists do. Its request hook runs on every redirect
    hop, so a package redirected to another origin (a CDN) gets none of them.
    """

    def __init__(
        self,
        timeouts: Timeouts,
        max_redirects: int = DEFAULT_MAX_REDIRECTS,
        *,
        access: NetworkAccess | None = None,
    ) -> None:
        self.timeouts = timeouts
        self.access = access if access is not None else NetworkAccess()
        self._client = httpx.AsyncClient(
            headers={"User-Agent": USER_AGENT, "Accept-Encoding": "identity"},
            timeout=httpx.Timeout(timeouts.read, connect=timeouts.connect),
            follow_redirects=True,
            max_redirects=max_redirects,
            **self.access.client_options(),
        )

    async def __aenter__(self) -> Downloader:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self._client.aclose()

    async def download(self, url: str, file: BinaryIO, *, max_bytes: int) -> FetchResult:
        """GET ``url`` into ``file``; never raises for network trouble. The result's
        ``body`` is empty (the bytes are in ``file``); ``error`` says what went wrong,
        ``TOO_LARGE`` as soon as the decoded bytes pass ``max_bytes``."""
        started = time.perf_counter()
        outcome = _Outcome(url)
        try:
            async with asyncio.timeout(self.timeouts.total):
                async with self._client.stream("GET", url) as response:
                    outcome.response = response
                    await _write_body(response, file, max_bytes, outcome)
        except (httpx.TimeoutException, TimeoutError):
            outcome.fail(FetchError.TIMEOUT, said("http.detail-timed-out"))
        except httpx.TooManyRedirects:
            outcome.fail(FetchError.TOO_MANY_REDIRECTS, said("http.detail-redirects-unbounded"))
        except httpx.ConnectError as exc:
            outcome.fail(
                FetchError.CONNECT, said("http.detail-connection-failed-because", reason=str(exc))
            )
        except (httpx.InvalidURL, httpx.UnsupportedProtocol) as exc:
            outcome.fail(FetchError.INVALID_URL, str(exc))
        except httpx.HTTPError as exc:
            outcome.fail(FetchError.PROTOCOL, f"{type(exc).__name__}: {exc}")
        result = outcome.result(time.perf_counter() - started)
        if outcome.response is not None:
            result.credentials_sent = carries_credentials(outcome.response.request, self.access)
        return result


class _Outcome:
    """What a download came to, built up as it goes."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.response: httpx.Response | None = None
        self.error: FetchError | None = None
        self.detail: Detail = ""

    def fail(self, error: FetchError, detail: Detail) -> None:
        self.error, self.detail = error, detail

    def result(self, elapsed: float) -> FetchResult:
        response = self.response
        detail, phrase = detail_fields(self.detail)
        redirects = (
            [
                Redirect(str(hop.url), hop.status_code, hop.headers.get("location", ""))
                for hop in response.history
            ]
            if response is not None
            else []
        )
        return FetchResult(
            url=self.url,
            method="GET",
            status=response.status_code if response is not None else None,
            headers=response.headers if response is not None else httpx.Headers(),
            final_url=str(response.url) if response is not None else self.url,
            redirects=redirects,
            body=b"",
            elapsed=elapsed,
            error=self.error,
            detail=detail,
            truncated=self.error is FetchError.TOO_LARGE,
            said=phrase,
        )


async def _write_body(
    response: httpx.Response, file: BinaryIO, max_bytes: int, outcome: _Outcome
) -> None:
    if response.status_code != 200:
        return
    codings = parse_content_encoding(response.headers.get("content-encoding"))
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_bytes and not codings:
        outcome.fail(
            FetchError.TOO_LARGE,
            said("http.detail-content-length", declared=declared, cap=max_bytes),
        )
        return
    try:
        decoder = BoundedDecoder(codings, max_bytes)
        async for raw in response.aiter_raw():
            if not codings:  # identity cannot grow: whole chunks
                file.write(decoder.feed(raw))
                continue
            for start in range(0, len(raw), FEED_SLICE):
                file.write(decoder.feed(raw[start : start + FEED_SLICE]))
        file.write(decoder.finish())
    except InflateLimit:
        outcome.fail(FetchError.TOO_LARGE, said("http.detail-body-limit", cap=max_bytes))
    except InflateError as exc:
        outcome.fail(FetchError.PROTOCOL, undecodable(exc))
