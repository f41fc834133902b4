"""Finding the hub for a topic (WebSub §4) or the channels of a Capability List.

Order: the topic URI's Link ``hub``/``self`` headers first (WebSub §4,
change-notification 1.0.1 §4.1); failing that, the Capability List entry for the
channel, whose ``rs:ln rel="hub"`` names the hub (change-notification 1.0.1 §5). The
Capability List is the topic's own body when the user gave a Capability List URL, or
the one the topic's payload points ``up`` to.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

import httpx

from explorer.core.findings import Finding, finding
from explorer.core.link_header import links_by_rel
from explorer.core.model import Document
from explorer.core.parser import DocumentParseError, parse_document
from explorer.core.push.notification_checks import NOTIFICATION_CAPABILITIES
from explorer.core.words.messages import Phrase, said
from explorer.net.http.bounded_body import BodyError, BodyTooLarge, read_body
from explorer.net.source.legacy_channels import legacy_channels
from explorer.net.store.exchange_log import ExchangeLog

MAX_DISCOVERY_BYTES = 8 * 1024 * 1024
DISCOVERY_TIMEOUT = 30.0
"""Seconds the whole discovery may take (every GET, headers to last byte)."""


@dataclass(slots=True)
class DiscoveredChannel:
    """A topic to subscribe to, with its hub and (when known) its notification capability."""

    topic: str
    hub: str | None
    capability: str | None = None
    via: str = "link-header"  # link-header, capability-list, given, 2012-link
    findings: list[Finding] = field(default_factory=list)
    form: str | None = None  # a 2012 push form, its transport's kind (None: WebSub)
    node: str | None = None  # the XMPP PubSub node of an XMPP form


def channels_in_capability_list(doc: Document) -> list[DiscoveredChannel]:
    """The notification channel entries of a Capability List, with their hubs (pure)."""
    channels = []
    for entry in doc.entries:
        if entry.capability in NOTIFICATION_CAPABILITIES and entry.loc:
            hubs = [link.href for link in entry.links_with("hub") if link.href]
            channels.append(
                DiscoveredChannel(
                    entry.loc, hubs[0] if hubs else None, entry.capability, "capability-list"
                )
            )
    return channels


async def discover_channels(
    client: httpx.AsyncClient,
    url: str,
    *,
    exchange_log: ExchangeLog | None = None,
    timeout: float = DISCOVERY_TIMEOUT,
) -> list[DiscoveredChannel]:
    """Channels reachable from ``url``: a topic (one channel) or a Capability List (each).

    Never raises for network or document trouble; a channel without a hub, or an empty
    list, comes with findings saying what was missing. ``timeout`` bounds the whole
    discovery, so a topic URI trickling its answer cannot hold a subscription forever.
    """
    deadline = asyncio.get_running_loop().time() + timeout
    response, body, error = await _get(client, url, exchange_log, deadline, timeout)
    if response is None:
        return [
            DiscoveredChannel(
                url,
                None,
                via="none",
                findings=[
                    finding(
                        "websub.topic-unreachable",
                        url=url,
                        params={"url": url, "reason": error},
                    ),
                    finding(
                        "websub.no-hub",
                        url=url,
                        params={"url": url},
                        variant="unfetched",
                    ),
                ],
            )
        ]
    oversized = (
        [
            finding(
                "http.too-large",
                url=url,
                params={"url": url, "reason": error},
                variant="headers-only",
            )
        ]
        if error
        else []
    )
    doc = _parse(body)
    if doc is not None and doc.capability == "capabilitylist":
        channels = channels_in_capability_list(doc)
        if channels:
            return channels
    links = links_by_rel(response.headers.get_list("link"), base=str(response.url))
    hubs, selfs = links.get("hub", []), links.get("self", [])
    notes: list[Finding] = oversized
    if not hubs or not selfs:
        notes.append(
            finding(
                "websub.topic-link-missing",
                url=url,
                params={"url": url},
            )
        )
    capability = (
        doc.capability if doc is not None and doc.capability in NOTIFICATION_CAPABILITIES else None
    )
    if hubs:
        topic = selfs[0] if selfs else url
        if topic != url:
            notes.append(
                finding(
                    "websub.topic-self-differs",
                    url=url,
                    params={"url": url, "topic": topic},
                )
            )
        return [DiscoveredChannel(topic, hubs[0], capability, "link-header", notes)]
    up = doc.link_href("up") if doc is not None else None
    if up:
        _, up_body, _ = await _get(client, up, exchange_log, deadline, timeout)
        up_doc = _parse(up_body)
        if up_doc is not None:
            for channel in channels_in_capability_list(up_doc):
                if channel.topic == url and channel.hub:
                    channel.findings = notes
                    return [channel]
    if doc is not None and (pushed := legacy_channels(doc, url)):
        # no WebSub hub, but the 2012 draft's push links (0.1-alpha §5.2)
        return [
            DiscoveredChannel(c.topic, c.hub, c.capability, "2012-link", c.findings, c.form, c.node)
            for c in pushed
        ]
    notes.append(finding("websub.no-hub", url=url, params={"url": url}))
    return [DiscoveredChannel(url, None, capability, "none", notes)]


def _parse(body: bytes | None) -> Document | None:
    if not body:
        return None
    try:
        return parse_document(body)
    except DocumentParseError:
        return None


async def _get(
    client: httpx.AsyncClient,
    url: str,
    exchange_log: ExchangeLog | None,
    deadline: float,
    timeout: float,
) -> tuple[httpx.Response | None, bytes | None, str | Phrase | None]:
    """GET within the byte cap and the deadline, logged as a topic check; (response, body,
    error). A body over the cap is kept up to the cap and reported."""
    started = time.time()
    response: httpx.Response | None = None
    body = b""
    error: str | Phrase | None = None
    try:
        async with asyncio.timeout_at(deadline):
            async with client.stream("GET", url, follow_redirects=True) as response:
                body = await read_body(response, MAX_DISCOVERY_BYTES)
    except BodyTooLarge as exc:
        body, error = exc.partial, str(exc)
    except TimeoutError:
        error = said("hub_client.discovery-timed-out", seconds=timeout)
        response = None
    except (httpx.HTTPError, BodyError) as exc:
        error = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        response = None
    if exchange_log is not None:
        exchange_log.record(
            direction="out",
            kind="topic-check",
            method="GET",
            url=url,
            status=response.status_code if response is not None else None,
            request_headers=response.request.headers.items() if response is not None else (),
            response_headers=response.headers.multi_items() if response is not None else (),
            response_body=body if response is not None else None,
            started=started,
            error=None if error is None else str(error),
        )
    if response is not None and response.status_code >= 400:
        return None, None, f"HTTP {response.status_code}"
    return response, body, error
