"""Reading an HTTP response body within a byte budget, decoding it as it arrives.

Why not ``response.content`` or ``aiter_bytes()``: httpx inflates ``Content-Encoding``
one network chunk per call with no cap, so a few kilobytes of nested gzip become
gigabytes before any count sees them (docs/reliability.md). Here the raw bytes go through
``BoundedDecoder``, every layer's output is charged to one budget, and reading stops at
the limit. Every place that reads a Source's or a hub's reply uses ``read_body``, and
clients advertise only the codings it can bound (``bounded_client``).
"""

from __future__ import annotations

import httpx

from explorer import __version__
from explorer.core.inflate import (
    ACCEPT_ENCODING,
    BoundedDecoder,
    InflateError,
    InflateLimit,
    parse_content_encoding,
)
from explorer.core.words.messages import Phrase, said, verbatim
from explorer.net.http.network_access import NetworkAccess

HUB_REPLY_LIMIT = 1024 * 1024
"""Cap on a hub's answer to a form POST or a publication: a status and a line of text."""

USER_AGENT = f"ResourceSync-Explorer/{__version__}"


class BodyError(Exception):
    """The body cannot be read: its coding is corrupt, truncated or unsupported. Its text
    is the English of ``said``, which every language can say."""

    def __init__(self, said: Phrase) -> None:
        super().__init__(str(said))
        self.said = said


class BodyTooLarge(BodyError):
    """The body decodes to more than ``limit`` bytes; ``partial`` is what was read before."""

    def __init__(self, said: Phrase, limit: int, partial: bytes) -> None:
        super().__init__(said)
        self.limit = limit
        self.partial = partial


def undecodable(exc: InflateError) -> Phrase:
    """Why a body cannot be decoded, in words every language can say."""
    return said("http.detail-undecodable", reason=said(exc.key, **exc.params))


async def read_body(response: httpx.Response, limit: int) -> bytes:
    """The decoded body of a streamed ``response``, at most ``limit`` bytes.

    Raises ``BodyTooLarge`` as soon as the decoded bytes of all layers pass ``limit``,
    ``BodyError`` for a body that cannot be decoded; httpx's transport errors pass through.
    """
    try:
        decoder = BoundedDecoder(
            parse_content_encoding(response.headers.get("content-encoding")), limit
        )
    except InflateError as exc:
        raise BodyError(undecodable(exc)) from None
    chunks: list[bytes] = []
    try:
        async for raw in response.aiter_raw():
            piece = decoder.feed(raw)
            if piece:
                chunks.append(piece)
        chunks.append(decoder.finish())
    except InflateLimit as exc:
        raise BodyTooLarge(said(exc.key, **exc.params), limit, b"".join(chunks)) from None
    except InflateError as exc:
        raise BodyError(undecodable(exc)) from None
    return b"".join(chunks)


def describe_failure(exc: BaseException, timeout: float) -> str:
    """One line for an exchange that failed; a deadline's ``TimeoutError`` names it."""
    return str(failure_phrase(exc, timeout))


def failure_phrase(exc: BaseException, timeout: float) -> Phrase:
    """``describe_failure`` as a phrase: a deadline in the reader's language, anything else
    in the library's own words, quoted as they came."""
    if isinstance(exc, TimeoutError):
        return said("http.detail-no-answer", seconds=timeout)
    return verbatim(exception_words(exc) or type(exc).__name__)


def exception_words(exc: BaseException) -> str | None:
    """A library's own words for ``exc`` with its type (``ConnectError: ...``); None when
    it gave none, so the caller says what happened in its own words."""
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else None


def bounded_client(
    timeout: float, *, access: NetworkAccess | None = None, **options: object
) -> httpx.AsyncClient:
    """An ``AsyncClient`` asking only for codings ``read_body`` can bound (gzip, deflate).

    httpx would otherwise advertise br and zstd when their packages are installed.
    ``timeout`` is httpx's per-operation timeout; callers still bound the whole request.
    ``access`` sets the proxy, TLS trust and per-origin credentials (a hub gets a
    credential only when one is kept for the hub's own origin).
    """
    access = access if access is not None else NetworkAccess()
    return httpx.AsyncClient(
        timeout=timeout,
        headers={"User-Agent": USER_AGENT, "Accept-Encoding": ACCEPT_ENCODING},
        **{**access.client_options(), **options},
    )
