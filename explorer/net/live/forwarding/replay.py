"""Replay with edits: send a stored delivery or a recorded exchange again, anywhere.

The request starts as the original (method, URL, headers, body); the edits replace
what they name; the body is then either re-signed (``X-Hub-Signature: <alg>=<hex>``
over the body as sent, WebSub §7.1) or left with its original signature. The target's
answer is read within a byte budget and a deadline, and the exchange is written to the
store linked to the original (``exchange_links``), so the inspector and ``export
--exchanges`` show where it came from. No CLI here: the window calls ``replay`` too.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field, replace

import httpx

from explorer.core.auth import MASK, mask_headers
from explorer.core.push.signatures import sign
from explorer.core.said_error import SaidError
from explorer.net.http.bounded_body import (
    BodyTooLarge,
    bounded_client,
    describe_failure,
    read_body,
)
from explorer.net.http.credentials import Credential, Credentials, CredentialsError
from explorer.net.http.network_access import NetworkAccess
from explorer.net.http.request_defaults import REPLAY_TIMEOUT as DEFAULT_TIMEOUT
from explorer.net.store.database import Store
from explorer.net.store.exchange_links import (
    DELIVERY,
    EXCHANGE,
    ExchangeLink,
    write_linked_exchange,
)
from explorer.net.store.exchange_log import ExchangeLog
from explorer.net.store.records import ExchangeRecord

REPLY_LIMIT = 1024 * 1024
"""The most of the target's answer kept: a receiver answers with a status and a line."""
SIGNATURE_HEADER = "X-Hub-Signature"
_NOT_REPLAYED = frozenset(
    {"host", "content-length", "transfer-encoding", "connection", "content-encoding", "expect"}
)
"""Set by the transport for the request as sent (the stored body is already decoded)."""


class ReplayError(SaidError):
    """The original cannot be replayed as asked (not found, body cut by the log's cap)."""


@dataclass(frozen=True, slots=True)
class ReplayRequest:
    """What will be sent; ``original_kind``/``original_id`` name where it came from."""

    original_kind: str
    original_id: int
    method: str
    url: str
    headers: list[tuple[str, str]]
    body: bytes
    complete: bool = True  # False: the stored body was cut at the exchange log's cap


@dataclass(frozen=True, slots=True)
class Edits:
    """Changes to the original: ``headers`` replace same-named ones (an empty value
    removes the header); ``secret`` re-signs with ``algorithm``. The values of the
    ``masked`` headers (given from a file or the environment, or named as credentials)
    are masked in the stored exchange, as the standard credential headers are."""

    url: str | None = None
    method: str | None = None
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: bytes | None = None
    secret: str | None = None
    algorithm: str = "sha256"
    masked: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class ReplayResult:
    request: ReplayRequest
    record: ExchangeRecord
    link: ExchangeLink
    signature: str  # "re-signed", "original" or "none"

    @property
    def accepted(self) -> bool:
        return self.record.status is not None and 200 <= self.record.status < 300


def load_original(store: Store, kind: str, original_id: int) -> ReplayRequest:
    """The stored delivery (sent to its subscription's callback URL by default) or the
    recorded exchange's request."""
    if kind == DELIVERY:
        found = store.notifications(after_id=original_id - 1, limit=1)
        if not found or found[0].id != original_id:
            raise ReplayError("replay.no-delivery", id=original_id)
        note = found[0]
        callbacks = {row["id"]: row["callback_url"] for row in store.subscriptions()}
        return ReplayRequest(
            DELIVERY,
            original_id,
            "POST",
            callbacks.get(note.subscription_id, ""),
            list(note.headers),
            note.body,
        )
    if kind == EXCHANGE:
        rows = store.exchanges(after_id=original_id - 1, limit=1)
        if not rows or rows[0].id != original_id:
            raise ReplayError("replay.no-exchange", id=original_id)
        row = rows[0]
        body = row.request_body or b""
        size = row.request_size if row.request_size is not None else len(body)
        return ReplayRequest(
            EXCHANGE,
            original_id,
            row.method,
            row.url,
            list(row.request_headers),
            body,
            complete=size <= len(body),
        )
    raise ValueError(f"unknown original kind {kind!r}")


