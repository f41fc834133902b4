"""Checks of a notification delivery against the subscription it arrived on.

The document rules (from/until present, change values, ...) live in the validator;
these checks need what only the subscriber knows: the channel type it subscribed to,
the previous notification on that channel, and the delivery's HTTP headers.
Link headers are compared with the subscription but never used to pick it (WebSub §7).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from explorer.core.findings import Finding, finding
from explorer.core.link_header import links_by_rel
from explorer.core.model import Document
from explorer.core.push.legacy_push import read_pushed_change_set

NOTIFICATION_CAPABILITIES = ("change-notification", "framework-notification")

# How many entries a stored summary keeps; the raw body always has them all.
SUMMARY_ENTRY_LIMIT = 10_000


@dataclass(frozen=True, slots=True)
class DeliveryContext:
    """What the subscription expects of a delivery arriving on its callback."""

    topic: str
    hub: str | None = None
    channel_capability: str | None = None  # from the Capability List, when known
    delivery_headers: bool = True  # WebSub's header rules apply (the 2012 forms define none)
    change_set_section: str | None = None  # a 2012 push form's: its Change Sets are notifications


def check_notification(doc: Document, context: DeliveryContext) -> list[Finding]:
    """The payload's capability against the channel type (change-notification §2, §3)."""
    findings = read_pushed_change_set(doc, context.change_set_section)
    capability = doc.capability
    if capability not in NOTIFICATION_CAPABILITIES:
        findings.append(
            finding(
                "websub.not-a-notification",
                line=doc.md_line or doc.line,
                params={"capability": capability},
            )
        )
    elif context.channel_capability and capability != context.channel_capability:
        findings.append(
            finding(
                "websub.capability-mismatch",
                line=doc.md_line or doc.line,
                params={"capability": capability, "channel": context.channel_capability},
            )
        )
    return findings


def check_continuity(doc: Document, previous_until: str | None) -> list[Finding]:
    """Consecutive notifications cover adjoining, non-overlapping intervals (change-notif. §3).

    ``previous_until`` is the until of the previous notification on the same channel.
    """
    start = parse_w3c_datetime(doc.md.get("from"))
    before = parse_w3c_datetime(previous_until)
    if start is None or before is None or start == before:
        return []
    if start > before:
        return [
            finding(
                "websub.continuity-gap",
                line=doc.md_line,
                params={"start": doc.md["from"], "previous_until": previous_until},
            )
        ]
    return [
        finding(
            "websub.continuity-overlap",
            line=doc.md_line,
            params={"start": doc.md["from"], "previous_until": previous_until},
        )
    ]


def check_delivery_headers(
    content_type: str | None, link_values: Iterable[str], context: DeliveryContext
) -> list[Finding]:
    """Content-Type (change-notification §4.3) and Link self/hub (WebSub §7) of a delivery."""
    if not context.delivery_headers:  # the 2012 forms define none (0.1-alpha §5.2)
        return []
    findings: list[Finding] = []
    media = (content_type or "").split(";", 1)[0].strip().lower()
    if media != "application/xml":
        findings.append(
            finding(
                "websub.content-type",
                params={"content_type": content_type},
                variant="" if content_type else "absent",
            )
        )
    links = links_by_rel(list(link_values))
    selfs, hubs = links.get("self", []), links.get("hub", [])
    if not selfs:
        findings.append(finding("websub.link-self-missing", params={}))
    elif context.topic not in selfs:
        findings.append(
            finding(
                "websub.link-self-mismatch",
                url=selfs[0],
                params={"value": selfs[0], "topic": context.topic},
            )
        )
    if not hubs:
        findings.append(finding("websub.link-hub-missing", params={}))
    elif context.hub and context.hub not in hubs:
        findings.append(
            finding(
                "websub.link-hub-mismatch",
                url=hubs[0],
                params={"value": hubs[0], "hub": context.hub},
            )
        )
    return findings


def summarize_notification(doc: Document) -> dict[str, Any]:
    """The parsed summary stored with a notification and shown in ``listen --json``."""
    entries = []
    for entry in doc.entries[:SUMMARY_ENTRY_LIMIT]:
        item: dict[str, Any] = {
            "loc": entry.loc,
            "change": entry.change,
            "datetime": entry.datetime,
        }
        if entry.capability:
            item["capability"] = entry.capability
        entries.append(item)
    return {
        "capability": doc.capability,
        "from": doc.md.get("from"),
        "until": doc.md.get("until"),
        "entry_count": len(doc.entries),
        "entries": entries,
        "entries_truncated": len(doc.entries) > SUMMARY_ENTRY_LIMIT,
    }


def parse_w3c_datetime(value: str | None) -> datetime | None:
    """A W3C datetime (core 1.1 §7) as an aware datetime, or None when absent or invalid."""
    if not value:
        return None
    text = value.strip()
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
