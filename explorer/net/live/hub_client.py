"""The one client for a WebSub hub: subscribe, unsubscribe and publish, with one answer type.

The live subscriber and the conformance run both talk to hubs through ``HubClient``, so
a hub's answer is read one way everywhere: requests are form POSTs (WebSub §5.1), every
exchange goes to the exchange log, 307/308 are re-POSTed to their Location (§5.1.2), and
5xx answers and network errors are retried with the one ``RetryPolicy`` (backoff, an
HTTP-date or seconds ``Retry-After``). A conformance probe wants the hub's first answer,
not a retried one: it asks with ``retry=False`` (or options without a policy).
Publications are never retried: they are not idempotent.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from urllib.parse import urljoin

import httpx

from explorer.core.findings import Finding, finding
from explorer.core.words.messages import Phrase, finding_words
from explorer.net.http.bounded_body import (
    HUB_REPLY_LIMIT,
    USER_AGENT,
    BodyError,
    BodyTooLarge,
    failure_phrase,
    read_body,
)
from explorer.net.http.retry_policy import RetryPolicy
from explorer.net.live.publisher import PublishResult, publish
from explorer.net.store.exchange_log import ExchangeLog


@dataclass(frozen=True, slots=True)
class HubRequestOptions:
    """How one hub request is made: its whole-exchange bound, retries and redirect hops."""

    timeout: float = 15.0
    retry: RetryPolicy | None = None  # None: one attempt, the hub's first answer is final
    max_redirects: int = 5


@dataclass(slots=True)
class HubAnswer:
    """What came of one form POST to a hub, after redirects and retries.

    ``status`` None: no answer (``error`` says why). ``message`` is the one line shown
    when the request was not accepted; ``findings`` note redirects and refusals.
    """

    status: int | None
    hub: str  # the hub URL finally answering (after 307/308)
    body: str = ""
    error: str | None = None
    message: Phrase | None = None
    findings: list[Finding] = field(default_factory=list)

    @property
    def accepted(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


def intent_form(
    mode: str,
    callback: str,
    topic: str,
    *,
    lease: int | None = None,
    secret: str | None = None,
    verify: str | None = None,
) -> dict[str, str]:
    """The form of a (un)subscription request (WebSub §5.1); lease and secret only when
    subscribing, ``hub.verify`` for PubSubHubbub 0.4 hubs."""
    form = {"hub.callback": callback, "hub.mode": mode, "hub.topic": topic}
    if mode == "subscribe":
        if lease:
            form["hub.lease_seconds"] = str(lease)
        if secret:
            form["hub.secret"] = secret
    if verify:
        form["hub.verify"] = verify
    return form


class HubClient:
    """Requests to hubs over a shared ``httpx`` client (not closed here), logged as exchanges."""

    def __init__(
        self, client: httpx.AsyncClient, exchange_log: ExchangeLog, options: HubRequestOptions
    ) -> None:
        self.client = client
        self.exchange_log = exchange_log
        self.options = options

    async def subscribe(
        self,
        hub: str,
        callback: str,
        topic: str,
        *,
        lease: int | None = None,
        secret: str | None = None,
        verify: str | None = None,
        retry: bool = True,
    ) -> HubAnswer:
        form = intent_form("subscribe", callback, topic, lease=lease, secret=secret, verify=verify)
        return await self.post_form(hub, form, "subscribe", retry=retry)

    async def unsubscribe(
        self, hub: str, callback: str, topic: str, *, verify: str | None = None, retry: bool = True
    ) -> HubAnswer:
        form = intent_form("unsubscribe", callback, topic, verify=verify)
        return await self.post_form(hub, form, "unsubscribe", retry=retry)

    async def publish(
        self, hub: str, topic: str, payload: bytes, *, resourcesync: str | None = None
    ) -> PublishResult:
        """The change-notification 1.0.1 §4.1 publication: the payload as an XML POST."""
        return await publish(
            self.client,
            hub,
            topic,
            payload,
            resourcesync=resourcesync,
            exchange_log=self.exchange_log,
            timeout=self.options.timeout,
        )

    async def publish_form(self, hub: str, topic: str) -> HubAnswer:
        """``hub.mode=publish`` with ``hub.topic`` and ``hub.url`` (WebSub §6, PuSH 0.4)."""
        form = {"hub.mode": "publish", "hub.topic": topic, "hub.url": topic}
        return await self.post_form(hub, form, "publish", retry=False)

    async def post_form(
        self, hub: str, form: dict[str, str], kind: str, *, retry: bool = True
    ) -> HubAnswer:
        """POST ``form`` with 307/308 re-POSTs and, unless ``retry`` is False, retries with
        backoff on 5xx and network errors; every exchange is logged as ``kind``. Never raises
        for network trouble."""
        policy = self.options.retry if retry else None
        url, seen, attempt = hub, {hub}, 0
        notes: list[Finding] = []
        while True:
            started = time.time()
            try:
                # The timeout bounds the whole exchange, so a trickling hub cannot hold it.
                async with asyncio.timeout(self.options.timeout):
                    async with self.client.stream(
                        "POST",
                        url,
                        data=form,
                        headers={"User-Agent": USER_AGENT},
                        timeout=self.options.timeout,
                        follow_redirects=False,
                    ) as response:
                        body = await read_body(response, HUB_REPLY_LIMIT)
            except (httpx.HTTPError, httpx.InvalidURL, ValueError, TimeoutError, BodyError) as exc:
                reason = failure_phrase(exc, self.options.timeout)
                detail = str(reason)
                self.exchange_log.record(
                    direction="out",
                    kind=kind,
                    method="POST",
                    url=url,
                    status=None,
                    request_body=str(httpx.QueryParams(form)).encode(),
                    started=started,
                    error=detail,
                )
                if isinstance(exc, BodyTooLarge):  # not retried: the hub would send it again
                    too_large = finding(
                        "http.too-large",
                        url=url,
                        params={"url": url, "mode": kind, "reason": str(exc)},
                        variant="hub-answer",
                    )
                    return _unanswered(url, detail, [*notes, too_large])
                retryable = not isinstance(exc, (ValueError, httpx.InvalidURL))
                delay = policy.delay(attempt + 1) if policy and retryable else None
                if delay is not None:
                    await asyncio.sleep(delay)
                    attempt += 1
                    continue
                unreachable = finding(
                    "websub.hub-unreachable",
                    url=url,
                    params={"url": url, "attempts": attempt + 1, "reason": reason},
                )
                return _unanswered(url, detail, [*notes, unreachable])
            self.exchange_log.record(
                direction="out",
                kind=kind,
                method="POST",
                url=url,
                status=response.status_code,
                request_headers=response.request.headers.multi_items(),
                request_body=response.request.content,
                response_headers=response.headers.multi_items(),
                response_body=body,
                started=started,
            )
            status = response.status_code
            text = body.decode("utf-8", "replace")
            if 200 <= status < 300:
                return HubAnswer(status, url, text, None, None, notes)
            if status in (307, 308):  # WebSub §5.1.2: retry at the new hub URL
                location = response.headers.get("location")
                target = urljoin(url, location) if location else None
                if target is None or target in seen or len(seen) > self.options.max_redirects:
                    bad = finding(
                        "websub.hub-bad-redirect",
                        url=url,
                        params={"url": url, "status": status, "target": target or ""},
                        variant="no-location" if target is None else "loop",
                    )
                    return HubAnswer(status, url, text, None, finding_words(bad), [*notes, bad])
                notes.append(
                    finding(
                        "websub.hub-redirect",
                        url=target,
                        params={"url": url, "status": status, "target": target},
                    )
                )
                seen.add(target)
                url = target
                continue
            retry_after = response.headers.get("retry-after")
            delay = policy.delay(attempt + 1, retry_after) if policy and status >= 500 else None
            if delay is not None:
                await asyncio.sleep(delay)
                attempt += 1
                continue
            code = "websub.hub-bad-redirect" if 300 <= status < 400 else "websub.hub-error"
            # WebSub §5.1.2: the hub's error body is meant for the developer: show it as is.
            refused = finding(
                code,
                url=url,
                params={"url": url, "status": status, "text": text},
                variant="" if text else "no-body",
            )
            return HubAnswer(status, url, text, None, finding_words(refused), [*notes, refused])


def _unanswered(url: str, detail: str, findings: list[Finding]) -> HubAnswer:
    """No answer from the hub: the last finding's English is the line shown."""
    return HubAnswer(None, url, "", detail, finding_words(findings[-1]), findings)