def edited(request: ReplayRequest, edits: Edits) -> tuple[ReplayRequest, str]:
    """The request as it will go out, and how it is signed."""
    if edits.body is None and not request.complete:
        raise ReplayError("replay.body-cut", size=len(request.body), id=request.original_id)
    replaced = {name.lower() for name, _ in edits.headers}
    if edits.secret is not None:
        replaced.add(SIGNATURE_HEADER.lower())
    headers = [
        (name, value)
        for name, value in request.headers
        if name.lower() not in replaced and name.lower() not in _NOT_REPLAYED
    ]
    headers += [(name, value) for name, value in edits.headers if value]
    body = request.body if edits.body is None else edits.body
    if edits.secret is not None:
        headers.append((SIGNATURE_HEADER, sign(edits.secret, body, edits.algorithm)))
        how = "re-signed"
    else:
        signed = any(name.lower() == SIGNATURE_HEADER.lower() for name, _ in headers)
        how = "original" if signed else "none"
    masked = [name for name, value in headers if MASK in value]
    if masked:
        raise ReplayError("replay.header-masked", name=masked[0])
    out = replace(
        request,
        method=(edits.method or request.method).upper(),
        url=edits.url or request.url,
        headers=headers,
        body=body,
        complete=True,
    )
    if not out.url:
        raise ReplayError("replay.no-target")
    return out, how


def _access(request: ReplayRequest) -> NetworkAccess | None:
    """The client's credential hook takes Authorization off every request and adds the
    one kept for the request's origin, so a redirect cannot carry it elsewhere. An
    Authorization the edits give (a stored one is masked, so refused) is kept for the
    target's origin: without this it was taken off, while the record said it was sent."""
    given = tuple(
        (name, value) for name, value in request.headers if name.lower() == "authorization"
    )
    if not given:
        return None
    try:
        return NetworkAccess(Credentials({request.url: Credential(headers=given)}))
    except CredentialsError:  # no http(s) URL (the window's field takes any): httpx refuses
        # it too, and that failure is what the record says
        return None


async def replay(
    store: Store,
    request: ReplayRequest,
    edits: Edits,
    *,
    client: httpx.AsyncClient | None = None,
    timeout: float = DEFAULT_TIMEOUT,
) -> ReplayResult:
    """Send ``request`` with ``edits``; record the answer linked to the original."""
    outgoing, how = edited(request, edits)
    own = client is None
    http = client if client is not None else bounded_client(timeout, access=_access(outgoing))
    started = time.time()
    status: int | None = None
    response_headers: list[tuple[str, str]] = []
    answer: bytes | None = None
    error: str | None = None
    try:
        async with asyncio.timeout(timeout):
            sent = http.build_request(
                outgoing.method, outgoing.url, headers=outgoing.headers, content=outgoing.body
            )
            response = await http.send(sent, stream=True)
            try:
                status = response.status_code
                response_headers = list(response.headers.multi_items())
                answer = await read_body(response, REPLY_LIMIT)
            finally:
                await response.aclose()
    except BodyTooLarge as exc:
        answer, error = exc.partial, str(exc)
    except (httpx.HTTPError, TimeoutError, OSError) as exc:
        error = describe_failure(exc, timeout)
    except Exception as exc:  # a bad URL or header value: the request never left
        error = describe_failure(exc, timeout)
    finally:
        if own:
            await http.aclose()
    record = ExchangeLog(None).record(
        direction="out",
        kind="replay",
        method=outgoing.method,
        url=outgoing.url,
        status=status,
        request_headers=mask_headers(outgoing.headers, edits.masked),
        request_body=outgoing.body,
        response_headers=response_headers,
        response_body=answer,
        started=started,
        error=error,
    )
    record.id = store.reserve_exchange_id()  # the log's own numbering, not a second one
    link = await asyncio.to_thread(
        write_linked_exchange,
        store.path,
        record,
        request.original_kind,
        request.original_id,
        "replay",
    )
    return ReplayResult(outgoing, record, link, how)
