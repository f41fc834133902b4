"""Publish a notification to a hub the way a ResourceSync Source does.

change-notification 1.0.1 §4.1 (and framework-notification 1.0.1 §4.1): the payload is
the body of a POST to the hub URI with ``Content-Type: application/xml`` and a Link
header carrying ``self`` (the topic URI) and ``hub`` (the hub URI); the examples add
``resourcesync`` pointing at the Capability List. Success is "200 OK"; anything in
3xx/4xx/5xx is a failure. The hub's whole answer (status line, headers, body) is kept:
a developer debugging a hub needs to read it, not a summary.

No retries: a publication is not idempotent, and the user decides whether to resend.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

import httpx

from explorer.core import catalog
from explorer.core.auth import mask_headers
from explorer.core.findings import Finding, finding
from explorer.core.parser import DocumentParseError, parse_document
from explorer.net.http.bounded_body import (
    HUB_REPLY_LIMIT,
    USER_AGENT,
    BodyError,
    BodyTooLarge,
    failure_phrase,
    read_body,
)
from explorer.net.http.request_defaults import PUBLISH_TIMEOUT as DEFAULT_TIMEOUT
from explorer.net.live.callback.callback_server import Reply
from explorer.net.store.exchange_log import ExchangeLog

XML = "application/xml"


@dataclass(slots=True)
class PublishResult:
    """The hub's full answer to one publication (``status`` None: no answer at all)."""

    hub: str
    topic: str
    status: int | None
    reason_phrase: str = ""
    http_version: str = "HTTP/1.1"
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: bytes = b""
    request_headers: list[tuple[str, str]] = field(default_factory=list)
    elapsed_ms: float = 0.0
    error: str | None = None
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Accepted as change-notification 1.0.1 §4.1 asks: exactly 200."""
        return self.status == 200

    @property
    def accepted(self) -> bool:
        return self.status is not None and 200 <= self.status < 300

    def response_text(self) -> str:
        """The response as it came over the wire: status line, headers, blank line, body."""
        if self.status is None:
            return catalog.text("hub_client.no-response", hub=self.hub, error=self.error)
        lines = [f"{self.http_version} {self.status} {self.reason_phrase}".rstrip()]
        lines += [f"{name}: {value}" for name, value in self.headers]
        return "\n".join(lines) + "\n\n" + self.body.decode("utf-8", "replace")


def publication_link(topic: str, hub: str, resourcesync: str | None = None) -> str:
    """The Link header value of a publication (change-notification 1.0.1 §4.1, Example 2)."""
    links = [f'<{topic}>; rel="self"', f'<{hub}>; rel="hub"']
    if resourcesync:
        links.append(f'<{resourcesync}>; rel="resourcesync"')
    return ", ".join(links)


def topic_reply(topic: str, hub: str, payload: bytes) -> Reply:
    """What a topic URI answers to HEAD/GET (change-notification 1.0.1 §4.1): 200,
    application/xml, Link self and hub; the latest payload, or Content-Length 0 when none."""
    headers: tuple[tuple[str, str], ...] = (("Link", publication_link(topic, hub)),)
    if not payload:
        headers += (("Content-Length", "0"),)
    return Reply(200, payload, XML, headers)


def capability_list_of(payload: bytes) -> str | None:
    """The payload's ``rs:ln rel="up"`` (its Capability List), for Link rel=resourcesync."""
    try:
        return parse_document(payload).link_href("up")
    except DocumentParseError:
        return None


async def publish(
    client: httpx.AsyncClient,
    hub: str,
    topic: str,
    payload: bytes,
    *,
    resourcesync: str | None = None,
    exchange_log: ExchangeLog | None = None,
    timeout: float = DEFAULT_TIMEOUT,
) -> PublishResult:
    """POST ``payload`` to ``hub`` for ``topic``; never raises for network trouble.

    ``resourcesync`` defaults to the payload's own ``up`` link. Findings say when the
    hub refused (3xx/4xx/5xx) or accepted with a status other than 200.
    """
    link = publication_link(topic, hub, resourcesync or capability_list_of(payload))
    headers = {"Content-Type": XML, "Link": link, "User-Agent": USER_AGENT}
    started = time.time()
    try:
        # ``timeout`` bounds the whole exchange: a hub trickling its answer cannot hold it.
        async with asyncio.timeout(timeout):
            async with client.stream(
                "POST",
                hub,
                content=payload,
                headers=headers,
                timeout=timeout,
                follow_redirects=False,
            ) as response:
                body = await read_body(response, HUB_REPLY_LIMIT)
    except BodyTooLarge as exc:
        failure = finding(
            "http.too-large",
            url=hub,
            params={"url": hub, "reason": str(exc)},
            variant="publish-answer",
        )
        return _failed(hub, topic, payload, headers, started, exchange_log, str(exc), failure)
    except (httpx.HTTPError, ValueError, TimeoutError, BodyError) as exc:
        reason = failure_phrase(exc, timeout)
        detail = str(reason)
        failure = finding(
            "hub.unreachable",
            url=hub,
            params={"hub": hub, "reason": reason},
        )
        return _failed(hub, topic, payload, headers, started, exchange_log, detail, failure)
    if exchange_log is not None:
        exchange_log.record(
            direction="out",
            kind="publish",
            method="POST",
            url=hub,
            status=response.status_code,
            request_headers=response.request.headers.multi_items(),
            request_body=payload,
            response_headers=response.headers.multi_items(),
            response_body=body,
            started=started,
        )
    result = PublishResult(
        hub,
        topic,
        response.status_code,
        response.reason_phrase,
        response.http_version,
        response.headers.multi_items(),
        body,
        mask_headers(response.request.headers.multi_items()),
        round((time.time() - started) * 1000, 3),
    )
    result.findings = judge_publication(result)
    return result


def _failed(
    hub: str,
    topic: str,
    payload: bytes,
    headers: dict[str, str],
    started: float,
    exchange_log: ExchangeLog | None,
    detail: str,
    failure: Finding,
) -> PublishResult:
    """No usable answer: none came in time, or it could not be read within its budget."""
    if exchange_log is not None:
        exchange_log.record(
            direction="out",
            kind="publish",
            method="POST",
            url=hub,
            status=None,
            request_headers=headers,
            request_body=payload,
            started=started,
            error=detail,
        )
    return PublishResult(
        hub,
        topic,
        None,
        request_headers=list(headers.items()),
        elapsed_ms=round((time.time() - started) * 1000, 3),
        error=detail,
        findings=[failure],
    )


def judge_publication(result: PublishResult) -> list[Finding]:
    """Findings on the hub's answer (change-notification 1.0.1 §4.1: 200 on success)."""
    if result.status is None or result.ok:
        return []
    text = result.body.decode("utf-8", "replace").strip()
    if result.accepted:
        return [
            finding(
                "hub.publish-status",
                url=result.hub,
                params={"hub": result.hub, "status": result.status, "text": text[:500]},
                variant="" if text else "no-body",
            )
        ]
    return [
        finding(
            "hub.publish-refused",
            url=result.hub,
            params={"hub": result.hub, "status": result.status, "text": text[:500]},
            variant="" if text else "no-body",
        )
    ]
